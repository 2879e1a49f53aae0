import CWidgetABI
import FoundationEssentials
import Glibc
import Synchronization
import WidgetSchema

/// The calls waiting for a reply, across every in-process bundle.
///
/// A call's `reply_ctx` is not a pointer but a number: the connection's serial in the top 24
/// bits and the call's serial below. A reply for a number that is no longer pending (a second
/// reply, or garbage) is therefore detected safely instead of touching freed memory, and is
/// reported to the connection that made the call.
final class PendingCalls: Sendable {
  static let shared = PendingCalls()

  typealias Completion = @Sendable (Result<Data, ProviderError>) -> Void

  private struct State {
    var calls: [UInt64: Completion] = [:]
    /// Calls given up on, whose late reply is expected and ignored once.
    var abandoned: Set<UInt64> = []
    var reporters: [UInt64: @Sendable (String) -> Void] = [:]
    var nextConnection: UInt64 = 1
    var nextCall: UInt64 = 1
  }

  private let state = Mutex(State())
  private static let callBits: UInt64 = 40

  /// Registers a connection; `report` hears about protocol violations in its replies.
  func addConnection(report: @escaping @Sendable (String) -> Void) -> UInt64 {
    state.withLock { state in
      let serial = state.nextConnection
      state.nextConnection += 1
      state.reporters[serial] = report
      return serial
    }
  }

  /// Forgets a connection; its outstanding calls complete with `.closed`.
  func removeConnection(_ connection: UInt64) {
    let orphans = state.withLock { state in
      state.reporters[connection] = nil
      let ids = state.calls.keys.filter { $0 >> Self.callBits == connection }
      return ids.compactMap { state.calls.removeValue(forKey: $0) }
    }
    for completion in orphans { completion(.failure(.closed)) }
  }

  /// How many calls of `connection` the bundle still owes a reply, including the ones the host
  /// stopped waiting for.
  func outstanding(for connection: UInt64) -> Int {
    state.withLock { state in
      state.calls.keys.count { $0 >> Self.callBits == connection }
        + state.abandoned.count { $0 >> Self.callBits == connection }
    }
  }

  /// Starts waiting for a reply; returns the `reply_ctx` value for the call.
  func add(connection: UInt64, completion: @escaping Completion) -> UInt64 {
    state.withLock { state in
      let id = connection << Self.callBits | (state.nextCall & ((1 << Self.callBits) - 1))
      state.nextCall += 1
      state.calls[id] = completion
      return id
    }
  }

  /// Stops waiting for call `id`: its completion runs now with `.abandoned`, and a later reply
  /// is dropped quietly (it was not a bundle bug).
  func abandon(id: UInt64) {
    let completion = state.withLock { state in
      let completion = state.calls.removeValue(forKey: id)
      if completion != nil { state.abandoned.insert(id) }
      return completion
    }
    completion?(.failure(.abandoned))
  }

  /// Delivers a reply from the bundle.
  /// Fails call `id` without a payload (a reply the host refuses).
  func complete(id: UInt64, failure: ProviderError) {
    let completion = state.withLock { state in
      state.abandoned.remove(id)
      return state.calls.removeValue(forKey: id)
    }
    completion?(.failure(failure))
  }

  func complete(id: UInt64, status: Int32, payload: Data) {
    let (completion, reporter, wasAbandoned) = state.withLock { state in
      let completion = state.calls.removeValue(forKey: id)
      // Most replies find nothing abandoned and their call waiting: then there is no set to
      // hash into and no reporter to look up.
      let wasAbandoned = !state.abandoned.isEmpty && state.abandoned.remove(id) != nil
      let reporter =
        completion == nil && !wasAbandoned ? state.reporters[id >> Self.callBits] : nil
      return (completion, reporter, wasAbandoned)
    }
    if wasAbandoned { return }
    guard let completion else {
      reporter?(
        "reply called for call \(id & ((1 << Self.callBits) - 1)), which was already answered "
          + "or never made (a reply must be sent exactly once)")
      return
    }
    let message = { String(decoding: payload, as: UTF8.self) }
    switch status {
    case Int32(WK_STATUS_OK.rawValue): completion(.success(payload))
    case Int32(WK_STATUS_ERROR.rawValue): completion(.failure(.failed(message())))
    case Int32(WK_STATUS_UNSUPPORTED.rawValue): completion(.failure(.unsupported(message())))
    case Int32(WK_STATUS_INVALID.rawValue): completion(.failure(.invalid(message())))
    default: completion(.failure(.unknownStatus(status, message())))
    }
  }

  /// The C function the bundle calls to reply.
  static let replyFunction: wk_reply_fn = { context, status, data, length in
    let id = UInt64(UInt(bitPattern: context))
    // A reply over the limit is refused before it is copied: its cost stays bounded.
    guard length <= ReplyLimits.maximumBytes else {
      PendingCalls.shared.complete(id: id, failure: .tooLarge(length))
      return
    }
    let payload = data.map { Data(bytes: $0, count: length) } ?? Data()
    PendingCalls.shared.complete(id: id, status: status, payload: payload)
  }
}
