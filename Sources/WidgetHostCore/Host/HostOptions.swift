import Foundation
import WidgetRendering
import WidgetSchema
import WidgetSupport

/// What `widget-host run` was asked to do.
public struct HostOptions: Sendable {
  /// Bundle folders or bare libraries to load.
  public var bundlePaths: [String]
  /// Kinds to show; empty means every kind of the given bundles.
  public var kinds: [String] = []
  /// Families to show each kind in; empty means each kind's first (preferred) family.
  public var families: [WidgetFamily] = []
  /// The instances to show (`--instance`), after those of ``homeScreen``; when both are empty,
  /// ``kinds`` and ``families`` decide.
  public var instances: [InstanceSpec] = []
  /// A home-screen file listing the instances to show (`--home`, docs/home-screen.md).
  public var homeScreen: String?
  /// The rendering mode of the instances that do not give their own (`--rendering-mode`); nil
  /// means each family's default (docs/rendering.md#rendering-modes).
  public var renderingMode: RenderingMode?
  /// Render the current entry of every instance once, then stop.
  public var once = false
  /// Scheduler tunables.
  public var scheduler = Scheduler.Configuration()
  /// How long the host waits for a bundle's reply.
  public var deadlines = Deadlines()
  /// The directory of the durable state (``StateStore``: instance configurations, last
  /// timelines, the budget ledger); nil keeps everything in memory, for this run only.
  public var stateDirectory: String?
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
  /// The user's locale (dates in text). Unless one was given (``init(bundlePaths:locale:timeZone:)``
  /// or this setter), it is made from ``localeIdentifier`` when read: a run that shows no
  /// `.time` or `.date` text never sets up an ICU locale.
  public var locale: Locale {
    get { givenLocale ?? Locale(identifier: localeIdentifier) }
    set {
      localeIdentifier = newValue.identifier
      givenLocale = newValue
    }
  }
  /// The identifier of ``locale`` (`de_DE`, `zh_Hant_TW`, `en_US`); setting it replaces a
  /// locale given as a value.
  public var localeIdentifier: String {
    didSet { givenLocale = nil }
  }
  /// A locale given as a value, which may carry more than its identifier.
  private var givenLocale: Locale?
  /// The user's language for strings, as a BCP 47 tag (`zh-Hans-CN`, `en-GB`): the bundles'
  /// `locale`, which chooses their `<lang>.lproj` strings and localizes display names. Nil
  /// (`C`, `POSIX` or nothing set) means each bundle's development language.
  public var language: String?
  /// The user's time zone (dates in text).
  public var timeZone: TimeZone

  /// Creates options with the environment's locale, language and time zone. The time zone is
  /// by default the autoupdating current one: the same zone as `TimeZone.current`, but looked up
  /// (ICU's time zone data) when a date is first shown in it rather than here, so that a run
  /// whose widgets show no `.time` or `.date` text never pays for it.
  public init(
    bundlePaths: [String], locale: Locale? = nil, timeZone: TimeZone = .autoupdatingCurrent
  ) {
    self.init(
      bundlePaths: bundlePaths, locale: locale, timeZone: timeZone,
      environment: ProcessInfo.processInfo.environment)
  }

  /// Creates options with the locale and language of `environment` (a copy of the process's,
  /// taken once by the caller: `ProcessInfo` makes a new dictionary each time it is asked).
  public init(
    bundlePaths: [String], locale: Locale? = nil, timeZone: TimeZone = .autoupdatingCurrent,
    environment: [String: String]
  ) {
    self.bundlePaths = bundlePaths
    localeIdentifier = locale?.identifier ?? HostOptions.environmentLocaleIdentifier(environment)
    givenLocale = locale
    self.language = HostOptions.environmentLanguage(environment)
    self.timeZone = timeZone
  }

  /// Sets the locale and the language from one `--locale` value (`zh-Hans`, `zh_CN.UTF-8`,
  /// `en-GB`).
  public mutating func setLocale(_ identifier: String) {
    language = LanguageMatch.normalize(identifier)
    localeIdentifier = String((language ?? "en-US").map { $0 == "-" ? "_" : $0 })
  }

