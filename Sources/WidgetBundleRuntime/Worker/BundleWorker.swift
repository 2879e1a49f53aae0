import CGlibcShims
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import WidgetSchema

/// The worker side of process isolation: `widget-worker --fd N` runs this. It loads one
/// bundle with the in-process loader and serves the host's calls concurrently over the socket
/// `N` (docs/isolation.md).
public enum BundleWorker {
  /// Serves the host on `descriptor` until the host closes it, then exits the process. The
  /// replies to `prompt` calls go to `replyDescriptor` (the reply socket), where the host's
  /// calling thread reads them itself. `memoryLimit` (bytes) caps the process's address space
  /// (`RLIMIT_AS`). `setClock` sets the process's wall clock to a time (seconds since 1970):
  /// when the host's clock is virtual, the worker sets it to the host's time at the load and at
  /// each call, so that `Date()` in the bundle is the host's time. `setProcessPath` sets the
  /// path the process says it was run from, before the library loads (for `Bundle.main`).
  public static func run(
    descriptor: Int32, replyDescriptor: Int32? = nil, memoryLimit: Int?,
    setClock: @escaping @Sendable (Double) -> Void,
    setProcessPath: @escaping @Sendable (String) -> Void
  ) async -> Never {
    // The host stops workers by closing the socket. Signals meant for the host (Ctrl-C's
    // SIGINT, systemd's SIGTERM to the whole unit, a terminal's SIGHUP) must not look like a
    // crash: the worker catches them and does nothing. Caught rather than ignored, they are
    // back to their defaults in a program the bundle runs.
    for number in [SIGINT, SIGTERM, SIGHUP] { signal(number) { _ in } }
    signal(SIGPIPE, SIG_IGN)
    watchHost()
    // The host's sockets are the worker's alone: a program a bundle runs does not inherit them
    // (a forked child that does not exec still holds them; the host watches the worker's pid).
    for fd in [descriptor] + (replyDescriptor.map { [$0] } ?? []) {
      _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }
    if let memoryLimit {
      var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
      setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }
    let channel = FrameChannel(descriptor: descriptor)
    let replies = replyDescriptor.map { FrameChannel(descriptor: $0) }
    startThread {
      serve(channel, replies: replies, setClock: setClock, setProcessPath: setProcessPath)
    }
    while true { try? await Task.sleep(for: .seconds(3600)) }
  }

  /// A worker never outlives its host, even one killed with SIGKILL: a thread waits on a pidfd
  /// of the host and, when the host ends, kills the worker's process group (the worker is its
  /// leader: the worker and what the bundle forked). Not `PR_SET_PDEATHSIG`, which fires when
  /// the host's *thread* that spawned the worker ends. Without pidfds (Linux before 5.3) the
  /// worker still ends at the end of its socket.
  private static func watchHost() {
    let host = getppid()
    let watch = wh_pidfd_open(host)
    guard watch >= 0 else { return }
    // Only a group of its own is the worker's to kill (the host spawns it so).
    let end: @Sendable () -> Never = {
      if getpgrp() == getpid() { kill(0, SIGKILL) }
      _exit(0)
    }
    // The host ended before the pidfd was opened: it was opened on whoever adopted the worker.
    if getppid() != host { end() }
    startThread {
      var ended = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
      while poll(&ended, 1, -1) < 0 && errno == EINTR {}
      end()
    }
  }

  /// Runs `body` on a thread of its own (it blocks on the socket for the process's lifetime,
  /// which a Dispatch worker thread must not).
  private static func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Start: Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let start = Unmanaged.passRetained(Start(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { argument in
        Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue().body()
        return nil
      }, start)
    guard status == 0 else {
      report("cannot start the socket thread: \(String(cString: strerror(status)))")
      _exit(2)
    }
    pthread_detach(thread)
  }

