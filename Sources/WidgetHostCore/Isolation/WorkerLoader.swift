import Foundation
import Glibc
import Synchronization
import WidgetBundleRuntime
import WidgetSchema

/// Loads each bundle in its own worker process (`widget-worker`), so a bundle that
/// crashes, hangs or eats memory cannot take the host down (docs/isolation.md).
public struct WorkerLoader: BundleLoader, DescribingLoader {
  /// The default address-space limit of a worker: 1 GiB.
  public static let defaultMemoryLimit = 1 << 30

  /// The `widget-worker` executable to run as the worker.
  public var executable: String
  /// Each worker's address-space limit in bytes (`RLIMIT_AS`); nil for none.
  public var memoryLimit: Int?
  /// Where quarantined bundles are recorded.
  public var quarantine: QuarantineStore
  /// Seconds a worker may take to load its bundle before it is killed.
  public var loadDeadline: Double = 10
  /// Where each bundle's container (its private `XDG_CONFIG_HOME`, with links to its declared
  /// App Groups) is kept: by default `$XDG_STATE_HOME/widget-host/containers`; a host with
  /// another state directory keeps them there (``init(executable:memoryLimit:stateDirectory:)``).
  public var containers: String
  /// Load a private copy of each library (`run --watch`), so that a rebuild that overwrites the
  /// library in place cannot change, or crash, the code a running worker executes.
  public var stagesLibraries = false
  /// The descriptions of libraries loaded before
  /// (``init(executable:memoryLimit:stateDirectory:)``): a library found there unchanged is not
  /// loaded at once; its worker starts when the host asks (``BundleConnection/start()``) or at
  /// its first call. Nil (made without a state directory): every load starts its worker and
  /// waits for the description, as `widget-host validate` must.
  var descriptions: DescriptionCache?
  var policy = CrashPolicy()

  /// Creates a loader. `executable` defaults to ``defaultExecutable()``.
  public init(
    executable: String? = nil, memoryLimit: Int? = WorkerLoader.defaultMemoryLimit,
    quarantine: QuarantineStore = .standard()
  ) {
    self.executable = executable ?? Self.defaultExecutable()
    self.memoryLimit = memoryLimit
    self.quarantine = quarantine
    containers = AppGroupSandbox.defaultContainers()
  }

  /// Creates a loader with its bundles' containers, its quarantine list and the descriptions
  /// of the libraries it loaded in the host's state directory `directory`
  /// (`directory/containers`, `directory/quarantine.json` and `directory/descriptions`, next to
  /// `state.sqlite3`): `run` keeps all of a host's state in one directory. A library loaded
  /// before and unchanged since has its worker started after the host's first frames
  /// (docs/isolation.md, *Start-up*).
  public init(
    executable: String? = nil, memoryLimit: Int? = WorkerLoader.defaultMemoryLimit,
    stateDirectory directory: String
  ) {
    self.executable = executable ?? Self.defaultExecutable()
    self.memoryLimit = memoryLimit
    quarantine = QuarantineStore(inStateDirectory: directory)
    containers = AppGroupSandbox.containers(inStateDirectory: directory)
    descriptions = DescriptionCache(inStateDirectory: directory)
  }

  /// `widget-worker` in the folder of this process's executable (``currentExecutable()``): it
  /// is built and installed next to `widget-host`.
  public static func defaultExecutable() -> String {
    URL(fileURLWithPath: currentExecutable()).deletingLastPathComponent()
      .appendingPathComponent("widget-worker").path
  }

