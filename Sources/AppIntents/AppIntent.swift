import Foundation

/// An action or a configuration, described by its type: a title and `@Parameter` properties.
public protocol AppIntent: Sendable {
  /// The intent's title.
  static var title: LocalizedStringResource { get }
  /// The intent's description; none by default.
  static var description: IntentDescription? { get }
  /// The summary of its parameters' settings.
  associatedtype SummaryContent: ParameterSummary = _NoParameterSummary
  /// The sentence that sums up the parameters: `Summary("Weather in \(\.$city)")`; none by
  /// default.
  @ParameterSummaryContentBuilder<Self> static var parameterSummary: SummaryContent { get }
  /// What ``perform()`` returns.
  associatedtype PerformResult: IntentResult

  /// Creates an intent whose parameters hold their defaults.
  init()

  /// Does what the intent is for, with its parameters' values: a widget's `Button(intent:)` or
  /// `Toggle(isOn:intent:)` runs it in the bundle when pressed, and the widget reloads after.
  /// A configuration intent needs none; the default does nothing.
  func perform() async throws -> PerformResult
}

extension AppIntent where SummaryContent == _NoParameterSummary {
  /// No summary.
  public static var parameterSummary: _NoParameterSummary { _NoParameterSummary() }
}

extension AppIntent {
  public static var description: IntentDescription? { nil }

  /// Does nothing: a configuration intent is never performed.
  public func perform() async throws -> IntentResultContainer<Never, Never, Never, Never> {
    .result()
  }

  /// `@Parameter(title: "Favorite Emoji", default: "😃") var favoriteEmoji: String`.
  public typealias Parameter<Value: _IntentValue> = IntentParameter<Value>
}

/// The configuration of an `AppIntentConfiguration` widget: each `@Parameter` is a setting of the
/// widget's instances, found by reflection over `init()`.
///
/// ```swift
/// struct ConfigurationAppIntent: WidgetConfigurationIntent {
///   static var title: LocalizedStringResource { "Configuration" }
///   static var description: IntentDescription { "This is an example widget." }
///
///   @Parameter(title: "Favorite Emoji", default: "😃")
///   var favoriteEmoji: String
/// }
/// ```
public protocol WidgetConfigurationIntent: AppIntent {}

/// An intent a Live Activity's button or toggle runs (`Button(intent:)` in an
/// `ActivityConfiguration`). iOS runs it in the app's process; here, as every widget action, in
/// the bundle's (docs/interactive.md).
public protocol LiveActivityIntent: AppIntent {}

/// An intent that plays audio (a media widget's play button); run as any other action.
public protocol AudioPlaybackIntent: AppIntent {}

/// A type a `@Parameter` can hold: `String`, `Int`, `Double`, `Bool`, `Date`, an ``AppEnum``, an
/// ``AppEntity``, or an optional of one.
public protocol _IntentValue {}

extension String: _IntentValue {}
extension Int: _IntentValue {}
extension Double: _IntentValue {}
extension Bool: _IntentValue {}
extension Date: _IntentValue {}
extension Optional: _IntentValue where Wrapped: _IntentValue {}

/// An enum whose cases a person picks from, by raw value.
///
/// ```swift
/// enum Colour: String, AppEnum {
///   case red, blue
///   static let typeDisplayRepresentation: TypeDisplayRepresentation = "Colour"
///   static let caseDisplayRepresentations: [Colour: DisplayRepresentation] = [
///     .red: "Red", .blue: "Blue",
///   ]
/// }
/// ```
public protocol AppEnum: _IntentValue, CaseIterable, RawRepresentable, Hashable, Sendable
where RawValue == String {
  /// The enum's name as a person sees it.
  static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
  /// What a person sees for each case; a missing case shows its raw value.
  static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

/// A value of your app's domain that a parameter refers to by identifier, listed and looked up
/// by its ``EntityQuery``.
public protocol AppEntity: _IntentValue, Identifiable, Sendable
where ID: EntityIdentifierConvertible {
  /// The query that lists and finds entities.
  associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self

  /// The entity type's name as a person sees it.
  static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
  /// The query that lists and finds entities.
  static var defaultQuery: DefaultQuery { get }
  /// How this entity is shown.
  var displayRepresentation: DisplayRepresentation { get }
}

/// Finds entities by identifier and lists the ones a person picks from.
public protocol EntityQuery: Sendable {
  /// The entity type.
  associatedtype Entity: AppEntity

  /// Creates the query.
  init()

  /// The entities with these identifiers (those that still exist).
  func entities(for identifiers: [Entity.ID]) async throws -> [Entity]

  /// The entities offered when a person edits the parameter; none by default.
  func suggestedEntities() async throws -> [Entity]
}

extension EntityQuery {
  public func suggestedEntities() async throws -> [Entity] { [] }
}

/// An entity identifier that can be stored as a string in a configuration.
public protocol EntityIdentifierConvertible {
  /// The identifier as stored.
  var entityIdentifierString: String { get }
  /// The identifier from its stored string; nil when the string is not one.
  static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
  public var entityIdentifierString: String { self }
  public static func entityIdentifier(for entityIdentifierString: String) -> String? {
    entityIdentifierString
  }
}

extension Int: EntityIdentifierConvertible {
  public var entityIdentifierString: String { String(self) }
  public static func entityIdentifier(for entityIdentifierString: String) -> Int? {
    Int(entityIdentifierString)
  }
}

extension UUID: EntityIdentifierConvertible {
  public var entityIdentifierString: String { uuidString }
  public static func entityIdentifier(for entityIdentifierString: String) -> UUID? {
    UUID(uuidString: entityIdentifierString)
  }
}
