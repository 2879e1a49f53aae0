import Foundation
import WidgetSchema

/// Progress towards an end: a bar by default, `ProgressView(value: 0.4)`; a spinner when the
/// value is unknown; or the progress of a time interval, `ProgressView(timerInterval: start...end)`.
///
/// The bar or ring is a `gauge` node the host draws. A widget's views are built once per entry,
/// so the progress of a time interval is drawn as it stands when the entry is built (its label,
/// a timer, stays live).
public struct ProgressView<Label: View, CurrentValueLabel: View>: _PrimitiveView {
  let fraction: Double?
  let label: Label
  let currentValueLabel: CurrentValueLabel

  init(fraction: Double?, label: Label, currentValueLabel: CurrentValueLabel) {
    self.fraction = fraction.map { $0.isNaN ? 0 : min(max($0, 0), 1) }
    self.label = label
    self.currentValueLabel = currentValueLabel
  }

  /// Progress of `value` out of `total` (unknown when nil), labelled `label`, showing the value
  /// with `currentValueLabel`.
  public init<V: BinaryFloatingPoint>(
    value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
    @ViewBuilder currentValueLabel: () -> CurrentValueLabel
  ) {
    self.init(
      fraction: value.map { total > 0 ? Double($0) / Double(total) : 0 }, label: label(),
      currentValueLabel: currentValueLabel())
  }

  /// The progress of the time from `timerInterval`'s start to its end, as it stands when the
  /// view is built: what is left when `countsDown`, else what has passed.
  public init(
    timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
    @ViewBuilder currentValueLabel: () -> CurrentValueLabel
  ) {
    let span = timerInterval.upperBound.timeIntervalSince(timerInterval.lowerBound)
    let passed = span > 0 ? Date().timeIntervalSince(timerInterval.lowerBound) / span : 1
    self.init(
      fraction: countsDown ? 1 - passed : passed, label: label(),
      currentValueLabel: currentValueLabel())
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let circular = environment.progressViewStyle == .circular || fraction == nil
    let gauge = ViewNode.gauge(
      GaugeNode(
        value: fraction, style: circular ? .circularCapacity : .linear, tint: environment._tint))
    let labels = ViewResolver.nodes(label, in: environment)
    let values = ViewResolver.nodes(currentValueLabel, in: environment).map {
      ViewNode.modified(
        $0,
        .style(
          TextStyle(
            font: WidgetSchema.Font(textStyle: .caption), foreground: ColorValue(name: "secondary"))
        ))
    }
    if circular {
      let ring = ViewNode.modified(gauge, .frame(Frame(width: 20, height: 20)))
      guard !labels.isEmpty || !values.isEmpty else { return [ring] }
      return [.stack(StackNode(axis: .vertical, spacing: 4, children: [ring] + labels + values))]
    }
    guard !labels.isEmpty || !values.isEmpty else { return [gauge] }
    return [
      .stack(
        StackNode(
          axis: .vertical, alignment: .leading, spacing: 4, children: labels + [gauge] + values))
    ]
  }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  /// A progress of unknown length: a spinner.
  public init() {
    self.init(fraction: nil, label: EmptyView(), currentValueLabel: EmptyView())
  }

  /// Progress of `value` out of `total` (unknown when nil).
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    self.init(
      value: value, total: total, label: { EmptyView() }, currentValueLabel: { EmptyView() })
  }
}

extension ProgressView where CurrentValueLabel == EmptyView {
  /// A progress of unknown length, labelled `label`.
  public init(@ViewBuilder label: () -> Label) {
    self.init(fraction: nil, label: label(), currentValueLabel: EmptyView())
  }

  /// Progress of `value` out of `total`, labelled `label`.
  public init<V: BinaryFloatingPoint>(
    value: V?, total: V = 1.0, @ViewBuilder label: () -> Label
  ) {
    self.init(value: value, total: total, label: label, currentValueLabel: { EmptyView() })
  }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
  /// A progress of unknown length, titled with a localized key.
  public init(_ titleKey: LocalizedStringKey) {
    self.init(fraction: nil, label: Text(titleKey), currentValueLabel: EmptyView())
  }

