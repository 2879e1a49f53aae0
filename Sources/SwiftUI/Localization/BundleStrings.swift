import Foundation
import Synchronization
import WidgetSchema
import WidgetSupport

/// The loaded bundle's localized strings: its `Resources/<lang>.lproj/*.strings` for the host's
/// language. `Text("key")`, every ``LocalizedStringKey`` and `NSLocalizedString`
/// look keys up here.
///
/// SDK detail: WidgetKit configures it when the host loads the bundle (from the host table's
/// `resource_path` and `locale`). Until then, and in unit tests, every key is its own text.
public enum _BundleStrings {
  private static let catalog = Mutex<StringsCatalog?>(nil)
  private static let language = Mutex<String?>(nil)

  /// Uses the strings in `resourcesPath` for `language`, falling back to `developmentRegion`;
  /// problems with a strings file go to `report`.
  public static func _configure(
    resourcesPath: String, language: String?, developmentRegion: String,
    report: @escaping @Sendable (StringsFileError) -> Void
  ) {
    let loaded = StringsCatalog(
      resourcesPath: resourcesPath, language: language, developmentRegion: developmentRegion,
      report: report)
    catalog.withLock { $0 = loaded }
    self.language.withLock { $0 = language }
  }

  /// The host's locale (its `--locale`, a BCP 47 tag), or the process's before WidgetKit
  /// configures the strings: `\.locale`'s default.
  static var hostLocale: Locale {
    language.withLock { $0 }.map { Locale(identifier: $0) } ?? .current
  }

  /// Forgets the configuration (every key is its own text again).
  public static func _reset() {
    catalog.withLock { $0 = nil }
    language.withLock { $0 = nil }
  }

  /// The string for `key` in `table` (`Localizable` when nil), or nil.
  static func string(forKey key: String, table: String?) -> String? {
    catalog.withLock { $0 }?.string(forKey: key, table: table)
  }

  /// What `NSLocalizedString` returns: the string for `key`, else `value` unless empty, else
  /// the key.
  static func localizedString(_ key: String, table: String?, value: String) -> String {
    string(forKey: key, table: table) ?? (value.isEmpty ? key : value)
  }
}

/// The localized string for `key` from the widget bundle's `Localizable.strings` (or
/// `tableName`), for the host's language: the same call as Foundation's, so code written for
/// iOS (`NSLocalizedString("sq_req_fail", comment: "")`) finds the bundle's strings.
///
/// On Linux Foundation's `Bundle.main` is the `widget-host` executable, not the widget, and
/// its language does not follow the host's `--locale`; this function is what makes the call
/// work in bundle code. It takes precedence over Foundation's in files that import `SwiftUI` or
/// `WidgetKit` without importing `Foundation` themselves (as widget files do); in a file that
/// writes `import Foundation`, Foundation's is called and returns the key (see
/// docs/authoring.md, "Localization and resources"). A `bundle` other than `Bundle.main` is
/// handed to Foundation.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_disfavoredOverload
public func NSLocalizedString(
  _ key: String, tableName: String? = nil, bundle: Bundle = Bundle.main, value: String = "",
  comment: String
) -> String {
  guard bundle === Bundle.main else {
    return bundle.localizedString(forKey: key, value: value, table: tableName)
  }
  return _BundleStrings.localizedString(key, table: tableName, value: value)
}
