import Foundation

/// The view tree: what a bundle's view resolves to, and what the host lays out and renders.
///
/// Every node is a JSON object with a `type` field; docs/schema.md lists the types and fields.
/// Nodes are plain data: dates inside text are kept as dates so the host can format them (and
/// keep relative ones live) at display time.
public indirect enum ViewNode: Sendable, Equatable {
  /// Nothing (`EmptyView`).
  case empty
  /// A run of text (`Text`, `Text + Text`).
  case text(TextNode)
  /// Children laid out along an axis or on top of each other (`HStack`, `VStack`, `ZStack`).
  case stack(StackNode)
  /// Flexible space along the enclosing stack's axis (`Spacer`).
  case spacer(minLength: Double?)
}

/// A text node: a sequence of runs drawn as one paragraph.
public struct TextNode: Codable, Sendable, Equatable {
  /// The runs, in reading order.
  public var runs: [TextRun]

  /// Creates a text node.
  public init(runs: [TextRun]) {
    self.runs = runs
  }
}

/// One run of text: a verbatim string, or a date the host formats at display time.
public enum TextRun: Sendable, Equatable {
  /// A string shown as is.
  case verbatim(String)
  /// A date shown in a style (`Text(date, style:)`).
  case date(Date, style: DateStyle)
}

/// How a date in text is shown (`Text.DateStyle`).
public enum DateStyle: String, JSONEnum, Sendable {
  /// The time of day, e.g. "9:41 AM".
  case time
  /// The date, e.g. "June 3, 2019".
  case date
  /// The time from now, e.g. "2 hr, 10 min"; live.
  case relative
  /// The signed offset from now, e.g. "+2 hours"; live.
  case offset
  /// A counting timer, e.g. "36:59:01"; live.
  case timer
}

/// A stack: `HStack` (horizontal), `VStack` (vertical) or `ZStack` (overlaid).
public struct StackNode: Sendable, Equatable {
  /// The stack's axis.
  public var axis: StackAxis
  /// How children are aligned across the axis (for `z`: in both directions).
  public var alignment: Alignment
  /// Points between children; nil means the default spacing.
  public var spacing: Double?
  /// The children, in order (back to front for `z`).
  public var children: [ViewNode]

  /// Creates a stack.
  public init(
    axis: StackAxis, alignment: Alignment = .center, spacing: Double? = nil, children: [ViewNode]
  ) {
    self.axis = axis
    self.alignment = alignment
    self.spacing = spacing
    self.children = children
  }
}

/// The axis of a stack.
public enum StackAxis: String, JSONEnum, Sendable {
  case horizontal
  case vertical
  case z
}

/// An alignment, as SwiftUI names them (`HorizontalAlignment`, `VerticalAlignment`, `Alignment`).
public enum Alignment: String, JSONEnum, Sendable {
  case center
  case leading
  case trailing
  case top
  case bottom
  case topLeading
  case topTrailing
  case bottomLeading
  case bottomTrailing
  case firstTextBaseline
  case lastTextBaseline
}

// MARK: - JSON

extension ViewNode: Codable {
  private enum CodingKeys: String, CodingKey {
    case type
    case runs
    case alignment
    case spacing
    case children
    case minLength
  }

  private enum Kind: String, CaseIterable {
    case empty
    case text
    case hstack
    case vstack
    case zstack
    case spacer
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let typeName = try container.decode(String.self, forKey: .type)
    guard let kind = Kind(rawValue: typeName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription:
          "unknown view type '\(typeName)' (expected one of: "
          + Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    switch kind {
    case .empty:
      self = .empty
    case .text:
      self = .text(TextNode(runs: try container.decode([TextRun].self, forKey: .runs)))
    case .hstack, .vstack, .zstack:
      let axis: StackAxis = kind == .hstack ? .horizontal : kind == .vstack ? .vertical : .z
      self = .stack(
        StackNode(
          axis: axis,
          alignment: try container.decodeIfPresent(Alignment.self, forKey: .alignment) ?? .center,
          spacing: try container.decodeIfPresent(Double.self, forKey: .spacing),
          children: try container.decodeIfPresent([ViewNode].self, forKey: .children) ?? []))
    case .spacer:
      self = .spacer(minLength: try container.decodeIfPresent(Double.self, forKey: .minLength))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .empty:
      try container.encode(Kind.empty.rawValue, forKey: .type)
    case .text(let text):
      try container.encode(Kind.text.rawValue, forKey: .type)
      try container.encode(text.runs, forKey: .runs)
    case .stack(let stack):
      let kind: Kind =
        switch stack.axis {
        case .horizontal: .hstack
        case .vertical: .vstack
        case .z: .zstack
        }
      try container.encode(kind.rawValue, forKey: .type)
      try container.encode(stack.alignment, forKey: .alignment)
      try container.encodeIfPresent(stack.spacing, forKey: .spacing)
      try container.encode(stack.children, forKey: .children)
    case .spacer(let minLength):
      try container.encode(Kind.spacer.rawValue, forKey: .type)
      try container.encodeIfPresent(minLength, forKey: .minLength)
    }
  }
}

extension TextRun: Codable {
  private enum CodingKeys: String, CodingKey {
    case text
    case date
    case style
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try container.decodeIfPresent(String.self, forKey: .text) {
      self = .verbatim(text)
    } else if container.contains(.date) {
      self = .date(
        try container.decode(Date.self, forKey: .date),
        style: try container.decode(DateStyle.self, forKey: .style))
    } else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a text run needs either 'text' or 'date' and 'style'"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .verbatim(let text):
      try container.encode(text, forKey: .text)
    case .date(let date, let style):
      try container.encode(date, forKey: .date)
      try container.encode(style, forKey: .style)
    }
  }
}
