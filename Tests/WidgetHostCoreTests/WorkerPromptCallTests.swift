import CGlibcShims
import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetBundleRuntime
@testable import WidgetHostCore

/// Prompt calls in worker mode (docs/isolation.md, "Prompt calls"): once a worker's calls have
/// returned promptly, the calling thread sends each call and reads its reply itself on the
/// worker's reply socket; deadlines, crashes, closing and the frames the worker sent before the
/// reply behave as for calls whose replies the reader thread delivers.
@Suite struct WorkerPromptCallTests {
  static let context = ProviderContext(family: .systemSmall)

  /// A worker-mode connection to the fixture bundle whose calls have passed the probation.
  static func promptConnection(
    services: any BundleServices
  ) async throws -> WorkerBundle {
    let library = try TestSupport.compileSharedLibrary(WorkerTests.fixture)
    let connection = try await WorkerTests.loader().load(
      try BundleSource.open(library.path), services: services)
    let bundle = try #require(connection as? WorkerBundle)
    #expect(!bundle.callsPromptly)
    // Calls in a row answered within the limit; on a loaded machine some are not (bounded).
    for _ in 0..<1000 where !bundle.callsPromptly {
      _ = try await bundle.call(.timeline, kind: "Good", context: context)
    }
    #expect(bundle.callsPromptly)
    return bundle
  }

  /// Makes calls until one was a prompt call: then every frame the worker sent before has been
  /// handled (a prompt call's reply waits for them), so the reader's count is settled.
  static func settle(_ bundle: WorkerBundle) async throws {
    for _ in 0..<1000 {
      let prompt = bundle.callsPromptly
      _ = try await bundle.call(.timeline, kind: "Good", context: context)
      if prompt { return }
    }
    Issue.record("no prompt call")
  }

  /// Both ends of a socketpair: the host's end as a ``PromptReplies``, and the worker's.
  static func replySocket() -> (PromptReplies, FrameChannel) {
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    return (PromptReplies(descriptor: pair[0]), FrameChannel(descriptor: pair[1]))
  }

