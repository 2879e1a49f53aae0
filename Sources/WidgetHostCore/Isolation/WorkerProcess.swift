import CGlibcShims
import Foundation
import Glibc
import Synchronization
import WidgetBundleRuntime
import WidgetSchema

/// How a worker process ended.
enum WorkerExit: Sendable, Equatable, CustomStringConvertible {
  /// It called `exit` with this status.
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)

  init(waitStatus status: Int32) {
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
    let signal = status & 0x7f
    self = signal != 0 && signal != 0x7f ? .signaled(signal) : .exited((status >> 8) & 0xff)
  }

  var description: String {
    switch self {
    case .exited(let status): "exit status \(status)"
    case .signaled(let signal): "killed by \(Self.signalName(signal))"
    }
  }

  static func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
      SIGILL: "SIGILL", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP",
      SIGINT: "SIGINT", SIGXCPU: "SIGXCPU", SIGPIPE: "SIGPIPE", SIGSYS: "SIGSYS",
    ]
    return names[signal] ?? "signal \(signal)"
  }
}

/// One running worker process of the host side: spawns `widget-worker`, answers the
/// worker's log, reload and clock frames itself, hands replies to ``onReply`` and reports the
/// exit (after reaping the process) to ``onExit``. The replies to `prompt` calls come on a
/// second socket, ``prompt``, where the calling thread reads them itself.
final class WorkerProcess: Sendable {
  let pid: pid_t
  let channel: FrameChannel
  /// The reply socket (the worker's `--reply-fd`).
  let prompt: PromptReplies
  private let bundleID: String
  private let services: any BundleServices
  private let state = Mutex(State())
  /// The worker's socket thread, once its `loaded` frame named it.
  private let callThread = Mutex<WorkerCallThread?>(nil)
  /// Signalled once ``watchExit()`` has killed the ended worker's process group.
  private let groupEnded = DispatchSemaphore(value: 0)

  private struct State {
    var handshake: CheckedContinuation<WorkerFrame?, Never>?
    var handshakeFrame: WorkerFrame??
    var onReply: (@Sendable (WorkerFrame) -> Void)?
    var onExit: (@Sendable (WorkerExit) -> Void)?
    var exit: WorkerExit?
    var loadTimedOut = false
    /// Frames of the main socket handled so far (all of them once the reader has ended).
    var handled: UInt64 = 0
    var handledWaiters: [(count: UInt64, waiter: UnsafeContinuation<Void, Never>)] = []
    /// The exit has been reported to ``onExit``.
    var exitReported = false
    var exitWaiters: [UnsafeContinuation<WorkerExit, Never>] = []
  }

