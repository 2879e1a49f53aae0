import Dispatch
import Foundation
import WidgetHostCore

/// `run` on SIGHUP: reads the configuration file again, puts the command line over it as at
/// start, and changes what the running host shows to what it now selects
/// (``WidgetHost/reconfigure(to:)``): instances that did not change keep running. Settings the
/// running host cannot change (`format`, `sink`, `budget`, …) are named in a warning: they
/// apply at the next start. A file that cannot be used changes nothing.
enum ConfigurationReloading {
  /// Handles SIGHUP for `host` until the returned source is cancelled. `running` are the
  /// arguments the host started from; `commandLine` the command line alone.
  static func start(
    _ host: WidgetHost, commandLine: Arguments, running: Arguments,
    environment: [String: String], errors: any OutputTarget
  ) -> any DispatchSourceSignal {
    let signals = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    signal(SIGHUP, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
    source.setEventHandler { signals.continuation.yield() }
    source.setCancelHandler { signals.continuation.finish() }
    source.resume()
    Task {
      var current = running
      for await _ in signals.stream {
        if let applied = await reload(
          host, commandLine: commandLine, current: current, environment: environment,
          errors: errors)
        {
          current = applied
        }
      }
    }
    return source
  }

  /// One reload: the arguments now in force, or nil when nothing changed because of a problem.
  private static func reload(
    _ host: WidgetHost, commandLine: Arguments, current: Arguments,
    environment: [String: String], errors: any OutputTarget
  ) async -> Arguments? {
    func refuse(_ lines: [String]) -> Arguments? {
      for line in lines {
        errors.write("widget-host: error: \(line)\n")
      }
      errors.write("widget-host: SIGHUP: the configuration was not applied; nothing changed\n")
      return nil
    }
    let arguments: Arguments
    let file: String?
    do {
      (arguments, file) = try RunCommand.configured(commandLine, environment: environment)
    } catch {
      return refuse(error.description.split(separator: "\n").map(String.init))
    }
    let options: HostOptions
    do throws(RunCommand.Refusal) {
      options = try RunCommand.hostOptions(arguments, environment: environment)
    } catch {
      switch error {
      case .usage(let error): return refuse([error.message])
      case .bundle(let error):
        return refuse(error.description.split(separator: "\n").map(String.init))
      }
    }
    let problems = await host.reconfigure(to: options)
    guard problems.isEmpty else { return refuse(problems) }
    let selecting = Set(RunCommand.selection.map(\.info.key) + [RunCommand.config.info.key])
    let later = RunCommand.options.map(\.info).filter { option in
      !selecting.contains(option.key)
        && arguments.describedValues(of: option) != current.describedValues(of: option)
    }.map { ConfigFile.key(of: $0) }
    errors.write(
      "widget-host: SIGHUP: read \(file ?? "no configuration file"); the instances and bundles "
        + "are applied\n")
    if !later.isEmpty {
      errors.write(
        "widget-host: warning: SIGHUP: \(list(later)) changed, which the running host cannot "
          + "change: restart widget-host to apply \(later.count == 1 ? "it" : "them")\n")
    }
    return arguments
  }
}
