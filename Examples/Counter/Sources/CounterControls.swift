import AppIntents
import SwiftUI
import WidgetKit

/// Whether the counter is locked, for the lock control.
struct LockState: ControlValueProvider {
  var previewValue: Bool { false }

  func currentValue() async throws -> Bool { CounterStore.isLocked }
}

/// A toggle control: locks and unlocks the counter.
struct CounterLockControl: ControlWidget {
  var body: some ControlWidgetConfiguration {
    StaticControlConfiguration(kind: "CounterLock", provider: LockState()) { isLocked in
      ControlWidgetToggle("Counter lock", isOn: isLocked, action: SetLockIntent()) { isOn in
        Label(isOn ? "Locked" : "Unlocked", systemImage: isOn ? "lock.fill" : "lock.open")
      }
    }
    .displayName("Counter lock")
    .description("Locks the counter against changes.")
  }
}

/// A button control: adds one to the count.
struct CounterAddControl: ControlWidget {
  var body: some ControlWidgetConfiguration {
    StaticControlConfiguration(kind: "CounterAdd") {
      ControlWidgetButton(action: ChangeCountIntent(amount: 1)) {
        Label("Add one", systemImage: "plus.circle")
      }
    }
    .displayName("Add one")
  }
}

@main
struct CounterBundle: WidgetBundle {
  var body: some Widget {
    CounterWidget()
    CounterLockControl()
    CounterAddControl()
  }
}
