import Foundation
import Glibc
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetHostCore

/// A worker's App Group container: links to declared groups only, private files reported.
@Suite struct AppGroupSandboxTests {
  static func environment() -> [String: String] {
    [
      "XDG_CONFIG_HOME": TestSupport.temporaryDirectory("store").path,
      "XDG_STATE_HOME": TestSupport.temporaryDirectory("state").path, "HOME": "/nonexistent",
    ]
  }

  @Test func declaredGroupsAreLinkedAndOthersAreNot() throws {
    let environment = Self.environment()
    let store = environment["XDG_CONFIG_HOME"]!
    let sandbox = AppGroupSandbox(
      bundle: "com.example/odd name", groups: ["group.a", "group.b", "not-a-group"],
      environment: environment)
    #expect(
      sandbox.directory
        == environment["XDG_STATE_HOME"]! + "/widget-host/containers/com.example_odd_name/config")
    let manager = FileManager.default
    #expect(
      try manager.destinationOfSymbolicLink(atPath: sandbox.directory + "/group.a.plist")
        == store + "/group.a.plist")
    #expect(manager.fileExists(atPath: sandbox.directory + "/group.b.plist") == false)  // dangling
    #expect(
      (try? manager.destinationOfSymbolicLink(atPath: sandbox.directory + "/group.b.plist")) != nil)
    #expect(
      try manager.contentsOfDirectory(atPath: sandbox.directory).sorted() == [
        "group.a.plist", "group.b.plist",
      ])

    // Declared no more: the link goes; a private file of an undeclared group is reported once.
    sandbox.link(["group.a"])
    #expect(try manager.contentsOfDirectory(atPath: sandbox.directory) == ["group.a.plist"])
    #expect(sandbox.undeclaredGroups() == [])
    try Data("<plist/>".utf8).write(
      to: URL(fileURLWithPath: sandbox.directory + "/group.secret.plist"))
    try Data("x".utf8).write(to: URL(fileURLWithPath: sandbox.directory + "/widget-host.plist"))
    #expect(sandbox.undeclaredGroups() == ["group.secret"])
    #expect(sandbox.undeclaredGroups() == [], "each group is reported once")

    // Declaring it later replaces the private file with the link to the shared one.
    sandbox.link(["group.a", "group.secret"])
    #expect(
      try manager.destinationOfSymbolicLink(atPath: sandbox.directory + "/group.secret.plist")
        == store + "/group.secret.plist")
  }

  @Test func anUnchangedFolderIsNotListedAgain() throws {
    let sandbox = AppGroupSandbox(bundle: "b", groups: [], environment: Self.environment())
    let manager = FileManager.default
    let old = Date(timeIntervalSinceNow: -3600)
    try manager.setAttributes([.modificationDate: old], ofItemAtPath: sandbox.directory)
    #expect(sandbox.undeclaredGroups() == [])
    // A file whose creation left the folder's time as it was listed is not seen…
    try Data("<plist/>".utf8).write(
      to: URL(fileURLWithPath: sandbox.directory + "/group.hidden.plist"))
    try manager.setAttributes([.modificationDate: old], ofItemAtPath: sandbox.directory)
    #expect(sandbox.undeclaredGroups() == [])
    // …until the folder changes again (any file made in it changes its time).
    try Data("<plist/>".utf8).write(
      to: URL(fileURLWithPath: sandbox.directory + "/group.next.plist"))
    #expect(sandbox.undeclaredGroups() == ["group.hidden", "group.next"])
    // A recent time is not trusted (a file made in the same tick would not change it): the
    // folder is listed again although its time is the one listed.
    var info = stat()
    #expect(stat(sandbox.directory, &info) == 0)
    try Data("<plist/>".utf8).write(
      to: URL(fileURLWithPath: sandbox.directory + "/group.third.plist"))
    let times = [info.st_atim, info.st_mtim]
    #expect(utimensat(AT_FDCWD, sandbox.directory, times, 0) == 0)
    #expect(sandbox.undeclaredGroups() == ["group.third"])
  }

  @Test func aFolderRemovedAndMadeAgainIsWatchedAgain() throws {
    // The folder is held open between replies; one removed and made again by its path is a
    // new folder, which is what the worker writes into from then on.
    let sandbox = AppGroupSandbox(bundle: "b", groups: [], environment: Self.environment())
    let manager = FileManager.default
    // Listed at a time old enough to be trusted: the removed folder keeps that time.
    try manager.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: sandbox.directory)
    #expect(sandbox.undeclaredGroups() == [])
    try manager.removeItem(atPath: sandbox.directory)
    #expect(sandbox.undeclaredGroups() == [])
    try manager.createDirectory(atPath: sandbox.directory, withIntermediateDirectories: true)
    try Data("<plist/>".utf8).write(
      to: URL(fileURLWithPath: sandbox.directory + "/group.later.plist"))
    #expect(sandbox.undeclaredGroups() == ["group.later"])
  }

  @Test func aLinkedGroupIsSharedThroughFoundation() throws {
    // What the worker's UserDefaults does: reading and writing the link reach the store's file.
    let environment = Self.environment()
    let store = environment["XDG_CONFIG_HOME"]!
    let sandbox = AppGroupSandbox(bundle: "b", groups: ["group.shared"], environment: environment)
    try Data("written through the link".utf8).write(
      to: URL(fileURLWithPath: sandbox.directory + "/group.shared.plist"))
    #expect(
      try String(contentsOfFile: store + "/group.shared.plist", encoding: .utf8)
        == "written through the link")
  }
}

/// Bundle containers live in the host's state directory (`run --state-dir`).
@Suite struct ContainerPlacementTests {
  @Test func containersAreInTheStateDirectory() {
    let environment = ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]
    #expect(
      AppGroupSandbox.defaultContainers(environment: environment)
        == "/x/state/widget-host/containers")
    #expect(
      AppGroupSandbox.defaultContainers(environment: [
        "XDG_STATE_HOME": "relative", "HOME": "/home/u",
      ])
        == "/home/u/.local/state/widget-host/containers")
    let loader = WorkerLoader(executable: "/bin/true", stateDirectory: "/srv/bar")
    #expect(loader.containers == "/srv/bar/containers")
    #expect(loader.quarantine.path == "/srv/bar/quarantine.json")
    #expect(loader.descriptions?.path == "/srv/bar/descriptions")
    let sandbox = AppGroupSandbox(
      bundle: "b", groups: [],
      containers: loader.containers.replacingOccurrences(
        of: "/srv/bar", with: TestSupport.temporaryDirectory("placement").path))
    #expect(sandbox.directory.hasSuffix("/containers/b/config"))
  }
}
