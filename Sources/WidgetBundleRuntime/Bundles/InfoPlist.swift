import FoundationEssentials
import WidgetSchema

/// The `Info.plist` Foundation reads from a bundle's `Resources/` folder (`Bundle.main`,
/// `Bundle(for:)`), made from the manifest: the assembler writes one into each bundle, and the
/// host writes one into the folder it lays out for a worker's `Bundle.main` (docs/isolation.md,
/// "The bundle's Bundle.main").
public struct InfoPlist: Codable, Sendable, Equatable {
  enum CodingKeys: String, CodingKey {
    case identifier = "CFBundleIdentifier"
    case name = "CFBundleName"
    case displayName = "CFBundleDisplayName"
    case shortVersion = "CFBundleShortVersionString"
    case version = "CFBundleVersion"
    case executable = "CFBundleExecutable"
    case packageType = "CFBundlePackageType"
    case developmentRegion = "CFBundleDevelopmentRegion"
    case dictionaryVersion = "CFBundleInfoDictionaryVersion"
  }

  var identifier: String
  var name: String?
  var displayName: String?
  var shortVersion: String?
  var version: String?
  var executable: String
  var packageType = "XPC!"
  var developmentRegion: String
  var dictionaryVersion = "6.0"

  /// The values of `manifest` (id, name, version, development region) for the library file
  /// `executable`; `developmentRegion` overrides the manifest's.
  public init(
    id: String, manifest: BundleManifest?, executable: String, developmentRegion: String? = nil
  ) {
    identifier = id
    name = manifest?.name
    displayName = manifest?.name
    shortVersion = manifest?.version
    version = manifest?.version
    self.executable = executable
    self.developmentRegion = developmentRegion ?? manifest?.developmentLanguage ?? "en"
  }

  /// The property list, as XML.
  public func xml() throws -> Data {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    return try encoder.encode(self)
  }
}
