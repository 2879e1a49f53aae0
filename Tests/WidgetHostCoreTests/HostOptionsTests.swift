import Foundation
import Testing
import WidgetRendering
import WidgetSchema
import WidgetSupport

@testable import WidgetHostCore

/// The user's locale and language from the environment, made without ICU until a date is
/// shown: the same identifiers, tags and date texts as the `Locale` values they replace.
@Suite struct HostOptionsTests {
  /// The environments the locale rules distinguish, with the tag the bundles are told.
  static let environments: [([String: String], String)] = [
    ([:], "en-US"),
    (["LANG": "C"], "en-US"),
    (["LANG": "POSIX"], "en-US"),
    (["LANG": "C.UTF-8"], "en-US"),
    (["LANG": "en_US.UTF-8"], "en-US"),
    (["LANG": "de_DE@euro"], "de-DE"),
    (["LANG": "sr_RS@latin"], "sr-RS"),
    (["LANG": "zh_Hant_TW"], "zh-Hant-TW"),
    (["LC_ALL": "ja_JP.eucJP", "LANG": "fr_FR"], "ja-JP"),
    // No language for strings, so the bundles are told the locale's (dates) tag.
    (["LC_MESSAGES": "C", "LANG": "de_DE@euro"], "de-DE"),
    (["LC_MESSAGES": "POSIX", "LANG": "sr_RS@latin"], "sr-RS"),
    (["LC_TIME": "zh_Hant_TW.UTF-8", "LANG": "C"], "zh-Hant-TW"),
    (["LC_TIME": "es_419.UTF-8"], "es-419"),
    (["LC_TIME": "iw_IL.UTF-8"], "he-IL"),
    (["LC_TIME": "de_DD"], "de-DE"),
  ]

  @Test(arguments: environments)
  func theBundlesLocaleIsTheOneICUGives(environment: [String: String], tag: String) {
    let options = HostOptions(bundlePaths: [], environment: environment)
    #expect(options.bundleLocale == tag)
    // What it was when the locale was made at once.
    let locale = HostOptions.environmentLocale(environment)
    #expect(options.bundleLocale == options.language ?? locale.identifier(.bcp47))
    #expect(options.locale.identifier == locale.identifier)
  }

  @Test func plainIdentifiersAreTaggedWithoutICUAsICUTagsThem() {
    let identifiers = [
      "en_US", "en", "de_DE", "sr_RS", "sr_Latn_RS", "zh_Hant_TW", "zh_Hans", "zh_CN", "pt_BR",
      "es_419", "no_NO", "nb_NO", "sh_RS", "tl_PH", "ca_ES",
      // Replaced or canonicalized by ICU: not plain, so ICU still tags them.
      "iw_IL", "in_ID", "ji", "jw_ID", "mo_MD", "de_DD", "my_BU", "fr_FX", "pt_TP", "en_YD",
      "sw_ZR", "deu_DE", "eng", "EN_us", "en_US_POSIX", "de_DE_PREEURO", "ca_ES_VALENCIA", "",
      "x", "en__US", "zh_hant_TW", "zh_Hant_tw",
    ]
    for identifier in identifiers {
      #expect(
        HostOptions.languageTag(identifier)
          == Locale(identifier: identifier).identifier(.bcp47), "\(identifier)")
    }
  }

  @Test func aGivenLocaleIsKept() {
    var components = Locale.Components(identifier: "en_GB")
    components.hourCycle = .oneToTwelve
    let given = Locale(components: components)
    var options = HostOptions(bundlePaths: [], locale: given, environment: ["LANG": "C"])
    #expect(options.locale == given)
    #expect(options.bundleLocale == given.identifier(.bcp47))
    #expect(options.dates.locale == given)
    options.localeIdentifier = "fr_FR"
    #expect(options.locale.identifier == "fr_FR")
    #expect(options.bundleLocale == "fr-FR")
    options.locale = Locale(identifier: "de_DE")
    #expect(options.localeIdentifier == "de_DE")
  }

  @Test(arguments: ["en_US", "de_DE", "sr_RS", "zh_Hant_TW", "ja_JP", "ar_EG"])
  func datesAreFormattedAsWithTheLocaleMadeAtOnce(identifier: String) {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let eager = DateText(locale: Locale(identifier: identifier), timeZone: zone)
    let lazy = HostOptions(bundlePaths: [], environment: ["LC_TIME": identifier + ".UTF-8"])
    var dates = lazy.dates
    dates.timeZone = zone
    let date = Date(timeIntervalSince1970: 1_780_000_000)
    for style in [DateStyle.time, .date] {
      #expect(
        dates.string(date, style: style, now: date) == eager.string(date, style: style, now: date))
    }
    #expect(dates.clockTime(date) == eager.clockTime(date))
  }

  @Test func theSandboxesVariablesAreTheProcesss() {
    let environment = ProcessInfo.processInfo.environment
    let variables = AppGroupSandbox.pathVariables()
    for name in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "HOME"] {
      #expect(variables[name] == environment[name], "\(name)")
    }
    #expect(HostPaths.store(environment: variables) == HostPaths.store(environment: environment))
    #expect(
      AppGroupSandbox.defaultContainers(environment: variables)
        == AppGroupSandbox.defaultContainers(environment: environment))
  }
}
