import Foundation
import TestSupport
import Testing

/// The package's modules as Package.swift declares them, held against what their sources import,
/// against docs/modules.md and against README.md's layout table.
@Suite struct ModuleLayoutTests {
  /// A target of Package.swift: its name, kind, folder and the targets it depends on.
  struct Target {
    var name: String
    var type: String
    var path: String
    var dependencies: Set<String>
  }

  /// The package's targets, from `swift package dump-package` (in a scratch folder of its own, so
  /// that it does not wait for the lock of the build that runs these tests).
  static let targets: [Target] = {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widget-host-dump-package-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    guard
      let result = try? TestSupport.run(
        "/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
        in: TestSupport.repositoryRoot),
      result.status == 0,
      let json = try? JSONSerialization.jsonObject(with: Data(result.output.utf8))
        as? [String: Any],
      let targets = json["targets"] as? [[String: Any]]
    else { return [] }
    return targets.compactMap { target in
      guard let name = target["name"] as? String, let type = target["type"] as? String else {
        return nil
      }
      var dependencies = Set<String>()
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        for key in ["byName", "target", "product"] {
          if let names = dependency[key] as? [Any], let first = names.first as? String {
            dependencies.insert(first)
          }
        }
      }
      let folder = type == "test" ? "Tests" : type == "plugin" ? "Plugins" : "Sources"
      let path = target["path"] as? String ?? "\(folder)/\(name)"
      return Target(name: name, type: type, path: path, dependencies: dependencies)
    }
  }()

  /// The targets whose sources live in `Sources/`: the modules docs/modules.md draws.
  static var sourceTargets: [Target] {
    targets.filter { $0.path.hasPrefix("Sources/") }
  }

  @Test func packageSwiftIsRead() {
    #expect(Self.targets.count > 20, "swift package dump-package gave no targets")
    #expect(Self.targets.contains { $0.name == "WidgetHostCore" })
  }

  /// A module imported at the top of a source file (`import X`, `@testable import X`, …).
  static func imports(in folder: String, known: Set<String>) -> Set<String> {
    let root = TestSupport.repositoryRoot.appendingPathComponent(folder)
    var found = Set<String>()
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift",
        let text = try? String(contentsOf: file, encoding: .utf8)
      else { continue }
      // A macro target is used by name in `#externalMacro(module: "…"`, never imported.
      for match in text.matches(of: /#externalMacro\(module: "(\w+)"/)
      where known.contains(String(match.1)) {
        found.insert(String(match.1))
      }
      for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") })
        else { continue }
        let module = String(words[index + 1])
        if known.contains(module) { found.insert(module) }
      }
    }
    return found
  }

  /// The headers a C file of `folder` includes (`#include <a/b.h>` gives `a/b.h`).
  static func includes(in folder: String) -> Set<String> {
    let root = TestSupport.repositoryRoot.appendingPathComponent(folder)
    var found = Set<String>()
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard ["c", "h"].contains(file.pathExtension),
        let text = try? String(contentsOf: file, encoding: .utf8)
      else { continue }
      for line in text.split(separator: "\n") where line.hasPrefix("#include ") {
        let name = line.dropFirst("#include ".count).trimmingCharacters(
          in: CharacterSet(charactersIn: "<>\" "))
        found.insert(name)
      }
    }
    return found
  }

  /// The C modules a C target's files include: a C target's public headers, a system
  /// library's (those its module map's header includes).
  static func cImports(in target: Target) -> Set<String> {
    let included = includes(in: target.path)
    var found = Set<String>()
    for dependency in target.dependencies {
      guard let module = targets.first(where: { $0.name == dependency }) else { continue }
      let headers =
        module.type == "system"
        ? includes(in: module.path)
        : Set(
          ((try? FileManager.default.contentsOfDirectory(
            atPath: TestSupport.repositoryRoot.appendingPathComponent(module.path + "/include")
              .path)) ?? []))
      if !headers.isDisjoint(with: included) { found.insert(dependency) }
    }
    return found
  }

  @Test func everyTargetImportsExactlyWhatItDeclares() {
    let names = Set(Self.targets.map(\.name))
    for target in Self.targets where target.type != "plugin" && target.type != "system-target" {
      let imported = Self.imports(in: target.path, known: names).union(Self.cImports(in: target))
      let unused = target.dependencies.subtracting(imported).sorted()
      let undeclared = imported.subtracting(target.dependencies).sorted()
      #expect(unused.isEmpty, "\(target.name) declares but never imports \(unused)")
      #expect(undeclared.isEmpty, "\(target.name) imports but does not declare \(undeclared)")
    }
  }

  @Test func noModuleReexportsAnotherOfTheHost() throws {
    // The SDK re-exports as Apple's modules do (WidgetKit brings SwiftUI and Intents); no other
    // module hides a boundary that way.
    let sdk: Set<String> = ["WidgetKit", "SwiftUI", "Intents", "AppIntents"]
    for target in Self.sourceTargets where !sdk.contains(target.name) {
      let root = TestSupport.repositoryRoot.appendingPathComponent(target.path)
      let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift" else { continue }
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("@_exported"), "\(file.path) re-exports a module")
      }
    }
  }

  /// The file at `path` of the repository.
  static func read(_ path: String) throws -> String {
    try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theModuleGraphIsPackageSwifts() throws {
    let page = try Self.read("docs/modules.md")
    guard let start = page.range(of: "```mermaid\n"),
      let end = page.range(of: "```", range: start.upperBound..<page.endIndex)
    else {
      Issue.record("docs/modules.md has no mermaid graph")
      return
    }
    var drawn = Set<String>()
    for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let parts = line.split(separator: " ").map(String.init)
      if parts.count == 3, parts[1] == "-->" { drawn.insert("\(parts[0]) -> \(parts[2])") }
    }
    var declared = Set<String>()
    for target in Self.sourceTargets {
      for dependency in target.dependencies { declared.insert("\(target.name) -> \(dependency)") }
    }
    #expect(
      declared.subtracting(drawn).isEmpty,
      "docs/modules.md lacks \(declared.subtracting(drawn).sorted())")
    #expect(
      drawn.subtracting(declared).isEmpty,
      "docs/modules.md draws \(drawn.subtracting(declared).sorted()), not in Package.swift")
  }

  @Test func theModuleTableNamesEveryTarget() throws {
    let page = try Self.read("docs/modules.md")
    let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
    let named = Set(
      rows.flatMap { row in
        row.split(separator: "|")[0].split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: .init(charactersIn: "`"))
        }
      })
    let expected = Set(
      Self.targets.filter { $0.type != "test" && $0.type != "plugin" }.map(\.name))
    #expect(
      expected.subtracting(named).isEmpty,
      "docs/modules.md's table lacks \(expected.subtracting(named).sorted())")
    #expect(
      named.subtracting(expected).isEmpty,
      "docs/modules.md's table names \(named.subtracting(expected).sorted()), not targets")
  }

  @Test func theReadmeLayoutNamesEverySourcesFolder() throws {
    let readme = try Self.read("README.md")
    guard let layout = readme.range(of: "## Layout") else {
      Issue.record("README.md has no Layout section")
      return
    }
    let section = readme[layout.upperBound...]
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: TestSupport.repositoryRoot.appendingPathComponent("Sources").path
    ).filter { !$0.hasPrefix(".") }
    for folder in folders {
      #expect(
        section.contains("`Sources/\(folder)`"),
        "README.md's layout does not name Sources/\(folder)")
    }
    // And the reverse: every `Sources/X` it names is a folder there.
    let named = section.components(separatedBy: "`Sources/").dropFirst().map { rest in
      String(rest.prefix { $0 != "`" && $0 != "/" })
    }
    #expect(!named.isEmpty, "README.md's layout names no Sources/ folder")
    for name in named {
      #expect(
        folders.contains(name),
        "README.md's layout names Sources/\(name), which is not a folder of Sources/")
    }
  }
}
