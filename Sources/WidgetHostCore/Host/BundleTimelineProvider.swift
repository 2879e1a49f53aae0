import Foundation
import Synchronization
import WidgetSchema

/// Answers the scheduler's requests by calling the loaded bundles and checking their replies.
///
/// Every call has a deadline in real time (the bundle's work takes real time even under a
/// virtual clock); a call past it is abandoned and fails with `provider-timeout`.
final class BundleTimelineProvider: TimelineProviding {
  private let connections = Mutex<[String: any BundleConnection]>([:])
  private let warn: @Sendable (TimelineKey, ProviderFailure) -> Void
  private let deadlines: HostOptions.Deadlines
  private let callCounts = Mutex<[TimelineKey: Int]>([:])

  init(
    deadlines: HostOptions.Deadlines,
    warn: @escaping @Sendable (TimelineKey, ProviderFailure) -> Void
  ) {
    self.deadlines = deadlines
    self.warn = warn
  }

  func add(_ connection: any BundleConnection, for bundle: String) {
    connections.withLock { $0[bundle] = connection }
  }

  var all: [any BundleConnection] { connections.withLock { Array($0.values) } }

  /// How many provider calls (placeholder, snapshot, timeline) were made for each key.
  var calls: [TimelineKey: Int] { callCounts.withLock { $0 } }

  /// The snapshot entry for `key`: what a gallery shows (`isPreview` true) or a quick look at
  /// the widget (`isPreview` false).
  func snapshot(for key: TimelineKey, isPreview: Bool) async -> Result<Entry, ProviderFailure> {
    await call(.snapshot, key, isPreview: isPreview, as: Entry.self).flatMap { entry in
      checkDate(of: entry, key: key, method: .snapshot)
    }
  }

  private func checkDate(
    of entry: Entry, key: TimelineKey, method: ProviderMethod
  ) -> Result<Entry, ProviderFailure> {
    guard ReplyLimits.dates.contains(entry.date) else {
      return .failure(
        ProviderFailure(
          code: "bad-reply",
          message: "\(key.kind) \(method) reply: date: \(RFC3339.string(from: entry.date)) is "
            + "outside 2000-01-01…2200-01-01"))
    }
    return .success(entry)
  }

  func placeholder(for key: TimelineKey) async -> Result<Entry, ProviderFailure> {
    await call(.placeholder, key, as: Entry.self).flatMap { entry in
      checkDate(of: entry, key: key, method: .placeholder)
    }
  }

  func timeline(for key: TimelineKey) async -> Result<Timeline, ProviderFailure> {
    await call(.timeline, key, as: Timeline.self).flatMap { timeline in
      guard timeline.entries.count <= ReplyLimits.maximumEntries else {
        return .failure(
          ProviderFailure(
            code: "bad-reply",
            message: "\(key.kind) timeline reply: entries: \(timeline.entries.count) entries; "
              + "a timeline holds at most \(ReplyLimits.maximumEntries)"))
      }
      if let index = timeline.entries.firstIndex(where: { !ReplyLimits.dates.contains($0.date) }) {
        return .failure(
          ProviderFailure(
            code: "bad-reply",
            message: "\(key.kind) timeline reply: entries[\(index)].date: "
              + "\(RFC3339.string(from: timeline.entries[index].date)) is outside 2000-01-01…2200-01-01"
          ))
      }
      if case .after(let date) = timeline.policy, !ReplyLimits.dates.contains(date) {
        return .failure(
          ProviderFailure(
            code: "bad-reply",
            message: "\(key.kind) timeline reply: policy.date: \(RFC3339.string(from: date)) is "
              + "outside 2000-01-01…2200-01-01"))
      }
      let (entries, wasSorted) = TimelineMath.sorted(timeline.entries)
      if !wasSorted {
        warn(
          key,
          ProviderFailure(
            code: "entries-unsorted",
            message: "\(key.kind) timeline: entries were not in date order; the host sorted them"))
      }
      return .success(Timeline(entries: entries, policy: timeline.policy))
    }
  }

  private func call<T: Decodable>(
    _ method: ProviderMethod, _ key: TimelineKey, isPreview: Bool = false, as type: T.Type
  ) async -> Result<T, ProviderFailure> {
    callCounts.withLock { $0[key, default: 0] += 1 }
    guard let connection = connections.withLock({ $0[key.bundle] }) else {
      return .failure(
        ProviderFailure(code: "bundle-unavailable", message: "bundle \(key.bundle) is not loaded"))
    }
    let deadline = method == .placeholder ? deadlines.placeholder : deadlines.timeline
    let context = ProviderContext(family: key.family, isPreview: isPreview)
    let outcome = await withTaskGroup(of: Result<Data, ProviderError>?.self) { group in
      group.addTask { () async -> Result<Data, ProviderError>? in
        do throws(ProviderError) {
          return .success(try await connection.call(method, kind: key.kind, context: context))
        } catch {
          return .failure(error)
        }
      }
      group.addTask {
        // Cancelled (and gone) as soon as the reply wins: see ``DeadlineTimer``.
        await DeadlineTimer.sleep(seconds: deadline)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? .failure(.timedOut(deadline))
    }
    let data: Data
    switch outcome {
    case .success(let reply):
      data = reply
    case .failure(.timedOut(let seconds)):
      return .failure(
        ProviderFailure(
          code: "provider-timeout",
          message: "\(key.kind) \(method): no reply within \(ProviderError.seconds(seconds))"))
    case .failure(let error):
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
