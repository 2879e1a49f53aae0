import Foundation
import Testing

@testable import WidgetHostCLI

/// docs/cli.md against the commands' declarations: each command's section shows the synopsis
/// the declaration produces and has a table row for every option it takes, spelled as `--help`
/// spells it (and no row for an option it does not take); every exit status is documented.
@Suite struct CLIDocumentationTests {
  static let document: String = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    {
      url.deleteLastPathComponent()
    }
    return (try? String(contentsOf: url.appendingPathComponent("docs/cli.md"), encoding: .utf8))
      ?? ""
  }()

  /// The text of the section `## name`, up to the next `## ` heading.
  static func section(_ name: String) -> Substring? {
    guard let start = document.range(of: "\n## \(name)\n") else { return nil }
    let rest = document[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return rest[..<end]
  }

  /// The backquoted items of the first cell of every table row in `section` that names options
  /// (`| `--kind KIND`, `-k KIND` | … |` gives `--kind KIND` and `-k KIND`).
  static func documentedSpellings(in section: Substring) -> [String] {
    var spellings: [String] = []
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cell = line.dropFirst(2).prefix { $0 != "|" }
      let items = cell.split(separator: "`", omittingEmptySubsequences: false)
      // Between the first and second backquote, the third and fourth, and so on.
      for (index, item) in items.enumerated() where index % 2 == 1 && item.hasPrefix("-") {
        spellings.append(String(item))
      }
    }
    return spellings
  }

  @Test func everyCommandHasASection() {
    #expect(!Self.document.isEmpty, "docs/cli.md is missing")
    for command in WidgetHostCLI.commands {
      #expect(Self.section(command.name) != nil, "docs/cli.md has no section ## \(command.name)")
      #expect(!command.examples.isEmpty, "\(command.name) --help has no example")
    }
  }

  @Test func everySectionShowsTheDeclaredSynopsis() {
    for command in WidgetHostCLI.commands {
      guard let section = Self.section(command.name) else { continue }
      let block = "```\n" + command.synopsis() + "\n```"
      #expect(
        section.contains(block),
        "docs/cli.md ## \(command.name) should show the synopsis\n\(block)")
    }
  }

  @Test func everyOptionHasARowAndEveryRowAnOption() {
    for command in WidgetHostCLI.commands {
      guard let section = Self.section(command.name) else { continue }
      let documented = Self.documentedSpellings(in: section)
      let declared = command.allOptions.flatMap(\.info.spellings)
      for spelling in declared {
        #expect(
          documented.contains(spelling),
          "docs/cli.md ## \(command.name) has no row for `\(spelling)`")
      }
      for spelling in documented where !declared.contains(spelling) {
        let message =
          "docs/cli.md ## \(command.name) documents `\(spelling)`, which \(command.name) "
          + "does not take (declared: \(declared.joined(separator: ", ")))"
        Issue.record(Comment(rawValue: message))
      }
    }
  }

  @Test func everyRepeatableOptionSaysSo() {
    for command in WidgetHostCLI.commands {
      guard let section = Self.section(command.name) else { continue }
      for option in command.options where option.info.repeatable {
        let spelling = "`\(option.info.spellings[0])`"
        let rows = section.split(separator: "\n").filter {
          $0.hasPrefix("| ") && $0.dropFirst(2).prefix { $0 != "|" }.contains(spelling)
        }
        #expect(
          rows.contains { $0.contains("epeatable") },
          "docs/cli.md ## \(command.name): the row of \(spelling) does not say it is repeatable")
      }
    }
  }

  @Test func everyExitStatusIsDocumented() throws {
    let section = try #require(Self.section("Exit status"))
    for status in ExitCode.allCases {
      #expect(section.contains("\n| \(status.rawValue) |"), "exit status \(status.rawValue)")
    }
    // And no row for a status widget-host does not return.
    let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") }.map {
      $0.dropFirst(2).prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
    }
    let documented = rows.filter { $0 != "Status" }
    #expect(documented.count == ExitCode.allCases.count, "\(documented)")
    for row in documented {
      #expect(
        Int32(row).flatMap(ExitCode.init(rawValue:)) != nil,
        "docs/cli.md documents exit status \(row), which widget-host does not return")
    }
  }

  /// The check above can fail: a made-up section without the row of an option is caught.
  @Test func aMissingRowIsFound() {
    let section: Substring = """
      | `--kind KIND`, `-k KIND` | Show only this kind. |
      | `<bundle>` | A bundle. |
      """
    #expect(CLIDocumentationTests.documentedSpellings(in: section) == ["--kind KIND", "-k KIND"])
    #expect(
      !CLIDocumentationTests.documentedSpellings(in: section).contains("--family FAMILY"))
  }
}
