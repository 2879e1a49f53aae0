import Foundation
import WidgetBundleRuntime
import WidgetSchema

/// What a change of a running host's configuration acts on: the parts of ``WidgetHost/run()``
/// that decide what is shown.
struct LiveRun: Sendable {
  var scheduler: Scheduler
  var provider: BundleTimelineProvider
  var configurator: InstanceConfigurator
  var reloader: HotReloader
  var router: EventRouter
  var store: StateStore?
  var archive: StateArchive?
  /// The instances as the options gave them, before any configuration stored by `configure`.
  var given: [WidgetInstance]
  /// The instances shown, in order.
  var shown: [WidgetInstance]
}

extension WidgetHost {
  /// Changes what the running host shows to what `options` select (their bundles, `--kind`,
  /// `--family`, `--instance`, `--home` and `--rendering-mode`; the rest of `options` is
  /// ignored), as `run` reading its configuration file again on SIGHUP does.
  ///
  /// An instance that `options` give exactly as before keeps running untouched: its
  /// timeline, what it shows and any configuration a `configure` request gave it. Other
  /// instances are removed (an `instance` event `removed`) or added (`added`, then their
  /// entries: a restored one at once when the durable state has one); one whose kind, family,
  /// parameters or rendering mode changed is removed and added again under its id. Bundles
  /// that are now needed load (a `bundle` event `loaded`); those no instance shows any more are
  /// closed once their calls in flight end (`unloaded`).
  ///
  /// Nothing changes when the new selection has a problem (a bundle that does not open or
  /// load, an unknown kind, a bad parameter, a selection a sink refuses): the problems are
  /// returned, one per element, and in a `reconfigure-failed` warning, and the host runs on as
  /// it was. Changes are made one at a
  /// time; one asked for after the run ended does nothing.
  public func reconfigure(to options: HostOptions) async -> [String] {
    await reconfiguring.run {
      guard let run = live.withLock({ $0 }) else {
        return ["the host is not running: nothing to change"]
      }
      let changed: LiveRun
      do throws(HostError) {
        changed = try await apply(options, to: run)
      } catch {
        let problems = error.description.split(separator: "\n").map(String.init)
        stream.emit(
          .warning(
            ProblemEvent(
              code: "reconfigure-failed",
              message: problems.joined(separator: "; ")
                + "; the configuration was not applied: the host runs on as it was")))
        return problems
      }
      live.withLock { $0 = $0 == nil ? nil : changed }
      return []
    }
  }

