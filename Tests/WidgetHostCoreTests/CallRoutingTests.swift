import Testing

@testable import WidgetBundleRuntime

/// Where an in-process bundle's `call` runs: threads of its own until it has shown that it
/// returns promptly, and for good once it has not.
@Suite struct CallRoutingTests {
  @Test func callsRunInlineOnlyAfterTheProbation() {
    let routing = CallRouting()
    for _ in 0..<CallRouting.probation - 1 {
      #expect(!routing.callsInline)
      routing.record(seconds: 0.0001)
    }
    #expect(!routing.callsInline)
    routing.record(seconds: CallRouting.promptLimit / 2)
    #expect(routing.callsInline)
  }

  @Test func aSlowCallSendsCallsToTheirOwnThreadsForGood() {
    let routing = CallRouting()
    for _ in 0..<CallRouting.probation { routing.record(seconds: 0.0001) }
    #expect(routing.callsInline)
    routing.record(seconds: CallRouting.promptLimit)
    #expect(!routing.callsInline)
    for _ in 0..<CallRouting.probation * 2 { routing.record(seconds: 0.0001) }
    #expect(!routing.callsInline)
  }

  @Test func aSlowCallDuringTheProbationEndsIt() {
    let routing = CallRouting()
    routing.record(seconds: 1)
    for _ in 0..<CallRouting.probation { routing.record(seconds: 0.0001) }
    #expect(!routing.callsInline)
  }
}
