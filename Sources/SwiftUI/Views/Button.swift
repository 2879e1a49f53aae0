import AppIntents
import Foundation
import WidgetSchema

/// A control that runs an App Intent when pressed: `Button(intent: Increment()) { Text("+1") }`.
///
/// In a widget, as on iOS 17, the intent is performed in the bundle without opening the app, and
/// the widget's timeline reloads after it. The label resolves to the view inside an `action`
/// node that carries the intent's type and its parameters' values at the time the view was
/// made (docs/interactive.md). A button with a closure (`Button(action:)`) compiles, as on iOS,
/// but widgets cannot run closures: pressing it opens the widget's `widgetURL`, as iOS opens
/// the app.
public struct Button<Label: View>: _PrimitiveView {
  let label: Label
  let action: WidgetAction?

  /// A button that performs `intent`, labelled with the views `label` builds.
  public init<I: AppIntent>(intent: I, @ViewBuilder label: () -> Label) {
    self.label = label()
    self.action = WidgetAction(intent)
  }

  /// A button whose `action` closure never runs in a widget (see the type's documentation).
  public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
    self.label = label()
    self.action = nil
  }

  /// A button with a role (`.destructive`, `.cancel`), otherwise as ``init(action:label:)``.
  public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
    self.init(action: action, label: label)
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let nodes = ViewResolver.nodes(label, in: environment)
    let content: ViewNode =
      nodes.count == 1 ? nodes[0] : .stack(StackNode(axis: .horizontal, children: nodes))
    let styled = environment.buttonStyle.dressing(content, tint: environment._tint)
    guard let action else { return [styled] }
    return [.modified(styled, .action(action))]
  }
}

extension Button where Label == Text {
  /// A button titled with the text for `titleKey` that performs `intent`.
  public init<I: AppIntent>(_ titleKey: LocalizedStringKey, intent: I) {
    self.init(intent: intent) { Text(titleKey) }
  }

  /// A button titled `title`, as it is, that performs `intent`.
  @_disfavoredOverload
  public init<I: AppIntent, S: StringProtocol>(_ title: S, intent: I) {
    self.init(intent: intent) { Text(title) }
  }

  /// A button titled with the text for `titleKey` whose closure never runs in a widget.
  public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {
    self.init(action: action) { Text(titleKey) }
  }

  /// A button titled `title` whose closure never runs in a widget.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
    self.init(action: action) { Text(title) }
  }
}

extension Button where Label == SwiftUI.Label<Text, Image> {
  /// A button with a title and an SF Symbols icon that performs `intent`.
  public init<I: AppIntent>(_ titleKey: LocalizedStringKey, systemImage: String, intent: I) {
    self.init(intent: intent) { SwiftUI.Label(titleKey, systemImage: systemImage) }
  }

  /// A button with `title`, as it is, and an SF Symbols icon that performs `intent`.
  @_disfavoredOverload
  public init<I: AppIntent, S: StringProtocol>(_ title: S, systemImage: String, intent: I) {
    self.init(intent: intent) { SwiftUI.Label(title, systemImage: systemImage) }
  }
}

/// What a button does to the data it works on; widgets draw every role alike.
public struct ButtonRole: Hashable, Sendable {
  private let name: String
  /// Deletes something.
  public static let destructive = ButtonRole(name: "destructive")
  /// Cancels something.
  public static let cancel = ButtonRole(name: "cancel")
}

extension WidgetAction {
  /// The action that performs `intent`: its type's name, the values its parameters hold now,
  /// and the reference by which the SDK finds the type again when the host asks the bundle to
  /// perform it (in a worker that may have started since the view was made, by its mangled
  /// name).
  init<I: AppIntent>(_ intent: I) {
    self.init(
      name: String(describing: I.self), arguments: AppIntentReflection.arguments(of: intent),
      reference: AppIntentReflection.reference(to: I.self))
  }
}

/// How buttons look: `.buttonStyle(.plain)`.
public protocol PrimitiveButtonStyle: Sendable {
  /// The look. SDK detail.
  var _look: _ButtonLook { get }
}

/// The looks of buttons. SDK detail.
public enum _ButtonLook: Sendable {
  /// The label as it is.
  case plain
  /// The label in the tint colour.
  case borderless
  /// The label in the tint colour on a faint rounded fill of it (a widget's default).
  case bordered
  /// The label in white on a rounded fill of the tint colour.
  case borderedProminent

  /// `content` as a button of this look shows it.
  func dressing(_ content: ViewNode, tint: ColorValue?) -> ViewNode {
    let tint = tint ?? ColorValue(name: "accentColor")
    func filled(_ fill: ColorValue, label: ColorValue) -> ViewNode {
      .modified(
        .modified(
          .modified(content, .style(TextStyle(foreground: label))),
          .padding(WidgetSchema.EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))),
        .background(
          .shape(ShapeNode(shape: .capsule, fill: fill)), alignment: .center))
    }
    switch self {
    case .plain: return content
    case .borderless: return .modified(content, .style(TextStyle(foreground: tint)))
    case .bordered:
      return filled(tint.fading(0.15), label: tint)
    case .borderedProminent: return filled(tint, label: ColorValue(name: "white"))
    }
  }
}

/// The default: `bordered`, as widgets draw buttons.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
  public init() {}
  public var _look: _ButtonLook { .bordered }
}

/// The label as it is.
public struct PlainButtonStyle: PrimitiveButtonStyle {
  public init() {}
  public var _look: _ButtonLook { .plain }
}

/// The label in the tint colour, with no border.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
  public init() {}
  public var _look: _ButtonLook { .borderless }
}

/// The label on a faint rounded fill of the tint colour.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
  public init() {}
  public var _look: _ButtonLook { .bordered }
}

/// The label in white on a rounded fill of the tint colour.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
  public init() {}
  public var _look: _ButtonLook { .borderedProminent }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
  /// The default look.
  public static var automatic: DefaultButtonStyle { .init() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  /// The label as it is.
  public static var plain: PlainButtonStyle { .init() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
  /// The label in the tint colour.
  public static var borderless: BorderlessButtonStyle { .init() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
  /// The label on a faint fill of the tint colour.
  public static var bordered: BorderedButtonStyle { .init() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  /// The label in white on the tint colour.
  public static var borderedProminent: BorderedProminentButtonStyle { .init() }
}

extension View {
  /// How the buttons inside look.
  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
    changingEnvironment { $0.buttonStyle = style._look }
  }

  /// Marks content a button's or a toggle's intent changes: between the press and the widget's
  /// next entry the host draws it as a placeholder (the `.invalidated` redaction reason), as
  /// iOS does.
  public func invalidatableContent(_ invalidatable: Bool = true) -> some View {
    modifier(NodeModifier { _ in invalidatable ? .invalidatable : nil })
  }
}

private struct ButtonStyleKey: EnvironmentKey {
  static let defaultValue = _ButtonLook.bordered
}

extension EnvironmentValues {
  /// The look buttons take here.
  var buttonStyle: _ButtonLook {
    get { self[ButtonStyleKey.self] }
    set { self[ButtonStyleKey.self] = newValue }
  }
}