  /// Loads, checks and applies the selection of `options` to `run`; throws, having changed
  /// nothing (what it loaded is closed again), when the selection has a problem.
  private func apply(
    _ options: HostOptions, to run: LiveRun
  ) async throws(HostError) -> LiveRun {
    let running = run.reloader.current
    // 1. The bundles: those running are reused as they are; others are opened, and bare
    // libraries loaded to learn their kinds.
    var sources: [BundleSource] = []
    var manifests: [String: BundleManifest] = [:]
    for path in options.bundlePaths {
      if let bundle = running.first(where: { $0.source.path == path }) {
        sources.append(bundle.source)
        manifests[path] = bundle.manifest
      } else {
        do { sources.append(try BundleSource.open(path)) } catch { throw .bundle(error) }
      }
    }
    var loaded: [String: (connection: any BundleConnection, manifest: BundleManifest)] = [:]
    let bare = sources.filter { $0.manifest == nil && manifests[$0.path] == nil }
    for (source, pair) in zip(bare, try await loadAll(bare)) {
      loaded[source.path] = pair
      manifests[source.path] = pair.1
    }
    func closeLoaded() async {
      for (connection, _) in loaded.values { await connection.close() }
    }
    for source in sources where manifests[source.path] == nil {
      manifests[source.path] = source.manifest
    }
    let planned = sources.map { source in
      let manifest = manifests[source.path]!
      return InstancePlan.Bundle(id: manifest.id, path: source.path, kinds: manifest.kinds)
    }
    // 2. The instances, placed and checked as at start.
    let placed: [InstanceResolver.Placed]
    do throws(HostError) {
      let specs = try Self.specs(of: planned, options: options, everyFamily: false)
      var problems: [InstanceProblem]
      (placed, problems) = InstanceResolver.place(specs, in: planned)
      for (bundle, source) in zip(planned, sources) {
        if let other = running.first(where: {
          $0.manifest.id == bundle.id && $0.source.path != source.path
        }) {
          throw HostError.bundle(
            .notABundle(
              path: source.path,
              reason: "its id \(bundle.id) is the id of \(other.source.path), which runs "
                + "already; restart widget-host to run it from another place"))
        }
      }
      guard problems.isEmpty else { throw HostError.instances(problems) }
    } catch {
      await closeLoaded()
      throw error
    }
    // 3. The bundles now needed that do not run yet: those with an instance, and those that
    // draw Live Activities, as at start.
    let needed = Set(placed.map(\.bundle)).union(
      manifests.values.filter { !$0.activities.isEmpty }.map(\.id))
    let runningIDs = Set(running.map(\.manifest.id))
    let starting = sources.filter { source in
      let id = manifests[source.path]!.id
      return needed.contains(id) && !runningIDs.contains(id)
    }
    // Bare libraries loaded only to learn their kinds, and not needed, close again.
    for (path, pair) in loaded where !needed.contains(pair.manifest.id) {
      await pair.connection.close()
      loaded[path] = nil
    }
    let unloaded = starting.filter { loaded[$0.path] == nil }
    do throws(HostError) {
      for (source, pair) in zip(unloaded, try await loadAll(unloaded)) {
        loaded[source.path] = pair
      }
    } catch {
      await closeLoaded()
      throw error
    }
    for source in starting {
      let (connection, manifest) = loaded[source.path]!
      run.provider.add(connection, for: manifest.id, resources: source.resourcesPath)
      run.provider.noteConfigurableKinds(of: manifest)
    }
    func undoStart() async {
      for source in starting { _ = run.provider.remove(manifests[source.path]!.id) }
      await closeLoaded()
    }
    // 4. Their configurations, resolved as at start; a sink may refuse the selection.
    let previousKinds = running.map {
      InstancePlan.Bundle(id: $0.manifest.id, path: $0.source.path, kinds: $0.manifest.kinds)
    }
    run.configurator.register(planned)
    var given: [WidgetInstance] = []
    var problems: [InstanceProblem] = []
    for instance in placed {
      let (resolved, found) = await run.configurator.resolve(instance)
      if let resolved { given.append(resolved) }
      problems += found
    }
    do throws(HostError) {
      guard problems.isEmpty else { throw HostError.instances(problems) }
      try stream.prepare(instances: given.map(\.id))
    } catch {
      run.configurator.register(previousKinds)
      try? stream.prepare(instances: run.shown.map(\.id))
      await undoStart()
      throw error
    }
    // 5. The change itself: new bundles announced, instances removed and added, bundles no
    // instance needs any more closed.
    var bundles: [HotReloader.Running] = []
    for source in sources where needed.contains(manifests[source.path]!.id) {
      if let bundle = running.first(where: { $0.source.path == source.path }) {
        bundles.append(bundle)
        continue
      }
      let (connection, manifest) = loaded[source.path]!
      bundles.append((source, connection, manifest))
      run.archive?.note(version: manifest.version, of: manifest.id)
      stream.emit(
        .bundle(
          BundleEvent(
            event: .loaded, bundle: manifest.id, version: manifest.version, path: source.path,
            kinds: manifest.kinds.map(\.kind))))
    }
    for source in starting { loaded[source.path]!.connection.start() }
    let before = Dictionary(run.given.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let shownBefore = Dictionary(
      run.shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = Set(given.map(\.id))
    for instance in run.shown where !kept.contains(instance.id) {
      await remove(instance, from: run)
    }
    var shown: [WidgetInstance] = []
    for instance in given {
      if before[instance.id] == instance, let current = shownBefore[instance.id] {
        shown.append(current)
        continue
      }
      if let old = shownBefore[instance.id] { await remove(old, from: run) }
      stream.emit(
        instance: instance.id,
        .instance(
          InstanceEvent(
            event: .added, bundle: instance.key.bundle, kind: instance.key.kind,
            family: instance.key.family)))
      do { try run.store?.saveInstance(id: instance.id, key: instance.key, at: clock.now()) } catch
      {
        stream.emit(
          .warning(
            ProblemEvent(
              code: "state-write-failed",
              message: "\(error); the run goes on, but this change will not survive a restart")))
      }
      await run.scheduler.add(instance, restoring: run.archive?.restored(for: instance))
      shown.append(instance)
    }
    for bundle in running where !needed.contains(bundle.manifest.id) {
      guard let connection = run.provider.remove(bundle.manifest.id) else { continue }
      await run.provider.retire(connection)
      stream.emit(
        .bundle(
          BundleEvent(
            event: .unloaded, bundle: bundle.manifest.id, version: bundle.manifest.version,
            path: bundle.source.path, kinds: bundle.manifest.kinds.map(\.kind))))
    }
    run.reloader.update(bundles: bundles, instances: shown)
    control.update(
      instances: shown,
      appGroups: Dictionary(
        bundles.map { ($0.manifest.id, $0.manifest.appGroups) },
        uniquingKeysWith: { first, _ in first }),
      manifests: bundles.map(\.manifest))
    var changed = run
    changed.given = given
    changed.shown = shown
    return changed
  }

  /// Stops showing `instance`: no more events name it, and the stream forgets its entry.
  private func remove(_ instance: WidgetInstance, from run: LiveRun) async {
    await run.scheduler.remove(instance: instance.id)
    run.router.forget(instance.id)
    stream.forget(instance: instance.id)
    stream.emit(
      instance: instance.id,
      .instance(
        InstanceEvent(
          event: .removed, bundle: instance.key.bundle, kind: instance.key.kind,
          family: instance.key.family)))
  }
}
