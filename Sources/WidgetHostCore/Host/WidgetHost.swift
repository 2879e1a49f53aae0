import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetRendering
import WidgetSchema

/// The host: opens bundles, registers their kinds, loads the libraries it needs, runs the
/// scheduler and streams what it shows to the sinks. `widget-host run` is this type;
/// `widget-host simulate` is the same run on a virtual clock (``Simulation``) and
/// `widget-host preview` its gallery (``preview()``).
public final class WidgetHost: Sendable {
  /// The version written in stream headers.
  public static let version = "0.1.0"

  /// What a finished run did.
  public struct Summary: Sendable, Equatable {
    /// Instances shown.
    public var instances: Int
    /// Instances that never showed an entry of a timeline (a placeholder or nothing instead).
    public var failedInstances: Int
    /// Provider calls (placeholder and timeline) made for each instance, by instance id.
    /// Instances that share a timeline key share their calls: each counts them all.
    public var providerCalls: [String: Int] = [:]
  }

  let options: HostOptions
  let clock: any HostClock
  private let loader: any BundleLoader
  let stream: EventStream
  let renderer: Renderer
  private let services: HostServices
  /// Requests from clients (socket, status-bar clicks) go through this.
  public let control: HostControl
  /// What a change of configuration acts on, while ``run()`` runs (``reconfigure(to:)``).
  let live = Mutex<LiveRun?>(nil)
  /// Reconfigurations, one at a time, and the end of the run after them.
  let reconfiguring = SerialJobs()

  /// Creates a host. Bundle log lines at `logLevel` and above go to `log`.
  public init(
    options: HostOptions, clock: any HostClock = RealClock(),
    loader: any BundleLoader = InProcessLoader(), sinks: [any EventSink],
    log: any OutputTarget = FileOutput.standardError, logLevel: BundleLogLevel = .info,
    control: HostControl = HostControl()
  ) {
    self.control = control
    self.options = options
    self.clock = clock
    self.loader = loader
    let renderer = Renderer(dates: options.dates)
    self.renderer = renderer
    // The stream keeps each instance's latest entry undrawn, and draws it again when a late
    // subscriber, `list` or `tap` reads it.
    self.stream = EventStream(clock: clock, sinks: sinks, renderer: renderer)
    self.services = HostServices(
      clock: clock, stream: stream, locale: options.bundleLocale, logOutput: log,
      minimumLogLevel: logLevel, control: control)
  }

  /// Runs until the calling task is cancelled, or, with `once`, until every instance has
  /// shown its current entry. Bundle and selection errors are thrown before anything runs.
  public func run() async throws(HostError) -> Summary {
    let once = options.once
    // A second more than a never-replying instance takes (docs/cli.md), so that its own
    // deadlines end it first.
    let bound = options.deadlines.timeline + options.deadlines.placeholder + 1
    return try await run { configuration in
      if once { configuration.showsPlaceholders = false }
    } drive: { [stream] scheduler, loop in
      if once {
        // The bound docs/cli.md promises, whatever a bundle does: an instance whose calls
        // never end has shown nothing by then, and counts as failed.
        let watchdog = Task {
          try? await Task.sleep(for: .seconds(bound))
          guard !Task.isCancelled else { return }
          stream.emit(
            .warning(
              ProblemEvent(
                code: "once-stopped",
                message: "--once stopped after \(ProviderError.seconds(bound)) (the timeline "
                  + "deadline plus the placeholder deadline, plus 1 s): the instances that have "
                  + "not shown an entry of a timeline count as failed")))
          await scheduler.releaseWaiters()
        }
        let backstop = OnceBackstop(after: bound + 5)
        defer { backstop.cancel() }
        await withTaskCancellationHandler {
          await scheduler.waitUntilSettled()
        } onCancel: {
          Task { await scheduler.releaseWaiters() }
        }
        watchdog.cancel()
      } else {
        await withTaskCancellationHandler {
          await loop.value
        } onCancel: {
          loop.cancel()
        }
      }
    }
  }

  /// The bundles opened and loaded, and the instances chosen: what `run`, `simulate` and
  /// `preview` start from.
  struct Selection {
    /// The instances, in order.
    var instances: [WidgetInstance]
    /// The loaded bundles with something to show, in command-line order.
    var bundles:
      [(source: BundleSource, connection: any BundleConnection, manifest: BundleManifest)]
    /// Calls the loaded bundles.
    var provider: BundleTimelineProvider
    /// Resolves the instances' configurations (at start and for `configure`).
    var configurator: InstanceConfigurator

