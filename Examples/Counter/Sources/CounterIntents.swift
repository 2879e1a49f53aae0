import AppIntents
import WidgetKit

/// Adds `amount` (negative to take away) to the count: the widget's `+` and `−` buttons and the
/// "Add one" control.
struct ChangeCountIntent: AppIntent {
  static let title: LocalizedStringResource = "Change the count"

  @Parameter(title: "Amount", default: 1)
  var amount: Int

  init() {}

  init(amount: Int) {
    self.amount = amount
  }

  func perform() async throws -> some IntentResult {
    guard !CounterStore.isLocked else {
      throw CounterError(description: "the counter is locked")
    }
    CounterStore.count += amount
    // The control shows no count, the widget does: reload it whichever ran the intent.
    WidgetCenter.shared.reloadTimelines(ofKind: "Counter")
    return .result()
  }
}

/// Sets the count back to zero.
struct ResetCountIntent: AppIntent {
  static let title: LocalizedStringResource = "Reset the count"

  func perform() async throws -> some IntentResult {
    CounterStore.count = 0
    return .result()
  }
}

/// Locks or unlocks the count: the widget's toggle and the "Counter lock" control, which give
/// it the state they switch to in `value`.
struct SetLockIntent: SetValueIntent {
  static let title: LocalizedStringResource = "Lock the counter"

  @Parameter(title: "Locked")
  var value: Bool

  func perform() async throws -> some IntentResult {
    CounterStore.isLocked = value
    WidgetCenter.shared.reloadTimelines(ofKind: "Counter")
    ControlCenter.shared.reloadControls(ofKind: "CounterLock")
    return .result()
  }
}
