import Foundation
import Synchronization
import WidgetControl
import WidgetSchema
import WidgetSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The socket sink: a Unix (or TCP) socket server where any number of clients send control
/// requests and subscribe to the stream (docs/control.md).
///
/// A dedicated thread waits in `poll()` for connections, requests and writable peers; nothing
/// polls on a timer. ``write(_:)`` never blocks: it appends the event's line to the queue of
/// every matching subscriber and wakes the thread, which drains the queues with non-blocking
/// writes. A subscriber whose queue overflows gets a `lagged` line and a resync (header and
/// current state), so a stalled subscriber never slows the scheduler or the others.
public final class SocketSink: EventSink {
  /// How much a subscriber may fall behind before it is resynchronized.
  public struct Limits: Sendable {
    /// Most queued lines.
    public var lines: Int
    /// Most queued bytes.
    public var bytes: Int

    /// Creates limits (by default 1024 lines or 4 MiB).
    public init(lines: Int = 1024, bytes: Int = 4 << 20) {
      self.lines = lines
      self.bytes = bytes
    }
  }

  /// Where the sink listens (a TCP port 0 resolved to the port chosen).
  public let endpoint: SocketEndpoint
  private let control: HostControl
  private let token: String?
  private let limits: Limits
  private let onRefused: (@Sendable (_ user: uid_t) -> Void)?
  /// The users whose connections were refused and reported (each once).
  private let refusedUsers = Mutex<Set<uid_t>>([])
  private let listener: Int32
  /// The listening file's inode, so that only our own socket file is removed at exit.
  private let socketInode: UInt
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let state = Mutex(State())
  private let finished = DispatchSemaphore(value: 0)

  private struct Subscription {
    var kinds: Set<String>
    var instances: Set<String>
    /// Event types to keep; every type when empty.
    var types: Set<String>
    /// Live events up to this sequence number are already in the state sent.
    var skipThrough: UInt64
  }

  private struct Connection {
    let fd: Int32
    var reader = LineReader()
    var output = OutgoingQueue()
    var subscription: Subscription?
    var authenticated: Bool
    /// The peer sent EOF: no more requests; closed once replies are written.
    var readClosed = false
    /// Replies still being computed (reload).
    var pendingReplies = 0
    /// Close once the output is written (after an authentication failure).
    var closeWhenWritten = false
    /// The last write found the peer's buffer full: not written to again until `poll` says it
    /// can take more (a peer that stopped reading costs no failing `send` per turn).
    var blocked = false
    /// The queue overflowed and was dropped (a `lagged` notice queued): live events are left
    /// out until the notice is written, and then the current state is queued once (a resync).
    /// So a stalled subscriber costs nothing per event, and a resync only as often as the
    /// subscriber reads its queue out.
    var resyncPending = false
  }

  private struct State {
    var header: Data?
    var connections: [UInt64: Connection] = [:]
    var nextConnection: UInt64 = 0
    /// The kind of every instance seen in the stream, for `kinds` filters.
    var kindOf: [String: String] = [:]
    var stopping = false
    var threadRunning = false
    /// The serving thread has closed every descriptor.
    var shutDown = false
  }