    /// Closes every bundle.
    func close() async {
      for connection in provider.all { await connection.close() }
    }
  }

  /// Runs the host, the one code path of `run` and `simulate`: loads the selection, starts the
  /// stream and the scheduler (its configuration adjusted by `configure`), then lets `drive`
  /// decide how time passes and when to stop. When `drive` returns, the scheduler's run loop
  /// (`loop`) is stopped, the bundles closed and the stream ended.
  func run(
    configure: (inout Scheduler.Configuration) -> Void,
    drive: (Scheduler, Task<Void, Never>) async -> Void
  ) async throws(HostError) -> Summary {
    // The state file opens while the bundles load: neither needs the other, and at a restart
    // each is a good part of the time to the first frame. A state that cannot be opened is the
    // error reported, as when it was opened before the bundles.
    async let opened = Self.openState(in: options.stateDirectory)
    // A stream with geometry lays entries out with Pango: its libraries and fonts load on
    // another thread meanwhile, instead of before the first entry can be written.
    if stream.wantsGeometry { PixelRenderer.prepareInBackground() }
    // Taken before anything is loaded, so that a rebuild during the start is not missed.
    let watcher =
      options.watch
      ? BundleWatcher(
        paths: options.bundlePaths, interval: options.watchInterval, settle: options.watchSettle)
      : nil
    let selected: Result<Selection, HostError>
    do throws(HostError) {
      // Made before the Result: see `loadAll` on Swift 6.3.1's -O and `.success(try await …)`.
      let selection = try await select(everyFamily: false)
      selected = .success(selection)
    } catch {
      selected = .failure(error)
    }
    let state: (store: StateStore, warning: String?)?
    switch await opened {
    case .success(let value): state = value
    case .failure(let error):
      if case .success(let selection) = selected { await selection.close() }
      throw .state(error)
    }
    let selection = try selected.get()
    stream.begin(host: Self.version)
    for (source, _, manifest) in selection.bundles {
      stream.emit(
        .bundle(
          BundleEvent(
            event: .loaded, bundle: manifest.id, version: manifest.version, path: source.path,
            kinds: manifest.kinds.map(\.kind))))
    }
    if let warning = state?.warning {
      stream.emit(.warning(ProblemEvent(code: "state-corrupt", message: warning)))
    }
    var configuration = options.scheduler
    configure(&configuration)
    let router = EventRouter(
      stream: stream, renderer: renderer, clock: clock,
      geometry: stream.wantsGeometry ? PixelRenderer(dates: options.dates) : nil)
    let store = state?.store
    // The instances to run, by the restart rule (docs/state.md): the command line's, each with
    // the configuration a `configure` request stored for it, while the command line agrees.
    var instances = selection.instances
    if let store {
      do { instances = try store.startInstances(instances, at: clock.now()) } catch {
        warnStateFailed(error)
      }
      instances = await revalidateStored(
        instances, given: selection.instances, configurator: selection.configurator, store: store)
    }
    let archive = store.map { store in
      StateArchive(
        store: store,
        versions: Dictionary(
          selection.bundles.map { ($0.manifest.id, $0.manifest.version) },
          uniquingKeysWith: { first, _ in first }),
        onFailure: { [weak self] error in self?.warnStateFailed(error) },
        onDropped: { [stream] instance, why in
          stream.emit(
            .warning(
              ProblemEvent(
                code: "state-timeline-dropped",
                message: "\(instance): the stored timeline cannot be drawn (\(why)); dropped, "
                  + "the bundle is asked for a new one")))
        })
    }
    let scheduler = Scheduler(
      clock: clock, provider: selection.provider, configuration: configuration, ledger: store,
      archive: archive, emit: router.route)
    services.attach(scheduler)
    let activities = ActivityCenter(
      manifests: selection.bundles.map(\.manifest), provider: selection.provider, stream: stream,
      renderer: renderer, clock: clock, store: store)
    control.attach(
      scheduler: scheduler, stream: stream, instances: instances, state: store,
      configurator: selection.configurator,
      appGroups: Dictionary(
        selection.bundles.map { ($0.manifest.id, $0.manifest.appGroups) },
        uniquingKeysWith: { first, _ in first }),
      provider: selection.provider, router: router, activities: activities)
    // A restored entry is shown as each instance is added, before the run loop makes any call.
    for instance in instances {
      await scheduler.add(instance, restoring: archive?.restored(for: instance))
    }
    // Workers put off until now (their bundles' kinds were known from an earlier run) start
    // once the restored entries are out. A run that only shows current entries starts one only
    // if it calls its bundle.
    if !options.once {
      for bundle in selection.bundles { bundle.connection.start() }
    }
    let loop = Task { await scheduler.run() }
    // Live Activities kept from an earlier run are shown again once the widgets are under way.
    await activities.restore()
    let reloader = HotReloader(
      bundles: selection.bundles, instances: instances, provider: selection.provider,
      scheduler: scheduler, stream: stream, services: services, activities: activities
    ) { [self] source throws(HostError) in try await load(source) }
    live.withLock {
      $0 = LiveRun(
        scheduler: scheduler, provider: selection.provider, configurator: selection.configurator,
        reloader: reloader, router: router, store: store, archive: archive,
        given: selection.instances, shown: instances)
    }
    let watching = watcher.map { watcher in
      Task { [options] in
        await watcher.run { index in await reloader.reload(path: options.bundlePaths[index]) }
      }
    }
    await drive(scheduler, loop)
    // A reconfiguration under way finishes before the run ends; none starts after this.
    let final = await reconfiguring.run { self.live.withLock { $0.take() } }
    if let shown = final?.shown { instances = shown }
    watching?.cancel()
    await watching?.value
    loop.cancel()
    await loop.value
    router.stop()
    activities.stop()
    control.detach()
    await reloader.closeRetired()
    for (source, connection, manifest) in reloader.current {
      await connection.close()
      stream.emit(
        .bundle(
          BundleEvent(
            event: .unloaded, bundle: manifest.id, version: manifest.version, path: source.path,
            kinds: manifest.kinds.map(\.kind))))
    }
    stream.end()
    // The whole-file check the next start would make, made now that nobody waits for a frame.
    store?.recordIntegrity()
    let calls = await scheduler.providerCalls()
    return Summary(
      instances: instances.count,
      failedInstances: router.instancesWithoutTimelineEntry(instances),
      providerCalls: Dictionary(
        uniqueKeysWithValues: instances.map { ($0.id, calls[$0.key] ?? 0) }))
  }

