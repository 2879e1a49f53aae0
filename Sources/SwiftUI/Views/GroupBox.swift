import Foundation
import WidgetSchema

/// Content in a rounded box with an optional label on top: `GroupBox("Today") { … }`. Drawn as
/// SwiftUI's default style draws it: a leading-aligned stack of the label (headline) and the
/// content, padded, on the system's secondary fill in a rounded rectangle.
public struct GroupBox<Label: View, Content: View>: View {
  private let label: Label?
  private let content: Content

  /// A box of `content`, labelled with the view `label` builds.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.content = content()
    self.label = label()
  }

  /// A box of `content`, labelled with the view `label` builds (the older argument order).
  public init(label: Label, @ViewBuilder content: () -> Content) {
    self.content = content()
    self.label = label
  }

  public var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      if let label {
        label.font(.headline)
      }
      content
    }
    .padding()
    .background(.fill.secondary, in: RoundedRectangle(cornerRadius: 8))
  }
}

extension GroupBox where Label == EmptyView {
  /// A box of `content` without a label.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
    self.label = nil
  }
}

extension GroupBox where Label == Text {
  /// A box of `content` labelled with the string for `titleKey`.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    self.content = content()
    self.label = Text(titleKey)
  }

  /// A box of `content` labelled with `title` as it is.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.content = content()
    self.label = Text(title)
  }
}
