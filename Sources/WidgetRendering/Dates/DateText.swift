import Foundation
import WidgetSchema

/// Formats the dates inside text at display time, in the user's locale and time zone.
///
/// `.time` and `.date` depend only on the date; `.relative`, `.offset` and `.timer` depend on
/// the time of display.
public struct DateText: Sendable {
  /// The locale for `.time` and `.date`: the one given, or the one named by the identifier
  /// given (``init(localeIdentifier:timeZone:)``), made when read.
  public var locale: Locale {
    get { givenLocale ?? Locale(identifier: localeIdentifier) }
    set {
      givenLocale = newValue
      localeIdentifier = newValue.identifier
    }
  }
  /// The time zone for `.time` and `.date`.
  public var timeZone: TimeZone
  private var givenLocale: Locale?
  private var localeIdentifier: String

  /// Creates a formatter.
  public init(locale: Locale, timeZone: TimeZone) {
    givenLocale = locale
    localeIdentifier = locale.identifier
    self.timeZone = timeZone
  }

  /// Creates a formatter whose locale is made from `localeIdentifier` (`de_DE`) when a date is
  /// formatted (Foundation keeps the locales it made by identifier, so the ICU set-up happens
  /// once), not here: setting it up is a cost that output without `.time` or `.date` text need not
  /// pay. The time zone can be lazy the same way: `TimeZone.autoupdatingCurrent`.
  public init(localeIdentifier: String, timeZone: TimeZone) {
    self.localeIdentifier = localeIdentifier
    self.timeZone = timeZone
  }

