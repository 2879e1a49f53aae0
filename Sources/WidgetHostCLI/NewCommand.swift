import Foundation
import WidgetHostCore
import WidgetSchema
import WidgetTooling

/// `widget-host new`: create a widget bundle project from a template.
enum NewCommand: Command {
  static let name = "new"
  static let summary = "Create a widget bundle project (Swift or C) from Xcode's template."
  static let operands = "<Name>"
  static let discussion = """
    Creates the folder <Name> with a bundle project outside the widget-host repository: by \
    default a SwiftPM package whose dynamic library depends on the WidgetKit SDK of a \
    widget-host checkout, with Xcode's Widget Extension template (StaticConfiguration); with \
    --intent or --app-intent, the template with "Include Configuration Intent"; with --c, a \
    plain C bundle with a Makefile. <Name> must be a Swift identifier; an existing folder is \
    never overwritten. The checkout is --widget-host PATH, else $WIDGET_HOST_CHECKOUT, else the \
    checkout this widget-host was built in. The project's README says how to build and run it.
    """
  /// The template, by its flag; none is the Swift template.
  static let template = FlagChoice<BundleProject.Template>(
    (
      Flag(
        "--intent",
        help: "IntentConfiguration with an .intentdefinition file (Xcode's older template)."),
      .intent
    ),
    (
      Flag(
        "--app-intent",
        help: "AppIntentConfiguration with a WidgetConfigurationIntent (Xcode's current template)."
      ),
      .appIntent
    ),
    (Flag("--c", help: "A plain C bundle against widget_abi.h, with a Makefile."), .c))
  static let families = SharedOptions.families.help(
    "A family the widget supports (default systemSmall, systemMedium, systemLarge).")
  static let output = Option<String>(
    "--output", "-o", value: "FOLDER",
    help: "Where to create the <Name> folder (default: the current folder).")
  static let checkout = Option<String>(
    "--widget-host", value: "PATH",
    help: "The widget-host checkout to depend on (default: $WIDGET_HOST_CHECKOUT, else the "
      + "checkout this binary was built in).")
  static let options: [any CommandOption] =
    template.flags + [families, output, checkout]
  static let examples = [
    (
      "widget-host new MyWidget && cd MyWidget && swift build && widget-host run .build/debug/libMyWidget.so",
      "a Swift widget: create, build, run"
    ),
    (
      "widget-host new Weather --app-intent --family systemSmall --family accessoryInline",
      "a configurable widget in two families"
    ),
    ("widget-host new Status --c --output ~/src && make -C ~/src/Status run", "a C widget"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 1, let projectName = arguments.positionals.first else {
      throw UsageError(command: name, message: "give exactly one project name")
    }
    let template = arguments[Self.template] ?? .swift
    let families = arguments[Self.families]
    do {
      try BundleProject.validate(name: projectName)
    } catch {
      throw UsageError(command: name, message: error.description)
    }
    let executable = WorkerLoader.currentExecutable()
    let output = URL(
      fileURLWithPath: arguments[output] ?? FileManager.default.currentDirectoryPath)
    do {
      let checkout = try WidgetHostCheckout.locate(
        option: arguments[checkout], executable: executable)
      let project = try BundleProject(
        name: projectName, template: template, families: families, checkout: checkout,
        widgetHost: executable)
      let folder = try project.create(in: output)
      var text =
        "created \(folder.path): a widget bundle project (\(template.summary)) for "
        + project.families.map(\.rawValue).joined(separator: ", ") + "\n"
      for (path, _) in try project.files() { text += "  \(path)\n" }
      text += "build and run it:\n  cd \(folder.path)\n  \(project.buildCommand)\n"
      text += "  \(project.runCommand)\n"
      context.output.write(text)
      return .success
    } catch {
      context.errors.write(errorLines(error.description))
      return .failure
    }
  }
}