  /// Writes `message` to standard error as one line.
  private static func report(_ message: String) {
    let line = Array("widget-worker: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  private static func serve(
    _ channel: FrameChannel, replies: FrameChannel?, setClock: (Double) -> Void,
    setProcessPath: (String) -> Void
  ) {
    var services: WorkerServices?
    var bundle: InProcessBundle?
    while true {
      let frame: WorkerFrame?
      do {
        frame = try channel.receive()
      } catch .io(let code) where code == ECONNRESET {
        // The host closed its end with frames of this worker unread (it exited at once: its
        // output closed, a `--once` run ended mid-load): it is gone, as at the end of the stream.
        finish(bundle)
      } catch {
        report("\(error)")
        _exit(2)
      }
      guard let frame else { finish(bundle) }
      switch frame.type {
      case .load:
        if frame.realClock != true, let time = frame.time { setClock(time) }
        if let path = frame.processPath { setProcessPath(path) }
        let loaded = WorkerServices(
          channel: channel, locale: frame.locale ?? "en-US", realClock: frame.realClock == true)
        services = loaded
        var reply: WorkerFrame
        do {
          let source = try BundleSource.open(frame.path ?? "")
          let opened =
            frame.stage == true
            ? try openCopy(of: source, services: loaded)
            : try InProcessBundle(source: source, services: loaded)
          bundle = opened
          reply = WorkerFrame(.loaded)
          reply.description = opened.description
          reply.thread = wh_thread_id()
        } catch {
          reply = WorkerFrame(.loadFailed)
          reply.loadError = error
        }
        try? channel.send(reply)
        if reply.type == .loadFailed { _exit(0) }
      case .call:
        guard let bundle, let id = frame.id else { continue }
        // The host's virtual clock at the call: the bundle's `Date()` reads it.
        if let time = frame.time { setClock(time) }
        // A prompt call's caller reads its reply on the reply socket; the reply says how many
        // frames went to the main socket before it, for the host to handle those first.
        let promptReplies = frame.prompt == true ? replies : nil
        let send: @Sendable (WorkerFrame) -> Void = { reply in
          guard let promptReplies else {
            try? channel.send(reply)
            return
          }
          var reply = reply
          reply.preceding = channel.framesSent
          try? promptReplies.send(reply)
        }
        // Straight to the bundle; the reply is sent from the thread the bundle replies on,
        // without a task in between.
        guard let method = frame.method.flatMap(ProviderMethod.init(rawValue:)),
          let context = frame.contextJSON
            ?? frame.context.flatMap({ try? $0.jsonBytes() })
        else {
          var reply = WorkerFrame(.reply, id: id)
          reply.failure = .invalid("a call frame without a known method or a context")
          send(reply)
          continue
        }
        // With the host's clock read here, nothing the bundle's `call` may wait for needs
        // this thread, and the ABI has `call` return promptly: it runs here, without a hand-off
        // to another thread. With a clock asked of the host, `now()` waits for a `time` frame
        // that this thread reads, so the call goes to a thread of its own.
        bundle.start(
          method, kind: frame.kind ?? "", contextJSON: context,
          onThisThread: services?.readsClockItself == true
        ) { result in
          var reply = WorkerFrame(.reply, id: id)
          switch result {
          case .success(let payload): reply.payload = payload
          case .failure(let error): reply.failure = error
          }
          send(reply)
        }
      case .time:
        if let id = frame.id { services?.deliver(time: frame.time, for: id) }
      case .currentConfigurations:
        if let id = frame.id { services?.deliver(configurations: frame.configurations, for: id) }
      default:
        continue
      }
    }
  }

  /// Loads a private copy of `source`'s library (for `run --watch`): a rebuild may overwrite the
  /// library in place, which would change the code this worker runs under its feet. The copy
  /// is deleted once loaded; the loaded image stays mapped.
  private static func openCopy(
    of source: BundleSource, services: WorkerServices
  ) throws(BundleError) -> InProcessBundle {
    let original = URL(fileURLWithPath: source.libraryPath)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widget-host-worker-\(getpid())-\(UUID().uuidString)")
    let copy = folder.appendingPathComponent(original.lastPathComponent)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: original, to: copy)
    } catch {
      throw .libraryLoadFailed(
        path: source.path, reason: "cannot copy the library to \(copy.path): \(error)")
    }
    let staged = BundleSource(
      path: source.path, manifest: source.manifest, manifestPath: source.manifestPath,
      libraryPath: copy.path, resourcesPath: source.resourcesPath)
    do {
      return try InProcessBundle(source: staged, services: services)
    } catch .libraryLoadFailed(let path, let reason) {
      throw .libraryLoadFailed(
        path: path, reason: reason.replacing(copy.path, with: original.path))
    }
  }

  /// The host closed the socket: destroys the bundle as the in-process loader would (when no
  /// call is outstanding), waiting at most 2 s, then exits.
  private static func finish(_ bundle: InProcessBundle?) -> Never {
    if let bundle {
      let closed = DispatchSemaphore(value: 0)
      Task.detached {
        await bundle.close()
        closed.signal()
      }
      _ = closed.wait(timeout: .now() + 2)
    }
    _exit(0)
  }
}

