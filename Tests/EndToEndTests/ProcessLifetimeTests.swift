import Foundation
import TestSupport
import Testing

/// Issue #25, findings 5 and 11: no process outlives the host, and a worker's crash is seen even
/// while a process the bundle forked holds the worker's sockets. The bundle is
/// Fixtures/forking_bundle.c, a C fault bundle that forks on its first timeline call.
@Suite(.serialized) struct ProcessLifetimeTests {
  static let library: URL = {
    try! TestSupport.compileSharedLibrary(
      TestSupport.repositoryRoot.appendingPathComponent(
        "Tests/EndToEndTests/Fixtures/forking_bundle.c"), name: "libforker.so")
  }()

  /// An environment for the bundle: what it does after the fork, and where it writes the pids.
  static func environment(mode: String, exec: Bool = false) -> ([String: String], String) {
    var environment = Products.environment
    let file = TestSupport.temporaryDirectory("fork").appendingPathComponent("pids").path
    environment["FORK_MODE"] = mode
    environment["FORK_PID_FILE"] = file
    if exec { environment["FORK_EXEC"] = "1" }
    return (environment, file)
  }

  /// The child's and the worker's pids, once the bundle has written them.
  static func pids(_ file: String, timeout: Double = 30) -> (child: pid_t, worker: pid_t)? {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      if let text = try? String(contentsOfFile: file, encoding: .utf8) {
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        if numbers.count == 2 { return (numbers[0], numbers[1]) }
      }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return nil
  }

  /// What each open descriptor of `pid` is (`/proc/PID/fd/N`'s link).
  static func descriptors(of pid: pid_t) -> [String: String] {
    let folder = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var targets: [String: String] = [:]
    for name in names {
      targets[name] = try? FileManager.default.destinationOfSymbolicLink(
        atPath: folder + "/" + name)
    }
    return targets
  }

  /// Whether `pid` runs (exists and is not a zombie).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: close)...].hasPrefix(" Z")
  }

  /// Whether every one of `pids` has ended within `timeout` seconds.
  static func allEnd(_ pids: [pid_t], within timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if !pids.contains(where: isAlive) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  @Test func aWorkerCrashIsSeenWhileItsForkedChildHoldsTheSockets() throws {
    let (environment, file) = Self.environment(mode: "crash")
    let started = Date()
    let result = try TestSupport.run(
      Products.widgetHost.path,
      ["run", Self.library.path, "--once", "--format", "json", "--deadline", "20"],
      environment: environment)
    let seconds = Date().timeIntervalSince(started)
    let pids = try #require(Self.pids(file, timeout: 0), "the bundle forked")
    #expect(result.output.contains(#""code":"bundle-crashed""#), "\(result.output)")
    #expect(result.output.contains("killed by SIGABRT"))
    #expect(!result.output.contains("did not answer"), "a crash, not a timeout")
    #expect(seconds < 15, "seen at once, not at the 20 s deadline: \(seconds) s")
    #expect(Self.allEnd([pids.child, pids.worker], within: 5), "the forked child was ended too")
  }

  @Test func aProgramTheBundleRunsHasNoneOfTheHostsDescriptors() throws {
    let (environment, file) = Self.environment(mode: "reply", exec: true)
    let host = try LiveProcess(
      Products.widgetHost, ["run", Self.library.path, "--format", "json"],
      environment: environment)
    defer { host.interrupt(SIGKILL) }
    let pids = try #require(Self.pids(file), "the bundle forked: \(host.errors)")
    #expect(host.waitFor(timeout: 30) { $0.contains { $0.contains("forked") } }, "\(host.errors)")
    // The exec'd child, once it runs `sleep 600`: only its standard descriptors (/dev/null),
    // not the worker's sockets.
    #expect(
      TestSupport.waitUntil(within: 10) {
        TestSupport.contents(ofProcFile: "/proc/\(pids.child)/cmdline") == "sleep\u{0}600\u{0}"
      }, "the child ran /bin/sleep")
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pids.child)/fd")
    #expect(descriptors.sorted() == ["0", "1", "2"], "\(descriptors)")
    // The worker has its two sockets (3, 4) and standard descriptors, and nothing else of the
    // host's: no other descriptor of the worker is one the host holds (its state database, a
    // subscriber's socket, another worker's socket). Anonymous inodes are named by kind only.
    let worker = Self.descriptors(of: pids.worker)
    #expect(worker["3"]?.hasPrefix("socket:") == true && worker["4"]?.hasPrefix("socket:") == true)
    let hostTargets = Set(
      Self.descriptors(of: host.processIdentifier).filter { Int($0.key)! > 2 }.values)
    let shared = worker.filter { Int($0.key)! > 4 && hostTargets.contains($0.value) }
      .filter { !$0.value.hasPrefix("anon_inode:") }
    #expect(shared.isEmpty, "the worker holds the host's \(shared)")
    host.interrupt(SIGTERM)
    #expect(host.wait(timeout: 15) == 0, "\(host.errors)")
    #expect(Self.allEnd([pids.child, pids.worker], within: 5), "the bundle's program ended")
  }

  @Test func aHungWorkerAndItsChildEndWithTheHost() throws {
    let (environment, file) = Self.environment(mode: "hang")
    let host = try LiveProcess(
      Products.widgetHost, ["run", Self.library.path, "--format", "json"],
      environment: environment)
    defer { host.interrupt(SIGKILL) }
    let pids = try #require(Self.pids(file), "the bundle forked: \(host.errors)")
    #expect(Self.isAlive(pids.worker) && Self.isAlive(pids.child))
    host.interrupt(SIGTERM)
    _ = host.wait(timeout: 15)
    #expect(Self.allEnd([pids.child, pids.worker], within: 5), "worker and child ended")
  }

  @Test func aWorkerAndItsChildEndWhenTheHostIsKilled() throws {
    let (environment, file) = Self.environment(mode: "hang")
    let host = try LiveProcess(
      Products.widgetHost, ["run", Self.library.path, "--format", "json"],
      environment: environment)
    let pids = try #require(Self.pids(file), "the bundle forked: \(host.errors)")
    defer { kill(-pids.worker, SIGKILL) }
    // The host cannot act on SIGKILL: the worker sees its pidfd of the host become readable.
    host.interrupt(SIGKILL)
    _ = host.wait(timeout: 15)
    #expect(Self.allEnd([pids.worker, pids.child], within: 5), "worker and child ended")
  }
}

