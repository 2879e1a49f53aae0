import Foundation
import WidgetSchema

// Modifiers that style the text inside a view. Each wraps the view in a `style` node that
// everything inside inherits; an inner style wins over an outer one, as in SwiftUI.

extension View {
  /// Sets the font of the text inside; nil changes nothing.
  public func font(_ font: Font?) -> some View {
    styled(font?.textStyle)
  }

  /// Sets the weight of the text inside; nil changes nothing.
  public func fontWeight(_ weight: Font.Weight?) -> some View {
    styled(weight.map { WidgetSchema.TextStyle(weight: $0.value) })
  }

  /// Makes the text inside bold (when `isActive`).
  public func bold(_ isActive: Bool = true) -> some View {
    styled(isActive ? WidgetSchema.TextStyle(weight: .bold) : nil)
  }

  /// Makes the text inside italic (when `isActive`).
  public func italic(_ isActive: Bool = true) -> some View {
    styled(isActive ? WidgetSchema.TextStyle(italic: true) : nil)
  }

  /// Underlines the text inside. The line's colour is ignored: it is the text's.
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View {
    styled(WidgetSchema.TextStyle(underline: isActive))
  }

  /// Strikes the text inside through. The line's colour is ignored: it is the text's.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View {
    styled(WidgetSchema.TextStyle(strikethrough: isActive))
  }

  /// Sets the colour of the text and shapes inside; nil changes nothing.
  public func foregroundColor(_ color: Color?) -> some View {
    styled(color.map { WidgetSchema.TextStyle(foreground: $0.value) })
  }

  /// Paints the text and shapes inside with `style` (its colour; see ``ShapeStyle``).
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
    styled(style.foreground)
  }

  /// Paints with `primary`; the secondary level is approximated by the primary.
  public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2)
    -> some View
  {
    foregroundStyle(primary)
  }

  /// Paints with `primary`; the other levels are approximated by the primary.
  public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(
    _ primary: S1, _ secondary: S2, _ tertiary: S3
  ) -> some View {
    foregroundStyle(primary)
  }

  /// Limits the text inside to `number` lines; nil removes the limit (`lineLimit: 0` in the
  /// view tree).
  public func lineLimit(_ number: Int?) -> some View {
    styled(WidgetSchema.TextStyle(lineLimit: max(0, number ?? 0)))
  }

  /// Limits the text inside to `limit` lines. `reservesSpace` is ignored.
  public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
    lineLimit(limit)
  }

  /// Lines up the lines of multiline text inside.
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
    styled(WidgetSchema.TextStyle(multilineTextAlignment: alignment.value))
  }

  /// Sets where "…" replaces text inside that does not fit.
  public func truncationMode(_ mode: Text.TruncationMode) -> some View {
    styled(WidgetSchema.TextStyle(truncationMode: mode.value))
  }

  /// Lets text inside shrink to `factor` of its size to fit. Kept in the view tree; a
  /// terminal cannot shrink text, so the host truncates instead.
  public func minimumScaleFactor(_ factor: CGFloat) -> some View {
    styled(WidgetSchema.TextStyle(minimumScaleFactor: min(max(Double(factor), 0.01), 1)))
  }

  /// Redacts the views inside for `reason`: their text is drawn as blocks, and
  /// `redactionReasons` includes `reason`. Empty reasons change nothing.
  public func redacted(reason: RedactionReasons) -> some View {
    changingEnvironment { $0.redactionReasons.formUnion(reason) }
      .styled(reason.isEmpty ? nil : WidgetSchema.TextStyle(redacted: true))
  }

  /// Shows the views inside unredacted, even in a placeholder: `redactionReasons` is empty
  /// inside.
  public func unredacted() -> some View {
    changingEnvironment { $0.redactionReasons = [] }
      .styled(WidgetSchema.TextStyle(redacted: false))
  }

  /// This view wrapped in a `style` node, or unchanged for nil.
  func styled(_ style: WidgetSchema.TextStyle?) -> some View {
    modifier(NodeModifier { _ in style.map(Modifier.style) })
  }
}
