import Foundation

/// The counter's state, in its App Group's defaults: the widget, the controls and the intents
/// they run read and write it.
enum CounterStore {
  static let group = "group.dev.widget-host.examples.counter"

  private static var defaults: UserDefaults { UserDefaults(suiteName: group) ?? .standard }

  /// The count.
  static var count: Int {
    get { defaults.integer(forKey: "count") }
    set { defaults.set(newValue, forKey: "count") }
  }

  /// Whether the count is locked: `+` and `−` then fail.
  static var isLocked: Bool {
    get { defaults.bool(forKey: "locked") }
    set { defaults.set(newValue, forKey: "locked") }
  }
}

/// Why an intent did not do what it was asked.
struct CounterError: Error, CustomStringConvertible {
  let description: String
}