extension ProcessLifetimeTests {
  /// The children of `pid`, from each process's `/proc/PID/stat` (its fourth field).
  static func children(of pid: pid_t) -> [pid_t] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { pid_t($0) }.filter { child in
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && pid_t(fields[1]) == pid
    }
  }

  /// systemd's default KillMode (and `timeout`, `kill -- -PGID`) sends SIGTERM to the host and
  /// its workers at once: the host still stops cleanly, and reports no crash for workers that
  /// died of the signal it would have sent them itself.
  @Test func sigtermToTheHostAndItsWorkersAtOnceIsACleanStop() throws {
    let host = try LiveProcess(
      Products.widgetHost, .worker,
      ["run", Products.clock, Products.systemStatus, "--format", "json"])
    defer { host.interrupt(SIGKILL) }
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.filter { $0.contains(#""source":"timeline""#) }.count >= 2
      }, "\(host.errors)")
    let workers = Self.children(of: host.processIdentifier)
    #expect(workers.count == 2, "one worker per bundle: \(workers)")
    for worker in workers { kill(worker, SIGTERM) }
    host.interrupt(SIGTERM)
    #expect(host.wait(timeout: 30) == 0, "\(host.errors)")
    let events = try StreamChecks.events(host.output)
    let problems = events.compactMap { event -> String? in
      guard case .error(let problem) = event.payload else { return nil }
      return problem.code
    }
    #expect(!problems.contains("bundle-crashed"), "\(host.output)")
    let unloaded = events.filter {
      if case .bundle(let bundle) = $0.payload { bundle.event == .unloaded } else { false }
    }
    #expect(unloaded.count == 2)
  }
}

extension ProcessLifetimeTests {
  /// A status field of `/proc/PID/status` (`SigBlk`, `SigIgn`, `SigCgt`) as a signal mask.
  static func signalMask(_ field: String, of pid: pid_t) -> UInt64? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return nil }
    return UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
  }

  /// A worker starts with no signal blocked and none of the host's ignored ones (the host
  /// ignores SIGINT and SIGTERM and handles them itself); it catches SIGINT, SIGTERM and
  /// SIGHUP, so they are back to their defaults in a program its bundle runs, and survives
  /// them: the host alone stops it.
  @Test func aWorkerBlocksNoSignalAndCatchesTheHostsOwn() throws {
    let host = try LiveProcess(
      Products.widgetHost, .worker, ["run", Products.systemStatus, "--format", "json"])
    defer { host.interrupt(SIGKILL) }
    #expect(
      host.waitFor(timeout: 30) { lines in lines.contains { $0.contains(#""source":"timeline""#) }
      },
      "\(host.errors)")
    let workers = Self.children(of: host.processIdentifier)
    #expect(workers.count == 1)
    guard let worker = workers.first else { return }
    let bit = { (signal: Int32) -> UInt64 in 1 << UInt64(signal - 1) }
    let hosts = bit(SIGINT) | bit(SIGTERM) | bit(SIGHUP)
    #expect(Self.signalMask("SigBlk", of: worker) == 0)
    #expect((Self.signalMask("SigIgn", of: worker) ?? hosts) & hosts == 0)
    #expect((Self.signalMask("SigCgt", of: worker) ?? 0) & hosts == hosts)
    for signal in [SIGINT, SIGTERM, SIGHUP] { kill(worker, signal) }
    Thread.sleep(forTimeInterval: 0.5)
    #expect(Self.isAlive(worker), "the worker survives signals meant for the host")
    host.interrupt(SIGTERM)
    #expect(host.wait(timeout: 30) == 0, "\(host.errors)")
    #expect(!host.output.contains { $0.contains("bundle-crashed") })
  }
}
