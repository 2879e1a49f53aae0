import Foundation
import TestSupport
import Testing

/// `run` on a real terminal (a pseudo-terminal from util-linux's `script`): the boxes are
/// redrawn in place, side by side as the terminal's width allows (docs/cli.md, "run").
@Suite struct TerminalLayoutTests {
  /// What `widget-host run ARGUMENTS` drew on a `columns` × `rows` terminal in its first seconds.
  /// It runs until every one of `titles` was drawn.
  static func drawn(
    _ arguments: [String], columns: Int, rows: Int,
    titles: [String] = ["TestWidget/", "SystemStatus/"]
  ) throws -> String {
    let command =
      "stty cols \(columns) rows \(rows); exec \(Products.widgetHost.path) run "
      + arguments.joined(separator: " ")
    let terminal = try LiveProcess(
      URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
      environment: Products.environment)
    _ = terminal.waitFor(timeout: 30) { lines in
      titles.allSatisfy { title in lines.contains { $0.contains(title) } }
    }
    terminal.interrupt(SIGTERM)
    _ = terminal.wait()
    return terminal.output.joined(separator: "\n")
  }

  static let bundles = ["Clock", "SystemStatus"].map {
    Products.bundles.appendingPathComponent("\($0).widgetbundle").path
  }

  @Test func boxesStandSideBySideOnAWideTerminal() throws {
    let text = try Self.drawn(Self.bundles + ["--family", "systemSmall"], columns: 100, rows: 40)
    #expect(text.contains("\u{1B}[H"), "not drawn in place: \(text.debugDescription)")
    // Both titles on one line: the two boxes side by side.
    #expect(
      text.split(separator: "\n").contains {
        $0.contains("TestWidget/") && $0.contains("SystemStatus/")
      },
      "\(text.debugDescription)")
  }

  /// Taller than the terminal, the boxes cannot be redrawn in place: they are appended.
  @Test func boxesTallerThanTheTerminalAreAppended() throws {
    let text = try Self.drawn(
      Self.bundles + ["--family", "systemLarge"], columns: 60, rows: 20,
      titles: ["TestWidget/systemLarge"])
    #expect(!text.contains("\u{1B}[H"), "\(text.debugDescription)")
    #expect(text.contains("TestWidget/systemLarge"))
  }
}