  /// This process's executable, resolved through `/proc/self/exe`.
  public static func currentExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }

  /// Workers start concurrently: each start is mostly another process's start-up.
  public var loadsConcurrently: Bool { true }

  public func load(
    _ source: BundleSource, services: any BundleServices
  ) async throws(BundleError) -> any BundleConnection {
    if let entry = quarantine.entry(for: source.libraryPath) {
      throw .quarantined(
        path: source.path,
        reason: "\(entry.reason); run 'widget-host unquarantine \(source.path)' or replace the "
          + "library to try again")
    }
    guard let descriptions else {
      return try await WorkerBundle.loaded(source: source, services: services, loader: self)
    }
    return try await descriptions.bundle(for: descriptionKey(source, services)) { description in
      WorkerBundle.deferred(
        source: source, description: description, services: services, loader: self)
    } load: { () async throws(BundleError) in
      try await WorkerBundle.loaded(source: source, services: services, loader: self)
    }
  }
}

/// A bundle served by a worker process; restarts the worker after a crash, with backoff, and
/// quarantines the bundle after repeated crashes.
final class WorkerBundle: BundleConnection, Sendable {
  let description: BundleDescription
  private let source: BundleSource
  private let manifest: BundleManifest
  private let services: any BundleServices
  private let loader: WorkerLoader
  private let sandbox: AppGroupSandbox
  private let state: Mutex<State>
  /// Whether calls are made by the calling thread itself on the worker's reply socket.
  private let routing = PromptRouting()

  /// The task awaiting a call's reply. The pending table resumes each once: whoever removes
  /// it (the reply, the worker's exit, cancellation, close) resumes it.
  private typealias Completion = UnsafeContinuation<Result<Data, ProviderError>, Never>

  private struct State {
    var worker: WorkerProcess?
    var started = Date()
    var pending: [UInt64: Completion] = [:]
    var nextCall: UInt64 = 1
    var closed = false
    var history = CrashPolicy.History()
    /// Why calls cannot be made now (restarting, quarantined); nil while a worker runs.
    var unavailable: String?
    var restart: Task<Void, Never>?
    /// Made from a remembered description, and its worker not started yet (``start()``).
    var deferred = false
    /// That worker's start while it runs: calls made meanwhile wait for it. Its value is the
    /// worker it spawned, if it spawned one.
    var starting: Task<WorkerProcess?, Never>?
    /// The worker of that start while it loads the library (`close` stops it).
    var loading: WorkerProcess?
  }

  private init(
    description: BundleDescription, source: BundleSource, services: any BundleServices,
    loader: WorkerLoader, sandbox: AppGroupSandbox
  ) {
    self.sandbox = sandbox
    self.description = description
    self.source = source
    self.manifest =
      source.manifest ?? BundleManifest(generatedFrom: description, libraryPath: source.libraryPath)
    self.services = services
    self.loader = loader
    self.state = Mutex(State())
  }

  /// A bundle whose worker is started and has loaded the library: what a load is when the
  /// library's description is not remembered.
  static func loaded(
    source: BundleSource, services: any BundleServices, loader: WorkerLoader
  ) async throws(BundleError) -> WorkerBundle {
    let bundleID = source.bundleID
    let sandbox = AppGroupSandbox(
      bundle: bundleID, groups: source.manifest?.appGroups ?? [], containers: loader.containers)
    let (worker, description) = try await launch(source, services, loader, sandbox)
    // A bare library declares its groups in its description.
    if source.manifest == nil { sandbox.link(description.appGroups ?? []) }
    let bundle = WorkerBundle(
      description: description, source: source, services: services, loader: loader,
      sandbox: sandbox)
    bundle.adopt(worker)
    return bundle
  }

  /// A bundle made from the description `loader` remembered for `source`'s library, without a
  /// worker yet: the worker starts at ``start()`` or at the first call, which waits for it. A
  /// worker that then fails to load the library counts as a crash (restarted with backoff,
  /// quarantined after repeated ones), and the description is forgotten.
  static func deferred(
    source: BundleSource, description: BundleDescription, services: any BundleServices,
    loader: WorkerLoader
  ) -> WorkerBundle {
    let bundleID = source.bundleID
    // A bare library declares its groups in its description, known here already.
    let sandbox = AppGroupSandbox(
      bundle: bundleID, groups: source.manifest?.appGroups ?? description.appGroups ?? [],
      containers: loader.containers)
    let bundle = WorkerBundle(
      description: description, source: source, services: services, loader: loader,
      sandbox: sandbox)
    bundle.state.withLock { $0.deferred = true }
    return bundle
  }

