import CWidgetABI
import Foundation
import Synchronization
import Testing
import WidgetSchema

@testable import WidgetKit

/// A host table with the `wk.widget-center` extension that records what the SDK asks of it.
enum CenterHost {
  static let reloads = Mutex<[String?]>([])
  static let groupQueries = Mutex(0)
  static let groups = "[\"group.dev.test.sdk\"]"

  nonisolated(unsafe) static let center: UnsafeMutablePointer<wk_host_widget_center> = {
    let center = UnsafeMutablePointer<wk_host_widget_center>.allocate(capacity: 1)
    center.initialize(
      to: wk_host_widget_center(
        struct_size: UInt32(MemoryLayout<wk_host_widget_center>.size),
        abi_version: wk_version(
          major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)),
        app_groups: { _, json, length in
          CenterHost.groupQueries.withLock { $0 += 1 }
          json?.pointee = UnsafePointer(CenterHost.groupsText)
          length?.pointee = strlen(CenterHost.groupsText)
        },
        current_configurations: { _, context, reply in
          let json = Data(
            #"{"widgets":[{"instance":"First/systemSmall","kind":"First","family":"systemSmall","configuration":{"n":1}}]}"#
              .utf8)
          json.withUnsafeBytes { bytes in
            reply?(
              context, Int32(WK_STATUS_OK.rawValue),
              bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
          }
        }))
    return center
  }()
  nonisolated(unsafe) static let groupsText: UnsafeMutablePointer<CChar> = strdup(groups)

  nonisolated(unsafe) static let table: UnsafeMutablePointer<wk_host> = {
    let table = UnsafeMutablePointer<wk_host>.allocate(capacity: 1)
    table.initialize(
      to: wk_host(
        struct_size: UInt32(MemoryLayout<wk_host>.size),
        abi_version: wk_version(
          major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)),
        host_data: nil,
        log: { _, _, _, _ in },
        now: { _ in 0 },
        reload_kind: { _, kind, length in
          let name = String(
            decoding: UnsafeRawBufferPointer(start: kind, count: length), as: UTF8.self)
          CenterHost.reloads.withLock { $0.append(name) }
          return Int32(WK_STATUS_OK.rawValue)
        },
        reload_all: { _ in
          CenterHost.reloads.withLock { $0.append(nil) }
          return Int32(WK_STATUS_OK.rawValue)
        },
        resource_path: { _, _ in nil },
        locale: { _, _ in nil },
        get_extension: { _, id in
          guard let id, String(cString: id) == WK_HOST_EXTENSION_WIDGET_CENTER else { return nil }
          return UnsafeRawPointer(CenterHost.center)
        }))
    return table
  }()
}

// In ExportTests, which is serialized: the SDK's loaded bundle is process-wide state.
extension ExportTests {
  @Test func widgetCenterInsideABundleGoesThroughTheHostTable() async throws {
    let bundle = try #require(widgetBundleEntry(CenterHost.table))
    defer { bundle.pointee.destroy(bundle) }

    WidgetCenter.shared.reloadTimelines(ofKind: "First")
    WidgetCenter.shared.reloadAllTimelines()
    #expect(CenterHost.reloads.withLock { $0 } == ["First", nil])

    let widgets = try await WidgetCenter.shared.currentConfigurations()
    #expect(widgets.map(\.kind) == ["First"])
    #expect(widgets.first?.family == .systemSmall)
    #expect(widgets.first?.configurationJSON == #"{"n":1}"#)
    #expect(widgets.first?.instance == "First/systemSmall")

    // Provider calls re-read the declared App Groups; the host is asked for them once.
    let caller = FakeHost()
    caller.call(bundle, method: 3, kind: "First", family: "systemSmall")
    caller.call(bundle, method: 3, kind: "First", family: "systemSmall")
    #expect(CenterHost.groupQueries.withLock { $0 } == 1)
    #expect(FakeHost.replies.withLock { $0.map(\.0) } == [0, 0])
  }
}