  /// The restart rule's second half (docs/state.md): each stored configuration the store
  /// reused (`restarted` differs from the command line's `given`) is checked against the
  /// bundle as it is now, like command-line values. One that no longer fits (a parameter
  /// removed, an enum case or option gone) is dropped for the command line's configuration,
  /// with a `stored-configuration-invalid` warning naming the instance and parameters.
  private func revalidateStored(
    _ restarted: [WidgetInstance], given: [WidgetInstance], configurator: InstanceConfigurator,
    store: StateStore
  ) async -> [WidgetInstance] {
    var instances = restarted
    for (index, (stored, planned)) in zip(restarted, given).enumerated() where stored != planned {
      let (checked, problems) = await configurator.revalidate(stored)
      var shown = planned
      if let checked {
        shown = checked
        configurator.adopt(checked)
      } else {
        stream.emit(
          instance: planned.id,
          .warning(
            ProblemEvent(
              code: "stored-configuration-invalid",
              message: problems.map(\.description).joined(separator: "; ")
                + "; the configuration stored by configure no longer fits the bundle: showing "
                + "the command line's configuration instead",
              bundle: planned.key.bundle, kind: planned.key.kind)))
      }
      instances[index] = shown
      guard shown != stored else { continue }
      do { try store.saveInstance(id: shown.id, key: shown.key, at: clock.now()) } catch {
        warnStateFailed(error)
      }
    }
    return instances
  }

  /// Reports that the durable state could not be written: the run goes on without it.
  private func warnStateFailed(_ error: StoreError) {
    stream.emit(
      .warning(
        ProblemEvent(
          code: "state-write-failed",
          message: "\(error); the run goes on, but this change will not survive a restart")))
  }

