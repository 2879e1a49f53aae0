import Foundation
import Synchronization
import WidgetSchema

/// Answers the scheduler's requests by calling the loaded bundles and checking their replies.
final class BundleTimelineProvider: TimelineProviding {
  private let connections = Mutex<[String: any BundleConnection]>([:])
  private let warn: @Sendable (TimelineKey, ProviderFailure) -> Void

  init(warn: @escaping @Sendable (TimelineKey, ProviderFailure) -> Void) {
    self.warn = warn
  }

  func add(_ connection: any BundleConnection, for bundle: String) {
    connections.withLock { $0[bundle] = connection }
  }

  var all: [any BundleConnection] { connections.withLock { Array($0.values) } }

  func placeholder(for key: TimelineKey) async -> Result<Entry, ProviderFailure> {
    await call(.placeholder, key, as: Entry.self)
  }

  func timeline(for key: TimelineKey) async -> Result<Timeline, ProviderFailure> {
    await call(.timeline, key, as: Timeline.self).map { timeline in
      let (entries, wasSorted) = TimelineMath.sorted(timeline.entries)
      if !wasSorted {
        warn(
          key,
          ProviderFailure(
            code: "entries-unsorted",
            message: "\(key.kind) timeline: entries were not in date order; the host sorted them"))
      }
      return Timeline(entries: entries, policy: timeline.policy)
    }
  }

  private func call<T: Decodable>(
    _ method: ProviderMethod, _ key: TimelineKey, as type: T.Type
  ) async -> Result<T, ProviderFailure> {
    guard let connection = connections.withLock({ $0[key.bundle] }) else {
      return .failure(
        ProviderFailure(code: "bundle-unavailable", message: "bundle \(key.bundle) is not loaded"))
    }
    let data: Data
    do {
      data = try await connection.call(
        method, kind: key.kind, context: ProviderContext(family: key.family))
    } catch {
      return .failure(
        ProviderFailure(code: "provider-failed", message: "\(key.kind) \(method): \(error)"))
    }
    do {
      return .success(try WidgetJSON.decode(type, from: data))
    } catch {
      return .failure(
        ProviderFailure(code: "bad-reply", message: "\(key.kind) \(method) reply: \(error)"))
    }
  }
}