  /// Listens on `endpoint` and starts serving. A live host's socket is not taken over; a stale
  /// socket file is replaced. TCP on anything but loopback needs a `token`. A Unix connection
  /// from another user is closed at once; `onRefused` is told of each such user once.
  public init(
    endpoint: SocketEndpoint, control: HostControl, token: String? = nil,
    limits: Limits = Limits(), onRefused: (@Sendable (_ user: uid_t) -> Void)? = nil
  ) throws(SocketError) {
    if !endpoint.isLocal && token == nil {
      throw .needsToken(endpoint.description)
    }
    let (listener, actual) = try Sockets.listen(on: endpoint)
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      let code = errno
      Glibc.close(listener)
      throw .system(endpoint.description, call: "pipe", errno: code)
    }
    var info = stat()
    if case .unix(let path) = actual, stat(path, &info) == 0 {
      socketInode = UInt(info.st_ino)
    } else {
      socketInode = 0
    }
    self.endpoint = actual
    self.control = control
    self.token = token
    self.limits = limits
    self.onRefused = onRefused
    self.listener = listener
    for end in pipeEnds { Sockets.setNonBlocking(end) }
    self.wakeRead = pipeEnds[0]
    self.wakeWrite = pipeEnds[1]
    state.withLock { $0.threadRunning = true }
    let thread = Thread { [self] in serve() }
    thread.name = "widget-host socket"
    thread.start()
  }

  // MARK: EventSink

  /// The JSON stream carries each entry's geometry (docs/stream.md#geometry).
  public var wantsGeometry: Bool { true }

  public func begin(_ header: StreamHeader) {
    let line = JSONLines.encode(header)
    let woke = state.withLock { state in
      state.header = line
      var any = false
      for key in Array(state.connections.keys) where state.connections[key]?.subscription != nil {
        state.connections[key]?.output.append(line)
        any = true
      }
      return any
    }
    if woke { wake() }
  }

  public func write(_ event: StreamEvent) {
    let line = JSONLines.encode(event)
    let woke = state.withLock { state in
      if let instance = event.instance, let kind = event.payload.kind {
        state.kindOf[instance] = kind
      }
      var any = false
      // Connections are taken out of the dictionary while changed so that their queues are
      // uniquely referenced and appended to in place.
      for key in Array(state.connections.keys) {
        guard let subscription = state.connections[key]?.subscription,
          state.connections[key]?.resyncPending == false,
          event.seq > subscription.skipThrough,
          Self.matches(event, subscription, kindOf: state.kindOf),
          var connection = state.connections.removeValue(forKey: key)
        else { continue }
        if connection.output.count >= limits.lines
          || connection.output.bytes + line.count > limits.bytes
        {
          let dropped = connection.output.dropAll()
          connection.output.append(JSONLines.encode(LaggedNotice(dropped: dropped + 1)))
          connection.resyncPending = true
        } else {
          connection.output.append(line)
        }
        state.connections[key] = connection
        any = true
      }
      return any
    }
    if woke { wake() }
  }

  /// Stops accepting; the serving thread writes what it can and closes every connection.
  public func end() {
    state.withLock { $0.stopping = true }
    wake()
  }

  /// Stops serving and waits until the socket file is removed. Safe to call more than once.
  public func close() {
    let running = state.withLock { state in
      state.stopping = true
      defer { state.threadRunning = false }
      return state.threadRunning
    }
    guard running else { return }
    wake()
    finished.wait()
  }

  /// Open connections (for tests).
  var connectionCount: Int { state.withLock { $0.connections.count } }

  /// The lines queued for each connection (for tests).
  var queuedLines: [Int] { state.withLock { $0.connections.values.map(\.output.count) } }

  // MARK: Subscriptions

  private static func matches(
    _ event: StreamEvent, _ subscription: Subscription, kindOf: [String: String]
  ) -> Bool {
    if !subscription.types.isEmpty && !subscription.types.contains(event.payload.type) {
      return false
    }
    guard let instance = event.instance else { return true }
    if !subscription.instances.isEmpty && !subscription.instances.contains(instance) {
      return false
    }
    if !subscription.kinds.isEmpty {
      guard let kind = event.payload.kind ?? kindOf[instance], subscription.kinds.contains(kind)
      else { return false }
    }
    return true
  }

  /// Queues the header and the current state; returns the subscription with the sequence
  /// number up to which live events are already covered.
  private func resync(
    _ output: inout OutgoingQueue, _ subscription: Subscription, state: State
  ) -> Subscription {
    var subscription = subscription
    if let header = state.header { output.append(header) }
    // Before the scheduler starts there is no state yet.
    let current = (try? control.currentEntries()) ?? []
    for event in current where Self.matches(event, subscription, kindOf: state.kindOf) {
      output.append(JSONLines.encode(event))
    }
    subscription.skipThrough = current.map(\.seq).max() ?? 0
    return subscription
  }

  // MARK: The serving thread

  /// Wakes the serving thread (the pipe is non-blocking; a full pipe is already a wake-up).
  private func wake() {
    state.withLock { state in
      guard !state.shutDown else { return }
      var byte: UInt8 = 1
      _ = Glibc.write(wakeWrite, &byte, 1)
    }
  }

  private func serve() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    // Where each connection's queued lines are gathered for one `send`.
    var scratch: [UInt8] = []
    scratch.reserveCapacity(OutgoingQueue.batchBytes)
    // Out of file descriptors (EMFILE/ENFILE): the listener stays readable but accept() fails,
    // so it is left out of poll() for a second instead of spinning.
    var acceptPausedUntil: Date?
    while true {
      var keys: [UInt64] = []
      var fds: [pollfd] = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
      let stopping = state.withLock { state in
        for (key, connection) in state.connections {
          // Waiting only for a reply being computed: nothing to poll (POLLHUP would spin).
          if connection.readClosed && connection.output.isEmpty { continue }
          var events: Int16 = 0
          // A peer that does not read its replies is not read from either (backpressure).
          if !connection.readClosed && connection.output.bytes < limits.bytes {
            events |= Int16(POLLIN)
          }
          if !connection.output.isEmpty { events |= Int16(POLLOUT) }
          keys.append(key)
          fds.append(pollfd(fd: connection.fd, events: events, revents: 0))
        }
        return state.stopping
      }
      if stopping { break }
      if let until = acceptPausedUntil, until <= Date() { acceptPausedUntil = nil }
      let listening = acceptPausedUntil == nil
      fds.append(pollfd(fd: listener, events: listening ? Int16(POLLIN) : 0, revents: 0))
      let timeout = acceptPausedUntil.map { Int32(max(1, $0.timeIntervalSinceNow * 1000)) } ?? -1
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 && errno != EINTR { break }
      if fds[0].revents != 0 {
        while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
      }
      if fds[fds.count - 1].revents & Int16(POLLIN) != 0, !accept() {
        acceptPausedUntil = Date().addingTimeInterval(1)
      }
      var requests: [(UInt64, LineReader.Line)] = []
      for (index, key) in keys.enumerated() {
        let revents = fds[index + 1].revents
        guard revents != 0 else { continue }
        let readable = state.withLock { state in
          // Writable again, or hung up or failed, which the next write finds out.
          state.connections[key]?.blocked = false
          return state.connections[key].map { !$0.readClosed } ?? false
        }
        if readable && revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          for line in receive(key, buffer: &buffer) { requests.append((key, line)) }
        }
      }
      for (key, line) in requests { handle(line, from: key) }
      flushAll(scratch: &scratch)
    }
    shutdown(scratch: &scratch)
  }

  /// Accepts every pending connection; false when the process is out of file descriptors.
  private func accept() -> Bool {
    while true {
      let fd = Glibc.accept(listener, nil, nil)
      guard fd >= 0 else { return errno != EMFILE && errno != ENFILE }
      // Only this user's processes may talk to the host over a Unix socket, whatever the
      // socket file's mode was changed to (docs/isolation.md, "Threat model").
      if case .unix = endpoint, !PeerCredentials.isSameUser(fd) {
        let user = PeerCredentials.user(of: fd)
        Glibc.close(fd)
        if let user, refusedUsers.withLock({ $0.insert(user).inserted }) { onRefused?(user) }
        continue
      }
      Sockets.setNonBlocking(fd)
      state.withLock { state in
        state.nextConnection += 1
        state.connections[state.nextConnection] = Connection(
          fd: fd, authenticated: token == nil)
      }
    }
  }

  /// Reads what the peer sent (a bounded amount per wake-up, without holding the lock, so a
  /// flooding peer cannot hold up the others or the scheduler); notes EOF and dead peers.
  private func receive(_ key: UInt64, buffer: inout [UInt8]) -> [LineReader.Line] {
    guard let fd = state.withLock({ $0.connections[key]?.fd }) else { return [] }
    var received: [UInt8] = []
    var ended = false
    var failed = false
    for _ in 0..<16 {
      let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count > 0 {
        received += buffer[0..<count]
        continue
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
      // EOF (the peer closed or half-closed) or an error (ECONNRESET).
      ended = true
      failed = count < 0
      break
    }
    return state.withLock { state in
      guard var connection = state.connections.removeValue(forKey: key) else { return [] }
      let lines = connection.reader.feed(received)
      if ended {
        // No more requests and no more events; replies still owed are written first.
        connection.readClosed = true
        connection.subscription = nil
        if failed { connection.output = OutgoingQueue() }
      }
      state.connections[key] = connection
      return lines
    }
  }

  /// Writes queued output; closes connections that are dead or done. The queues are taken out
  /// of their connections and written without the lock, which `write` needs for every event:
  /// held across the writes to a hundred sockets, it kept the stream waiting. Lines queued
  /// meanwhile follow what is left of the taken queue; a connection can then hold up to twice
  /// its limits for as long as the writes take.
  private func flushAll(scratch: inout [UInt8]) {
    // Walked by index and changed in place: the dictionary is neither copied nor rehashed, and
    // each queue taken is left uniquely referenced, to be drained in place.
    typealias Taken = (key: UInt64, fd: Int32, output: OutgoingQueue, drain: OutgoingQueue.Drain)
    var taken = state.withLock { state -> [Taken] in
      var taken: [Taken] = []
      taken.reserveCapacity(state.connections.count)
      var index = state.connections.startIndex
      while index != state.connections.endIndex {
        if !state.connections.values[index].blocked {
          let output = state.connections.values[index].output
          state.connections.values[index].output = OutgoingQueue()
          taken.append(
            (state.connections.keys[index], state.connections.values[index].fd, output, .empty))
        }
        state.connections.formIndex(after: &index)
      }
      return taken
    }
    // Drained in place in the array: a copy of a queue would copy its lines when drained.
    for index in taken.indices {
      taken[index].drain = taken[index].output.drain(to: taken[index].fd, scratch: &scratch)
    }
    state.withLock { state in
      for position in taken.indices {
        let drain = taken[position].drain
        guard let index = state.connections.index(forKey: taken[position].key) else { continue }
        // Moved out, so that the queue put back is the only reference to its lines.
        var output = taken[position].output
        taken[position].output = OutgoingQueue()
        output.append(contentsOf: state.connections.values[index].output)
        // A lagged subscriber has read its notice: now its resync.
        if output.isEmpty, drain == .empty, state.connections.values[index].resyncPending,
          let subscription = state.connections.values[index].subscription
        {
          state.connections.values[index].resyncPending = false
          state.connections.values[index].subscription = resync(
            &output, subscription, state: state)
        }
        state.connections.values[index].output = output
        state.connections.values[index].blocked = drain == .blocked
        let connection = state.connections.values[index]
        let done =
          drain == .dead
          || (connection.output.isEmpty
            && ((connection.readClosed && connection.pendingReplies == 0)
              || connection.closeWhenWritten))
        if done {
          Glibc.close(connection.fd)
          state.connections.remove(at: index)
        }
      }
    }
  }

  private func shutdown(scratch: inout [UInt8]) {
    state.withLock { state in
      for connection in state.connections.values {
        var output = connection.output
        _ = output.drain(to: connection.fd, scratch: &scratch)
        Glibc.close(connection.fd)
      }
      state.connections = [:]
    }
    Glibc.close(listener)
    if case .unix(let path) = endpoint {
      var info = stat()
      if stat(path, &info) == 0 && UInt(info.st_ino) == socketInode { unlink(path) }
    }
    state.withLock { state in
      state.shutDown = true
      Glibc.close(wakeRead)
      Glibc.close(wakeWrite)
    }
    finished.signal()
  }

  // MARK: Requests

  private func reply(_ key: UInt64, _ reply: ControlReply, thenClose: Bool = false) {
    let line = JSONLines.encode(reply)
    state.withLock { state in
      state.connections[key]?.output.append(line)
      if thenClose { state.connections[key]?.closeWhenWritten = true }
    }
  }

  private func handle(_ line: LineReader.Line, from key: UInt64) {
    // A connection that failed to authenticate is closing: the rest of what it sent is ignored.
    let closing = state.withLock { $0.connections[key]?.closeWhenWritten ?? true }
    guard !closing else { return }
    let request: ControlRequest
    switch ControlRequest.parse(line) {
    case .failure(let failure):
      reply(key, ControlReply(id: nil, error: failure))
      return
    case .success(let parsed):
      request = parsed
    }
    let authenticated = state.withLock { $0.connections[key]?.authenticated ?? false }
    if request.request == "auth" {
      guard let token, let given = request.token, Self.equalInConstantTime(given, token) else {
        let message =
          token == nil ? "this socket needs no token" : "wrong or missing token"
        if token == nil {
          reply(key, ControlReply(id: request.id, result: ControlResult(authenticated: true)))
        } else {
          reply(
            key,
            ControlReply(
              id: request.id, error: ControlFailure(code: "unauthorized", message: message)),
            thenClose: true)
        }
        return
      }
      state.withLock { $0.connections[key]?.authenticated = true }
      reply(key, ControlReply(id: request.id, result: ControlResult(authenticated: true)))
      return
    }
    guard authenticated else {
      reply(
        key,
        ControlReply(
          id: request.id,
          error: ControlFailure(
            code: "unauthorized",
            message: "send {\"request\":\"auth\",\"token\":…} first")),
        thenClose: true)
      return
    }
    switch request.request {
    case "list":
      do throws(ControlError) {
        let instances = try control.list()
        reply(key, ControlReply(id: request.id, result: ControlResult(instances: instances)))
      } catch {
        reply(key, ControlReply(id: request.id, error: ControlFailure(error)))
      }
    case "tap":
      guard let instance = request.instance else {
        reply(key, ControlReply(id: request.id, error: .badRequest("tap needs an 'instance'")))
        return
      }
      if (request.x == nil) != (request.y == nil) {
        reply(
          key, ControlReply(id: request.id, error: .badRequest("tap needs both 'x' and 'y'")))
        return
      }
      // Answered once done, like reload: a button's action runs in the bundle first.
      let control = self.control
      replyLater(key, request) { () async throws(ControlError) in
        ControlResult(
          tapped: try await control.tap(
            instance: instance, region: request.region, x: request.x, y: request.y))
      }
    case "reload":
      let control = self.control
      replyLater(key, request) { () async throws(ControlError) in
        ControlResult(reloaded: try await control.reload(kind: request.kind))
      }
    case "subscribe":
      subscribe(key, request)
    case "configure":
      // Answered at once when no bundle need be asked (no host yet, unknown instance, static
      // kind); else, like reload, once done: checking dynamic values calls the bundle.
      do throws(ControlError) {
        if let instance = try control.configureAtOnce(
          instance: request.instance ?? "", parameters: request.parameters ?? [:],
          values: request.values ?? [:])
        {
          reply(key, ControlReply(id: request.id, result: ControlResult(configured: instance)))
          return
        }
      } catch {
        reply(key, ControlReply(id: request.id, error: ControlFailure(error)))
        return
      }
      let control = self.control
      replyLater(key, request) { () async throws(ControlError) in
        ControlResult(
          configured: try await control.configure(
            instance: request.instance ?? "", parameters: request.parameters ?? [:],
            values: request.values ?? [:]))
      }
    case "activity-start", "activity-update", "activity-end", "activity-list":
      handleActivity(request, from: key)
    default:
      reply(
        key,
        ControlReply(
          id: request.id,
          error: ControlFailure(
            code: "unknown-request",
            message:
              "unknown request '\(request.request)' (requests: activity-end, activity-list, "
              + "activity-start, activity-update, auth, configure, list, reload, subscribe, "
              + "tap)")))
    }
  }

  /// The Live Activity requests (docs/control.md#live-activities): each answered once the
  /// bundle has drawn the activity and the store has kept it.
  private func handleActivity(_ request: ControlRequest, from key: UInt64) {
    func refuse(_ message: String) {
      reply(key, ControlReply(id: request.id, error: .badRequest(message)))
    }
    let control = self.control
    switch request.request {
    case "activity-list":
      do throws(ControlError) {
        let activities = try control.listActivities()
        reply(key, ControlReply(id: request.id, result: ControlResult(activities: activities)))
      } catch {
        reply(key, ControlReply(id: request.id, error: ControlFailure(error)))
      }
    case "activity-start":
      guard let type = request.attributesType else {
        return refuse("activity-start needs an 'attributesType'")
      }
      guard let content = request.content else {
        return refuse("activity-start needs a 'content' ({\"state\": {…}})")
      }
      replyLater(key, request) { () async throws(ControlError) in
        ControlResult(
          activity: try await control.startActivity(
            attributesType: type, attributes: request.attributes ?? .object([:]),
            content: content))
      }
    case "activity-update":
      guard let id = request.activity else { return refuse("activity-update needs an 'activity'") }
      guard let content = request.content else {
        return refuse("activity-update needs a 'content' ({\"state\": {…}})")
      }
      replyLater(key, request) { () async throws(ControlError) in
        ControlResult(activity: try await control.updateActivity(id: id, content: content))
      }
    default:
      guard let id = request.activity else { return refuse("activity-end needs an 'activity'") }
      replyLater(key, request) { () async throws(ControlError) in
        ControlResult(
          activity: try await control.endActivity(
            id: id, content: request.content,
            dismissalPolicy: request.dismissalPolicy ?? .default))
      }
    }
  }

  /// Answers `request` once `work` is done (it calls a bundle, or waits for the scheduler):
  /// the connection counts the reply as pending meanwhile, so it is not closed before it.
  private func replyLater(
    _ key: UInt64, _ request: ControlRequest,
    _ work: @escaping @Sendable () async throws(ControlError) -> ControlResult
  ) {
    state.withLock { $0.connections[key]?.pendingReplies += 1 }
    Task { [self] in
      let answer: ControlReply
      do throws(ControlError) {
        answer = ControlReply(id: request.id, result: try await work())
      } catch {
        answer = ControlReply(id: request.id, error: ControlFailure(error))
      }
      let line = JSONLines.encode(answer)
      state.withLock { state in
        state.connections[key]?.pendingReplies -= 1
        state.connections[key]?.output.append(line)
      }
      wake()
    }
  }

  private func subscribe(_ key: UInt64, _ request: ControlRequest) {
    let types = request.types ?? []
    if let unknown = types.first(where: { !EventPayload.types.contains($0) }) {
      let known = EventPayload.types.sorted().joined(separator: ", ")
      reply(
        key,
        ControlReply(
          id: request.id,
          error: .badRequest("unknown event type '\(unknown)' (types: \(known))")))
      return
    }
    let line = JSONLines.encode(
      ControlReply(id: request.id, result: ControlResult(subscribed: true)))
    state.withLock { state in
      guard var connection = state.connections.removeValue(forKey: key) else { return }
      connection.output.append(line)
      let subscription = Subscription(
        kinds: Set(request.kinds ?? []), instances: Set(request.instances ?? []),
        types: Set(types), skipThrough: 0)
      connection.subscription = resync(&connection.output, subscription, state: state)
      state.connections[key] = connection
    }
  }

  private static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
    let left = Array(a.utf8)
    let right = Array(b.utf8)
    guard left.count == right.count else { return false }
    return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

extension EventPayload {
  /// The widget kind the event concerns, when its data names one.
  var kind: String? {
    switch self {
    case .entry(let entry): entry.kind
    case .reload(let reload): reload.kind
    case .timeline(let timeline): timeline.kind
    case .warning(let problem), .error(let problem): problem.kind
    case .instance(let change): change.kind
    case .bundle, .openURL, .action, .activity: nil
    }
  }
}

extension ControlRequest {
  /// Parses one request line; a failure is the `bad-request` or `too-large` error to reply.
  /// Public only to the fuzz targets (`@_spi(Fuzzing)`, docs/fuzzing.md).
  @_spi(Fuzzing) public static func parse(
    _ line: LineReader.Line
  ) -> Result<ControlRequest, ControlFailure> {
    guard case .line(let data) = line else {
      return .failure(
        ControlFailure(
          code: "too-large", message: "the request is over 1 MiB; it was discarded"))
    }
    guard String(validating: data, as: UTF8.self) != nil else {
      return .failure(.badRequest("the request is not valid UTF-8"))
    }
    do {
      return .success(try WidgetJSON.decode(ControlRequest.self, from: data))
    } catch {
      let place = error.path.isEmpty ? "" : " at '\(error.path)'"
      return .failure(.badRequest("the request is not a valid request\(place): \(error.message)"))
    }
  }
}
