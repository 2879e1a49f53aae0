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
