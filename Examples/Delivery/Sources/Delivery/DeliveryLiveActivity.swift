// A Live Activity as an iOS widget extension declares it: the Lock Screen banner and the
// Dynamic Island's presentations of a delivery (docs/activities.md).
import ActivityKit
import DeliveryModel
import SwiftUI
import WidgetKit

struct DeliveryLiveActivity: Widget {
  var body: some WidgetConfiguration {
    ActivityConfiguration(for: DeliveryAttributes.self) { context in
      VStack(alignment: .leading, spacing: 4) {
        HStack {
          Text(context.attributes.restaurant).font(.headline)
          Spacer()
          Text("#\(context.attributes.orderNumber)").foregroundColor(.secondary)
        }
        if context.isStale {
          Text("Waiting for news…").foregroundColor(.orange)
        } else if context.state.stopsAway == 0 {
          Text("\(context.state.courier) is at your door").bold()
        } else {
          Text("\(context.state.courier): \(context.state.stopsAway) stop(s) away")
        }
        HStack {
          Text("Arrives \(context.state.arrival, style: .time)")
          Spacer()
          Text(context.state.arrival, style: .timer)
        }
        .font(.caption)
      }
      .foregroundColor(.white)
      .padding()
      .activityBackgroundTint(Color.black)
      .activitySystemActionForegroundColor(Color.white)
    } dynamicIsland: { context in
      DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
          Label("\(context.state.stopsAway)", systemImage: "bicycle")
        }
        DynamicIslandExpandedRegion(.trailing) {
          Text(context.state.arrival, style: .time)
        }
        DynamicIslandExpandedRegion(.bottom) {
          Text("\(context.state.courier) is bringing order #\(context.attributes.orderNumber)")
        }
      } compactLeading: {
        Image(systemName: "bicycle")
      } compactTrailing: {
        Text(context.state.stopsAway == 0 ? "Here" : "\(context.state.stopsAway) away")
      } minimal: {
        Text("\(context.state.stopsAway)")
      }
      .keylineTint(Color.orange)
    }
  }
}

/// The bundle's widget: what the gallery offers beside the activity.
struct DeliveryWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "DeliveryWidget", provider: Provider()) { _ in
      VStack {
        Image(systemName: "bag")
        Text("Orders")
      }
    }
    .configurationDisplayName("Orders")
    .description("Your deliveries; each one on its way is a Live Activity.")
    .supportedFamilies([.systemSmall])
  }

  struct Provider: TimelineProvider {
    struct Entry: TimelineEntry { let date: Date }
    func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
      completion(Entry(date: Date()))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
      completion(Timeline(entries: [Entry(date: Date())], policy: .never))
    }
  }
}

@main
struct DeliveryBundle: WidgetBundle {
  var body: some Widget {
    DeliveryWidget()
    DeliveryLiveActivity()
  }
}

extension DeliveryAttributes {
  fileprivate static var preview: DeliveryAttributes {
    DeliveryAttributes(orderNumber: "42", restaurant: "Noodle Bar")
  }
}

extension DeliveryAttributes.ContentState {
  fileprivate static var onTheWay: DeliveryAttributes.ContentState {
    DeliveryAttributes.ContentState(
      courier: "Sam", stopsAway: 3, arrival: Date(timeIntervalSince1970: 1_800_000_000))
  }
  fileprivate static var atTheDoor: DeliveryAttributes.ContentState {
    DeliveryAttributes.ContentState(
      courier: "Sam", stopsAway: 0, arrival: Date(timeIntervalSince1970: 1_800_000_000))
  }
}

#Preview("Notification", as: .content, using: DeliveryAttributes.preview) {
  DeliveryLiveActivity()
} contentStates: {
  DeliveryAttributes.ContentState.onTheWay
  DeliveryAttributes.ContentState.atTheDoor
}

#Preview("Island", as: .dynamicIsland(.compact), using: DeliveryAttributes.preview) {
  DeliveryLiveActivity()
} contentStates: {
  DeliveryAttributes.ContentState.onTheWay
}