  private static func launch(
    _ source: BundleSource, _ services: any BundleServices, _ loader: WorkerLoader,
    _ sandbox: AppGroupSandbox
  ) async throws(BundleError) -> (WorkerProcess, BundleDescription) {
    let worker = try spawn(source, services, loader, sandbox)
    let processPath = sandbox.prepareMainBundle(for: source, language: services.localeIdentifier)
    do {
      return (
        worker,
        try await worker.load(
          source, deadline: loader.loadDeadline, stage: loader.stagesLibraries,
          processPath: processPath)
      )
    } catch {
      worker.stop()
      throw error
    }
  }

  /// Starts a worker for `source`; it has not loaded the library yet.
  private static func spawn(
    _ source: BundleSource, _ services: any BundleServices, _ loader: WorkerLoader,
    _ sandbox: AppGroupSandbox
  ) throws(BundleError) -> WorkerProcess {
    let bundleID = source.bundleID
    return try WorkerProcess(
      executable: loader.executable, memoryLimit: loader.memoryLimit, bundleID: bundleID,
      services: services, path: source.path, container: sandbox.workerEnvironment)
  }

  func start() {
    startIfDeferred()
  }

  /// Begins the put-off start of the worker, once; returns that start while it runs (internal
  /// for tests, which await the worker it spawned).
  @discardableResult
  func startIfDeferred() -> Task<WorkerProcess?, Never>? {
    state.withLock { state in
      if let starting = state.starting { return starting }
      guard state.deferred, !state.closed else { return nil }
      state.deferred = false
      state.started = Date()
      let starting = Task { await self.startDeferred() }
      state.starting = starting
      return starting
    }
  }

  /// The put-off start: the worker spawned and the library loaded, as ``loaded(source:services:
  /// loader:)`` does at once for a library not remembered. Returns the worker it spawned.
  private func startDeferred() async -> WorkerProcess? {
    defer { state.withLock { $0.starting = nil } }
    let worker: WorkerProcess
    do {
      worker = try Self.spawn(source, services, loader, sandbox)
    } catch {
      failedToStart(error)
      return nil
    }
    let closed = state.withLock { state in
      if !state.closed { state.loading = worker }
      return state.closed
    }
    if closed {
      worker.stop()
      return worker
    }
    let loaded: BundleDescription
    do {
      loaded = try await worker.load(
        source, deadline: loader.loadDeadline, stage: loader.stagesLibraries)
      state.withLock { $0.loading = nil }
    } catch {
      state.withLock { $0.loading = nil }
      worker.stop()
      if !state.withLock({ $0.closed }) { failedToStart(error) }
      return worker
    }
    if loaded != description {
      // The library is not what it was remembered as although its file looks the same (the
      // bundle describes itself differently from run to run). The host shows the kinds it
      // was told; the next start asks the worker first.
      loader.descriptions?.forget(library: source.libraryPath)
      services.log(
        bundle: manifest.id, level: .warning,
        message: "the library describes itself differently from when it was last loaded; its "
          + "kinds are shown as they were until widget-host starts again")
    }
    adopt(worker)
    return worker
  }

  /// A put-off start failed: the remembered description is dropped (the next host start loads
  /// the library before anything is shown, and reports what fails), and the failure counts as
  /// a crash.
  private func failedToStart(_ error: BundleError) {
    loader.descriptions?.forget(library: source.libraryPath)
    crashed("it failed to load: \(error)")
  }

  /// The worker process serving the bundle now, if any (for tests).
  var currentWorker: WorkerProcess? { state.withLock { $0.worker } }

  /// Prompt calls, made on the reply socket: the calling thread waits at most
  /// ``CallRouting/promptLimit`` for each.
  var callsPromptly: Bool { routing.callsInline }

