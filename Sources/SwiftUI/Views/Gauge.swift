import Foundation
import WidgetSchema

/// A value within a range, shown as a bar or a ring: `Gauge(value: 0.7) { Text("Battery") }`,
/// with `.gaugeStyle(.accessoryCircular)` on the lock screen.
///
/// The bar or ring is a `gauge` node the host draws; the labels are views around it, placed as
/// the style places them.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View>: _PrimitiveView {
  let fraction: Double
  let label: Label
  let currentValueLabel: CurrentValueLabel
  let minimumValueLabel: BoundsLabel
  let maximumValueLabel: BoundsLabel

  /// A gauge of `value` in `bounds`, labelled `label`, showing the value with
  /// `currentValueLabel` and the bounds with `minimumValueLabel` and `maximumValueLabel`.
  public init<V: BinaryFloatingPoint>(
    value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
    @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
    @ViewBuilder minimumValueLabel: () -> BoundsLabel,
    @ViewBuilder maximumValueLabel: () -> BoundsLabel
  ) {
    let span = Double(bounds.upperBound - bounds.lowerBound)
    fraction = span > 0 ? Double(value - bounds.lowerBound) / span : 0
    self.label = label()
    self.currentValueLabel = currentValueLabel()
    self.minimumValueLabel = minimumValueLabel()
    self.maximumValueLabel = maximumValueLabel()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let style = environment.gaugeStyle
    let kind: GaugeStyleKind =
      switch style {
      case .circular: .circular
      case .circularCapacity: .circularCapacity
      case .linear: .linear
      }
    let gauge = ViewNode.gauge(
      GaugeNode(value: min(max(fraction, 0), 1), style: kind, tint: environment._tint))
    func nodes(_ view: some View) -> [ViewNode] { ViewResolver.nodes(view, in: environment) }
    switch style {
    case .circular, .circularCapacity:
      // The value in the middle of the ring, the bounds at the ends of its gap.
      var layers = [gauge]
      layers += nodes(currentValueLabel).map {
        .modified($0, .style(TextStyle(font: WidgetSchema.Font(textStyle: .caption))))
      }
      let bounds = nodes(minimumValueLabel) + nodes(maximumValueLabel)
      if bounds.count == 2 {
        layers.append(
          .modified(
            .stack(
              StackNode(
                axis: .horizontal, children: [bounds[0], .spacer(minLength: nil), bounds[1]])),
            .frame(Frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom))))
      }
      return [.stack(StackNode(axis: .z, children: layers))]
    case .linear:
      var rows: [ViewNode] = []
      let heading = nodes(label) + nodes(currentValueLabel)
      if !heading.isEmpty {
        rows.append(.stack(StackNode(axis: .horizontal, children: interleaved(heading))))
      }
      rows.append(gauge)
      let bounds = nodes(minimumValueLabel) + nodes(maximumValueLabel)
      if !bounds.isEmpty {
        rows.append(.stack(StackNode(axis: .horizontal, children: interleaved(bounds))))
      }
      return [.stack(StackNode(axis: .vertical, alignment: .leading, spacing: 4, children: rows))]
    }
  }

  /// `views` spread along a row: a spacer between the first and the rest.
  private func interleaved(_ views: [ViewNode]) -> [ViewNode] {
    guard views.count > 1 else { return views }
    return [views[0], .spacer(minLength: nil)] + views.dropFirst()
  }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
  /// A gauge of `value` in `bounds`, labelled `label`.
  public init<V: BinaryFloatingPoint>(
    value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label
  ) {
    self.init(
      value: value, in: bounds, label: label, currentValueLabel: { EmptyView() },
      minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
  }
}

extension Gauge where BoundsLabel == EmptyView {
  /// A gauge of `value` in `bounds`, labelled `label`, showing the value with
  /// `currentValueLabel`.
  public init<V: BinaryFloatingPoint>(
    value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
    @ViewBuilder currentValueLabel: () -> CurrentValueLabel
  ) {
    self.init(
      value: value, in: bounds, label: label, currentValueLabel: currentValueLabel,
      minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
  }
}

/// How gauges look: `.gaugeStyle(.accessoryCircular)`.
public protocol GaugeStyle {
  /// The look. SDK detail.
  var _kind: _GaugeStyleKind { get }
}

/// The looks the host draws. SDK detail.
public enum _GaugeStyleKind: Sendable {
  case linear, circular, circularCapacity
}

/// The default: a bar.
public struct DefaultGaugeStyle: GaugeStyle {
  public init() {}
  public var _kind: _GaugeStyleKind { .linear }
}

/// An open ring with the value in its middle, for the lock screen's circular family.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
  public init() {}
  public var _kind: _GaugeStyleKind { .circular }
}

/// A closed ring filled from the top.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
  public init() {}
  public var _kind: _GaugeStyleKind { .circularCapacity }
}

/// A bar, for the lock screen's rectangular family.
public struct AccessoryLinearGaugeStyle: GaugeStyle {
  public init() {}
  public var _kind: _GaugeStyleKind { .linear }
}

/// A bar filled from the leading edge.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
  public init() {}
  public var _kind: _GaugeStyleKind { .linear }
}

/// A bar filled from the leading edge.
public struct LinearCapacityGaugeStyle: GaugeStyle {
  public init() {}
  public var _kind: _GaugeStyleKind { .linear }
}

extension GaugeStyle where Self == DefaultGaugeStyle {
  /// The default: a bar.
  public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() }
}

extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
  /// An open ring with the value in its middle.
  public static var accessoryCircular: AccessoryCircularGaugeStyle { .init() }
}

extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
  /// A closed ring filled from the top.
  public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { .init() }
}

extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
  /// A bar.
  public static var accessoryLinear: AccessoryLinearGaugeStyle { .init() }
}

extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
  /// A bar filled from the leading edge.
  public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { .init() }
}

extension GaugeStyle where Self == LinearCapacityGaugeStyle {
  /// A bar filled from the leading edge.
  public static var linearCapacity: LinearCapacityGaugeStyle { .init() }
}

private struct GaugeStyleKey: EnvironmentKey {
  static let defaultValue = _GaugeStyleKind.linear
}

private struct TintKey: EnvironmentKey {
  static let defaultValue: ColorValue? = nil
}

extension EnvironmentValues {
  /// The look gauges take here.
  var gaugeStyle: _GaugeStyleKind {
    get { self[GaugeStyleKey.self] }
    set { self[GaugeStyleKey.self] = newValue }
  }

  /// The colour `.tint(_:)` set for gauges and progress views; nil for the accent colour. SDK
  /// detail.
  public var _tint: ColorValue? {
    get { self[TintKey.self] }
    set { self[TintKey.self] = newValue }
  }
}

extension View {
  /// Sets how the gauges in this view look.
  public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
    changingEnvironment { $0.gaugeStyle = style._kind }
  }

  /// Colours the part done of the gauges and progress views in this view; nil for the accent
  /// colour.
  public func tint(_ tint: Color?) -> some View {
    changingEnvironment { $0._tint = tint?.value }
  }

  /// Colours the part done of the gauges and progress views in this view with `tint`'s colour
  /// (a gradient's first).
  public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
    changingEnvironment { $0._tint = tint?._color }
  }
}