  /// Opens the bundles, chooses the instances (each kind in its first family, or with
  /// `everyFamily` in all of them, unless `--family` chooses) and loads the libraries they need.
  /// Bundle and selection errors are thrown before any stream begins; nothing stays loaded then.
  func select(everyFamily: Bool) async throws(HostError) -> Selection {
    // 1. Read every manifest; nothing is loaded yet.
    var sources: [BundleSource] = []
    for path in options.bundlePaths {
      do { sources.append(try BundleSource.open(path)) } catch { throw .bundle(error) }
    }
    // 2. Bare libraries have no manifest: load them now to learn their kinds.
    let provider = BundleTimelineProvider(deadlines: options.deadlines) { [stream] key, problem in
      stream.emit(
        instance: nil,
        .warning(
          ProblemEvent(
            code: problem.code, message: problem.message, bundle: key.bundle, kind: key.kind)))
    }
    var loaded: [String: (any BundleConnection, BundleManifest)] = [:]
    for (source, bare) in zip(
      sources.filter { $0.manifest == nil },
      try await loadAll(sources.filter { $0.manifest == nil }))
    {
      loaded[source.path] = bare
    }
    let planned = sources.map { source in
      let manifest = source.manifest ?? loaded[source.path]!.1
      return InstancePlan.Bundle(id: manifest.id, path: source.path, kinds: manifest.kinds)
    }
    // 3. Register kinds and decide the instances: those of --home and --instance, else each
    // selected kind in its first family (or every family).
    let placed: [InstanceResolver.Placed]
    var problems: [InstanceProblem]
    do throws(HostError) {
      let specs = try Self.specs(of: planned, options: options, everyFamily: everyFamily)
      (placed, problems) = InstanceResolver.place(specs, in: planned)
      // A sink may refuse the selection (`--format waybar` with several instances).
      if problems.isEmpty { try stream.prepare(instances: placed.map(\.id)) }
    } catch {
      for (connection, _) in loaded.values { await connection.close() }
      throw error
    }
    // 4. Load (lazily: only bundles with an instance, or that draw Live Activities) and check
    // library against manifest.
    let drawsActivities = sources.compactMap { source -> String? in
      guard let manifest = source.manifest ?? loaded[source.path]?.1,
        !manifest.activities.isEmpty
      else { return nil }
      return manifest.id
    }
    let needed = Set(placed.map(\.bundle)).union(drawsActivities)
    for (connection, manifest) in loaded.values where !needed.contains(manifest.id) {
      await connection.close()
    }
    // Every library is loaded before the stream starts, so a bad bundle leaves no partial
    // stream behind.
    let wanted = zip(sources, planned).filter { needed.contains($0.1.id) }.map(\.0)
    let unloaded = wanted.filter { loaded[$0.path] == nil }
    do {
      for (source, connection) in zip(unloaded, try await loadAll(unloaded)) {
        loaded[source.path] = connection
      }
    } catch {
      for (connection, _) in loaded.values { await connection.close() }
      throw error
    }
    let ready:
      [(source: BundleSource, connection: any BundleConnection, manifest: BundleManifest)] =
        wanted.map { source in
          let (connection, manifest) = loaded[source.path]!
          return (source, connection, manifest)
        }
    for (source, connection, manifest) in ready {
      provider.add(connection, for: manifest.id, resources: source.resourcesPath)
      provider.noteConfigurableKinds(of: manifest)
    }
    // 5. Resolve each instance's configuration (the bundles list dynamic options), then stop
    // with every problem found, or go on with the instances.
    let configurator = InstanceConfigurator(bundles: planned, provider: provider)
    var instances: [WidgetInstance] = []
    instances.reserveCapacity(placed.count)  // kept for the whole run: no spare capacity
    for instance in placed {
      let (resolved, found) = await configurator.resolve(instance)
      if let resolved { instances.append(resolved) }
      problems += found
    }
    guard problems.isEmpty else {
      for (_, connection, _) in ready { await connection.close() }
      throw .instances(problems)
    }
    return Selection(
      instances: instances, bundles: ready, provider: provider, configurator: configurator)
  }

  /// The instances `options` ask for among `planned`'s kinds: those of `--home` and
  /// `--instance`, else each selected kind in its first family (or every family), with
  /// `--rendering-mode` for those that do not name their own.
  static func specs(
    of planned: [InstancePlan.Bundle], options: HostOptions, everyFamily: Bool
  ) throws(HostError) -> [InstanceSpec] {
    do { try InstancePlan.checkUniqueKinds(planned) } catch { throw HostError.bundle(error) }
    var specs: [InstanceSpec] = []
    if let home = options.homeScreen {
      do { specs = try HomeScreen.load(home) } catch { throw HostError.homeScreen(error) }
    }
    specs += options.instances
    if specs.isEmpty {
      specs = try InstancePlan.instances(
        of: planned, kinds: options.kinds, families: options.families, everyFamily: everyFamily
      ).map { InstanceSpec(id: $0.id, kind: $0.key.kind, family: $0.key.family) }
    }
    if let mode = options.renderingMode {
      for index in specs.indices where specs[index].renderingMode == nil {
        specs[index].renderingMode = mode
      }
    }
    return specs
  }

