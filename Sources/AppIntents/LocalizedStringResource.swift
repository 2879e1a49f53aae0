import Foundation

/// A string to show a person, given by its localization key, as App Intents titles are.
///
/// Written as a literal (`static var title: LocalizedStringResource { "Configuration" }`) or with
/// interpolation (`"\(name)"`); the key is also the text shown when no translation exists.
public struct LocalizedStringResource: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// The localization key.
  public let key: String
  /// The text when no translation exists.
  public let defaultValue: String
  /// The strings table (`Localizable` when nil).
  public let table: String?

  /// Creates a resource; `defaultValue` defaults to the key.
  public init(_ key: String, defaultValue: String? = nil, table: String? = nil) {
    self.key = key
    self.defaultValue = defaultValue ?? key
    self.table = table
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(String(stringInterpolation: stringInterpolation))
  }

  /// The text shown: the default value.
  public var description: String { defaultValue }
}

/// The description of an intent, shown when configuring it.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringInterpolation {
  /// The description's text.
  public let descriptionText: LocalizedStringResource
  /// The category it is listed under; kept for source compatibility.
  public let categoryName: LocalizedStringResource?
  /// Words a search matches; kept for source compatibility.
  public let searchKeywords: [LocalizedStringResource]

  /// Creates a description.
  public init(
    _ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
    searchKeywords: [LocalizedStringResource] = []
  ) {
    self.descriptionText = descriptionText
    self.categoryName = categoryName
    self.searchKeywords = searchKeywords
  }

  public init(stringLiteral value: String) {
    self.init(LocalizedStringResource(value))
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
  }
}

/// How a value is shown: a title, an optional subtitle and an optional image.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
  /// An image shown next to the title.
  public struct Image: Sendable, Hashable {
    /// The SF Symbol's name, for `init(systemName:)`.
    public let systemName: String?
    /// The image's name in the bundle's resources, for `init(named:)`.
    public let name: String?

    /// An SF Symbol.
    public init(systemName: String) {
      self.systemName = systemName
      self.name = nil
    }

    /// An image from the bundle's resources.
    public init(named name: String) {
      self.systemName = nil
      self.name = name
    }
  }

  /// The title.
  public let title: LocalizedStringResource
  /// A second line.
  public let subtitle: LocalizedStringResource?
  /// An image.
  public let image: Image?

  /// Creates a representation.
  public init(
    title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.image = image
  }

  public init(stringLiteral value: String) {
    self.init(title: LocalizedStringResource(value))
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(title: LocalizedStringResource(stringInterpolation: stringInterpolation))
  }
}

/// How a type is named when a person picks one of its values (`"Animal"`).
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
  /// The type's name.
  public let name: LocalizedStringResource
  /// The name with a count (`"\(placeholder: .int) Animals"`); kept for source compatibility.
  public let numericFormat: LocalizedStringResource?

  /// Creates a representation.
  public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
    self.name = name
    self.numericFormat = numericFormat
  }

  public init(stringLiteral value: String) {
    self.init(name: LocalizedStringResource(value))
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(name: LocalizedStringResource(stringInterpolation: stringInterpolation))
  }
}
