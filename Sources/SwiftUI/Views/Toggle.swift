import AppIntents
import Foundation
import WidgetSchema

/// A switch that runs an App Intent when pressed: `Toggle(isOn: task.done, intent:
/// ToggleTask(id: task.id)) { Text(task.title) }`.
///
/// As on iOS 17, the widget shows `isOn` as its entry says, and a press performs the intent; a
/// ``SetValueIntent`` of `Bool` is given the state the toggle is switched to, `!isOn`, in its
/// `value`. Resolves to the label and a `toggle` node (the switch) in an `action` node
/// (docs/interactive.md); `.toggleStyle(.button)` draws it as a button, filled when on.
public struct Toggle<Label: View>: _PrimitiveView {
  let isOn: Bool
  let label: Label
  let action: WidgetAction

  /// A toggle showing `isOn` that performs `intent` when pressed.
  public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) {
    self.isOn = isOn
    self.label = label()
    if var setter = intent as? any SetValueIntent<Bool> {
      setter.value = !isOn
      self.action = WidgetAction(setter)
    } else {
      self.action = WidgetAction(intent)
    }
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let nodes = ViewResolver.nodes(label, in: environment)
    let tint = environment._tint
    let content: ViewNode
    switch environment.toggleStyle {
    case .switch:
      let row = nodes + [.spacer(minLength: nil), .toggle(ToggleNode(isOn: isOn, tint: tint))]
      content = .stack(StackNode(axis: .horizontal, children: row))
    case .button:
      let label: ViewNode =
        nodes.count == 1 ? nodes[0] : .stack(StackNode(axis: .horizontal, children: nodes))
      content = (isOn ? _ButtonLook.borderedProminent : .bordered).dressing(label, tint: tint)
    }
    return [.modified(content, .action(action))]
  }
}

extension Toggle where Label == Text {
  /// A toggle titled with the text for `titleKey`.
  public init<I: AppIntent>(_ titleKey: LocalizedStringKey, isOn: Bool, intent: I) {
    self.init(isOn: isOn, intent: intent) { Text(titleKey) }
  }

  /// A toggle titled `title`, as it is.
  @_disfavoredOverload
  public init<I: AppIntent, S: StringProtocol>(_ title: S, isOn: Bool, intent: I) {
    self.init(isOn: isOn, intent: intent) { Text(title) }
  }
}

/// How toggles look: `.toggleStyle(.button)`.
public protocol ToggleStyle: Sendable {
  /// The look. SDK detail.
  var _look: _ToggleLook { get }
}

/// The looks of toggles. SDK detail.
public enum _ToggleLook: Sendable {
  /// The label, then a switch at the trailing edge.
  case `switch`
  /// A button, filled with the tint colour when on.
  case button
}

/// The default: a switch.
public struct DefaultToggleStyle: ToggleStyle {
  public init() {}
  public var _look: _ToggleLook { .switch }
}

/// The label, then a switch.
public struct SwitchToggleStyle: ToggleStyle {
  public init() {}
  public var _look: _ToggleLook { .switch }
}

/// A button, filled when on.
public struct ButtonToggleStyle: ToggleStyle {
  public init() {}
  public var _look: _ToggleLook { .button }
}

extension ToggleStyle where Self == DefaultToggleStyle {
  /// The default: a switch.
  public static var automatic: DefaultToggleStyle { .init() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
  /// The label, then a switch.
  public static var `switch`: SwitchToggleStyle { .init() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
  /// A button, filled when on.
  public static var button: ButtonToggleStyle { .init() }
}

extension View {
  /// How the toggles inside look.
  public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
    changingEnvironment { $0.toggleStyle = style._look }
  }
}

private struct ToggleStyleKey: EnvironmentKey {
  static let defaultValue = _ToggleLook.switch
}

extension EnvironmentValues {
  /// The look toggles take here.
  var toggleStyle: _ToggleLook {
    get { self[ToggleStyleKey.self] }
    set { self[ToggleStyleKey.self] = newValue }
  }
}