  private func adopt(_ worker: WorkerProcess) {
    let closed = state.withLock { state in
      state.worker = worker
      state.started = Date()
      state.unavailable = nil
      return state.closed
    }
    if closed {
      worker.stop()
      return
    }
    worker.attach(
      onReply: { [weak self] frame in self?.deliver(frame) },
      onExit: { [weak self, weak worker] exit in
        guard let self, let worker else { return }
        self.ended(worker, exit)
      })
  }

  func call(
    _ method: ProviderMethod, kind: String, context: ProviderContext
  ) async throws(ProviderError) -> Data {
    // The context travels as the JSON the bundle gets, in a binary frame: the worker hands it
    // on without decoding it (the same message as in-process when it cannot be written).
    let contextJSON: [UInt8]
    do {
      contextJSON = try context.jsonBytes()
    } catch {
      throw .invalid("cannot encode the context: \(error)")
    }
    var frame = WorkerFrame(.call)
    frame.method = method.rawValue
    frame.kind = kind
    frame.contextJSON = contextJSON
    // On a virtual clock, its time at the call: the worker's wall clock (`Date()`) reads it.
    if !services.clockIsSystemClock { frame.time = services.now().timeIntervalSince1970 }
    if let starting = startIfDeferred() { _ = await starting.value }
    // Once the bundle's calls have shown that they return promptly (``PromptRouting``), the
    // calling thread sends the call and reads the reply itself, on the reply socket; until
    // then, and again after a slow one, the reader thread delivers replies.
    let start = ContinuousClock.now
    let result: Result<Data, ProviderError>
    if routing.callsInline, let prompt = await promptCall(frame) {
      result = prompt
    } else {
      result = await queuedCall(frame)
    }
    switch result {
    case .failure(.closed), .failure(.unavailable), .failure(.crashed): break
    default: routing.record(seconds: (ContinuousClock.now - start) / .seconds(1))
    }
    return try result.get()
  }

