import FoundationEssentials
import Synchronization

/// The localized strings of one bundle's `Resources/` folder for one user language: looks keys
/// up in `<lang>.lproj/<table>.strings`, trying the folders in ``LanguageMatch`` order, key by
/// key (a key missing from the user's language is taken from the development language).
///
/// Tables are read and parsed once, when first used. A table that cannot be parsed is
/// reported once through `report` and then treated as empty.
public final class StringsCatalog: Sendable {
  /// The resources folder.
  public let resourcesPath: String
  /// The folders searched, best first (names without `.lproj`).
  public let searchOrder: [String]
  private let report: @Sendable (StringsFileError) -> Void
  private let tables = Mutex<[String: [String: String]]>([:])

  /// A catalog for `language` (a BCP 47 tag or POSIX locale name; nil: only the development
  /// language) over the `.lproj` folders in `resourcesPath`.
  public init(
    resourcesPath: String, language: String?, developmentRegion: String = "en",
    report: @escaping @Sendable (StringsFileError) -> Void = { _ in }
  ) {
    self.resourcesPath = resourcesPath
    let names = (try? FileManager.default.contentsOfDirectory(atPath: resourcesPath)) ?? []
    let folders = names.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }
    self.searchOrder = LanguageMatch.searchOrder(
      available: folders, language: language, developmentRegion: developmentRegion)
    self.report = report
  }

  /// The string for `key` in `table` (`Localizable` when nil), or nil when no searched folder
  /// has it.
  public func string(forKey key: String, table: String? = nil) -> String? {
    let name = (table?.isEmpty == false ? table! : "Localizable")
    for folder in searchOrder {
      if let value = self.table(folder: folder, name: name)[key] { return value }
    }
    return nil
  }

  /// The string for `key`, or `key` itself.
  public func localized(_ key: String, table: String? = nil) -> String {
    string(forKey: key, table: table) ?? key
  }

  private func table(folder: String, name: String) -> [String: String] {
    let path = "\(resourcesPath)/\(folder).lproj/\(name).strings"
    if let cached = tables.withLock({ $0[path] }) { return cached }
    var parsed: [String: String] = [:]
    if FileManager.default.fileExists(atPath: path) {
      do {
        parsed = try StringsFile.read(path)
      } catch {
        report(error)
      }
    }
    tables.withLock { $0[path] = parsed }
    return parsed
  }
}