  /// Spawns `executable --fd 3 --reply-fd 4 [--memory-limit BYTES]` with one end of a
  /// socketpair as its descriptor 3, one end of another (the reply socket) as its descriptor 4,
  /// and `container`'s variables (the bundle's container: `XDG_CONFIG_HOME`, `HOME`, `TMPDIR`,
  /// its App Groups) in its environment.
  init(
    executable: String, memoryLimit: Int?, bundleID: String, services: any BundleServices,
    path: String, container: [String: String] = [:]
  ) throws(BundleError) {
    var pair: [Int32] = [-1, -1]
    var replyPair: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &pair) == 0 else {
      throw .workerFailed(path: path, reason: "socketpair: \(String(cString: strerror(errno)))")
    }
    guard socketpair(AF_UNIX, type, 0, &replyPair) == 0 else {
      let reason = "socketpair: \(String(cString: strerror(errno)))"
      for descriptor in pair { close(descriptor) }
      throw .workerFailed(path: path, reason: reason)
    }
    var arguments = [executable, "--fd", "3", "--reply-fd", "4"]
    if let memoryLimit { arguments += ["--memory-limit", String(memoryLimit)] }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 onto 3 and 4 clears close-on-exec. Every other descriptor from 5 up is closed in
    // the child, whether or not it is close-on-exec: a worker holding a copy of a pipe or socket
    // of the host's (a subscriber's connection, another worker's socket, a pipe of the embedding
    // process) would keep its other end from ever seeing the end.
    posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
    posix_spawn_file_actions_adddup2(&actions, replyPair[1], 4)
    let closing = wh_spawn_file_actions_addclosefrom(&actions, 5)
    var child: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    // glibc reserves 64 MiB of address space per malloc arena; few arenas keep the memory
    // limit a measure of what the bundle uses rather than of how many threads it has.
    var environment = ProcessInfo.processInfo.environment
    if environment["MALLOC_ARENA_MAX"] == nil { environment["MALLOC_ARENA_MAX"] = "2" }
    // A crash is reported by the host as an event; the Swift runtime's backtracer would only
    // turn SIGSEGV into a page of output and another signal.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment.merge(container) { _, new in new }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    // Its own process group (group id: its pid), which holds the processes a bundle forks:
    // the host kills the group when the worker ends and when the host exits (WorkerGroups).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    // A clean start whatever the spawning thread blocks or the host ignores (SIGINT, SIGTERM
    // and SIGHUP, which it handles itself): no signal blocked, every one at its default. The
    // worker then sets its own (BundleWorker.run).
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let result =
      closing == 0 ? posix_spawn(&child, executable, &actions, &attributes, argv, envp) : closing
    close(pair[1])
    close(replyPair[1])
    guard result == 0 else {
      close(pair[0])
      close(replyPair[0])
      if result == ENOENT {
        throw .workerFailed(
          path: path,
          reason: "\(executable) does not exist: each bundle runs in the widget-worker "
            + "executable, installed next to widget-host (docs/isolation.md)")
      }
      throw .workerFailed(
        path: path, reason: "cannot start \(executable): \(String(cString: strerror(result)))")
    }
    WorkerGroups.add(child)
    self.pid = child
    self.channel = FrameChannel(descriptor: pair[0], pollsBeforeReading: true)
    self.prompt = PromptReplies(descriptor: replyPair[0])
    self.bundleID = bundleID
    self.services = services
    let thread = Thread { [self] in readLoop() }
    thread.name = "widget-host.worker.\(bundleID)"
    thread.start()
    let watcher = Thread { [self] in watchExit() }
    watcher.name = "widget-host.worker-exit.\(bundleID)"
    watcher.stackSize = 1 << 16
    watcher.start()
  }

  /// Waits for the worker to end (without reaping it), then kills what is left of its process
  /// group (a bundle's forked children) and shuts the host's ends of its sockets down, so the
  /// reader sees the end even when such a child still holds the worker's ends.
  private func watchExit() {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    // The worker is a zombie now, still its group's leader: the group id cannot be reused.
    kill(-pid, SIGKILL)
    channel.shutDown()
    prompt.shutDown()
    groupEnded.signal()
  }

  deinit {
    close(channel.descriptor)
  }

  /// Asks the worker to load `source` (with `stage`, a private copy of its library); returns the
  /// library's description. A worker that has not answered within `deadline` seconds (a bundle
  /// hanging in its entry point) is killed.
  func load(
    _ source: BundleSource, deadline: Double, stage: Bool = false, processPath: String? = nil
  ) async throws(BundleError) -> BundleDescription {
    var request = WorkerFrame(.load)
    request.path = source.path
    if stage { request.stage = true }
    request.processPath = processPath
    request.locale = services.localeIdentifier
    if services.clockIsSystemClock {
      request.realClock = true
    } else {
      request.time = services.now().timeIntervalSince1970
    }
    do { try channel.send(request) } catch {
      throw .workerFailed(path: source.path, reason: error.description)
    }
    let pid = self.pid
    let timer = DispatchWorkItem { [self] in
      guard state.withLock({ $0.handshakeFrame == nil }) else { return }
      state.withLock { $0.loadTimedOut = true }
      kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timer)
    defer { timer.cancel() }
    let reply: WorkerFrame? = await withCheckedContinuation { continuation in
      let early: WorkerFrame?? = state.withLock { state in
        if let frame = state.handshakeFrame { return frame }
        state.handshake = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }
    switch reply {
    case let reply? where reply.type == .loaded:
      guard let description = reply.description else {
        throw .workerFailed(path: source.path, reason: "a loaded frame without a description")
      }
      callThread.withLock { $0 = WorkerCallThread(reported: reply.thread, of: pid) }
      return description
    case let reply? where reply.type == .loadFailed:
      throw reply.loadError
        ?? .workerFailed(path: source.path, reason: "a load-failed frame without an error")
    case let reply?:
      throw .workerFailed(
        path: source.path, reason: "expected a loaded frame, got \(reply.type.rawValue)")
    case nil:
      if state.withLock({ $0.loadTimedOut }) {
        throw .workerFailed(
          path: source.path,
          reason: "the bundle did not finish loading within \(ProviderError.seconds(deadline))")
      }
      let how = state.withLock { $0.exit }.map(\.description) ?? "it closed its socket"
      throw .workerFailed(path: source.path, reason: "the worker ended while loading (\(how))")
    }
  }

  /// Pins the worker's socket thread to this thread's CPU, before a prompt call that this thread
  /// waits for (``WorkerCallThread``).
  func keepCallThreadOnThisCPU() {
    callThread.withLock { $0?.follow() }
  }

  /// Lets the worker's socket thread run on every CPU again: its calls are no longer prompt.
  func releaseCallThread() {
    callThread.withLock { $0?.release() }
  }

  /// The CPU the worker's socket thread is pinned to, nil if none (for tests).
  var callThreadCPU: Int32? { callThread.withLock { $0?.pinned } }

  /// The kernel id of the worker's socket thread, as its `loaded` frame named it (for tests).
  var callThreadID: Int32? { callThread.withLock { $0?.id } }

  /// Starts delivering replies and the exit; an exit that already happened is reported now.
  func attach(
    onReply: @escaping @Sendable (WorkerFrame) -> Void,
    onExit: @escaping @Sendable (WorkerExit) -> Void
  ) {
    let exited = state.withLock { state in
      state.onReply = onReply
      state.onExit = onExit
      return state.exit
    }
    if let exited { onExit(exited) }
  }

  /// Ends the worker: closes the socket (the worker exits when it reads the end of the
  /// stream, after destroying the bundle for at most 2 s) and, if it has not gone within 3 s,
  /// kills it.
  func stop() {
    channel.shutDown()
    prompt.shutDown()
    let pid = self.pid
    DispatchQueue.global().asyncAfter(deadline: .now() + 3) { [self] in
      if state.withLock({ $0.exit }) == nil { kill(pid, SIGKILL) }
    }
  }

  private func readLoop() {
    while true {
      let frame: WorkerFrame?
      do {
        frame = try channel.receive()
      } catch {
        services.log(
          bundle: bundleID, level: .error, message: "worker protocol error: \(error); stopping it")
        kill(pid, SIGKILL)
        frame = nil
      }
      guard let frame else { break }
      handle(frame)
      let ready = state.withLock { state -> [UnsafeContinuation<Void, Never>] in
        state.handled += 1
        guard !state.handledWaiters.isEmpty else { return [] }
        let handled = state.handled
        let ready = state.handledWaiters.filter { $0.count <= handled }.map(\.waiter)
        state.handledWaiters.removeAll { $0.count <= handled }
        return ready
      }
      for waiter in ready { waiter.resume() }
    }
    // Reaped only once its group was killed, so that the group id was still the worker's.
    groupEnded.wait()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    WorkerGroups.remove(pid)
    let exit = WorkerExit(waitStatus: status)
    let (handshake, onExit, handledWaiters) = state.withLock { state in
      state.exit = exit
      state.handled = .max
      defer {
        state.handshake = nil
        state.handledWaiters = []
      }
      if state.handshake == nil && state.handshakeFrame == nil { state.handshakeFrame = .some(nil) }
      return (state.handshake, state.onExit, state.handledWaiters)
    }
    handshake?.resume(returning: nil)
    for entry in handledWaiters { entry.waiter.resume() }
    onExit?(exit)
    let exitWaiters = state.withLock { state in
      state.exitReported = true
      defer { state.exitWaiters = [] }
      return state.exitWaiters
    }
    for waiter in exitWaiters { waiter.resume(returning: exit) }
  }

  /// Frames of the main socket the reader has handled (for tests).
  var framesHandled: UInt64 { state.withLock { $0.handled } }

  /// Returns once the reader has handled `count` frames of the main socket, or has ended.
  func handled(atLeast count: UInt64) async {
    guard state.withLock({ $0.handled < count }) else { return }
    await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
      let waiting = state.withLock { state in
        guard state.handled < count else { return false }
        state.handledWaiters.append((count, waiter))
        return true
      }
      if !waiting { waiter.resume() }
    }
  }

  /// How the worker ended, once its exit has been reported to ``onExit`` (whatever that
  /// reported, a crash or a restart, comes first).
  func reportedExit() async -> WorkerExit {
    await withUnsafeContinuation { waiter in
      let exit = state.withLock { state -> WorkerExit? in
        if state.exitReported, let exit = state.exit { return exit }
        state.exitWaiters.append(waiter)
        return nil
      }
      if let exit { waiter.resume(returning: exit) }
    }
  }

  private func handle(_ frame: WorkerFrame) {
    switch frame.type {
    case .log:
      services.log(
        bundle: frame.bundle ?? bundleID,
        level: frame.level.flatMap(BundleLogLevel.init(rawValue:)) ?? .info,
        message: frame.message ?? "")
    case .reload:
      services.reload(bundle: frame.bundle ?? bundleID, kind: frame.kind)
    case .now:
      var answer = WorkerFrame(.time, id: frame.id)
      answer.time = services.now().timeIntervalSince1970
      try? channel.send(answer)
    case .currentConfigurations:
      let services = self.services
      let channel = self.channel
      let bundle = frame.bundle ?? bundleID
      Task {
        var answer = WorkerFrame(.currentConfigurations, id: frame.id)
        answer.configurations = await services.currentConfigurations(bundle: bundle)
        try? channel.send(answer)
      }
    case .reply:
      state.withLock { $0.onReply }?(frame)
    default:
      let handshake = state.withLock { state in
        guard let handshake = state.handshake else {
          if state.handshakeFrame == nil { state.handshakeFrame = .some(frame) }
          return nil as CheckedContinuation<WorkerFrame?, Never>?
        }
        state.handshake = nil
        state.handshakeFrame = .some(frame)
        return handshake
      }
      handshake?.resume(returning: frame)
    }
  }
}

/// The process groups of the running workers, killed with SIGKILL when the host process exits
/// (`atexit`): a hung worker, and the processes a bundle forked, do not outlive the host.
enum WorkerGroups {
  private static let groups = Mutex<Set<pid_t>>([])
  private static let installed = Mutex(false)

  static func add(_ group: pid_t) {
    let install = installed.withLock { installed in
      defer { installed = true }
      return !installed
    }
    if install { atexit { WorkerGroups.killAll() } }
    groups.withLock { _ = $0.insert(group) }
  }

  static func remove(_ group: pid_t) {
    groups.withLock { _ = $0.remove(group) }
  }

  /// Kills every group still running.
  static func killAll() {
    for group in groups.withLock({ $0 }) { kill(-group, SIGKILL) }
  }
}
