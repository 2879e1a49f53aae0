import Foundation
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetBundleRuntime
@testable import WidgetHostCore

/// The descriptions a worker loader remembers (docs/isolation.md, *Start-up*): what makes one
/// hold, and the bundles made from one, whose worker starts when asked or at the first call.
@Suite struct DescriptionCacheTests {
  static let fixture = LoadingTests.fixture

  static let description = BundleDescription(
    name: "Fixture", kinds: [KindManifest(kind: "Good", families: [.systemSmall])])

  /// A file at `path` holding `text`.
  static func file(_ path: URL, _ text: String) throws -> String {
    try Data(text.utf8).write(to: path)
    return path.path
  }

  static func key(library: String, worker: String, locale: String = "en-US")
    -> DescriptionCache.Key?
  {
    DescriptionCache.Key(library: library, describer: worker, locale: locale)
  }

  /// A worker loader that remembers descriptions in a folder of its own.
  static func loader() -> (WorkerLoader, DescriptionCache) {
    var loader = WorkerTests.loader()
    let cache = DescriptionCache(
      inStateDirectory: TestSupport.temporaryDirectory("descriptions").path)
    loader.descriptions = cache
    return (loader, cache)
  }

  @Test func aDescriptionHoldsWhileTheLibraryTheWorkerAndTheLocaleAreUnchanged() throws {
    let folder = TestSupport.temporaryDirectory("description-files")
    let library = try Self.file(folder.appendingPathComponent("libA.so"), "library")
    let worker = try Self.file(folder.appendingPathComponent("widget-worker"), "worker")
    let path = folder.appendingPathComponent("descriptions").path
    let key = try #require(Self.key(library: library, worker: worker))
    DescriptionCache(path: path).remember(Self.description, for: key)
    // Another host reads it from the file.
    let cache = DescriptionCache(path: path)
    #expect(cache.description(for: key) == Self.description)
    #expect(
      cache.description(for: Self.key(library: library, worker: worker, locale: "de")!) == nil)
    // A rebuilt library, or another worker executable, is a miss.
    _ = try Self.file(folder.appendingPathComponent("libA.so"), "library, rebuilt")
    #expect(cache.description(for: Self.key(library: library, worker: worker)!) == nil)
    _ = try Self.file(folder.appendingPathComponent("widget-worker"), "worker, rebuilt")
    let rebuilt = try #require(Self.key(library: library, worker: worker))
    #expect(cache.description(for: rebuilt) == nil)
    #expect(rebuilt.library != key.library && rebuilt.describer != key.describer)
    // A file that does not exist has no fingerprint.
    #expect(Self.key(library: folder.appendingPathComponent("none").path, worker: worker) == nil)
  }

  @Test func aDescriptionSurvivesTheFileWhole() throws {
    let folder = TestSupport.temporaryDirectory("description-files")
    let library = try Self.file(folder.appendingPathComponent("libA.so"), "library")
    let worker = try Self.file(folder.appendingPathComponent("widget-worker"), "worker")
    let key = try #require(Self.key(library: library, worker: worker))
    let full = BundleDescription(
      id: "com.example.full", name: "Full", version: "2.1", appGroups: ["group.example"],
      kinds: [
        KindManifest(
          kind: "Weather", displayName: "Weather", description: "Today's weather",
          families: [.systemMedium, .accessoryRectangular],
          configuration: .appIntent(
            IntentSchema(
              intent: "Pick",
              parameters: [
                ParameterSchema(
                  name: "city", title: "City", type: .string, default: .string("Oslo")),
                ParameterSchema(
                  name: "unit", type: .enum, cases: [ParameterCase(value: "c", title: "°C")]),
              ])))
      ])
    let path = folder.appendingPathComponent("descriptions").path
    DescriptionCache(path: path).remember(full, for: key)
    #expect(DescriptionCache(path: path).description(for: key) == full)
  }

  @Test func anUnreadableFileIsAMissAndIsWrittenAgain() throws {
    let folder = TestSupport.temporaryDirectory("description-files")
    let library = try Self.file(folder.appendingPathComponent("libA.so"), "library")
    let worker = try Self.file(folder.appendingPathComponent("widget-worker"), "worker")
    let key = try #require(Self.key(library: library, worker: worker))
    let path = try Self.file(folder.appendingPathComponent("descriptions"), "{not json")
    let cache = DescriptionCache(path: path)
    #expect(cache.description(for: key) == nil)
    cache.remember(Self.description, for: key)
    #expect(DescriptionCache(path: path).description(for: key) == Self.description)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.hasPrefix("widget-host descriptions 2\n["), "\(written)")
    // A line that is not a record, or whose description does not read, is a miss; the others
    // still hold.
    let other = try Self.file(folder.appendingPathComponent("libB.so"), "B")
    let otherKey = try #require(Self.key(library: other, worker: worker))
    _ = try Self.file(
      URL(fileURLWithPath: path),
      written + "no tab here\n" + otherKey.text + "\t{\"kinds\":7}\n")
    #expect(DescriptionCache(path: path).description(for: key) == Self.description)
    #expect(DescriptionCache(path: path).description(for: otherKey) == nil)
    // A file of a later version is not read as this one.
    _ = try Self.file(
      URL(fileURLWithPath: path),
      written.replacingOccurrences(of: "descriptions 2", with: "descriptions 3"))
    #expect(DescriptionCache(path: path).description(for: key) == nil)
  }

  @Test func forgettingALibraryKeepsTheOthersAndGoneLibrariesAreDropped() throws {
    let folder = TestSupport.temporaryDirectory("description-files")
    let worker = try Self.file(folder.appendingPathComponent("widget-worker"), "worker")
    let first = try Self.file(folder.appendingPathComponent("libA.so"), "A")
    let second = try Self.file(folder.appendingPathComponent("libB.so"), "B")
    let path = folder.appendingPathComponent("descriptions").path
    let cache = DescriptionCache(path: path)
    cache.remember(Self.description, for: Self.key(library: first, worker: worker)!)
    cache.remember(Self.description, for: Self.key(library: second, worker: worker)!)
    cache.forget(library: first)
    let reread = DescriptionCache(path: path)
    #expect(reread.description(for: Self.key(library: first, worker: worker)!) == nil)
    #expect(reread.description(for: Self.key(library: second, worker: worker)!) == Self.description)
    // A library that is gone is dropped when another is remembered.
    let secondKey = try #require(Self.key(library: second, worker: worker))
    try FileManager.default.removeItem(atPath: second)
    cache.remember(Self.description, for: Self.key(library: first, worker: worker)!)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("libA.so") && !text.contains("libB.so"), "\(text)")
    #expect(cache.description(for: secondKey) == nil)
  }

  /// A library described by a worker and by the host in-process has a description from each:
  /// a host run in one mode and then the other finds its own.
  @Test func eachDescriberKeepsItsOwnDescription() throws {
    let folder = TestSupport.temporaryDirectory("description-files")
    let library = try Self.file(folder.appendingPathComponent("libA.so"), "library")
    let worker = try Self.file(folder.appendingPathComponent("widget-worker"), "worker")
    let host = try Self.file(folder.appendingPathComponent("widget-host"), "host")
    var other = Self.description
    other.name = "Described by the host"
    let path = folder.appendingPathComponent("descriptions").path
    let cache = DescriptionCache(path: path)
    cache.remember(Self.description, for: Self.key(library: library, worker: worker)!)
    cache.remember(other, for: Self.key(library: library, worker: host)!)
    let reread = DescriptionCache(path: path)
    #expect(
      reread.description(for: Self.key(library: library, worker: worker)!) == Self.description)
    #expect(reread.description(for: Self.key(library: library, worker: host)!) == other)
    // Described again by the same executable, the library's record is replaced; forgetting the
    // library forgets it for both.
    _ = try Self.file(folder.appendingPathComponent("libA.so"), "library, rebuilt")
    cache.remember(other, for: Self.key(library: library, worker: worker)!)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3, "the header and one line per describer: \(lines)")
    cache.forget(library: library)
    #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 1)
  }

  @Test func aRememberedLibraryStartsItsWorkerWhenCalledOrAsked() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let source = try BundleSource.open(library.path)
    let (loader, cache) = Self.loader()
    let services = RecordingServices()
    // The first load starts a worker and remembers what it described.
    let first = try #require(
      try await loader.load(source, services: services) as? WorkerBundle)
    #expect(first.currentWorker != nil)
    let key = try #require(loader.descriptionKey(source, services))
    #expect(cache.description(for: key) == first.description)
    await first.close()

    // The next has the same description and no worker until its first call.
    let second = try #require(
      try await loader.load(source, services: services) as? WorkerBundle)
    #expect(second.description == first.description)
    #expect(second.currentWorker == nil)
    let context = ProviderContext(family: .systemSmall)
    let reply = try await second.call(.timeline, kind: "Good", context: context)
    #expect(try WidgetJSON.decode(Timeline.self, from: reply).entries.count == 3)
    #expect(second.currentWorker != nil)
    await second.close()

    // Or until `start`, which returns at once.
    let third = try #require(try await loader.load(source, services: services) as? WorkerBundle)
    third.start()
    // Generous: the worker starts from a task, which in a full suite on two cores can wait
    // seconds for a thread that blocking end-to-end tests hold; the wait ends when it starts.
    #expect(try await TestSupport.eventually(within: 60) { third.currentWorker != nil })
    await third.close()
    #expect(services.logs.withLock { $0.isEmpty })
  }

  @Test func aRememberedLibraryThatNoLongerLoadsCrashesAndIsForgotten() async throws {
    // The library's file is unchanged, but its entry point refuses to load now.
    let library = try TestSupport.compileSharedLibrary(Self.fixture, defines: ["FIXTURE_REFUSE"])
    let source = try BundleSource.open(library.path)
    let (loader, cache) = Self.loader()
    let services = WorkerTests.IncidentServices()
    let key = try #require(loader.descriptionKey(source, services))
    cache.remember(Self.description, for: key)
    let connection = try await loader.load(source, services: services)
    #expect(connection.description == Self.description)
    do {
      _ = try await connection.call(
        .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
      Issue.record("a call of a bundle whose worker cannot load it succeeded")
    } catch {
      guard case .unavailable(let why) = error else {
        Issue.record("expected unavailable, got \(error)")
        return
      }
      #expect(why.contains("it failed to load"), "\(why)")
    }
    let incidents = services.incidents.withLock { $0 }
    #expect(incidents.map(\.code) == ["bundle-crashed"])
    #expect(incidents.first?.message.contains("it failed to load") == true)
    #expect(cache.description(for: key) == nil)
    #expect(DescriptionCache(path: cache.path).description(for: key) == nil)
    await connection.close()
  }

  @Test func aLibraryThatDescribesItselfOtherwiseIsForgottenWithAWarning() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let source = try BundleSource.open(library.path)
    let (loader, cache) = Self.loader()
    let services = RecordingServices()
    let key = try #require(loader.descriptionKey(source, services))
    cache.remember(Self.description, for: key)
    let connection = try await loader.load(source, services: services)
    // The host goes by the description it was given until it starts again.
    #expect(connection.description == Self.description)
    let reply = try await connection.call(
      .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
    #expect(!reply.isEmpty)
    let warnings = services.logs.withLock { $0.filter { $0.level == .warning } }
    #expect(warnings.map(\.message).contains { $0.contains("describes itself differently") })
    #expect(cache.description(for: key) == nil)
    await connection.close()
  }

  @Test func aRememberedBareLibraryHasItsAppGroupsLinkedBeforeItsWorkerStarts() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let source = try BundleSource.open(library.path)
    let (loader, cache) = Self.loader()
    let services = RecordingServices()
    let key = try #require(loader.descriptionKey(source, services))
    var grouped = Self.description
    grouped.appGroups = ["group.example.weather"]
    cache.remember(grouped, for: key)
    let connection = try #require(
      try await loader.load(source, services: services) as? WorkerBundle)
    #expect(connection.currentWorker == nil)
    let link = loader.containers + "/libfixture.so/config/group.example.weather.plist"
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil, "\(link)")
    await connection.close()
  }

  @Test func closingWhileTheWorkerStartsEndsTheStartQuietly() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let source = try BundleSource.open(library.path)
    let (loader, cache) = Self.loader()
    let services = WorkerTests.IncidentServices()
    let key = try #require(loader.descriptionKey(source, services))
    cache.remember(try await Self.describe(source, loader: WorkerTests.loader()), for: key)
    for _ in 0..<5 {
      let connection = try #require(
        try await loader.load(source, services: services) as? WorkerBundle)
      // What `start()` does, keeping the start it begins.
      let start = try #require(connection.startIfDeferred(), "the put-off start began")
      await connection.close()
      await #expect(throws: ProviderError.closed) {
        try await connection.call(
          .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
      }
      // The start has ended, and its worker too, with all it sent read and its exit handled:
      // whatever either would report has been reported.
      let worker = try #require(await start.value, "the start spawned a worker")
      _ = await worker.reportedExit()
    }
    #expect(services.incidents.withLock { $0.isEmpty })
    #expect(services.base.logs.withLock { $0.isEmpty })
  }

  /// What `source`'s library describes itself as, loaded by `loader` (which remembers nothing).
  static func describe(_ source: BundleSource, loader: WorkerLoader) async throws
    -> BundleDescription
  {
    let connection = try await loader.load(source, services: RecordingServices())
    defer { Task { await connection.close() } }
    return connection.description
  }
}
