import Foundation
import TestSupport
import Testing
import WidgetBundleRuntime

@testable import WidgetBundleRuntime

@Suite struct ReplySlotTests {
  @Test func aReplyDeliveredBeforeTheWaitIsTakenWithoutWaiting() throws {
    let slot = ReplySlot()
    #expect(slot.take() == nil)
    slot.deliver(.success(Data("now".utf8)))
    #expect(try slot.take()?.get() == Data("now".utf8))
    #expect(slot.take() == nil)
  }

  @Test func aReplyDeliveredLaterResumesTheWait() async throws {
    let slot = ReplySlot()
    async let reply = slot.wait()
    // Delivered once the child task waits (watched from a thread of its own).
    let awaited = await TestSupport.offThePool {
      TestSupport.waitUntil(within: 10, every: 0.001) { slot.isAwaited }
    }
    #expect(awaited, "the task waits for the reply")
    slot.deliver(.success(Data("later".utf8)))
    #expect(try await reply.get() == Data("later".utf8))
  }

  @Test func onlyTheFirstReplyCounts() async throws {
    let slot = ReplySlot()
    slot.deliver(.failure(.abandoned))
    slot.deliver(.success(Data("second".utf8)))
    #expect(throws: ProviderError.abandoned) { try slot.take()?.get() }
    let waited = ReplySlot()
    waited.deliver(.success(Data("first".utf8)))
    waited.deliver(.failure(.closed))
    #expect(try await waited.wait().get() == Data("first".utf8))
  }
}