  /// The language named by `LC_ALL`, `LC_MESSAGES` or `LANG` (first set wins), as a BCP 47
  /// tag; nil for unset, `C` and `POSIX`.
  public static func environmentLanguage(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first {
      !$0.isEmpty
    }
    return name.flatMap(LanguageMatch.normalize)
  }

  /// What the bundles are told as their `locale`: ``language``, or the locale's tag.
  var bundleLocale: String {
    language ?? givenLocale?.identifier(.bcp47) ?? Self.languageTag(localeIdentifier)
  }

  /// The dates in text in ``locale`` and ``timeZone``; the locale is made at the first date.
  public var dates: DateText {
    givenLocale.map { DateText(locale: $0, timeZone: timeZone) }
      ?? DateText(localeIdentifier: localeIdentifier, timeZone: timeZone)
  }

  /// The locale named by `LC_ALL`, `LC_TIME` or `LANG` (first set wins); en-US for unset, `C`
  /// and `POSIX`.
  public static func environmentLocale(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Locale {
    Locale(identifier: environmentLocaleIdentifier(environment))
  }

  /// The identifier of ``environmentLocale(_:)`` (`de_DE` for `de_DE.UTF-8@euro`), without
  /// making the locale.
  public static func environmentLocaleIdentifier(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first {
      !$0.isEmpty
    }
    guard let name, name != "C", name != "POSIX", !name.hasPrefix("C.") else { return "en_US" }
    let base = name.split(separator: ".").first.map(String.init) ?? name
    return base.split(separator: "@").first.map(String.init) ?? base
  }

  /// `Locale(identifier: identifier).identifier(.bcp47)`, without ICU for the plain
  /// identifiers a POSIX locale name gives: a language of 2 lowercase letters, then optionally a
  /// script (`Hant`) and a region (`TW`, `419`), joined by `_` (`zh_Hant_TW` → `zh-Hant-TW`),
  /// which ICU gives unchanged but for `_` → `-`. ICU replaces the deprecated codes (`iw` → `he`,
  /// `DD` → `DE`, and 3-letter languages: `deu` → `de`): those, and anything else, go to ICU.
  static func languageTag(_ identifier: String) -> String {
    func isPlain(_ part: Substring, _ test: (Character) -> Bool) -> Bool {
      part.allSatisfy { $0.isASCII && test($0) }
    }
    var parts = identifier.split(separator: "_", omittingEmptySubsequences: false)[...]
    let language = parts.removeFirst()
    var plain =
      language.count == 2 && isPlain(language, \.isLowercase)
      && !["in", "iw", "ji", "jw", "mo"].contains(language)
    if plain, let script = parts.first, script.count == 4 {
      plain = isPlain(script.prefix(1), \.isUppercase) && isPlain(script.dropFirst(), \.isLowercase)
      parts.removeFirst()
    }
    if plain, let region = parts.first {
      plain =
        parts.count == 1
        && ((region.count == 2 && isPlain(region, \.isUppercase)
          && !["BU", "DD", "FX", "TP", "YD", "ZR"].contains(region))
          || (region.count == 3 && isPlain(region, \.isNumber)))
    }
    guard plain else { return Locale(identifier: identifier).identifier(.bcp47) }
    return String(identifier.map { $0 == "_" ? "-" : $0 })
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
  /// The durable state cannot be used (``StateStore``).
  case state(StoreError)
  /// The home-screen file cannot be read or does not follow its schema.
  case homeScreen(HomeScreenError)
  /// Instances cannot run as given (unknown kind or parameter, bad value, …): every problem.
  case instances([InstanceProblem])
  /// A bundle failed a call made on the user's behalf (`widget-host options`).
  case provider(String)

  public var description: String {
    switch self {
    case .bundle(let error): error.description
    case .selection(let message): message
    case .format(let message): message
    case .state(let error): error.description
    case .homeScreen(let error): error.description
    case .instances(let problems): problems.map(\.description).joined(separator: "\n")
    case .provider(let message): message
    }
  }
}