  @Test func theWorkerTakesItsReplySocketOnItsCommandLine() {
    #expect(
      WorkerArguments.parse(["--fd", "3", "--reply-fd", "4"])
        == .success(WorkerArguments(descriptor: 3, replyDescriptor: 4)))
    #expect(WorkerArguments.parse(["--fd=3"]) == .success(WorkerArguments(descriptor: 3)))
    for (arguments, message) in [
      (
        ["--fd", "3", "--reply-fd", "3"], "--reply-fd must be a descriptor above 2 other than --fd"
      ),
      (
        ["--fd", "3", "--reply-fd", "2"], "--reply-fd must be a descriptor above 2 other than --fd"
      ),
      (["--fd", "3", "--reply-fd"], "--reply-fd needs a value"),
    ] {
      guard case .failure(let problem) = WorkerArguments.parse(arguments) else {
        Issue.record("\(arguments) parsed")
        continue
      }
      #expect(problem.message.hasPrefix(message), "\(problem.message)")
    }
  }

  @Test func theReplySocketDropsOtherCallsRepliesAndWaitsForLateOnes() async throws {
    let (replies, worker) = Self.replySocket()
    defer { close(worker.descriptor) }
    // The late reply of an abandoned call is dropped; the awaited one is returned.
    var stale = WorkerFrame(.reply, id: 1)
    stale.payload = Data("stale".utf8)
    var awaited = WorkerFrame(.reply, id: 2)
    awaited.payload = Data("fresh".utf8)
    try worker.send(stale)
    try worker.send(awaited)
    guard case .reply(let frame) = replies.receiveReply(PromptReplies.Call(id: 2)) else {
      Issue.record("no reply")
      return
    }
    #expect(frame.payload == Data("fresh".utf8))

    // Nothing within the prompt limit: late, and then awaited on a thread of its own.
    let start = ContinuousClock.now
    let late = PromptReplies.Call(id: 3)
    guard case .late = replies.receiveReply(late) else {
      Issue.record("not late")
      return
    }
    #expect(ContinuousClock.now - start >= .milliseconds(15))
    var reply = WorkerFrame(.reply, id: 3)
    reply.payload = Data("late".utf8)
    async let outcome = replies.awaitLateReply(late)
    // Mostly while the thread waits; the outcome is the same if it has not started yet.
    try await Task.sleep(for: .milliseconds(50))
    try worker.send(reply)
    guard case .reply(let lateFrame) = await outcome else {
      Issue.record("the late reply was not returned")
      return
    }
    #expect(lateFrame.payload == Data("late".utf8))
  }

  @Test func aLateReplysWaitEndsWhenTheCallIsCancelledOrTheSocketEnds() async throws {
    let (replies, worker) = Self.replySocket()
    let cancelled = PromptReplies.Call(id: 1)
    async let outcome = replies.awaitLateReply(cancelled)
    // Mostly while the thread waits (the outcomes are the same if it has not started yet).
    try await Task.sleep(for: .milliseconds(50))
    replies.interrupt(cancelled)
    guard case .cancelled = await outcome else {
      Issue.record("not cancelled")
      return
    }
    // An interruption left over from a call that had ended wakes the next wait for nothing.
    let next = PromptReplies.Call(id: 2)
    async let ended = replies.awaitLateReply(next)
    try await Task.sleep(for: .milliseconds(50))
    replies.interrupt(PromptReplies.Call(id: 99))
    try await Task.sleep(for: .milliseconds(50))
    close(worker.descriptor)
    guard case .ended(nil) = await ended else {
      Issue.record("the end of the socket was not seen")
      return
    }
  }

  @Test func malformedBytesOnTheReplySocketEndIt() throws {
    let (replies, worker) = Self.replySocket()
    defer { close(worker.descriptor) }
    let garbage: [UInt8] = [0, 0, 0, 2, 0x7b, 0x7b]
    #expect(write(worker.descriptor, garbage, garbage.count) == garbage.count)
    guard case .ended(.some(.malformed)) = replies.receiveReply(PromptReplies.Call(id: 1)) else {
      Issue.record("a malformed frame was not an error")
      return
    }
  }

  @Test func afterTheProbationRepliesComeOnTheReplySocket() async throws {
    let bundle = try await Self.promptConnection(services: RecordingServices())
    #expect(bundle.callsPromptly)
    let worker = try #require(bundle.currentWorker)
    try await Self.settle(bundle)
    let handled = worker.framesHandled
    // A call answered late on a loaded machine sends the next ones to the main socket (until
    // 16 in a row are prompt again): count them, and go on past 20 calls until one was prompt
    // (bounded).
    var calls: UInt64 = 0
    var queued: UInt64 = 0
    while calls < 20 || (queued == calls && calls < 1000) {
      if !bundle.callsPromptly { queued += 1 }
      calls += 1
      let reply = try await bundle.call(.timeline, kind: "Good", context: Self.context)
      #expect(try WidgetJSON.decode(Timeline.self, from: reply).entries.count == 3)
    }
    // The fixture asks the host's (virtual) clock on the main socket: one `now` frame per call,
    // and a reply there only for the calls that were not prompt.
    #expect(queued < calls)
    // The reader counts a reply on the main socket after it resumed the call (bounded wait).
    _ = try await TestSupport.eventually(within: 5, every: .milliseconds(1)) {
      worker.framesHandled - handled >= calls + queued
    }
    #expect(worker.framesHandled - handled == calls + queued)
    // Errors of the bundle come back the same way.
    try await Self.settle(bundle)
    for _ in 0..<1000 where !bundle.callsPromptly {
      try await Self.settle(bundle)
    }
    let before = worker.framesHandled
    await #expect(throws: ProviderError.failed("backend unreachable")) {
      try await bundle.call(.timeline, kind: "Fail", context: Self.context)
    }
    #expect(worker.framesHandled - before == 1, "only the clock's frame")
    await bundle.close()
  }

  /// The `Cpus_allowed_list` of a `/proc/…/status` file ("0-1", "3").
  static func allowedCPUs(_ statusPath: String) -> String? {
    guard let text = TestSupport.contents(ofProcFile: statusPath) else { return nil }
    let line = text.split(separator: "\n")
      .first { $0.hasPrefix("Cpus_allowed_list:") }
    return line.map {
      $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func aPromptCallsWorkerThreadRunsOnTheCallersCPUUntilCallsAreSlow() async throws {
    let hostCPUs = try #require(Self.allowedCPUs("/proc/self/status"))
    let bundle = try await Self.promptConnection(services: RecordingServices())
    let worker = try #require(bundle.currentWorker)
    try await Self.settle(bundle)
    // The thread that reads the calls, not the worker's main thread.
    let thread = try #require(worker.callThreadID)
    #expect(thread != worker.pid)
    let threadStatus = "/proc/\(worker.pid)/task/\(thread)/status"
    guard hostCPUs.contains(where: { $0 == "-" || $0 == "," }) else {
      // A host that may run on one CPU pins nothing.
      #expect(worker.callThreadCPU == nil)
      #expect(Self.allowedCPUs(threadStatus) == hostCPUs)
      await bundle.close()
      return
    }
    let cpu = try #require(worker.callThreadCPU, "pinned by the prompt call")
    #expect(Self.allowedCPUs(threadStatus) == "\(cpu)")
    // A call slower than the prompt limit: the calls go by the main socket, and the thread may
    // run on every CPU the host may use again.
    _ = try await bundle.call(.timeline, kind: "Later", context: Self.context)
    #expect(!bundle.callsPromptly)
    _ = try await bundle.call(.timeline, kind: "Good", context: Self.context)
    #expect(worker.callThreadCPU == nil)
    #expect(Self.allowedCPUs(threadStatus) == hostCPUs)
    await bundle.close()
  }

  @Test func onlyAThreadOfTheWorkerProcessIsKeptOnACPU() {
    // A `loaded` frame names the worker's socket thread; one of another process (a bundle's
    // own frame naming a thread of the host) or none is not taken.
    #expect(WorkerCallThread(reported: Int32(getpid()), of: getpid())?.id == Int32(getpid()))
    #expect(WorkerCallThread(reported: wh_thread_id(), of: 1) == nil)
    #expect(WorkerCallThread(reported: nil, of: getpid()) == nil)
    #expect(WorkerCallThread(reported: -1, of: getpid()) == nil)
  }

  @Test func whatTheBundleSentBeforeItsReplyIsHandledFirst() async throws {
    let services = RecordingServices()
    let bundle = try await Self.promptConnection(services: services)
    var prompt = 0
    for count in 1...30 {
      if bundle.callsPromptly { prompt += 1 }
      _ = try await bundle.call(.timeline, kind: "Reloader", context: Self.context)
      #expect(services.reloads.withLock { $0.count } == count)
    }
    #expect(prompt > 0)
    await bundle.close()
  }

  @Test func aPromptCallPastItsDeadlineIsAbandonedAndCallsGoByTheMainSocketAfter() async throws {
    let bundle = try await Self.promptConnection(services: RecordingServices())
    let start = ContinuousClock.now
    let result = await CallDeadlines.shared.race(seconds: 0.3) { () async -> Bool in
      (try? await bundle.call(.timeline, kind: "Never", context: Self.context)) != nil
    }
    #expect(result == nil, "the deadline passed first")
    // The call itself never ends: the race ended with the deadline (on a loaded machine the
    // deadline's task may wait seconds for a thread).
    #expect(ContinuousClock.now - start < .seconds(60))
    #expect(!bundle.callsPromptly)
    // A reply that takes 20 ms (from another thread) and a prompt one, by the main socket now.
    let later = try await bundle.call(.timeline, kind: "Later", context: Self.context)
    #expect(try WidgetJSON.decode(Timeline.self, from: later).entries.count == 3)
    _ = try await bundle.call(.timeline, kind: "Good", context: Self.context)
    #expect(!bundle.callsPromptly)
    await bundle.close()
  }

  @Test func aReplyThatTakesLongerThanThePromptLimitStillArrives() async throws {
    let bundle = try await Self.promptConnection(services: RecordingServices())
    let reply = try await bundle.call(.timeline, kind: "Later", context: Self.context)
    #expect(try WidgetJSON.decode(Timeline.self, from: reply).entries.count == 3)
    #expect(!bundle.callsPromptly, "a slow call sends the next calls to the main socket")
    await bundle.close()
  }

  @Test func aWorkerThatCrashesDuringAPromptCallFailsItAsACrash() async throws {
    let services = WorkerTests.IncidentServices()
    let bundle = try await Self.promptConnection(services: services)
    await #expect(throws: ProviderError.crashed("killed by SIGSEGV")) {
      try await bundle.call(.timeline, kind: "Segv", context: Self.context)
    }
    // The crash was reported before the call failed.
    #expect(services.incidents.withLock { $0.map(\.code) } == ["bundle-crashed"])
    await bundle.close()
  }

  @Test func closingTheBundleEndsAPromptCallWaitingForItsReply() async throws {
    let bundle = try await Self.promptConnection(services: RecordingServices())
    let worker = try #require(bundle.currentWorker)
    let call = Task { () async throws(ProviderError) -> Data in
      try await bundle.call(.timeline, kind: "Never", context: Self.context)
    }
    // Closed while the call has the reply socket (bounded: a loaded machine is slow).
    #expect(try await TestSupport.eventually(within: 60) { worker.prompt.inUse })
    await bundle.close()
    await #expect(throws: ProviderError.closed) { try await call.value }
  }
}

