import Foundation
import Testing

@testable import WidgetSchema

/// The worker frames' codec (docs/isolation.md, "Frames"): JSON frames, and the binary `call`
/// and `reply` frames sent on every update. The socket that carries them is the runtime's
/// (WidgetHostCoreTests' `WorkerTests`).
@Suite struct WorkerFrameTests {
  @Test func framesRoundTripAndOversizedFramesAreRefused() throws {
    var frame = WorkerFrame(.reply, id: 7)
    frame.payload = Data("{\"a\":1}".utf8)
    frame.failure = .tooLarge(3)
    let data = try WorkerFrame.encode(frame)
    let length = data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    #expect(length == data.count - 4)
    let decoded = try WorkerFrame.decode(data.dropFirst(4))
    #expect(decoded.id == 7 && decoded.payload == frame.payload && decoded.failure == .tooLarge(3))
    var huge = WorkerFrame(.log)
    huge.message = String(repeating: "x", count: WorkerFrame.maximumBytes)
    #expect(throws: FrameError.self) { try WorkerFrame.encode(huge) }
    // A reply at the limit fits.
    var largest = WorkerFrame(.reply, id: 1)
    largest.payload = Data(count: ReplyLimits.maximumBytes)
    #expect(throws: Never.self) { try WorkerFrame.encode(largest) }
  }

  @Test func aSuccessfulReplyIsABinaryFrameWithThePayloadAsItIs() throws {
    var frame = WorkerFrame(.reply, id: 0x0102_0304_0506_0708)
    let payload = Data("{\"entries\":[],\"policy\":{\"type\":\"never\"}} \u{0}\u{FF}".utf8)
    frame.payload = payload
    let data = try WorkerFrame.encode(frame)
    #expect(
      Array(data.prefix(13)) == [0, 0, 0, UInt8(payload.count + 9), 1, 1, 2, 3, 4, 5, 6, 7, 8])
    #expect(Data(data.dropFirst(13)) == payload)
    let decoded = try WorkerFrame.decode(data.dropFirst(4))
    #expect(decoded.type == .reply && decoded.id == frame.id && decoded.payload == payload)
    #expect(decoded.failure == nil)
    // An empty reply, and a truncated one.
    frame.payload = Data()
    #expect(try WorkerFrame.decode(WorkerFrame.encode(frame).dropFirst(4)).payload == Data())
    #expect(throws: FrameError.self) { try WorkerFrame.decode(Data([1, 0, 0])) }
    // Every other frame is still JSON.
    var log = WorkerFrame(.log)
    log.message = "m"
    #expect(try WorkerFrame.encode(log).dropFirst(4).first == UInt8(ascii: "{"))
  }

  @Test func aCallIsABinaryFrameWithTheContextAsTheBundleGetsIt() throws {
    let context = try ProviderContext(family: .systemSmall).jsonBytes()
    var frame = WorkerFrame(.call, id: 0x0102_0304_0506_0708)
    frame.method = 3  // timeline
    frame.kind = "Kïnd"
    frame.contextJSON = context
    let data = try WorkerFrame.encode(frame)
    let kind = Array("Kïnd".utf8)
    // Marker, id, method, the time (NaN: the real clock), the kind's length.
    #expect(
      Array(data.prefix(29))
        == [0, 0, 0, UInt8(25 + kind.count + context.count), 2, 1, 2, 3, 4, 5, 6, 7, 8]
        + [0, 0, 0, 3, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(kind.count)])
    #expect(Array(data.dropFirst(29).prefix(kind.count)) == kind)
    #expect(Array(data.dropFirst(29 + kind.count)) == context)
    let decoded = try WorkerFrame.decode(data.dropFirst(4))
    #expect(decoded.type == .call && decoded.id == frame.id && decoded.method == 3)
    #expect(decoded.kind == "Kïnd" && decoded.contextJSON == context && decoded.context == nil)
    #expect(decoded.time == nil)
    // A virtual clock's time travels exactly.
    var timed = frame
    timed.time = 1_767_225_600.25
    #expect(
      try WorkerFrame.decode(WorkerFrame.encode(timed).dropFirst(4)).time == 1_767_225_600.25)
    // Truncated, and a kind longer than the frame.
    #expect(throws: FrameError.self) { try WorkerFrame.decode(data.dropFirst(4).prefix(24)) }
    var lying = Array(data.dropFirst(4))
    lying[24] = 0xff
    #expect(throws: FrameError.self) { try WorkerFrame.decode(lying) }
    // A call without the context's bytes is JSON, as before.
    frame.contextJSON = nil
    frame.context = ProviderContext(family: .systemSmall)
    let json = try WorkerFrame.decode(WorkerFrame.encode(frame).dropFirst(4))
    #expect(json.context == frame.context && json.kind == "Kïnd" && json.contextJSON == nil)
  }

  @Test func promptCallsAndTheirRepliesHaveBinaryFramesOfTheirOwn() throws {
    var call = WorkerFrame(.call, id: 9)
    call.method = 3  // timeline
    call.kind = "Good"
    call.contextJSON = Array("{}".utf8)
    call.prompt = true
    let callBytes = try WorkerFrame.encode(call)
    #expect(callBytes[4] == WorkerFrame.binaryPromptCallMarker)
    let decodedCall = try WorkerFrame.decode(callBytes.dropFirst(4))
    #expect(decodedCall.prompt == true && decodedCall.id == 9 && decodedCall.kind == "Good")
    call.prompt = nil
    #expect(try WorkerFrame.encode(call)[4] == WorkerFrame.binaryCallMarker)
    #expect(try WorkerFrame.decode(WorkerFrame.encode(call).dropFirst(4)).prompt == nil)

    var reply = WorkerFrame(.reply, id: 9)
    reply.payload = Data("{\"entries\":[]}".utf8)
    reply.preceding = 0x0102_0304_0506_0708
    let replyBytes = try WorkerFrame.encode(reply)
    #expect(replyBytes[4] == WorkerFrame.binaryPromptReplyMarker)
    #expect(Array(replyBytes[13..<21]) == [1, 2, 3, 4, 5, 6, 7, 8])
    let decodedReply = try WorkerFrame.decode(replyBytes.dropFirst(4))
    #expect(decodedReply.id == 9 && decodedReply.preceding == reply.preceding)
    #expect(decodedReply.payload == reply.payload)
    #expect(throws: FrameError.self) {
      try WorkerFrame.decode(replyBytes.dropFirst(4).prefix(16))
    }

    var failure = WorkerFrame(.reply, id: 10)
    failure.failure = .failed("backend unreachable")
    failure.preceding = 3
    let decodedFailure = try WorkerFrame.decode(WorkerFrame.encode(failure).dropFirst(4))
    #expect(decodedFailure.failure == .failed("backend unreachable"))
    #expect(decodedFailure.preceding == 3)
  }
}