  /// Makes a call whose reply the worker's reader thread delivers from the main socket.
  private func queuedCall(_ call: WorkerFrame) async -> Result<Data, ProviderError> {
    // The call's id once it is in the pending table (ids start at 1).
    let callID = Atomic<UInt64>(0)
    let result = await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: Completion) in
        let started: Result<(UInt64, WorkerProcess), ProviderError> = state.withLock { state in
          if state.closed { return .failure(.closed) }
          guard let worker = state.worker else {
            return .failure(.unavailable(state.unavailable ?? "the bundle's worker is restarting"))
          }
          let id = state.nextCall
          state.nextCall += 1
          state.pending[id] = continuation
          return .success((id, worker))
        }
        guard case .success(let (id, worker)) = started else {
          if case .failure(let error) = started { continuation.resume(returning: .failure(error)) }
          return
        }
        callID.store(id, ordering: .releasing)
        if Task.isCancelled {
          finish(id, .failure(.abandoned))
          return
        }
        var frame = call
        frame.id = id
        // Calls that are not prompt may be slow: the worker's thread is not kept on one CPU.
        if !routing.callsInline { worker.releaseCallThread() }
        do {
          try worker.channel.send(frame)
        } catch {
          // Usually the worker is gone (its exit would fail the call too; the first wins).
          finish(id, .failure(.unavailable("cannot send the call to the worker: \(error)")))
        }
      }
    } onCancel: {
      let id = callID.load(ordering: .acquiring)
      if id != 0 { finish(id, .failure(.abandoned)) }
    }
    return result
  }

  /// Makes a prompt call: sends it and reads its reply on the worker's reply socket, on this
  /// thread (``PromptReplies``). Nil when it cannot (no worker, or another call has the reply
  /// socket): the call goes by the main socket then.
  private func promptCall(_ call: WorkerFrame) async -> Result<Data, ProviderError>? {
    let started = state.withLock { state -> (UInt64, WorkerProcess)? in
      guard !state.closed, let worker = state.worker, worker.prompt.acquire() else { return nil }
      defer { state.nextCall += 1 }
      return (state.nextCall, worker)
    }
    guard let (id, worker) = started else { return nil }
    defer { worker.prompt.release() }
    if Task.isCancelled { return .failure(.abandoned) }
    var frame = call
    frame.id = id
    frame.prompt = true
    // This thread sleeps in `read` until the reply comes: the worker runs on its CPU meanwhile.
    worker.keepCallThreadOnThisCPU()
    do {
      try worker.channel.send(frame)
    } catch {
      return await ended(worker, sending: error)
    }
    let prompt = PromptReplies.Call(id: id)
    let outcome = await withTaskCancellationHandler {
      switch worker.prompt.receiveReply(prompt) {
      case .late: await worker.prompt.awaitLateReply(prompt)
      case let outcome: outcome
      }
    } onCancel: {
      worker.prompt.interrupt(prompt)
    }
    switch outcome {
    case .reply(let reply):
      // What the worker sent on the main socket before the reply (a log line, a reload) is
      // handled first, as when the reply came on that socket too.
      if let preceding = reply.preceding { await worker.handled(atLeast: preceding) }
      return result(of: reply)
    case .late, .cancelled:
      return .failure(.abandoned)
    case .ended(let error):
      if let error {
        services.log(
          bundle: manifest.id, level: .error,
          message: "worker protocol error: \(error); stopping it")
        kill(worker.pid, SIGKILL)
      }
      return await ended(worker, sending: nil)
    }
  }

  /// The result of a prompt call whose worker's socket ended (or could not take the call,
  /// `sending`): `closed` if the bundle was closed; otherwise, once the worker's exit is
  /// reported (the crash before what the failure causes), `crashed`, as for the calls the
  /// reader thread had pending.
  private func ended(
    _ worker: WorkerProcess, sending: FrameError?
  ) async -> Result<Data, ProviderError> {
    if state.withLock({ $0.closed }) { return .failure(.closed) }
    if let sending {
      return .failure(.unavailable("cannot send the call to the worker: \(sending)"))
    }
    let exit = await worker.reportedExit()
    if state.withLock({ $0.closed }) { return .failure(.closed) }
    return .failure(.crashed(exit.description))
  }

  private func finish(_ id: UInt64, _ result: Result<Data, ProviderError>) {
    state.withLock { $0.pending.removeValue(forKey: id) }?.resume(returning: result)
  }

  private func deliver(_ frame: WorkerFrame) {
    guard let id = frame.id else { return }
    finish(id, result(of: frame))
  }

  /// A reply's result, once the sandbox has been checked.
  private func result(of frame: WorkerFrame) -> Result<Data, ProviderError> {
    // Checked before the reply is handed on, so the warning precedes what the reply causes.
    for group in sandbox.undeclaredGroups() {
      services.log(
        bundle: manifest.id, level: .warning,
        message: "the bundle wrote App Group '\(group)', which its manifest does not declare "
          + "(appGroups): that data stays private to the bundle, and apps do not see it")
    }
    if let failure = frame.failure { return .failure(failure) }
    return .success(frame.payload ?? Data())
  }

  /// A worker ended: fail its calls, then restart it or quarantine the bundle.
  private func ended(_ worker: WorkerProcess, _ exit: WorkerExit) {
    let orphans = state.withLock { state -> [Completion]? in
      guard state.worker === worker else { return nil }
      state.worker = nil
      defer { state.pending = [:] }
      return Array(state.pending.values)
    }
    guard let orphans else { return }
    // Reported before the calls fail, so the report precedes what the failures cause.
    crashed(exit.description)
    for completion in orphans { completion.resume(returning: .failure(.crashed(exit.description))) }
  }

  /// Restarts the worker with backoff after a crash described by `how`, or quarantines the
  /// bundle after too many.
  private func crashed(_ how: String) {
    let now = Date()
    let decision = state.withLock { state -> CrashPolicy.Decision? in
      if state.closed { return nil }
      let decision = loader.policy.crashed(&state.history, at: now, startedAt: state.started)
      switch decision {
      case .restart(let delay):
        state.unavailable =
          "the bundle's worker crashed (\(how)); restarting in \(ProviderError.seconds(delay))"
      case .quarantine:
        state.unavailable = "the bundle is quarantined after repeated crashes"
      }
      return decision
    }
    switch decision {
    case nil:
      return
    case .restart(let delay):
      services.report(
        BundleIncident(
          code: "bundle-crashed",
          message: "the worker process crashed (\(how)); restarting in "
            + ProviderError.seconds(delay),
          bundle: manifest.id))
      let task = Task { [weak self] in
        try? await Task.sleep(for: .seconds(delay))
        await self?.restart()
      }
      state.withLock { $0.restart = task }
    case .quarantine:
      services.report(
        BundleIncident(
          code: "bundle-crashed",
          message: "the worker process crashed (\(how))",
          bundle: manifest.id))
      quarantine(
        "\(loader.policy.limit) crashes within \(Int(loader.policy.window)) s, the last one \(how)")
    }
  }

  /// A reply the host could not draw counts as a crash toward the quarantine (the worker keeps
  /// running until then): the bundle is quarantined when it is the crash policy's third within
  /// its window, and the worker stopped.
  func replyCannotBeDrawn(_ problem: String) {
    let now = Date()
    let stopped = state.withLock { state -> (WorkerProcess?, [Completion])? in
      guard !state.closed, state.unavailable == nil else { return nil }
      guard loader.policy.crashed(&state.history, at: now, startedAt: state.started) == .quarantine
      else { return nil }
      state.unavailable = "the bundle is quarantined after repeated crashes"
      // Its exit is no crash to report: the worker is no longer the bundle's.
      defer {
        state.worker = nil
        state.pending = [:]
      }
      return (state.worker, Array(state.pending.values))
    }
    guard let (worker, orphans) = stopped else { return }
    worker?.stop()
    for completion in orphans {
      completion.resume(
        returning: .failure(.unavailable("the bundle is quarantined after repeated crashes")))
    }
    quarantine(
      "\(loader.policy.limit) crashes or replies it cannot draw within "
        + "\(Int(loader.policy.window)) s, the last one a reply it cannot draw (\(problem))")
  }

  /// Quarantines the bundle for `reason` and reports it.
  private func quarantine(_ reason: String) {
    loader.quarantine.add(library: source.libraryPath, bundle: manifest.id, reason: reason)
    services.report(
      BundleIncident(
        code: "bundle-quarantined",
        message: "quarantined after \(reason); it stays unloaded "
          + "until its library changes or 'widget-host unquarantine' is run",
        bundle: manifest.id,
        failed: BundleEvent(
          event: .quarantined, bundle: manifest.id, version: manifest.version,
          path: source.path,
          kinds: manifest.kinds.map(\.kind))))
  }

  private func restart() async {
    guard !Task.isCancelled, !state.withLock({ $0.closed }) else { return }
    state.withLock { $0.started = Date() }
    do {
      let (worker, _) = try await Self.launch(source, services, loader, sandbox)
      adopt(worker)
    } catch {
      // A worker that dies while loading again counts as a crash.
      crashed("it failed to load again: \(error)")
    }
  }

  func close() async {
    let (worker, orphans, restart, loading) = state.withLock { state in
      state.closed = true
      defer {
        state.pending = [:]
        state.worker = nil
      }
      return (state.worker, Array(state.pending.values), state.restart, state.loading)
    }
    restart?.cancel()
    for completion in orphans { completion.resume(returning: .failure(.closed)) }
    worker?.stop()
    // A worker still loading the library ends its start (`startDeferred` sees the bundle
    // closed and reports nothing).
    loading?.stop()
  }
}
