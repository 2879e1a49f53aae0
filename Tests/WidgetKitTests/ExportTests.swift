import CWidgetABI
import Foundation
import Synchronization
import Testing
import WidgetSchema

@testable import WidgetKit

/// The SDK's C entry point, driven as the host drives it.
@Suite(.serialized) struct ExportTests {
  /// A host table whose log lines and replies land in Swift arrays.
  final class FakeHost: @unchecked Sendable {
    // Unchecked: the table is written once in init; the arrays are behind Mutexes.
    static let logs = Mutex<[String]>([])
    static let replies = Mutex<[(Int32, String)]>([])
    let table: UnsafeMutablePointer<wk_host>

    init(major: UInt32 = UInt32(WK_ABI_VERSION_MAJOR)) {
      table = .allocate(capacity: 1)
      table.initialize(
        to: wk_host(
          struct_size: UInt32(MemoryLayout<wk_host>.size),
          abi_version: wk_version(major: major, minor: 0),
          host_data: nil,
          log: { _, _, message, length in
            let text = String(
              decoding: UnsafeRawBufferPointer(start: message, count: length), as: UTF8.self)
            FakeHost.logs.withLock { $0.append(text) }
          },
          now: { _ in 0 },
          reload_kind: { _, _, _ in 0 },
          reload_all: { _ in 0 },
          resource_path: { _, _ in nil },
          locale: { _, _ in nil },
          get_extension: { _, _ in nil }))
    }

    func call(_ bundle: UnsafePointer<wk_bundle>, method: Int32, kind: String, family: String) {
      var kind = kind
      let context = Data(
        #"{"family":"\#(family)","displaySize":{"width":1,"height":1},"isPreview":false}"#.utf8)
      kind.withUTF8 { kindBytes in
        context.withUnsafeBytes { contextBytes in
          var call = wk_call(
            struct_size: UInt32(MemoryLayout<wk_call>.size),
            abi_version: wk_version(major: 1, minor: 0), method: method,
            kind: UnsafeRawPointer(kindBytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
            kind_len: kindBytes.count,
            context_json: contextBytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            context_len: contextBytes.count, reply_ctx: nil,
            reply: { _, status, data, length in
              let text = String(
                decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
              FakeHost.replies.withLock { $0.append((status, text)) }
            })
          bundle.pointee.call(bundle, &call)
        }
      }
    }
  }

  init() {
    BundleRegistration.register { TestBundle().body._descriptors }
    FakeHost.logs.withLock { $0 = [] }
    FakeHost.replies.withLock { $0 = [] }
  }

  @Test func describesAndAnswersThroughTheCABI() throws {
    let host = FakeHost()
    let bundle = try #require(widgetBundleEntry(host.table))
    #expect(bundle.pointee.abi_version.major == 1)
    #expect(Int(bundle.pointee.struct_size) == MemoryLayout<wk_bundle>.size)
    var json: UnsafePointer<CChar>?
    var length = 0
    #expect(bundle.pointee.describe(bundle, &json, &length) == Int32(WK_STATUS_OK.rawValue))
    let description = try WidgetJSON.decode(
      BundleDescription.self, from: Data(bytes: try #require(json), count: length))
    #expect(description.kinds.map(\.kind) == ["First", "Plain"])

    host.call(bundle, method: 3, kind: "First", family: "systemSmall")
    host.call(bundle, method: 1, kind: "Plain", family: "systemMedium")
    host.call(bundle, method: 3, kind: "Nope", family: "systemSmall")
    host.call(bundle, method: 9, kind: "First", family: "systemSmall")
    host.call(bundle, method: 3, kind: "First", family: "systemHuge")
    let replies = FakeHost.replies.withLock { $0 }
    #expect(replies.count == 5, "exactly one reply per call")
    #expect(replies[0].0 == Int32(WK_STATUS_OK.rawValue))
    let timeline = try WidgetJSON.decode(WidgetSchema.Timeline.self, from: Data(replies[0].1.utf8))
    #expect(timeline.entries.count == 5)
    // The placeholder is redacted, as WidgetKit shows it.
    #expect(
      try WidgetJSON.decode(WidgetSchema.Entry.self, from: Data(replies[1].1.utf8)).view
        == .modified(.text(TextNode(runs: [.verbatim("plain")])), .style(TextStyle(redacted: true)))
    )
    #expect(
      replies[2] == (Int32(WK_STATUS_INVALID.rawValue), "this bundle has no widget kind 'Nope'"))
    #expect(replies[3].0 == Int32(WK_STATUS_UNSUPPORTED.rawValue))
    #expect(replies[4].0 == Int32(WK_STATUS_INVALID.rawValue))
    #expect(replies[4].1.contains("family: unknown value 'systemHuge'"))
    bundle.pointee.destroy(bundle)
  }

  @Test func refusesAnotherMajorVersion() {
    #expect(widgetBundleEntry(FakeHost(major: 2).table) == nil)
  }

  @Test func aCompletionCalledTwiceIsReportedOnce() {
    var replies: [Result<Data, ProviderCallError>] = []
    let once = ReplyOnce({ replies.append($0) }, what: "getTimeline completion")
    once.send(.success(Data("1".utf8)))
    once.send(.success(Data("2".utf8)))
    #expect(replies.count == 1)
  }
}
