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

  /// The process's standard error, written from a thread of its own: a reader that does not
  /// read (a full pipe) never holds the host, which drops what it cannot queue.
  static let standardError = QueuedOutput(descriptor: STDERR_FILENO)

  /// The process's standard output and error.
  public static var standard: CommandContext {
    CommandContext(
      output: FileOutput.standardOutput, errors: FileOutput.standardError,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorsIsTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// A context for the process that keeps bundles off the stream: the command writes to a
  /// duplicate of standard output, and standard output itself now goes to standard error, so a
  /// bundle's `print` cannot corrupt the JSON stream or the boxes.
  /// `onOutputClosed` runs once when the reader of the output (a pipe or socket) goes away.
  public static func protectingStandardOutput(
    onOutputClosed: (@Sendable () -> Void)? = nil
  ) -> CommandContext {
    // Close-on-exec: bundle worker processes must not inherit the stream.
    let stream = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
    guard stream >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return standard }
    return CommandContext(
      output: FileOutput(
        handle: FileHandle(fileDescriptor: stream, closeOnDealloc: true),
        onClosed: onOutputClosed),
      errors: standardError, outputIsTerminal: isatty(stream) == 1,
      errorsIsTerminal: isatty(STDERR_FILENO) == 1)
  }
}

/// One `widget-host` subcommand: what it takes and how it runs. Its options are declared once
/// (``options``), and parsing, `--help`, the synopsis and the checks of docs/cli.md all come from
/// that declaration.
protocol Command: Sendable {
  /// The subcommand's name.
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The arguments that are not options, as the synopsis shows them (`<bundle>...`); empty for
  /// none.
  static var operands: String { get }
  /// Paragraphs of explanation.
  static var discussion: String { get }
  /// The options, in the order help lists them (`--help` is added to every command).
  static var options: [any CommandOption] { get }
  /// Example command lines with a comment each.
  static var examples: [(String, String)] { get }

  /// Runs with parsed arguments.
  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
}

extension Command {
  /// Every option the command accepts.
  static var allOptions: [any CommandOption] { options + [SharedOptions.help] }

  /// The synopsis after `prefix` (`widget-host `), wrapped at 100 columns with the lines after
  /// the first indented under the command's first operand or option.
  static func synopsis(prefix: String = "widget-host ") -> String {
    let lead = prefix + name + " "
    let words = (operands.isEmpty ? [] : [operands]) + options.map(\.info.synopsis)
    var lines: [String] = []
    var line = lead
    for word in words {
      if line.count > lead.count && line.count + 1 + word.count > 100 {
        lines.append(line)
        line = String(repeating: " ", count: lead.count) + word
      } else {
        line += (line.count > lead.count ? " " : "") + word
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// The full `--help` text.
  static var help: String {
    var text = synopsis(prefix: "USAGE: widget-host ") + "\n\n\(summary)\n"
    if !discussion.isEmpty { text += "\n\(discussion)\n" }
    text += "\nOPTIONS:\n"
    let rows = allOptions.map { option in
      let info = option.info
      let left = info.names.joined(separator: ", ") + (info.valueName.map { " \($0)" } ?? "")
      return (left, info.help + (info.repeatable ? " Repeatable." : ""))
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
