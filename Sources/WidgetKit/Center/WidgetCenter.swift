import Foundation
import WidgetControl
import WidgetSchema
import WidgetSupport

/// Asks the host to reload widgets and tells which widgets are on screen, as on iOS:
/// `WidgetCenter.shared.reloadTimelines(ofKind: "LockScreenWidget")`.
///
/// In a bundle the host loaded, the calls go through the host table. In any other process (an
/// app that writes an App Group and wants its widgets to show the new data) they go to the
/// running host's control socket: `$WIDGET_HOST_SOCKET`, else
/// `$XDG_RUNTIME_DIR/widget-host/widget-host.sock`. Before asking for a reload, an app's
/// `WidgetCenter` saves its pending `UserDefaults` changes of the App Groups the reloaded
/// widgets' bundles declare and of every group already in the store, so the widgets read what
/// the app has just written (docs/authoring.md, "App Groups and WidgetCenter").
///
/// Without a host the reloads print one line on standard error and return; configuration
/// queries fail with ``WidgetCenterError``. No exchange with the host waits longer than 5
/// seconds.
public final class WidgetCenter: Sendable {
  /// The one widget center of the process.
  public static let shared = WidgetCenter()

  private init() {}

  /// Reloads the timelines of every widget of `kind`: the host asks their providers for new
  /// timelines.
  public func reloadTimelines(ofKind kind: String) {
    if BundleExport.reload(kind: kind) { return }
    reloadOverSocket(kind: kind, call: "reloadTimelines(ofKind: \"\(kind)\")")
  }

  /// Reloads the timelines of every widget (of this bundle, when called in a bundle).
  public func reloadAllTimelines() {
    if BundleExport.reload(kind: nil) { return }
    reloadOverSocket(kind: nil, call: "reloadAllTimelines()")
  }

  /// The widgets on screen (in a bundle: those of its kinds), or why they cannot be known.
  /// `completion` runs once, possibly on another thread.
  public func getCurrentConfigurations(
    _ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void
  ) {
    if BundleExport.currentConfigurations({ result in
      completion(result.map { $0.widgets.map(WidgetInfo.init) })
    }) {
      return
    }
    DispatchQueue.global().async {
      completion(
        Result { () throws(ControlClient.Failure) -> [WidgetInfo] in
          let instances = try Self.connect().request(ControlRequest(request: "list")).instances
          return (instances ?? []).map {
            WidgetInfo(
              ConfiguredWidget(
                instance: $0.instance, kind: $0.kind, family: $0.family,
                configuration: $0.configuration ?? [:]))
          }
        }.mapError { WidgetCenterError(message: Self.describe($0)) as any Error })
    }
  }

  /// The widgets on screen (in a bundle: those of its kinds).
  public func currentConfigurations() async throws -> [WidgetInfo] {
    try await withCheckedThrowingContinuation { continuation in
      getCurrentConfigurations { continuation.resume(with: $0) }
    }
  }

  /// An app's reload: saves the App Groups of the bundles concerned, then asks the host.
  private func reloadOverSocket(kind: String?, call: String) {
    // Corelibs Foundation keeps `set` values in memory until `synchronize()` and drops them at
    // exit; the bundle synchronizes before reading, so saved values are seen. Groups already
    // in the store are saved even when no host runs.
    var saved = Self.synchronize(Self.storedGroups(), except: [])
    do throws(ControlClient.Failure) {
      let client = try Self.connect()
      let instances = try client.request(ControlRequest(request: "list")).instances ?? []
      let declared = instances.filter { kind == nil || $0.kind == kind }.flatMap {
        $0.appGroups ?? []
      }
      saved = Self.synchronize(declared, except: saved)
      _ = try client.request(ControlRequest(request: "reload", kind: kind))
    } catch {
      FileHandle.standardError.write(Data("WidgetCenter: \(call): \(Self.describe(error))\n".utf8))
    }
  }

  /// How long an exchange with the host may take.
  static let timeout = 5.0

  /// A client of the host's control socket (``HostPaths/socket(environment:)``).
  private static func connect() throws(ControlClient.Failure) -> ControlClient {
    try ControlClient(
      endpoint: .unix(HostPaths.socket()), token: HostPaths.token(), replyTimeout: timeout)
  }

  /// `failure` in one line; an app is told where the host is looked for.
  private static func describe(_ failure: ControlClient.Failure) -> String {
    guard case .socket(.noHost(let path)) = failure else { return failure.description }
    return "no widget-host is listening on \(path) (start one with widget-host run … --sink "
      + "socket, or set \(HostPaths.socketVariable))"
  }

  /// Synchronizes the suites of `groups` but those in `done`; returns every group done.
  private static func synchronize(_ groups: [String], except done: Set<String>) -> Set<String> {
    var done = done
    for group in Set(groups).subtracting(done).sorted() where HostPaths.isGroup(group) {
      // Under the lock `widget-host defaults` takes: Foundation merges this app's changes into
      // the file it reads again, and no other locked writer's keys are lost in between.
      GroupLock.withLock(of: HostPaths.store() + "/" + group + ".plist") {
        _ = UserDefaults(suiteName: group)?.synchronize()
      }
      done.insert(group)
    }
    return done
  }

  /// The App Groups that have a file in the store (`group.….plist`).
  private static func storedGroups() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: HostPaths.store())) ?? []
    return names.filter { $0.hasSuffix(".plist") }.map { String($0.dropLast(".plist".count)) }
  }
}
