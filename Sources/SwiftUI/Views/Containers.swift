import Foundation
import WidgetSchema

/// A thin line across the enclosing stack: horizontal in a `VStack`, vertical in an `HStack`.
public struct Divider: _PrimitiveView {
  /// Creates a divider.
  public init() {}

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.divider]
  }
}

/// One view per element of a collection, laid out by the enclosing container.
///
/// The views are built when the `ForEach` is created; identifiers are accepted for source
/// compatibility and otherwise unused (a widget's tree is rebuilt for each entry).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
  /// The collection.
  public var data: Data
  private let views: [Content]

  /// One view per element of `data`, each identified by the value at `id`.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    views = data.map(content)
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    ViewResolver.nodes(of: views, in: environment)
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// One view per element of `data`, identified by their `id`.
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.init(data, id: \.id, content: content)
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// One view per number in `data`: `ForEach(0..<3) { Text("\($0)") }`.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.init(data, id: \.self, content: content)
  }
}

/// A view that opens `destination` when tapped.
///
/// Resolves to the label wrapped in a `link` modifier. The host honours links in medium and
/// larger widgets; in `systemSmall` only `widgetURL` counts, as on iOS.
public struct Link<Label: View>: _PrimitiveView {
  let destination: URL
  let label: Label

  /// A link showing the views `label` builds.
  public init(destination: URL, @ViewBuilder label: () -> Label) {
    self.destination = destination
    self.label = label()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.modified(ViewResolver.resolve(label, in: environment), .link(destination.absoluteString))]
  }
}

extension Link where Label == Text {
  /// A link showing the text for `titleKey`.
  public init(_ titleKey: LocalizedStringKey, destination: URL) {
    self.init(destination: destination) { Text(titleKey) }
  }

  /// A link showing `title` as it is.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, destination: URL) {
    self.init(destination: destination) { Text(title) }
  }
}
