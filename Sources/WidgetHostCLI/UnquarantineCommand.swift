import Foundation
import WidgetBundleRuntime
import WidgetHostCore

/// `widget-host unquarantine`: let quarantined bundles load again.
enum UnquarantineCommand: Command {
  static let name = "unquarantine"
  static let summary = "Let bundles that were quarantined after repeated crashes load again."
  static let operands = "<bundle>..."
  static let discussion = """
    A bundle whose worker crashed 3 times within 60 s is quarantined: 'run' refuses to load it \
    until its library file changes or this command removes it from the list, quarantine.json \
    in the host's state directory (--state-dir; default $XDG_STATE_HOME/widget-host, \
    ~/.local/state/widget-host when unset).
    """
  static let all = Flag("--all", help: "Remove every bundle from the list.")
  static let list = Flag("--list", help: "Show the quarantined bundles; change nothing.")
  static let options: [any CommandOption] = [all, list, SharedOptions.stateDirectory]
  static let examples = [
    ("widget-host unquarantine Clock.widgetbundle", "try a fixed bundle again"),
    ("widget-host unquarantine --list", "what is quarantined, and why"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    let store = QuarantineStore(
      inStateDirectory: arguments[SharedOptions.stateDirectory] ?? StateStore.defaultDirectory())
    if arguments[list] {
      for entry in store.entries() {
        context.output.write("\(entry.bundle)  \(entry.library)\n  \(entry.reason)\n")
      }
      return .success
    }
    if arguments[all] {
      for entry in store.remove(library: nil) {
        context.output.write("unquarantined \(entry.bundle) (\(entry.library))\n")
      }
      return .success
    }
    guard !arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "give at least one bundle, or \(all.info.key)")
    }
    var status = ExitCode.success
    for path in arguments.positionals {
      let source: BundleSource
      do {
        source = try BundleSource.open(path)
      } catch {
        context.errors.write(errorLines(error.description))
        status = .bundle
        continue
      }
      let removed = store.remove(library: source.libraryPath)
      context.output.write(
        removed.isEmpty ? "\(path) is not quarantined\n" : "unquarantined \(path)\n")
    }
    return status
  }
}
