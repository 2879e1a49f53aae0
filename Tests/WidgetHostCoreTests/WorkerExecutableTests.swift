import Foundation
import Glibc
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetBundleRuntime
@testable import WidgetHostCore

/// The `widget-worker` executable (docs/isolation.md): its command line, what it loads, and
/// what the host says when it is missing.
@Suite struct WorkerExecutableTests {
  @Test func argumentsAreTheDescriptorAndAnOptionalMemoryLimit() {
    #expect(
      WorkerArguments.parse(["--fd", "3"]) == .success(WorkerArguments(descriptor: 3)))
    #expect(
      WorkerArguments.parse(["--fd=7", "--memory-limit", "1073741824"])
        == .success(WorkerArguments(descriptor: 7, memoryLimit: 1 << 30)))
    let refused: [([String], String)] = [
      ([], "--fd is required"),
      (["--fd", "1"], "--fd must be a descriptor above 2, got '1'"),
      (["--fd", "x"], "--fd must be a descriptor above 2, got 'x'"),
      (["--fd"], "--fd needs a value"),
      (["--fd", "3", "--fd", "4"], "--fd is given twice"),
      (["--fd", "3", "--memory-limit", "-5"], "--memory-limit must be a positive number"),
      (["worker", "--fd", "3"], "unknown argument 'worker'"),
    ]
    for (arguments, message) in refused {
      guard case .failure(let problem) = WorkerArguments.parse(arguments) else {
        Issue.record("accepted \(arguments)")
        continue
      }
      #expect(problem.message.hasPrefix(message), "\(arguments): \(problem.message)")
      #expect(problem.message.contains("run by widget-host"), "\(problem.message)")
    }
  }

  @Test func theDefaultWorkerIsNextToThisExecutable() {
    let folder = URL(fileURLWithPath: WorkerLoader.currentExecutable()).deletingLastPathComponent()
    #expect(WorkerLoader.defaultExecutable() == folder.appendingPathComponent("widget-worker").path)
    #expect(WorkerLoader().executable == WorkerLoader.defaultExecutable())
  }

  @Test func aMissingWorkerIsAnErrorNamingThePathLookedAt() async throws {
    let library = try TestSupport.compileSharedLibrary(LoadingTests.fixture)
    let missing = TestSupport.temporaryDirectory("no-worker").appendingPathComponent(
      "widget-worker"
    ).path
    var loader = WorkerTests.loader()
    loader.executable = missing
    do {
      _ = try await loader.load(try BundleSource.open(library.path), services: RecordingServices())
      Issue.record("loaded without a worker")
    } catch {
      guard case .workerFailed(let path, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == library.path)
      #expect(reason.contains("\(missing) does not exist"), "\(reason)")
      #expect(reason.contains("widget-worker"), "\(reason)")
    }
  }

  /// The point of the executable: a worker running a C bundle maps no shared Swift library (it
  /// carries its runtime, FoundationEssentials and C++ library; a Swift bundle brings its
  /// runtime and Foundation itself when it is loaded).
  @Test func aWorkerRunningACBundleMapsNoSharedSwiftLibrary() async throws {
    let library = try TestSupport.compileSharedLibrary(LoadingTests.fixture)
    let connection = try await WorkerTests.loader().load(
      try BundleSource.open(library.path), services: RecordingServices())
    let maps = Self.childrenMaps().first { $0.contains(library.path) }
    await connection.close()
    let mapped = try #require(maps, "no child process maps \(library.path)")
    // The check reads the worker's maps: its executable and the C library are there.
    #expect(mapped.contains("/widget-worker"))
    #expect(mapped.contains("/libc.so"))
    for library in [
      "/libswiftCore.so", "/libswift_Concurrency.so", "/libdispatch.so",
      "/libFoundationEssentials.so", "/libFoundation.so", "/libFoundationInternationalization.so",
      "/lib_FoundationICU.so", "/libstdc++.so",
    ] {
      #expect(!mapped.contains(library), "the worker maps \(library)")
    }
  }

  @Test func aHostThatClosesItsSocketWithRepliesUnreadEndsTheWorkerQuietly() async throws {
    // A host that exits at once (its output closed under it) leaves the worker's frames unread:
    // the worker's next read is a reset, not the end of the stream. It is the host going away
    // all the same, and not an error to print on the terminal the host has left.
    let library = try TestSupport.compileSharedLibrary(LoadingTests.fixture)
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    let worker = Process()
    worker.executableURL = URL(fileURLWithPath: "/bin/sh")
    worker.arguments = [
      "-c", "exec \"$0\" --fd 3 3<&0 </dev/null", TestSupport.product("widget-worker").path,
    ]
    worker.standardInput = FileHandle(fileDescriptor: pair[1], closeOnDealloc: false)
    let errors = Pipe()
    worker.standardError = errors
    try worker.run()
    close(pair[1])
    let host = FrameChannel(descriptor: pair[0])
    var load = WorkerFrame(.load)
    load.path = library.path
    load.realClock = true
    try host.send(load)
    let loaded = try host.receive()
    #expect(loaded?.type == .loaded)
    var call = WorkerFrame(.call, id: 1)
    call.method = ProviderMethod.timeline.rawValue
    call.kind = "Good"
    call.contextJSON = try ProviderContext(family: .systemSmall).jsonBytes()
    try host.send(call)
    // The reply is there, unread, when the host's end is closed (bounded wait).
    var reply = pollfd(fd: pair[0], events: Int16(POLLIN), revents: 0)
    #expect(poll(&reply, 1, 10_000) == 1)
    close(pair[0])
    let said = String(
      decoding: try errors.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
    worker.waitUntilExit()
    #expect(said.isEmpty, "\(said)")
    #expect(worker.terminationStatus == 0)
  }

  /// The memory maps of this process's children.
  static func childrenMaps() -> [String] {
    func read(_ path: String) -> String { TestSupport.contents(ofProcFile: path) ?? "" }
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    let children = tasks.flatMap {
      read("/proc/self/task/\($0)/children").split(separator: " ").map(String.init)
    }
    return children.map { read("/proc/\($0)/maps") }
  }
}
