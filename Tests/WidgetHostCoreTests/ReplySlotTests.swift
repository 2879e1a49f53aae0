import Foundation
import Testing
import WidgetBundleRuntime
import WidgetSchema

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
    let thread = Thread {
      Thread.sleep(forTimeInterval: 0.05)
      slot.deliver(.success(Data("later".utf8)))
    }
    thread.start()
    #expect(try await slot.wait().get() == Data("later".utf8))
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
