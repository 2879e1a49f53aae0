import Foundation
import TestSupport
import Testing
import WidgetSchema

/// `run --watch` with the real binary: a bundle folder rebuilt under a running host is reloaded
/// in place; a broken rebuild is refused and the running version carries on.
@Suite struct HotReloadTests {
  static let fixture = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/WidgetHostCoreTests/Fixtures/hot_reload_bundle.c")

  /// A manifest for the fixture built with kind `kind`, at `version` (and drawing the Live
  /// Activity type `activity`, when given).
  static func manifest(version: String, kind: String = "Hot", activity: String? = nil) -> String {
    let activities = activity.map { #", "activities": [{"attributesType": "\#($0)"}]"# } ?? ""
    return """
      {"id": "dev.test.hot", "version": "\(version)", "abiVersion": "1.3", "library": "libHot.so",
       "kinds": [{"kind": "\(kind)", "displayName": "Hot", "description": "Hot reload fixture.",
                  "families": ["systemSmall"], "configuration": {"type": "static"}}]\(activities)}
      """
  }

  /// The fixture built with `defines`.
  static func build(_ defines: [String]) throws -> Data {
    let library = try TestSupport.compileSharedLibrary(
      fixture, defines: defines, name: "libHot.so")
    return try Data(contentsOf: library)
  }

  /// Writes `data` to `url` as a build tool would: renamed into place (a new file), or
  /// overwritten in place (the same file, truncated and rewritten, as `cp` does).
  static func write(_ data: Data, to url: URL, inPlace: Bool = false) throws {
    if inPlace, let handle = FileHandle(forWritingAtPath: url.path) {
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: data)
      try handle.close()
    } else {
      let temporary = url.appendingPathExtension("tmp")
      try data.write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
      }
    }
  }

  static func bundleEvents(_ lines: [String], _ change: BundleEvent.Change) -> [BundleEvent] {
    lines.compactMap { line -> BundleEvent? in
      guard line.contains(#""type":"bundle""#),
        let event = try? WidgetJSON.decode(StreamEvent.self, from: Data(line.utf8)),
        case .bundle(let bundle) = event.payload, bundle.event == change
      else { return nil }
      return bundle
    }
  }

  /// Entry texts shown after the line at `index`.
  static func entryTexts(_ lines: [String], after index: Int) -> [String] {
    lines.dropFirst(index + 1).compactMap { line -> String? in
      guard line.contains(#""type":"entry""#),
        let event = try? WidgetJSON.decode(StreamEvent.self, from: Data(line.utf8)),
        case .entry(let entry) = event.payload, entry.source == .timeline
      else { return nil }
      return entry.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    }
  }

  @Test func aRebuildIsReloadedAndABrokenOneKeepsTheRunningVersion() throws {
    let folder = TestSupport.temporaryDirectory("hot").appendingPathComponent("Hot.widgetbundle")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let manifest = folder.appendingPathComponent("manifest.json")
    let library = folder.appendingPathComponent("libHot.so")
    try Data(Self.manifest(version: "1.0.0").utf8).write(to: manifest)
    try Self.write(try Self.build([]), to: library)

    let process = try LiveProcess(
      Products.widgetHost,
      ["run", folder.path, "--watch", "--format", "json", "--min-reload-interval", "0"],
      environment: IsolationTests.isolatedEnvironment())
    // Stopped and waited for exactly once, whatever happens in between.
    do {
      try Self.exercise(process, folder: folder, manifest: manifest, library: library)
    } catch {
      Issue.record(error)
    }
    process.interrupt()
    #expect(process.wait() == 0, "stderr: \(process.errors)")
    let events = try StreamChecks.events(process.output)
    #expect(
      !events.contains {
        if case .error(let problem) = $0.payload { problem.code == "bundle-crashed" } else { false }
      }, "no worker crashed")
    #expect(Self.bundleEvents(process.output, .reloaded).count == 1)
  }

  /// The steps of the test above, on the running `process`.
  static func exercise(
    _ process: LiveProcess, folder: URL, manifest: URL, library: URL
  ) throws {
    // Built before anything changes, so each step below is only a file write.
    let second = try Self.build([#"HOT_TEXT="second""#])
    let renamed = try Self.build([#"HOT_TEXT="second""#, #"HOT_KIND="Renamed""#])
    #expect(
      process.waitFor(timeout: 20) { Self.entryTexts($0, after: 0).contains("first") },
      "the first version shows; stderr: \(process.errors)")

    // 1. A new version, written over the library in place (as cp does): reloaded in a fresh
    //    worker, which shows the new text; the old worker, which runs a private copy, is not
    //    disturbed by the overwrite.
    try Data(Self.manifest(version: "1.0.1").utf8).write(to: manifest)
    try Self.write(second, to: library, inPlace: true)
    let reloaded = process.waitFor(timeout: 20) { lines in
      guard let index = lines.firstIndex(where: { $0.contains(#""event":"reloaded""#) }) else {
        return false
      }
      return Self.entryTexts(lines, after: index).contains("second")
    }
    #expect(reloaded, "\(process.output.joined(separator: "\n"))\nstderr: \(process.errors)")
    let event = try #require(Self.bundleEvents(process.output, .reloaded).first)
    #expect(event.previousVersion == "1.0.0" && event.version == "1.0.1", "\(event)")
    #expect(process.output.contains { $0.contains(#""reason":"bundle-updated""#) })
    #expect(
      process.errors.contains("widget-host: reloaded \(folder.path) (dev.test.hot 1.0.0 → 1.0.1)"))

    // 2. A library that does not load: refused, and the running version keeps showing entries.
    try Self.write(Data("not a library".utf8), to: library)
    let refused = process.waitFor(timeout: 20) { lines in
      guard let index = lines.firstIndex(where: { $0.contains(#""event":"reload-failed""#) })
      else { return false }
      return Self.entryTexts(lines, after: index).contains("second")
    }
    #expect(refused, "\(process.output.joined(separator: "\n"))\nstderr: \(process.errors)")
    let failure = try #require(Self.bundleEvents(process.output, .reloadFailed).first)
    #expect(failure.reason?.contains("cannot load the library") == true, "\(failure)")
    #expect(failure.version == "1.0.1", "the version still running")
    #expect(process.errors.contains("the rebuilt bundle was not loaded, 1.0.1 keeps running"))

    // 3. A version whose kind is gone (library and manifest agree): refused too.
    try Data(Self.manifest(version: "1.0.2", kind: "Renamed").utf8).write(to: manifest)
    try Self.write(renamed, to: library)
    #expect(
      process.waitFor(timeout: 20) { Self.bundleEvents($0, .reloadFailed).count >= 2 },
      "\(process.output.joined(separator: "\n"))")
    let gone = try #require(Self.bundleEvents(process.output, .reloadFailed).last)
    #expect(
      gone.reason?.contains("kind 'Hot', shown as Hot/systemSmall, is gone") == true, "\(gone)")

    // 4. A manifest that does not decode: refused, naming the file.
    try Data("{".utf8).write(to: manifest)
    #expect(
      process.waitFor(timeout: 20) { Self.bundleEvents($0, .reloadFailed).count >= 3 },
      "\(process.output.joined(separator: "\n"))")
    let bad = try #require(Self.bundleEvents(process.output, .reloadFailed).last)
    #expect(bad.reason?.contains("manifest.json") == true, "\(bad)")

    // The old version still serves timelines after all that.
    let lastFailure = try #require(
      process.output.lastIndex { $0.contains(#""event":"reload-failed""#) })
    #expect(
      process.waitFor(timeout: 20) { Self.entryTexts($0, after: lastFailure).contains("second") })
  }

  /// A rebuilt bundle that draws a new Live Activity type: apps can start one at once, without
  /// a restart.
  @Test func aRebuildsNewActivityTypeCanBeStarted() throws {
    let folder = TestSupport.temporaryDirectory("hot-activity").appendingPathComponent(
      "Hot.widgetbundle")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let manifest = folder.appendingPathComponent("manifest.json")
    let library = folder.appendingPathComponent("libHot.so")
    try Data(Self.manifest(version: "1.0.0").utf8).write(to: manifest)
    try Self.write(try Self.build([]), to: library)
    let drawing = try Self.build([#"HOT_TEXT="on its way""#, #"HOT_ACTIVITY="Parcel""#])

    let environment = LiveActivityTests.environment()
    let process = try LiveProcess(
      Products.widgetHost,
      [
        "run", folder.path, "--watch", "--format", "json", "--sink", "socket",
        "--min-reload-interval", "0",
      ],
      environment: environment)
    defer {
      process.interrupt()
      _ = process.wait()
    }
    #expect(
      process.waitFor(timeout: 20) { Self.entryTexts($0, after: 0).contains("first") },
      "stderr: \(process.errors)")
    let start = ["activity", "start", "Parcel", "--state", #"{"step":1}"#]
    let before = try Products.run(start, environment: environment)
    #expect(before.status == 1)
    #expect(
      before.errors.contains("no bundle draws activities of type 'Parcel' (types: none)"),
      "\(before.errors)")

    try Data(Self.manifest(version: "1.1.0", activity: "Parcel").utf8).write(to: manifest)
    try Self.write(drawing, to: library)
    #expect(
      process.waitFor(timeout: 20) { Self.bundleEvents($0, .reloaded).count == 1 },
      "\(process.output.joined(separator: "\n"))\nstderr: \(process.errors)")
    let after = try Products.run(start, environment: environment)
    #expect(after.status == 0, "\(after.errors)")
    #expect(
      process.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains(#""type":"activity""#) && $0.contains("on its way") }
      }, "\(process.output.suffix(5))")
  }

  @Test func watchNeedsWorkersAndARunThatLasts() throws {
    let inProcess = try Products.run(
      ["run", Products.systemStatus, "--watch", "--in-process"], mode: .worker)
    #expect(inProcess.status == 2)
    #expect(
      inProcess.errors.contains("--watch loads each new version in a fresh worker process"),
      "\(inProcess.errors)")
    let once = try Products.runInWorkers(["run", Products.systemStatus, "--watch", "--once"])
    #expect(once.status == 2)
    #expect(once.errors.contains("--watch runs until stopped; drop --once"), "\(once.errors)")
  }
}
