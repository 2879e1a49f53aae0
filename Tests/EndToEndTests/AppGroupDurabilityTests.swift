import Foundation
import TestSupport
import Testing

/// Issue #25, finding 3: concurrent `widget-host defaults` writers, with a host reading the same
/// group and killed -9 every second, never lose a write that exited 0; a damaged group file is
/// reported and moved aside, never replaced.
@Suite(.serialized) struct AppGroupDurabilityTests {
  static let group = AppGroupTests.group

  @Test func concurrentWritersKeepEveryAcknowledgedValueWhileTheHostIsKilled() throws {
    let environment = AppGroupTests.environment()
    let writers = 4
    let writes = 500
    // Each writer prints the keys whose write exited 0.
    let script =
      #"for i in $(seq "$2"); do "$0" defaults write "$3" "w$1-$i" "$i" && echo "w$1-$i"; done"#
    let loops = try (1...writers).map { writer in
      try LiveProcess(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", script, Products.widgetHost.path, "\(writer)", "\(writes)", Self.group],
        environment: environment)
    }
    var kills = 0
    while loops.contains(where: \.isRunning) {
      let host = try LiveProcess(
        Products.widgetHost,
        ["run", AppGroupTests.lockScreen, "--family", "accessoryInline", "--format", "json"],
        environment: environment)
      Thread.sleep(forTimeInterval: 1)
      host.interrupt(SIGKILL)
      _ = host.wait()
      kills += 1
    }
    for loop in loops { #expect(loop.wait(timeout: 60) == 0, "\(loop.errors)") }
    let acknowledged = loops.flatMap(\.output)
    let read = try Products.run(
      ["defaults", "read", Self.group, "--json"], environment: environment)
    #expect(read.status == 0, "\(read.errors)")
    let stored =
      try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any] ?? [:]
    let lost = acknowledged.filter { key in
      stored[key] as? String != String(key.split(separator: "-").last!)
    }
    #expect(kills >= 2, "the host was killed while the writers ran")
    #expect(acknowledged.count > writers * writes / 2, "most writes succeeded")
    #expect(lost.isEmpty, "\(lost.count) of \(acknowledged.count) acknowledged writes lost")
  }

  @Test func appsSavingThroughWidgetCenterLoseNoneOfTheCLIsWrites() throws {
    let environment = AppGroupTests.environment()
    #expect(
      try Products.run(["defaults", "write", Self.group, "first", "1"], environment: environment)
        .status == 0)
    // Two apps saving through WidgetCenter (Foundation's synchronize) while two CLI loops write.
    let apps = try (1...2).map { app in
      try LiveProcess(
        URL(fileURLWithPath: "/bin/sh"),
        [
          "-c", #"for i in $(seq 60); do "$0" "song$1-$i" artist >/dev/null 2>&1; done"#,
          AppGroupTests.app.path, "\(app)",
        ], environment: environment)
    }
    let script =
      #"for i in $(seq 150); do "$0" defaults write "$2" "w$1-$i" "$i" && echo "w$1-$i"; done"#
    let writers = try (1...2).map { writer in
      try LiveProcess(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", script, Products.widgetHost.path, "\(writer)", Self.group],
        environment: environment)
    }
    for process in apps + writers { #expect(process.wait(timeout: 300) == 0, "\(process.errors)") }
    let read = try Products.run(
      ["defaults", "read", Self.group, "--json"], environment: environment)
    let stored =
      try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any] ?? [:]
    let acknowledged = writers.flatMap(\.output)
    #expect(acknowledged.count == 300)
    let lost = acknowledged.filter { stored[$0] == nil }
    #expect(lost.isEmpty, "\(lost.count) of \(acknowledged.count) acknowledged writes lost")
    #expect((stored["currentSongName"] as? String)?.hasPrefix("song") == true, "the apps' value")
    #expect(stored["first"] as? String == "1")
  }

  @Test func aProcessHoldingTheLockDelaysAWriteAtMostFiveSeconds() throws {
    let environment = AppGroupTests.environment()
    let folder = environment["XDG_CONFIG_HOME"]!
    let lock = folder + "/.\(Self.group).plist.lock"
    // util-linux's flock(1), as a bundle that took the lock and hangs.
    let holder = try LiveProcess(
      URL(fileURLWithPath: "/usr/bin/flock"), [lock, "/bin/sh", "-c", "echo held; sleep 30"])
    defer { holder.interrupt(SIGKILL) }
    #expect(holder.waitFor(timeout: 10) { $0.contains("held") })
    let started = Date()
    let write = try Products.run(
      ["defaults", "write", Self.group, "key", "value"], environment: environment)
    let seconds = Date().timeIntervalSince(started)
    #expect(write.status == 1)
    #expect(
      write.errors
        == "widget-host: another process has held \(lock) for 5 s: nothing was changed\n",
      "\(write.errors)")
    #expect(seconds >= 4.5 && seconds < 10, "\(seconds) s")
    #expect(!FileManager.default.fileExists(atPath: folder + "/\(Self.group).plist"))
  }

  @Test func aDamagedGroupIsReportedAndMovedAsideNeverReplaced() throws {
    let environment = AppGroupTests.environment()
    let folder = environment["XDG_CONFIG_HOME"]!
    let file = folder + "/\(Self.group).plist"
    let damaged = "<?xml version=\"1.0\"?><plist><dict><key>precious</key><string>kept"
    try damaged.write(toFile: file, atomically: false, encoding: .utf8)

    let read = try Products.run(["defaults", "read", Self.group], environment: environment)
    #expect(read.status == 1)
    #expect(read.output == "")
    #expect(
      read.errors.hasPrefix(
        "widget-host: \(file) is damaged (not a property list); moved it to \(file).damaged-"),
      "\(read.errors)")
    let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasPrefix("\(Self.group).plist.damaged-")
    }
    #expect(aside.count == 1)
    if let name = aside.first {
      #expect(try String(contentsOfFile: folder + "/" + name, encoding: .utf8) == damaged)
    }
    #expect(!FileManager.default.fileExists(atPath: file))

    // A write over a damaged file fails and leaves it where it was found, moved aside.
    try damaged.write(toFile: file, atomically: false, encoding: .utf8)
    let write = try Products.run(
      ["defaults", "write", Self.group, "other", "value"], environment: environment)
    #expect(write.status == 1)
    #expect(write.errors.contains("\(file) is damaged"), "\(write.errors)")
    #expect(!FileManager.default.fileExists(atPath: file))
    let asideNow = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasPrefix("\(Self.group).plist.damaged-")
    }
    #expect(asideNow.count == 2)

    // The group starts again empty, with a file of mode 0600.
    let fresh = try Products.run(
      ["defaults", "write", Self.group, "other", "value"], environment: environment)
    #expect(fresh.status == 0, "\(fresh.errors)")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(
      try Products.run(["defaults", "read", Self.group], environment: environment).output
        == "other = value\n")
  }
}
