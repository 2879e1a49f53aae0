import Foundation
import Glibc
import Synchronization
import WidgetBundleRuntime
import WidgetSchema

/// The host's end of a worker's reply socket: the calling thread of a `prompt` call reads the
/// call's reply here itself, instead of the worker's reader thread reading it from the main
/// socket and waking a thread of the cooperative pool to resume the caller (docs/isolation.md,
/// "Prompt calls").
///
/// One call at a time uses it (``acquire()``); the others go by the main socket. The caller
/// blocks in `read` for at most ``CallRouting/promptLimit`` (`SO_RCVTIMEO`): a reply that
/// takes longer is awaited by a thread of its own (``awaitLateReply(_:)``), which the call's
/// cancellation (its deadline, the host stopping) interrupts through a socketpair of its own. A reply that
/// is not the awaited call's (the late reply of a call that was abandoned) is dropped.
final class PromptReplies: Sendable {
  let channel: FrameChannel
  /// Written by ``interrupt(_:)`` (`interruption.1`) to wake ``awaitLateReply(_:)``'s `poll`
  /// (`interruption.0`); both ends non-blocking.
  private let interruption: (Int32, Int32)
  private let busy = Atomic<Bool>(false)

  /// One prompt call in flight.
  final class Call: Sendable {
    let id: UInt64
    fileprivate let cancelled = Atomic<Bool>(false)
    init(id: UInt64) { self.id = id }
  }

  /// What became of a prompt call's reply.
  enum Outcome: Sendable {
    /// The call's reply.
    case reply(WorkerFrame)
    /// None within ``CallRouting/promptLimit``: await it with ``awaitLateReply(_:)``.
    case late
    /// The call was cancelled before its reply came.
    case cancelled
    /// The socket ended or failed (nil: it ended between frames).
    case ended(FrameError?)
  }

  /// Takes the host's end of the reply socket; `descriptor` is closed with this object.
  init(descriptor: Int32) {
    var timeout = timeval(
      tv_sec: 0, tv_usec: Int(CallRouting.promptLimit * 1_000_000))
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    channel = FrameChannel(descriptor: descriptor)
    var pair: [Int32] = [-1, -1]
    let type =
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    _ = socketpair(AF_UNIX, type, 0, &pair)
    interruption = (pair[0], pair[1])
  }

  deinit {
    close(channel.descriptor)
    if interruption.0 >= 0 {
      close(interruption.0)
      close(interruption.1)
    }
  }

  /// Takes the socket for one call; false while another call has it.
  func acquire() -> Bool {
    busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
  }

  /// Whether a call has the socket (for tests).
  var inUse: Bool { busy.load(ordering: .acquiring) }

  /// Gives the socket back after a call.
  func release() {
    busy.store(false, ordering: .releasing)
  }

  /// Reads `call`'s reply, blocking for at most ``CallRouting/promptLimit``.
  func receiveReply(_ call: Call) -> Outcome {
    while true {
      do {
        guard let frame = try channel.receive() else { return .ended(nil) }
        if frame.id == call.id { return .reply(frame) }
        // The late reply of an abandoned call: nobody waits for it any more.
      } catch .io(let code) where code == EAGAIN || code == EWOULDBLOCK {
        return .late
      } catch .io(let code) where code == EINTR {
        continue
      } catch {
        return .ended(error)
      }
    }
  }

  /// Awaits `call`'s reply on a thread of its own, until it comes, the socket ends or the call
  /// is cancelled (``interrupt(_:)``).
  func awaitLateReply(_ call: Call) async -> Outcome {
    await withUnsafeContinuation { continuation in
      let thread = Thread { [self] in continuation.resume(returning: waitForReply(call)) }
      thread.name = "widget-host.late-reply"
      thread.start()
    }
  }

  private func waitForReply(_ call: Call) -> Outcome {
    var descriptors = [
      pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: interruption.0, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      if call.cancelled.load(ordering: .acquiring) { return .cancelled }
      descriptors[0].revents = 0
      descriptors[1].revents = 0
      guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else {
        return .ended(.io(errno))
      }
      if descriptors[1].revents != 0 {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(interruption.0, &drained, drained.count) > 0 {}
        continue
      }
      if descriptors[0].revents != 0 {
        let outcome = receiveReply(call)
        if case .late = outcome { continue }
        return outcome
      }
    }
  }

  /// Cancels `call`: a late reply's wait ends with ``Outcome/cancelled``.
  func interrupt(_ call: Call) {
    call.cancelled.store(true, ordering: .releasing)
    var one: UInt8 = 1
    _ = write(interruption.1, &one, 1)
  }

  /// Ends the socket: a blocked reader sees its end.
  func shutDown() {
    channel.shutDown()
  }
}