/// Why the host's reader thread waits for the main socket with `poll`: a thread asleep in `read`
/// on a Unix socket is woken whenever the peer takes bytes that its end wrote.
@Suite struct FrameChannelWakeUpTests {
  /// Voluntary context switches of thread `tid` of this process.
  static func switches(of tid: Int32) -> Int {
    guard let text = TestSupport.contents(ofProcFile: "/proc/self/task/\(tid)/status") else {
      return -1
    }
    let line = text.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    return line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? -1
  }

  /// The wake-ups of a thread waiting in `receive()` on one end of a socketpair while 100
  /// frames written from that end are read at the other.
  static func wakeUps(pollsBeforeReading: Bool) async throws -> Int {
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    let host = FrameChannel(descriptor: pair[0], pollsBeforeReading: pollsBeforeReading)
    let worker = FrameChannel(descriptor: pair[1])
    defer {
      close(pair[0])
      close(pair[1])
    }
    let tid = Atomic<Int32>(0)
    let thread = Thread {
      let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
      tid.store(
        link.flatMap { Int32($0.split(separator: "/").last ?? "") } ?? -1, ordering: .releasing)
      _ = try? host.receive()
    }
    thread.start()
    // Until the thread sleeps in the channel (bounded).
    func asleep() async throws -> Bool {
      try await TestSupport.eventually(within: 2, every: .milliseconds(1)) {
        let id = tid.load(ordering: .acquiring)
        guard id > 0,
          let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8)
        else { return false }
        return stat.split(separator: ")").last?.split(separator: " ").first == "S"
      }
    }
    #expect(try await asleep(), "the reader thread went to sleep")
    let before = switches(of: tid.load(ordering: .acquiring))
    for index in 0..<100 {
      var frame = WorkerFrame(.log)
      frame.message = "\(index)"
      try host.send(frame)
      _ = try worker.receive()
      // One wake-up at most per frame, however busy the machine: let the reader sleep again.
      _ = try await asleep()
    }
    let after = switches(of: tid.load(ordering: .acquiring))
    // End the reader: one frame for it.
    try worker.send(WorkerFrame(.log))
    return after - before
  }

  @Test func aReaderThatPollsIsNotWokenWhenThePeerReadsWhatItsEndWrote() async throws {
    #expect(try await Self.wakeUps(pollsBeforeReading: false) >= 50, "the kernel's behaviour")
    #expect(try await Self.wakeUps(pollsBeforeReading: true) <= 5)
  }
}
