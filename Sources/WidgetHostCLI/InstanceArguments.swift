import WidgetHostCore

/// `--instance` and `--home`, shared by run, simulate and preview.
enum InstanceArguments {
  /// Puts the `--instance` specs and the `--home` file into `options`. A malformed spec, or
  /// either option with `--kind` or `--family` (which they replace), is a usage error.
  static func parse(
    _ arguments: Arguments, into options: inout HostOptions, command: String
  ) throws(UsageError) {
    let specs = arguments.all("--instance")
    let home = arguments.last("--home")
    guard !specs.isEmpty || home != nil else { return }
    if !arguments.all("--kind").isEmpty || !arguments.all("--family").isEmpty {
      throw UsageError(
        command: command,
        message: "--instance and --home choose the instances themselves: drop --kind and --family "
          + "(give the family in the spec: KIND/FAMILY)")
    }
    for spec in specs {
      do {
        options.instances.append(try InstanceSpec.parse(spec))
      } catch {
        throw UsageError(command: command, message: error.description)
      }
    }
    options.homeScreen = home
  }
}
