import Foundation
import WidgetSchema

/// What `widget-host run` was asked to do.
public struct HostOptions: Sendable {
  /// Bundle folders or bare libraries to load.
  public var bundlePaths: [String]
  /// Kinds to show; empty means every kind of the given bundles.
  public var kinds: [String] = []
  /// Families to show each kind in; empty means each kind's first (preferred) family.
  public var families: [WidgetFamily] = []
  /// Render the current entry of every instance once, then stop.
  public var once = false
  /// Scheduler tunables.
  public var scheduler = Scheduler.Configuration()
  /// How long the host waits for a bundle's reply.
  public var deadlines = Deadlines()
  /// The durable state file (budget ledger); nil keeps budgets in memory only.
  public var statePath: String?
  /// `run --watch`: reload a bundle whose library or manifest changes (``HotReloader``). Needs a
  /// loader that can load a library again: worker processes.
  public var watch = false
  /// With ``watch``: how often the files are looked at, and how long a change must stay the same
  /// before it is loaded, in seconds.
  public var watchInterval = 0.2
  public var watchSettle = 0.5

  /// Seconds the host waits for each kind of call before abandoning it.
  public struct Deadlines: Sendable {
    /// For placeholders, which must be fast.
    public var placeholder: Double = 5
    /// For snapshots and timelines, which may fetch data.
    public var timeline: Double = 30

    /// The defaults.
    public init() {}
  }
  /// The user's locale (dates in text, the bundles' `locale`).
  public var locale: Locale
  /// The user's time zone (dates in text).
  public var timeZone: TimeZone

  /// Creates options with the environment's locale and time zone.
  public init(bundlePaths: [String], locale: Locale? = nil, timeZone: TimeZone = .current) {
    self.bundlePaths = bundlePaths
    self.locale = locale ?? HostOptions.environmentLocale()
    self.timeZone = timeZone
  }

  /// The locale named by `LC_ALL`, `LC_TIME` or `LANG` (first set wins); en-US for unset, `C`
  /// and `POSIX`.
  public static func environmentLocale(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Locale {
    let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first {
      !$0.isEmpty
    }
    guard let name, name != "C", name != "POSIX", !name.hasPrefix("C.") else {
      return Locale(identifier: "en_US")
    }
    let base = name.split(separator: ".").first.map(String.init) ?? name
    return Locale(identifier: base.split(separator: "@").first.map(String.init) ?? base)
  }
}

/// Why `widget-host run` could not start or finish.
public enum HostError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A bundle could not be opened, loaded or registered.
  case bundle(BundleError)
  /// The selection (`--kind`, `--family`) names something that does not exist.
  case selection(String)
  /// The output format cannot show the selection (`--format waybar` with several instances).
  case format(String)

  public var description: String {
    switch self {
    case .bundle(let error): error.description
    case .selection(let message): message
    case .format(let message): message
    }
  }
}