  /// A progress of unknown length, titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S) {
    self.init(fraction: nil, label: Text(title), currentValueLabel: EmptyView())
  }

  /// Progress of `value` out of `total`, titled with a localized key.
  public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
    self.init(
      value: value, total: total, label: { Text(titleKey) }, currentValueLabel: { EmptyView() })
  }

  /// Progress of `value` out of `total`, titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
    self.init(
      value: value, total: total, label: { Text(title) }, currentValueLabel: { EmptyView() })
  }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == Text {
  /// The progress of a time interval, with the time left (or passed) as a live timer.
  public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
    self.init(
      timerInterval: timerInterval, countsDown: countsDown, label: { EmptyView() },
      currentValueLabel: { Text(timerInterval: timerInterval, countsDown: countsDown) })
  }
}

extension ProgressView where CurrentValueLabel == Text {
  /// The progress of a time interval, labelled `label`, with the time left (or passed) as a
  /// live timer.
  public init(
    timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label
  ) {
    self.init(
      timerInterval: timerInterval, countsDown: countsDown, label: label,
      currentValueLabel: { Text(timerInterval: timerInterval, countsDown: countsDown) })
  }
}

extension Text {
  /// A live timer over `timerInterval`: the time left until its end when `countsDown`, else the
  /// time since its start; it stands still at "0:00" once a countdown is over, and at the
  /// interval's length once a count up reaches its end. With a `pauseTime`, the timer stands
  /// still at what it shows then ("4:59"; with `showsHours` false, "75:00" rather than
  /// "1:15:00"). A running timer's `showsHours` is not drawn differently.
  public init(
    timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true,
    showsHours: Bool = true
  ) {
    guard let pauseTime else {
      self.init(
        Content.timerInterval(
          timerInterval.lowerBound, timerInterval.upperBound, countsDown: countsDown))
      return
    }
    let paused = min(max(pauseTime, timerInterval.lowerBound), timerInterval.upperBound)
    let seconds =
      countsDown
      ? timerInterval.upperBound.timeIntervalSince(paused)
      : paused.timeIntervalSince(timerInterval.lowerBound)
    self.init(verbatim: Self.pausedTimer(seconds: seconds, showsHours: showsHours))
  }

  /// A stopped timer's text, as the host draws a running one: "m:ss", or "h:mm:ss" from an
  /// hour on when `showsHours`.
  static func pausedTimer(seconds: Double, showsHours: Bool) -> String {
    let total = Int(seconds.rounded(.down))
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let hours = showsHours ? total / 3600 : 0
    let minutes = showsHours ? total / 60 % 60 : total / 60
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(total % 60))"
      : "\(minutes):\(twoDigits(total % 60))"
  }
}

/// How progress views look: `.progressViewStyle(.circular)`.
public protocol ProgressViewStyle {
  /// Whether the style is a ring. SDK detail.
  var _isCircular: Bool { get }
}

/// A bar.
public struct LinearProgressViewStyle: ProgressViewStyle {
  public init() {}
  public var _isCircular: Bool { false }
}

/// A ring: a spinner when the value is unknown.
public struct CircularProgressViewStyle: ProgressViewStyle {
  public init() {}
  public var _isCircular: Bool { true }
}

/// The default: a bar.
public struct DefaultProgressViewStyle: ProgressViewStyle {
  public init() {}
  public var _isCircular: Bool { false }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
  /// A bar.
  public static var linear: LinearProgressViewStyle { .init() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
  /// A ring.
  public static var circular: CircularProgressViewStyle { .init() }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
  /// The default: a bar.
  public static var automatic: DefaultProgressViewStyle { .init() }
}

/// The look progress views take.
enum ProgressLook: Sendable { case linear, circular }

private struct ProgressViewStyleKey: EnvironmentKey {
  static let defaultValue = ProgressLook.linear
}

extension EnvironmentValues {
  var progressViewStyle: ProgressLook {
    get { self[ProgressViewStyleKey.self] }
    set { self[ProgressViewStyleKey.self] = newValue }
  }
}

extension View {
  /// Sets how the progress views in this view look.
  public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
    changingEnvironment { $0.progressViewStyle = style._isCircular ? .circular : .linear }
  }
}