  /// The state store in `directory` (none without one), opened or recovered from corruption.
  private static func openState(
    in directory: String?
  ) -> Result<(store: StateStore, warning: String?)?, StoreError> {
    guard let directory else { return .success(nil) }
    do throws(StoreError) {
      let opened = try StateStore.openRecovering(directory: directory)
      return .success(opened)
    } catch {
      return .failure(error)
    }
  }

  /// Loads `sources` and returns their connections in the same order: all at once when the
  /// loader allows it (workers start concurrently), else one after another. When one fails,
  /// those loaded are closed and the error of the first source that failed, in the order given,
  /// is thrown: the same error a load one after another would have stopped at.
  func loadAll(
    _ sources: [BundleSource]
  ) async throws(HostError) -> [(any BundleConnection, BundleManifest)] {
    typealias Loaded = Result<(any BundleConnection, BundleManifest), HostError>
    var results: [Loaded] = []
    if loader.loadsConcurrently && sources.count > 1 {
      // Each task's result goes to its source's slot. The result is made before the tuple:
      // Swift 6.3.1 -O miscompiles `return (index, .success(try await …))` inside a typed
      // `do throws` in a task (the index came back as garbage, so release builds paired
      // bundles with the wrong paths); a slot out of range stops here instead of mispairing.
      let finished = await withTaskGroup(of: (Int, Loaded).self) { group in
        for (index, source) in sources.enumerated() {
          group.addTask {
            let loaded: Loaded
            do throws(HostError) {
              loaded = .success(try await self.load(source))
            } catch {
              loaded = .failure(error)
            }
            return (index, loaded)
          }
        }
        var slots = [Loaded?](repeating: nil, count: sources.count)
        for await (index, loaded) in group { slots[index] = loaded }
        return slots
      }
      results = finished.map { $0! }
    } else {
      for source in sources {
        do throws(HostError) {
          results.append(.success(try await load(source)))
        } catch {
          results.append(.failure(error))
          break
        }
      }
    }
    var connections: [(any BundleConnection, BundleManifest)] = []
    var failure: HostError?
    for result in results {
      switch result {
      case .success(let pair): connections.append(pair)
      case .failure(let error): failure = failure ?? error
      }
    }
    if let failure {
      for (connection, _) in connections { await connection.close() }
      throw failure
    }
    return connections
  }

  /// Loads a bundle's library and checks it against its manifest (or builds the manifest of a
  /// bare library from the library's description).
  func load(
    _ source: BundleSource
  ) async throws(HostError) -> (any BundleConnection, BundleManifest) {
    let connection: any BundleConnection
    do {
      connection = try await loader.load(source, services: services)
    } catch {
      throw .bundle(error)
    }
    let description = connection.description
    guard let manifest = source.manifest else {
      return (
        connection, BundleManifest(generatedFrom: description, libraryPath: source.libraryPath)
      )
    }
    let differences = ManifestValidator.differences(manifest: manifest, description: description)
    guard differences.isEmpty else {
      await connection.close()
      throw .bundle(.manifestMismatch(path: source.path, differences: differences))
    }
    return (connection, manifest)
  }
}

/// The last resort of `--once`: a thread of its own (outside Swift's cooperative pool, whose
/// threads an in-process bundle's blocking `call` may all hold) that ends the process with exit
/// status 4 if the run has not finished `seconds` after it started.
final class OnceBackstop: Sendable {
  private let finished = DispatchSemaphore(value: 0)

  init(after seconds: Double) {
    let thread = Thread { [finished] in
      guard finished.wait(timeout: .now() + seconds) == .timedOut else { return }
      let message =
        "widget-host: error: --once did not finish within \(ProviderError.seconds(seconds)): "
        + "a bundle's call holds the host's threads (in-process); exiting\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      exit(4)
    }
    thread.name = "wh-once-backstop"
    thread.start()
  }

  /// The run finished: the thread ends.
  func cancel() { finished.signal() }
}
