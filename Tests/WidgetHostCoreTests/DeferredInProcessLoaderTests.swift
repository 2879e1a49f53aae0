import Foundation
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetBundleRuntime
@testable import WidgetHostCore

/// In-process loads put off while the library's description is remembered
/// (docs/isolation.md, *Start-up*): the library is loaded at the first call or when the host
/// asks, and one that then fails to load takes no calls and is forgotten.
@Suite struct DeferredInProcessLoaderTests {
  static let fixture = LoadingTests.fixture
  static let context = ProviderContext(family: .systemSmall)

  static func loader() -> DeferredInProcessLoader {
    DeferredInProcessLoader(
      stateDirectory: TestSupport.temporaryDirectory("in-process-descriptions").path)
  }

  @Test func aRememberedLibraryIsLoadedWhenCalledOrAsked() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let source = try BundleSource.open(library.path)
    let loader = Self.loader()
    let services = RecordingServices()
    // The first load loads the library and remembers what it described.
    let first = try await loader.load(source, services: services)
    #expect(first is InProcessBundle)
    let key = try #require(loader.descriptionKey(source, services))
    #expect(loader.descriptions.description(for: key) == first.description)
    await first.close()

    // The next has the same description and loads the library at its first call.
    let second = try #require(
      try await loader.load(source, services: services) as? DeferredInProcessBundle)
    #expect(second.description == first.description)
    #expect(!second.isLoaded)
    let reply = try await second.call(.timeline, kind: "Good", context: Self.context)
    #expect(try WidgetJSON.decode(Timeline.self, from: reply).entries.count == 3)
    #expect(second.isLoaded)
    await second.close()
    await #expect(throws: ProviderError.closed) {
      try await second.call(.timeline, kind: "Good", context: Self.context)
    }

    // Or at `start`, which returns at once.
    let third = try #require(
      try await loader.load(source, services: services) as? DeferredInProcessBundle)
    third.start()
    #expect(try await TestSupport.eventually(within: 2) { third.isLoaded })
    await third.close()
    #expect(services.logs.withLock { $0.isEmpty })
  }

  @Test func aRememberedLibraryThatNoLongerLoadsFailsForTheRunAndIsForgotten() async throws {
    // The library's file is unchanged, but its entry point refuses to load now.
    let library = try TestSupport.compileSharedLibrary(Self.fixture, defines: ["FIXTURE_REFUSE"])
    let source = try BundleSource.open(library.path)
    let loader = Self.loader()
    let services = WorkerTests.IncidentServices()
    let key = try #require(loader.descriptionKey(source, services))
    loader.descriptions.remember(DescriptionCacheTests.description, for: key)
    let connection = try await loader.load(source, services: services)
    #expect(connection.description == DescriptionCacheTests.description)
    for _ in 0..<2 {
      await #expect {
        try await connection.call(.timeline, kind: "Good", context: Self.context)
      } throws: { error in
        guard case .unavailable(let why) = error as? ProviderError else { return false }
        return why.contains("failed to load") && why.contains("wk_bundle_entry returned NULL")
      }
    }
    // Reported once, as a bundle that takes no more calls.
    let incidents = services.incidents.withLock { $0 }
    #expect(incidents.map(\.code) == ["bundle-load-failed"])
    #expect(incidents.first?.failed?.event == .failed)
    #expect(incidents.first?.failed?.kinds == ["Good"])
    #expect(incidents.first?.message.contains("wk_bundle_entry returned NULL") == true)
    #expect(loader.descriptions.description(for: key) == nil)
    #expect(DescriptionCache(path: loader.descriptions.path).description(for: key) == nil)
    await connection.close()
  }

  @Test func aLibraryThatDescribesItselfOtherwiseIsForgottenWithAWarning() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let source = try BundleSource.open(library.path)
    let loader = Self.loader()
    let services = RecordingServices()
    let key = try #require(loader.descriptionKey(source, services))
    loader.descriptions.remember(DescriptionCacheTests.description, for: key)
    let connection = try await loader.load(source, services: services)
    // The host goes by the description it was given until it starts again.
    #expect(connection.description == DescriptionCacheTests.description)
    let reply = try await connection.call(.timeline, kind: "Good", context: Self.context)
    #expect(!reply.isEmpty)
    let warnings = services.logs.withLock { $0.filter { $0.level == .warning } }
    #expect(warnings.map(\.message).contains { $0.contains("describes itself differently") })
    #expect(loader.descriptions.description(for: key) == nil)
    await connection.close()
  }

  @Test func closingWhileTheLibraryLoadsEndsQuietly() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let source = try BundleSource.open(library.path)
    let loader = Self.loader()
    let services = WorkerTests.IncidentServices()
    await (try loader.load(source, services: services)).close()
    for _ in 0..<5 {
      let connection = try #require(
        try await loader.load(source, services: services) as? DeferredInProcessBundle)
      connection.start()
      await connection.close()
      await #expect(throws: ProviderError.closed) {
        try await connection.call(.timeline, kind: "Good", context: Self.context)
      }
    }
    #expect(services.incidents.withLock { $0.isEmpty })
  }
}
