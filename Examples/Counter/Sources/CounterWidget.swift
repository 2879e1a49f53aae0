import AppIntents
import SwiftUI
import WidgetKit

struct CounterEntry: TimelineEntry {
  let date: Date
  let count: Int
  let isLocked: Bool
}

struct CounterProvider: TimelineProvider {
  func placeholder(in context: Context) -> CounterEntry {
    CounterEntry(date: Date(), count: 0, isLocked: false)
  }

  func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) {
    completion(
      CounterEntry(date: Date(), count: CounterStore.count, isLocked: CounterStore.isLocked))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
    // One entry until a button reloads the widget.
    let entry = CounterEntry(
      date: Date(), count: CounterStore.count, isLocked: CounterStore.isLocked)
    completion(Timeline(entries: [entry], policy: .never))
  }
}

struct CounterView: View {
  var entry: CounterEntry

  var body: some View {
    VStack(spacing: 8) {
      Text("\(entry.count)")
        .font(.system(size: 40, weight: .bold))
        .invalidatableContent()
      HStack(spacing: 12) {
        Button(intent: ChangeCountIntent(amount: -1)) {
          Image(systemName: "minus")
        }
        Button(intent: ChangeCountIntent(amount: 1)) {
          Image(systemName: "plus")
        }
        Button(intent: ResetCountIntent()) {
          Image(systemName: "arrow.counterclockwise")
        }
        .buttonStyle(.borderless)
      }
      Toggle("Locked", isOn: entry.isLocked, intent: SetLockIntent())
        .font(.caption)
    }
    // The host adds no content margins: the widget keeps its own from the edges.
    .padding()
    .containerBackground(.fill.tertiary, for: .widget)
  }
}

struct CounterWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "Counter", provider: CounterProvider()) { entry in
      CounterView(entry: entry)
    }
    .configurationDisplayName("Counter")
    .description("A count you change with its buttons.")
    .supportedFamilies([.systemSmall, .systemMedium])
  }
}

#Preview(as: .systemSmall) {
  CounterWidget()
} timeline: {
  CounterEntry(date: .now, count: 3, isLocked: false)
  CounterEntry(date: .now, count: 42, isLocked: true)
}
