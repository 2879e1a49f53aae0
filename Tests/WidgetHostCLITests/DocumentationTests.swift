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

  /// The description cell of the row of `option` in `section`, or nil if it has none.
  static func description(of option: OptionInfo, in section: Substring) -> Substring? {
    let spelling = "`\(option.spellings[0])`"
    let row = section.split(separator: "\n").first {
      $0.hasPrefix("| ") && $0.dropFirst(2).prefix { $0 != "|" }.contains(spelling)
    }
    return row?.dropFirst(2).drop { $0 != "|" }.dropFirst()
  }

  /// The command a row refers to for the rest (`As for `run`: …`, `default as for `run``), if
  /// that command is not the row's own; nil if it refers to none.
  static func referredCommand(in description: Substring) -> String? {
    for marker in ["As for `", "as for `"] {
      guard let start = description.range(of: marker) else { continue }
      let name = description[start.upperBound...].prefix { $0 != "`" }
      return WidgetHostCLI.commands.contains { $0.name == name } ? String(name) : nil
    }
    return nil
  }

  /// The values a synopsis names literally (`text|json` gives both, `N|unlimited` gives
  /// `unlimited`, `socket[:PATH]|tcp:HOST:PORT` none): words, not placeholders.
  static func literalValues(_ synopsis: String) -> [String] {
    synopsis.split(separator: "|").map(String.init).filter { value in
      value.allSatisfy { $0.isLetter || $0.isNumber } && value.contains { !$0.isUppercase }
    }
  }

  /// The default `help` states (`(default 70)`, `(default: now, …)`, `debug, info (default)`,
  /// `png (the default)`), or nil.
  static func statedDefault(_ help: String) -> String? {
    let words = help.split(separator: " ").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "(),;.:'"))
    }
    for (index, word) in words.enumerated() {
      if word == "default", index + 1 < words.count,
        help.contains("default \(words[index + 1])")
          || help.contains("default: \(words[index + 1])")
      {
        return words[index + 1]
      }
      if word == "default", index > 0, help.contains("(default)") || help.contains("(the default") {
        let before = words[..<index].last { !$0.isEmpty && $0 != "the" }
        return before
      }
    }
    return nil
  }

  /// Each option's row in docs/cli.md agrees with its declared help on what a reader acts on:
  /// every value a choice (or a synopsis) names is in the row, backquoted, and so is the
  /// default the help states. (The rows explain more than one line of help can, so their
  /// wording is their own.)
  @Test func everyRowHasTheDeclaredValuesAndDefault() {
    for command in WidgetHostCLI.commands {
      guard let section = Self.section(command.name) else { continue }
      for option in command.allOptions.map(\.info) {
        // everyOptionHasARowAndEveryRowAnOption reports a missing row.
        guard var description = Self.description(of: option, in: section) else { continue }
        // A row that says "as for `run`" agrees with the help through run's row.
        var row = description
        var visited = [command.name]
        while let other = Self.referredCommand(in: row), !visited.contains(other),
          let referred = Self.section(other).flatMap({ Self.description(of: option, in: $0) })
        {
          visited.append(other)
          description += referred
          row = referred
        }
        let name = "docs/cli.md ## \(command.name): the row of `\(option.spellings[0])`"
        for value in Self.literalValues(option.synopsisValue ?? "") {
          #expect(
            description.contains("`\(value)`"),
            Comment(rawValue: "\(name) does not name the value `\(value)`"))
        }
        if let stated = Self.statedDefault(option.help) {
          #expect(
            description.contains(stated),
            Comment(
              rawValue: "\(name) does not give the default its help states: \(stated) "
                + "(\(option.help))"))
        }
      }
    }
  }

  @Test func aStatedDefaultIsFound() {
    #expect(
      Self.statedDefault("Reloads per widget in any 24 h (default 70), or unlimited.") == "70")
    #expect(Self.statedDefault("The start (default: now, to the second).") == "now")
    #expect(Self.statedDefault("Lines shown: debug, info (default), warning, error.") == "info")
    #expect(Self.statedDefault("png (the default) or svg, for --pictures.") == "png")
    #expect(Self.statedDefault("Show only this kind.") == nil)
    #expect(Self.literalValues("N|unlimited") == ["unlimited"])
    #expect(Self.literalValues("socket[:PATH]|tcp:HOST:PORT").isEmpty)
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
