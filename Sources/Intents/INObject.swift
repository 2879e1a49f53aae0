import Foundation

/// A value a person picks for a custom-type parameter of an intent: an identifier stored in the
/// widget's configuration and the text shown for it. The types an intent definition declares
/// (`INTypes`) are generated as subclasses (`class Animal: INObject`).
open class INObject: CustomStringConvertible {
  /// The stable identifier stored in configurations.
  public let identifier: String?
  /// What a person sees.
  public let displayString: String
  /// A hint on how to pronounce `displayString`; kept for source compatibility.
  public let pronunciationHint: String?
  /// A second line shown under `displayString` in pickers.
  open var subtitleString: String?

  /// Creates an object with its identifier and the text shown for it.
  public required init(identifier: String?, display: String, pronunciationHint: String?) {
    self.identifier = identifier
    self.displayString = display
    self.pronunciationHint = pronunciationHint
  }

  /// Creates an object with its identifier and the text shown for it.
  public convenience init(identifier: String?, display: String) {
    self.init(identifier: identifier, display: display, pronunciationHint: nil)
  }

  /// Creates an object with a subtitle.
  public convenience init(identifier: String?, display: String, subtitle: String?) {
    self.init(identifier: identifier, display: display, pronunciationHint: nil)
    self.subtitleString = subtitle
  }

  /// `displayString (identifier)`.
  open var description: String {
    "\(displayString) (\(identifier ?? "no identifier"))"
  }
}

/// A group of options in an ``INObjectCollection``, with a title shown above it.
public struct INObjectSection<ObjectType> {
  /// The section's title; nil for none.
  public let title: String?
  /// The options, in order.
  public let items: [ObjectType]

  /// Creates a section.
  public init(title: String?, items: [ObjectType]) {
    self.title = title
    self.items = items
  }
}

/// The options a handler offers for a parameter (`provide<Name>OptionsCollection`): a flat list
/// or titled sections.
public final class INObjectCollection<ObjectType> {
  /// The sections; one untitled section for a flat list.
  public let sections: [INObjectSection<ObjectType>]
  /// Whether pickers show an index; kept for source compatibility.
  public var usesIndexedCollation = false

  /// Every option, section after section.
  public var allItems: [ObjectType] { sections.flatMap(\.items) }

  /// A flat list of options.
  public init(items: [ObjectType]) {
    sections = [INObjectSection(title: nil, items: items)]
  }

  /// Options in titled sections.
  public init(sections: [INObjectSection<ObjectType>]) {
    self.sections = sections
  }
}

/// Answers a handling protocol's completion-handler `provide<Name>OptionsCollection` through
/// its async form, for a handler that implements only that one. SDK detail: the generated
/// protocols' default implementations call it.
public func _INProvideOptions<ObjectType>(
  _ operation: @escaping () async throws -> INObjectCollection<ObjectType>,
  completion: @escaping (INObjectCollection<ObjectType>?, (any Error)?) -> Void
) {
  // The handler and its intent belong to the call from here on, as on iOS, where the system
  // calls the handler on a queue of its own.
  let call = UncheckedCall(operation: operation, completion: completion)
  Task {
    do {
      call.completion(try await call.operation(), nil)
    } catch {
      call.completion(nil, error)
    }
  }
}

/// An options call handed to the task that runs it.
private struct UncheckedCall<ObjectType>: @unchecked Sendable {
  let operation: () async throws -> INObjectCollection<ObjectType>
  let completion: (INObjectCollection<ObjectType>?, (any Error)?) -> Void
}

/// A handler implements neither form of a `provide<Name>OptionsCollection` method. SDK detail:
/// the generated protocols' default async implementations throw it.
public struct _INOptionsNotProvided: Error, Sendable, CustomStringConvertible {
  /// The method, as `provideAnimalOptionsCollection(for:with:)`.
  public let method: String

  /// Creates the error.
  public init(method: String) {
    self.method = method
  }

  public var description: String {
    "the intent handler implements neither \(method) nor its async form"
  }
}
