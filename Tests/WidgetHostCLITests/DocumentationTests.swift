import Foundation
import Testing

@testable import WidgetHostCLI

/// docs/cli.md documents every command and every option `--help` lists, and every command's
/// help has an example.
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

  @Test func everyCommandAndOptionIsDocumented() {
    #expect(!Self.document.isEmpty, "docs/cli.md is missing")
    for command in WidgetHostCLI.commands {
      #expect(
        Self.document.contains("widget-host \(command.name)"), "docs/cli.md lacks \(command.name)")
      for option in command.options {
        for name in option.names where name.hasPrefix("--") {
          #expect(
            Self.document.contains("`\(name)"), "docs/cli.md lacks \(command.name) \(name)")
        }
      }
      #expect(!command.examples.isEmpty, "\(command.name) --help has no example")
    }
  }

  @Test func everyExitStatusIsDocumented() {
    for status in [ExitCode.success, .failure, .usage, .bundle, .providerFailed] {
      #expect(
        Self.document.contains("| \(status.rawValue) |")
          || Self.document.contains("| `\(status.rawValue)` |"), "exit status \(status.rawValue)")
    }
  }
}
