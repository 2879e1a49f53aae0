import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetHostCore

/// Bundles are loaded all at once when the loader allows it (workers), yet results and errors
/// keep the command line's order.
@Suite struct ConcurrentLoadTests {
  /// Counts loads started; each load waits (up to 10 s) until `expected` loads have started and
  /// records whether they had, so loads one after another would each give up waiting.
  /// Libraries whose file name contains `fail` fail; every connection records its closing.
  final class GatedLoader: BundleLoader {
    let expected: Int
    let started = Mutex(0)
    let closed = Mutex<[String]>([])
    /// For each load, whether every load had started before it ended.
    let sawAllStarted = Mutex<[Bool]>([])
    var loadsConcurrently: Bool { true }

    init(expected: Int) { self.expected = expected }

    func load(_ source: BundleSource, services: any BundleServices) async throws(BundleError)
      -> any BundleConnection
    {
      started.withLock { $0 += 1 }
      let deadline = Date().addingTimeInterval(10)
      while started.withLock({ $0 }) < expected && Date() < deadline {
        try? await Task.sleep(for: .milliseconds(5))
      }
      let all = started.withLock { $0 } >= expected
      sawAllStarted.withLock { $0.append(all) }
      let id = source.manifest?.id ?? ""
      if source.libraryPath.contains("fail") {
        throw .libraryLoadFailed(path: source.path, reason: "\(id) refused")
      }
      return GatedConnection(
        description: BundleDescription(kinds: source.manifest?.kinds ?? []),
        onClose: { self.closed.withLock { $0.append(id) } })
    }
  }

  final class GatedConnection: BundleConnection {
    let description: BundleDescription
    let onClose: @Sendable () -> Void

    init(description: BundleDescription, onClose: @escaping @Sendable () -> Void) {
      self.description = description
      self.onClose = onClose
    }

    func call(_ method: ProviderMethod, kind: String, context: ProviderContext)
      async throws(ProviderError) -> Data
    { Data() }

    func close() async { onClose() }
  }

  static func sources(_ ids: [String]) throws -> [BundleSource] {
    let root = TestSupport.temporaryDirectory("concurrent-load")
    return try ids.map { id in
      let folder = root.appendingPathComponent("\(id).widgetbundle")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let manifest = BundleManifest(
        id: id, version: "1", library: "lib\(id).so",
        kinds: [KindManifest(kind: "K\(id)", families: [.systemSmall])])
      try WidgetJSON.encode(manifest).write(to: folder.appendingPathComponent("manifest.json"))
      _ = FileManager.default.createFile(
        atPath: folder.appendingPathComponent("lib\(id).so").path, contents: Data())
      return try BundleSource.open(folder.path)
    }
  }

  static func host(_ loader: GatedLoader) -> WidgetHost {
    WidgetHost(options: HostOptions(bundlePaths: []), loader: loader, sinks: [])
  }

  @Test func bundlesLoadTogetherAndKeepTheirOrder() async throws {
    let ids = ["a", "b", "c", "d", "e"]
    let loader = GatedLoader(expected: ids.count)
    let loaded = try await Self.host(loader).loadAll(try Self.sources(ids))
    #expect(loaded.map(\.1.id) == ids)
    // Together: every load was under way before any of them ended.
    #expect(loader.sawAllStarted.withLock { $0 } == Array(repeating: true, count: ids.count))
  }

  @Test func theFirstFailureInOrderIsThrownAndTheRestClosed() async throws {
    let ids = ["a", "fail1", "c", "fail2", "e"]
    let loader = GatedLoader(expected: ids.count)
    let sources = try Self.sources(ids)
    do throws(HostError) {
      _ = try await Self.host(loader).loadAll(sources)
      Issue.record("loading a failing bundle succeeded")
    } catch {
      guard case .bundle(.libraryLoadFailed(_, let reason)) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(reason == "fail1 refused")
    }
    #expect(loader.closed.withLock { $0.sorted() } == ["a", "c", "e"])
  }
}
