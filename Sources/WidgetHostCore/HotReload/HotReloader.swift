import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetSchema

/// `run --watch`: when a bundle's files change (``BundleWatcher``), loads the new version in a
/// fresh worker, checks it, and puts it in place of the running one. Instances, their
/// configurations and what they show stay; each instance of the bundle then asks for a new
/// timeline (reason `bundle-updated`), and the Live Activity types the new version draws are the
/// ones apps can start. A new version that cannot be used (a bad manifest, a
/// library that does not load or describe itself, a kind or family an instance shows that is
/// gone, a changed id, a kind another bundle declares) is refused: the running version stays,
/// and the refusal is a `bundle` event `reload-failed` and a line on standard error.
final class HotReloader: Sendable {
  /// A loaded bundle: where it came from, its connection and its manifest.
  typealias Running = (
    source: BundleSource, connection: any BundleConnection, manifest: BundleManifest
  )
  /// Loads a bundle and checks it against its manifest, as `run` does at start.
  typealias Load =
    @Sendable (BundleSource) async throws(HostError) -> (
      any BundleConnection, BundleManifest
    )

  private let running: Mutex<[Running]>
  private let retiring = Mutex<[any BundleConnection]>([])
  private let shown: Mutex<[WidgetInstance]>
  private let provider: BundleTimelineProvider
  private let scheduler: Scheduler
  private let stream: EventStream
  private let services: HostServices
  private let activities: ActivityCenter?
  private let load: Load

  init(
    bundles: [Running], instances: [WidgetInstance], provider: BundleTimelineProvider,
    scheduler: Scheduler, stream: EventStream, services: HostServices,
    activities: ActivityCenter? = nil, load: @escaping Load
  ) {
    self.activities = activities
    self.running = Mutex(bundles)
    self.shown = Mutex(instances)
    self.provider = provider
    self.scheduler = scheduler
    self.stream = stream
    self.services = services
    self.load = load
  }

  /// The bundles running now, in command-line order.
  var current: [Running] { running.withLock { $0 } }

  /// The bundles and instances from now on, after a running host's configuration changed
  /// (``WidgetHost/reconfigure(to:)``).
  func update(bundles: [Running], instances: [WidgetInstance]) {
    running.withLock { $0 = bundles }
    shown.withLock { $0 = instances }
  }

  /// Closes versions that were replaced but still had calls in flight (when the run ends).
  func closeRetired() async {
    for connection in retiring.withLock({ $0 }) { await connection.close() }
  }

  /// Tries the new version of the bundle given as `path`, if it is one of the running ones.
  func reload(path: String) async {
    guard let index = current.firstIndex(where: { $0.source.path == path }) else { return }
    let old = current[index]
    let new: Running
    do {
      new = try await loadNewVersion(of: old)
    } catch {
      refuse(old, because: error.message)
      return
    }
    let manifests = running.withLock { running in
      running[index] = new
      return running.map(\.manifest)
    }
    let previous = provider.replace(
      old.manifest.id, with: new.connection, manifest: new.manifest,
      resources: new.source.resourcesPath)
    stream.emit(
      .bundle(
        BundleEvent(
          event: .reloaded, bundle: new.manifest.id, version: new.manifest.version,
          path: new.source.path, kinds: new.manifest.kinds.map(\.kind),
          previousVersion: old.manifest.version)))
    services.note(
      "widget-host: reloaded \(path) (\(new.manifest.id) \(old.manifest.version) → "
        + "\(new.manifest.version))\n")
    // The Live Activity types it draws now: an app's next request finds a new one.
    activities?.update(manifests: manifests)
    await scheduler.reload(bundle: new.manifest.id, kind: nil, reason: .bundleUpdated)
    if let previous {
      retiring.withLock { $0.append(previous) }
      Task { [self] in
        await provider.retire(previous)
        retiring.withLock { $0.removeAll { $0 === previous } }
      }
    }
  }

  /// Why a new version was refused, for messages.
  private struct Refusal: Error {
    var message: String
  }

  private func loadNewVersion(of old: Running) async throws(Refusal) -> Running {
    let source: BundleSource
    do {
      source = try BundleSource.open(old.source.path)
    } catch {
      throw Refusal(message: error.description)
    }
    // A manifest that cannot work is refused before anything is loaded.
    if let manifest = source.manifest { try check(manifest, replacing: old) }
    let connection: any BundleConnection
    let manifest: BundleManifest
    do {
      (connection, manifest) = try await load(source)
    } catch {
      throw Refusal(message: error.description)
    }
    do {
      try check(manifest, replacing: old)
    } catch {
      await connection.close()
      throw error
    }
    return (source, connection, manifest)
  }

  /// Refuses a new version whose id differs, that drops a kind or family an instance shows, or
  /// that declares a kind another running bundle declares.
  private func check(_ manifest: BundleManifest, replacing old: Running) throws(Refusal) {
    guard manifest.id == old.manifest.id else {
      throw Refusal(
        message: "its id changed from \(old.manifest.id) to \(manifest.id); restart widget-host "
          + "to run it as another bundle")
    }
    for instance in shown.withLock({ $0 }) where instance.key.bundle == old.manifest.id {
      guard let kind = manifest.kinds.first(where: { $0.kind == instance.key.kind }) else {
        let kinds = manifest.kinds.map(\.kind).joined(separator: ", ")
        throw Refusal(
          message: "kind '\(instance.key.kind)', shown as \(instance.id), is gone (the new "
            + "version has: \(kinds))")
      }
      guard kind.families.contains(instance.key.family) else {
        let families = kind.families.map(\.rawValue).joined(separator: ", ")
        throw Refusal(
          message: "kind '\(kind.kind)' no longer supports \(instance.key.family.rawValue), shown "
            + "as \(instance.id) (it supports: \(families))")
      }
    }
    let others = current.filter { $0.manifest.id != old.manifest.id }.map {
      InstancePlan.Bundle(id: $0.manifest.id, path: $0.source.path, kinds: $0.manifest.kinds)
    }
    let candidate = InstancePlan.Bundle(
      id: manifest.id, path: old.source.path, kinds: manifest.kinds)
    do {
      try InstancePlan.checkUniqueKinds(others + [candidate])
    } catch {
      throw Refusal(message: error.description)
    }
  }

  private func refuse(_ old: Running, because reason: String) {
    let reason = reason.split(separator: "\n").joined(separator: "; ")
    stream.emit(
      .bundle(
        BundleEvent(
          event: .reloadFailed, bundle: old.manifest.id, version: old.manifest.version,
          path: old.source.path, kinds: old.manifest.kinds.map(\.kind), reason: reason)))
    services.note(
      "widget-host: error: \(old.source.path): the rebuilt bundle was not loaded, "
        + "\(old.manifest.version) keeps running: \(reason)\n")
  }
}
