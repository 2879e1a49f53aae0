import Foundation
import WidgetHostCore

/// Where a command writes, and what it knows of its environment (tests substitute memory).
public struct CommandContext: Sendable {
  /// Standard output.
  public var output: any OutputTarget
  /// Standard error.
  public var errors: any OutputTarget
  /// Whether `output` is a terminal (for colours and in-place redraws).
  public var outputIsTerminal: Bool
  /// Standard input (i3bar click events).
  public var input: FileHandle
  /// Whether `errors` is a terminal (for progress lines).
  public var errorsIsTerminal: Bool

  /// Creates a context.
  public init(
    output: any OutputTarget, errors: any OutputTarget, outputIsTerminal: Bool = false,
    input: FileHandle = .standardInput, errorsIsTerminal: Bool = false
  ) {
    self.output = output
    self.errors = errors
    self.outputIsTerminal = outputIsTerminal
    self.input = input
    self.errorsIsTerminal = errorsIsTerminal
  }

  /// The process's standard output and error.
  public static var standard: CommandContext {
    CommandContext(
      output: FileOutput.standardOutput, errors: FileOutput.standardError,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorsIsTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// A context for the process that keeps bundles off the stream: the command writes to a
  /// duplicate of standard output, and standard output itself now goes to standard error, so a
  /// bundle's `print` cannot corrupt the JSON stream or the boxes.
  public static func protectingStandardOutput() -> CommandContext {
    // Close-on-exec: bundle worker processes must not inherit the stream.
    let stream = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
    guard stream >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return standard }
    return CommandContext(
      output: FileOutput(handle: FileHandle(fileDescriptor: stream, closeOnDealloc: true)),
      errors: FileOutput.standardError, outputIsTerminal: isatty(stream) == 1,
      errorsIsTerminal: isatty(STDERR_FILENO) == 1)
  }
}

/// One `widget-host` subcommand: its help and how it runs.
protocol Command: Sendable {
  /// The subcommand's name.
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The synopsis after `widget-host`.
  static var synopsis: String { get }
  /// Paragraphs of explanation.
  static var discussion: String { get }
  /// Options (help is added automatically).
  static var options: [OptionSpec] { get }
  /// Example command lines with a comment each.
  static var examples: [(String, String)] { get }

  /// Runs with parsed arguments.
  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
}

extension Command {
  static var allOptions: [OptionSpec] { options + [.help] }

  /// The full `--help` text.
  static var help: String {
    var text = "USAGE: widget-host \(synopsis)\n\n\(summary)\n"
    if !discussion.isEmpty { text += "\n\(discussion)\n" }
    text += "\nOPTIONS:\n"
    let rows = allOptions.map { spec in
      (spec.names.joined(separator: ", ") + (spec.valueName.map { " \($0)" } ?? ""), spec.help)
    }
    let width = rows.map(\.0.count).max() ?? 0
    for (left, right) in rows {
      text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
    }
    text += "\nEXAMPLES:\n"
    for (line, comment) in examples {
      text += "  # \(comment)\n  \(line)\n"
    }
    return text
  }
}
