import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetSchema

/// What loaded bundles may ask of the host: the log, the clock, reloads, the locale; and where
/// their connections report crashes (as stream events).
final class HostServices: BundleServices {
  private let clock: any HostClock
  private let stream: EventStream
  private let logOutput: any OutputTarget
  private let minimumLogLevel: BundleLogLevel
  private let scheduler = Mutex<Scheduler?>(nil)
  private let control: HostControl
  let localeIdentifier: String

  init(
    clock: any HostClock, stream: EventStream, locale: String, logOutput: any OutputTarget,
    minimumLogLevel: BundleLogLevel, control: HostControl
  ) {
    self.control = control
    self.clock = clock
    self.stream = stream
    self.logOutput = logOutput
    self.minimumLogLevel = minimumLogLevel
    self.localeIdentifier = locale
  }

  func attach(_ scheduler: Scheduler) {
    self.scheduler.withLock { $0 = scheduler }
  }

  func log(bundle: String, level: BundleLogLevel, message: String) {
    guard level >= minimumLogLevel else { return }
    let line = message.replacingOccurrences(of: "\n", with: " ")
    logOutput.write("widget-host: [\(bundle)] \(level): \(line)\n")
  }

  func now() -> Date { clock.now() }

  var clockIsSystemClock: Bool { clock is RealClock }

  /// A message of the host's own (`run --watch`'s reloads), written where log lines go.
  func note(_ text: String) {
    logOutput.write(text)
  }

  func report(_ incident: BundleIncident) {
    stream.emit(
      instance: nil,
      .error(ProblemEvent(code: incident.code, message: incident.message, bundle: incident.bundle)))
    if let failed = incident.failed { stream.emit(.bundle(failed)) }
  }

  func currentConfigurations(bundle: String) async -> CurrentConfigurations? {
    try? control.configurations(bundle: bundle)
  }

  func reload(bundle: String, kind: String?) {
    guard let scheduler = scheduler.withLock({ $0 }) else { return }
    Task { await scheduler.reload(bundle: bundle, kind: kind) }
  }
}

/// Services for commands that load a bundle without running it (`inspect`, `assemble`): log
/// lines go to `log`, reload requests are ignored, the clock is real.
public struct StandaloneServices: BundleServices {
  private let output: any OutputTarget
  public let localeIdentifier: String

  /// Creates the services.
  public init(log output: any OutputTarget, locale: Locale = HostOptions.environmentLocale()) {
    self.output = output
    self.localeIdentifier = locale.identifier(.bcp47)
  }

  public func log(bundle: String, level: BundleLogLevel, message: String) {
    guard level >= .warning else { return }
    output.write("widget-host: [\(bundle)] \(level): \(message)\n")
  }

  public func now() -> Date { Date() }

  public var clockIsSystemClock: Bool { true }

  public func reload(bundle: String, kind: String?) {}
}
