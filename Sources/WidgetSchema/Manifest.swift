/// A bundle's `manifest.json`: everything needed to list and check a bundle without loading it.
///
/// Swift bundles never write one by hand: `widget-host assemble` (and the `widget-bundle` plugin)
/// generate it from the library's own description. docs/schema.md documents every field.
public struct BundleManifest: Codable, Sendable, Equatable {
  /// Reverse-DNS identifier, unique among installed bundles ("com.example.clock").
  public var id: String
  /// Human-readable name; defaults to `id`.
  public var name: String
  /// The bundle's own version string.
  public var version: String
  /// The ABI version the library was built against.
  public var abiVersion: ABIVersion
  /// The shared library's file name, relative to the bundle folder.
  public var library: String
  /// App Group identifiers the bundle may use.
  public var appGroups: [String]
  /// The widget kinds the bundle provides.
  public var kinds: [KindManifest]
  /// The language the bundle was written in (a BCP 47 tag such as `en` or `zh-Hans`): the
  /// `<lang>.lproj` strings used when the user's language has none. Nil means `en`.
  public var developmentRegion: String?
  /// The C functions the library exports as actions for its views' buttons and toggles (run
  /// through libffi, docs/interactive.md); none for a Swift bundle, whose actions are intents.
  public var actions: [ActionDeclaration]
  /// The Live Activity types the bundle draws (`ActivityConfiguration`); none for most bundles.
  public var activities: [ActivityManifest]

  /// The development language: ``developmentRegion``, or `en`.
  public var developmentLanguage: String { developmentRegion ?? "en" }

  /// Creates a manifest.
  public init(
    id: String, name: String? = nil, version: String, abiVersion: ABIVersion = .current,
    library: String, appGroups: [String] = [], kinds: [KindManifest],
    developmentRegion: String? = nil, actions: [ActionDeclaration] = [],
    activities: [ActivityManifest] = []
  ) {
    self.actions = actions
    self.activities = activities
    self.id = id
    self.name = name ?? id
    self.version = version
    self.abiVersion = abiVersion
    self.library = library
    self.appGroups = appGroups
    self.kinds = kinds
    self.developmentRegion = developmentRegion
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case name
    case version
    case abiVersion
    case library
    case appGroups
    case kinds
    case developmentRegion
    case actions
    case activities
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decodeIfPresent(String.self, forKey: .name) ?? id
    version = try container.decode(String.self, forKey: .version)
    abiVersion = try container.decode(ABIVersion.self, forKey: .abiVersion)
    library = try container.decode(String.self, forKey: .library)
    appGroups = try container.decodeIfPresent([String].self, forKey: .appGroups) ?? []
    kinds = try container.decode([KindManifest].self, forKey: .kinds)
    developmentRegion = try container.decodeIfPresent(String.self, forKey: .developmentRegion)
    actions = try container.decodeIfPresent([ActionDeclaration].self, forKey: .actions) ?? []
    activities =
      try container.decodeIfPresent([ActivityManifest].self, forKey: .activities) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(version, forKey: .version)
    try container.encode(abiVersion, forKey: .abiVersion)
    try container.encode(library, forKey: .library)
    try container.encode(appGroups, forKey: .appGroups)
    try container.encode(kinds, forKey: .kinds)
    try container.encodeIfPresent(developmentRegion, forKey: .developmentRegion)
    if !actions.isEmpty { try container.encode(actions, forKey: .actions) }
    if !activities.isEmpty { try container.encode(activities, forKey: .activities) }
  }
}

/// One widget kind as a manifest or a library's description declares it.
public struct KindManifest: Codable, Sendable, Equatable {
  /// The kind: unique across every loaded bundle.
  public var kind: String
  /// The name shown in galleries (`configurationDisplayName`).
  public var displayName: String
  /// The description shown in galleries.
  public var description: String
  /// The families the kind supports, in the author's order.
  public var families: [WidgetFamily]
  /// How instances are configured.
  public var configuration: ConfigurationManifest

  /// Creates a kind.
  public init(
    kind: String, displayName: String? = nil, description: String = "",
    families: [WidgetFamily], configuration: ConfigurationManifest = .static
  ) {
    self.kind = kind
    self.displayName = displayName ?? kind
    self.description = description
    self.families = families
    self.configuration = configuration
  }

  private enum CodingKeys: String, CodingKey {
    case kind
    case displayName
    case description
    case families
    case configuration
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(String.self, forKey: .kind)
    displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? kind
    description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    families = try container.decode([WidgetFamily].self, forKey: .families)
    configuration =
      try container.decodeIfPresent(ConfigurationManifest.self, forKey: .configuration) ?? .static
  }
}

/// What a library says about itself through `wk_bundle.describe`: its kinds, and optionally the
/// identity fields a generated manifest needs.
public struct BundleDescription: Codable, Sendable, Equatable {
  /// The bundle identifier, if the library knows it.
  public var id: String?
  /// The bundle's name, if the library knows it.
  public var name: String?
  /// The bundle's version, if the library knows it.
  public var version: String?
  /// App Group identifiers the bundle uses.
  public var appGroups: [String]?
  /// The widget kinds the library implements.
  public var kinds: [KindManifest]
  /// The C functions it exports as actions (``BundleManifest/actions``), for a bare library.
  public var actions: [ActionDeclaration]?
  /// The Live Activity types it draws (``BundleManifest/activities``).
  public var activities: [ActivityManifest]?

  /// Creates a description.
  public init(
    id: String? = nil, name: String? = nil, version: String? = nil, appGroups: [String]? = nil,
    kinds: [KindManifest], actions: [ActionDeclaration]? = nil,
    activities: [ActivityManifest]? = nil
  ) {
    self.activities = activities
    self.actions = actions
    self.id = id
    self.name = name
    self.version = version
    self.appGroups = appGroups
    self.kinds = kinds
  }
}

/// An ABI version, written `"MAJOR.MINOR"` in JSON.
public struct ABIVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Incompatible changes bump the major version.
  public var major: UInt32
  /// Additions bump the minor version.
  public var minor: UInt32

  /// The version this build of widget-host implements (`WK_ABI_VERSION_MAJOR/MINOR`).
  public static let current = ABIVersion(major: 1, minor: 3)

  /// Creates a version.
  public init(major: UInt32, minor: UInt32) {
    self.major = major
    self.minor = minor
  }

  /// Parses `"MAJOR.MINOR"`; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let major = UInt32(parts[0]), let minor = UInt32(parts[1]) else {
      return nil
    }
    self.init(major: major, minor: minor)
  }

  public var description: String { "\(major).\(minor)" }

  public static func < (lhs: ABIVersion, rhs: ABIVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }
}

extension ABIVersion: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let version = ABIVersion(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not an ABI version (expected \"1.0\")")
    }
    self = version
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