  /// `date` in `style`, as shown at `now`.
  public func string(_ date: Date, style: DateStyle, now: Date) -> String {
    switch style {
    case .time:
      return Self.plainSpaces(
        date.formatted(
          Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: timeZone)))
    case .date:
      return Self.plainSpaces(
        date.formatted(
          Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: timeZone)))
    case .relative:
      return Self.relative(seconds: abs(date.timeIntervalSince(now)))
    case .offset:
      let seconds = now.timeIntervalSince(date)
      let (value, unit) = Self.largestUnit(abs(seconds))
      return (seconds < 0 ? "-" : "+") + Self.quantity(value, unit)
    case .timer:
      return Self.timerText(seconds: abs(date.timeIntervalSince(now)))
    }
  }

  /// A timer's text for `seconds`: "4:05", or "1:04:05" from an hour on.
  static func timerText(seconds: TimeInterval) -> String {
    let total = Int(seconds.rounded(.down))
    let hours = total / 3600
    let minutes = total / 60 % 60
    let seconds = total % 60
    return hours > 0
      ? "\(hours):\(Self.twoDigits(minutes)):\(Self.twoDigits(seconds))"
      : "\(minutes):\(Self.twoDigits(seconds))"
  }

  /// How far a timer over `start`…`end` stands at `now`, in seconds: the time left when
  /// `countsDown`, else the time passed, each within the interval's length.
  static func timerSeconds(from start: Date, to end: Date, countsDown: Bool, now: Date) -> Double {
    let length = max(0, end.timeIntervalSince(start))
    let value = countsDown ? end.timeIntervalSince(now) : now.timeIntervalSince(start)
    return min(max(value, 0), length)
  }

  /// The text of a timer over `start`…`end` at `now` (`Text(timerInterval:countsDown:)`):
  /// "0:00" once a countdown is over, the interval's length once a count up reaches its end.
  public static func timer(from start: Date, to end: Date, countsDown: Bool, now: Date) -> String {
    timerText(seconds: timerSeconds(from: start, to: end, countsDown: countsDown, now: now))
  }

  /// When a timer over `start`…`end` shown at `now` next changes: each second inside the
  /// interval, at its start when before it, and never once past its end.
  public static func nextChange(
    ofTimerFrom start: Date, to end: Date, countsDown: Bool, after now: Date
  ) -> Date? {
    guard now < end else { return nil }
    guard now >= start else { return start.addingTimeInterval(0.001) }
    // The shown seconds change as the time from the counting point crosses a whole second.
    let passed = countsDown ? end.timeIntervalSince(now) : now.timeIntervalSince(start)
    let next =
      countsDown ? passed - (passed.rounded(.up) - 1) : (passed.rounded(.down) + 1) - passed
    return min(end, now.addingTimeInterval(max(next, 0.001)))
  }

  /// The range from `start` to `end` (`Text(start...end)`): the times alone when both fall on
  /// one day, else the dates and times ("Jun 3, 9:41 AM – Jun 4, 10:00 AM"), as ICU writes
  /// an interval in the locale.
  public func range(from start: Date, to end: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let oneDay = calendar.isDate(start, inSameDayAs: end)
    let style = Date.IntervalFormatStyle(
      date: oneDay ? .omitted : .abbreviated, time: .shortened, locale: locale,
      timeZone: timeZone)
    return Self.plainSpaces(style.format(start..<max(start, end)))
  }

  /// This formatter in the time zone `identifier` names (a text style's `timeZone`); itself
  /// for nil or a name no zone has (a view's limits refuse those).
  public func inZone(_ identifier: String?) -> DateText {
    guard let identifier, identifier != timeZone.identifier,
      let zone = TimeZone(identifier: identifier)
    else { return self }
    var zoned = self
    zoned.timeZone = zone
    return zoned
  }

  /// `date` as a time of day with seconds ("4:27:13 AM"), for status lines.
  public func clockTime(_ date: Date) -> String {
    var style = Date.FormatStyle(
      date: .omitted, time: .standard, locale: locale, timeZone: timeZone)
    style.timeZone = timeZone
    return Self.plainSpaces(date.formatted(style))
  }

  /// `text` with the special spaces of ICU's date patterns (U+202F between `4:41` and `PM`,
  /// U+00A0 in some locales, U+2009 round an interval's dash) as plain spaces: bar fonts often lack U+202F and draw a box, and a
  /// program matching `4:41 PM` in the stream should find it. Every sink shows the same text.
  static func plainSpaces(_ text: String) -> String {
    func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\u{202F}" || scalar == "\u{00A0}" || scalar == "\u{2009}"
    }
    guard text.unicodeScalars.contains(where: isSpecial) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isSpecial($0) ? " " : $0 }))
  }

  /// When the text of a live date (`.relative`, `.offset`, `.timer`) shown at `now` next
  /// changes; nil for `.time` and `.date`, which are fixed.
  public static func nextChange(of date: Date, style: DateStyle, after now: Date) -> Date? {
    guard style.isLive else { return nil }
    let elapsed = now.timeIntervalSince(date)
    let magnitude = abs(elapsed)
    // The smallest unit the text shows: seconds for timers and for anything under an hour
    // (relative shows two units: "5 minutes, 3 seconds"), then minutes, then hours.
    let step: TimeInterval
    switch style {
    case .timer: step = 1
    case .relative: step = magnitude < 3600 ? 1 : magnitude < 86_400 ? 60 : 3600
    default: step = magnitude < 60 ? 1 : magnitude < 3600 ? 60 : magnitude < 86_400 ? 3600 : 86_400
    }
    // The displayed value is floor(|elapsed| / step); it changes when |elapsed| crosses the
    // next multiple of step (counting up after the date, down before it).
    let position = magnitude / step
    let next =
      elapsed >= 0
      ? (position.rounded(.down) + 1) * step - magnitude
      : magnitude - (position.rounded(.up) - 1) * step
    return now.addingTimeInterval(max(next, 0.001))
  }

  private static let units: [(seconds: Int, name: String)] = [
    (365 * 86_400, "year"), (30 * 86_400, "month"), (7 * 86_400, "week"), (86_400, "day"),
    (3600, "hour"), (60, "minute"), (1, "second"),
  ]

  /// The two largest non-zero units: "2 hours, 23 minutes".
  static func relative(seconds: TimeInterval) -> String {
    var remaining = Int(seconds.rounded(.down))
    var parts: [String] = []
    for unit in units where parts.count < 2 {
      let value = remaining / unit.seconds
      if value > 0 || (!parts.isEmpty) {
        if value > 0 { parts.append(quantity(value, unit.name)) }
        remaining -= value * unit.seconds
        if !parts.isEmpty && value == 0 { break }
      }
    }
    return parts.isEmpty ? quantity(0, "second") : parts.joined(separator: ", ")
  }

  static func largestUnit(_ seconds: TimeInterval) -> (Int, String) {
    let whole = Int(seconds.rounded(.down))
    for unit in units where whole >= unit.seconds {
      return (whole / unit.seconds, unit.name)
    }
    return (0, "second")
  }

  private static func quantity(_ value: Int, _ unit: String) -> String {
    "\(value) \(unit)\(value == 1 ? "" : "s")"
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
