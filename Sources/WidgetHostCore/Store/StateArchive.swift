import Foundation
import Synchronization
import WidgetSchema

/// The state store as one run of the host uses it for timelines: keeps every timeline the
/// scheduler receives, with the version of the bundle that gave it, and finds the timeline an
/// instance restarts from.
final class StateArchive: TimelineArchive {
  let store: StateStore
  /// The version of each loaded bundle, by id; a bundle loaded while the host runs is added
  /// (``note(version:of:)``).
  private let versions: Mutex<[String: String]>
  /// Called when a timeline cannot be kept (the disk is full, the file went away): the run goes
  /// on without it.
  let onFailure: @Sendable (StoreError) -> Void
  /// Called when the stored timeline of an instance (named first) cannot be read or drawn, and
  /// is dropped (why, second): the instance starts as if it had none.
  let onDropped: @Sendable (String, String) -> Void

  /// An archive in `store` for bundles of `versions` (by id).
  init(
    store: StateStore, versions: [String: String],
    onFailure: @escaping @Sendable (StoreError) -> Void,
    onDropped: @escaping @Sendable (String, String) -> Void = { _, _ in }
  ) {
    self.store = store
    self.versions = Mutex(versions)
    self.onFailure = onFailure
    self.onDropped = onDropped
  }

  /// A bundle loaded while the host runs: its timelines are kept with `version`.
  func note(version: String, of bundle: String) {
    versions.withLock { $0[bundle] = version }
  }

  func save(
    _ timelines: [(timeline: Timeline, key: TimelineKey, instances: [String])], fetchedAt: Date
  ) {
    let versions = versions.withLock { $0 }
    do {
      try store.saveTimelines(
        timelines.map { ($0.timeline, $0.key, $0.instances, versions[$0.key.bundle] ?? "") },
        fetchedAt: fetchedAt)
    } catch {
      onFailure(error)
    }
  }

  /// What `instance` restarts from: its stored timeline, if that was fetched for the key the
  /// instance shows now (the same bundle, kind, family and configuration). A timeline of another
  /// bundle version is restored too, and marked outdated (it is replaced at once).
  func restored(for instance: WidgetInstance) -> Scheduler.Restored? {
    guard
      let stored = store.timeline(
        of: instance.id, dropped: { [onDropped] in onDropped(instance.id, $0) }),
      stored.key == instance.key
    else {
      return nil
    }
    return Scheduler.Restored(
      timeline: stored.timeline, fetchedAt: stored.fetchedAt,
      outdated: stored.bundleVersion != versions.withLock { $0[instance.key.bundle] })
  }
}