/// The services a bundle sees inside a worker: every request travels to the host, so log
/// lines, reloads and the clock (virtual in simulations and tests) are the host's.
final class WorkerServices: BundleServices {
  private let channel: FrameChannel
  let localeIdentifier: String
  /// The host's clock is the system's: `now()` reads it here.
  private let realClock: Bool
  /// True when `now()` never waits for the host.
  var readsClockItself: Bool { realClock }
  private let clockRequests = Mutex<(next: UInt64, waiting: [UInt64: ClockRequest])>((1, [:]))
  private let configurationRequests = Mutex<
    (next: UInt64, waiting: [UInt64: CheckedContinuation<CurrentConfigurations?, Never>])
  >((1, [:]))

  private final class ClockRequest: Sendable {
    let answered = DispatchSemaphore(value: 0)
    let time = Mutex<Double?>(nil)
  }

  init(channel: FrameChannel, locale: String, realClock: Bool = false) {
    self.channel = channel
    self.localeIdentifier = locale
    self.realClock = realClock
  }

  func log(bundle: String, level: BundleLogLevel, message: String) {
    var frame = WorkerFrame(.log)
    frame.bundle = bundle
    frame.level = level.rawValue
    frame.message = message
    try? channel.send(frame)
  }

  func reload(bundle: String, kind: String?) {
    var frame = WorkerFrame(.reload)
    frame.bundle = bundle
    frame.kind = kind
    try? channel.send(frame)
  }

  /// The host's clock: read here when it is the system's (the load frame's `realClock`);
  /// otherwise asked of the host, waiting for the answer up to 5 s (then the real clock).
  func now() -> Date {
    if realClock { return Date() }
    let request = ClockRequest()
    let id = clockRequests.withLock { requests in
      let id = requests.next
      requests.next += 1
      requests.waiting[id] = request
      return id
    }
    defer { _ = clockRequests.withLock { $0.waiting.removeValue(forKey: id) } }
    guard (try? channel.send(WorkerFrame(.now, id: id))) != nil,
      request.answered.wait(timeout: .now() + 5) == .success,
      let time = request.time.withLock({ $0 })
    else { return Date() }
    return Date(timeIntervalSince1970: time)
  }

  /// Asks the host which instances of `bundle` run; nil when it runs none yet or does not
  /// answer within 5 s.
  func currentConfigurations(bundle: String) async -> CurrentConfigurations? {
    let id = configurationRequests.withLock { requests in
      defer { requests.next += 1 }
      return requests.next
    }
    var frame = WorkerFrame(.currentConfigurations, id: id)
    frame.bundle = bundle
    let channel = self.channel
    return await withCheckedContinuation { continuation in
      configurationRequests.withLock { $0.waiting[id] = continuation }
      guard (try? channel.send(frame)) != nil else {
        return deliver(configurations: nil, for: id)
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + 5) { [self] in
        deliver(configurations: nil, for: id)
      }
    }
  }

  /// Resumes the `currentConfigurations` request `id` (once; later answers are ignored).
  func deliver(configurations: CurrentConfigurations?, for id: UInt64) {
    configurationRequests.withLock { $0.waiting.removeValue(forKey: id) }?.resume(
      returning: configurations)
  }

  func deliver(time: Double?, for id: UInt64) {
    guard let request = clockRequests.withLock({ $0.waiting[id] }) else { return }
    request.time.withLock { $0 = time }
    request.answered.signal()
  }
}
