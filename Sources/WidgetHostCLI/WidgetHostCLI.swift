import Foundation
import WidgetHostCore

/// The `widget-host` command line: parses arguments and hands them to the library.
public enum WidgetHostCLI {
  static let commands: [any Command.Type] = [
    RunCommand.self, PreviewCommand.self, SimulateCommand.self, WatchCommand.self, BarCommand.self,
    ReloadCommand.self, TapCommand.self, InspectCommand.self, ListCommand.self,
    AssembleCommand.self, UnquarantineCommand.self, BudgetCommand.self, ValidateCommand.self,
    StateCommand.self,
    OptionsCommand.self,
    ConfigureCommand.self,
    ActivityCommand.self,
    DefaultsCommand.self,
    NewCommand.self,
  ]

  /// The top-level `--help` text.
  static var help: String {
    var text = """
      USAGE: widget-host <command> [options]

      widget-host runs WidgetKit-style widget bundles on Linux and streams them to the terminal \
      or as JSON.

      COMMANDS:

      """
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
      text += "  \(command.name)" + String(repeating: " ", count: width - command.name.count + 2)
      text += command.summary + "\n"
    }
    text += """

      Run 'widget-host <command> --help' for a command's options and examples.

      EXAMPLES:
        # stream the demo bundles
        widget-host run Clock.widgetbundle SystemStatus.widgetbundle

      """
    return text
  }

  /// Runs the command line `arguments` (without the program name) and returns the exit status.
  public static func main(_ arguments: [String], context: CommandContext = .standard) async -> Int32
  {
    guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
      if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
        context.output.write(command.help)
      } else {
        context.output.write(help)
      }
      return ExitCode.success.rawValue
    }
    if first == "--version" {
      context.output.write("widget-host \(WidgetHost.version)\n")
      return ExitCode.success.rawValue
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      context.errors.write(
        "widget-host: unknown command '\(first)' (commands: "
          + commands.map { $0.name }.joined(separator: ", ") + "; see widget-host --help)\n")
      return ExitCode.usage.rawValue
    }
    return await execute(command, Array(arguments.dropFirst()), context: context).rawValue
  }

  /// Parses and runs one command; a generic function so the command's type is concrete.
  private static func execute<C: Command>(
    _ command: C.Type, _ arguments: [String], context: CommandContext
  ) async -> ExitCode {
    do {
      let parsed = try Arguments(arguments, options: command.allOptions, command: command.name)
      if parsed[SharedOptions.help] {
        context.output.write(command.help)
        return .success
      }
      return try await command.run(parsed, context: context)
    } catch {
      context.errors.write(
        "widget-host \(error.command): \(error.message) (see widget-host \(error.command) --help)\n"
      )
      return .usage
    }
  }
}
