// swift-format-ignore-file
//
//  PizzaDeliveryLiveActivity.swift
//  PizzaTrackerWidget
//

import ActivityKit
import AppIntents
import WidgetKit
import SwiftUI

@available(iOS 17.0, *)
struct CallDriverIntent: LiveActivityIntent {
    static var title: LocalizedStringResource = "Call driver"

    func perform() async throws -> some IntentResult {
        return .result()
    }
}

@available(iOS 16.1, *)
struct PizzaDeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: PizzaDeliveryAttributes.self) { context in
            // Lock screen/banner UI goes here
            LockScreenLiveActivityView(context: context)
                .activityBackgroundTint(Color.black.opacity(0.8))
                .activitySystemActionForegroundColor(Color.orange)
        } dynamicIsland: { context in
            DynamicIsland {
                // Expanded UI goes here.  Compose the expanded UI through
                // various regions, like leading/trailing/center/bottom
                DynamicIslandExpandedRegion(.leading) {
                    Label("\(context.attributes.numberOfPizzas)", systemImage: "bag")
                        .foregroundColor(.orange)
                        .font(.title2)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    TimerText(state: context.state)
                        .multilineTextAlignment(.trailing)
                        .frame(width: 60)
                        .monospacedDigit()
                        .font(.title2)
                }
                DynamicIslandExpandedRegion(.center) {
                    Text("\(context.state.driverName) is on the way")
                        .lineLimit(1)
                        .font(.caption)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    if #available(iOS 17.0, *) {
                        Button(intent: CallDriverIntent()) {
                            Label("Call driver", systemImage: "phone")
                        }
                        .foregroundColor(.orange)
                    }
                }
            } compactLeading: {
                Label {
                    Text("\(context.attributes.numberOfPizzas)")
                } icon: {
                    Image(systemName: "bag")
                        .foregroundColor(.orange)
                }
                .font(.caption2)
            } compactTrailing: {
                TimerText(state: context.state)
                    .frame(width: 40)
                    .font(.caption2)
            } minimal: {
                Image(systemName: "timer")
                    .foregroundColor(.orange)
            }
            .widgetURL(URL(string: "pizza://order/\(context.attributes.orderNumber)"))
            .keylineTint(Color.orange)
        }
    }
}

/// The time left, standing still while the order waits at the restaurant.
struct TimerText: View {
    let state: PizzaDeliveryAttributes.ContentState

    var body: some View {
        Text(timerInterval: state.deliveryTimer, pauseTime: state.pausedAt, countsDown: true)
    }
}

struct LockScreenLiveActivityView: View {
    let context: ActivityViewContext<PizzaDeliveryAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Text("Order #\(context.attributes.orderNumber)")
                    .font(.headline)
                Spacer()
                Text(context.attributes.totalAmount)
                    .foregroundColor(.secondary)
            }
            if context.isStale {
                Label("Waiting for an update", systemImage: "exclamationmark.triangle")
                    .foregroundColor(.yellow)
            } else {
                Text(context.state.pausedAt == nil
                     ? "\(context.state.driverName) is on the way"
                     : "Waiting at the restaurant")
            }
            HStack {
                ProgressView(value: Double(context.state.step), total: 4)
                    .tint(.orange)
                TimerText(state: context.state)
                    .monospacedDigit()
                    .frame(width: 60)
            }
        }
        .foregroundColor(.white)
        .padding()
    }
}

extension PizzaDeliveryAttributes {
    fileprivate static var preview: PizzaDeliveryAttributes {
        PizzaDeliveryAttributes(numberOfPizzas: 2, totalAmount: "$24", orderNumber: "1234")
    }
}

extension PizzaDeliveryAttributes.ContentState {
    fileprivate static var baking: PizzaDeliveryAttributes.ContentState {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        return PizzaDeliveryAttributes.ContentState(
            driverName: "Bill", deliveryTimer: start...start.addingTimeInterval(30 * 60),
            pausedAt: start.addingTimeInterval(5 * 60), step: 1)
    }
    fileprivate static var onTheWay: PizzaDeliveryAttributes.ContentState {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        return PizzaDeliveryAttributes.ContentState(
            driverName: "Bill", deliveryTimer: start...start.addingTimeInterval(30 * 60),
            pausedAt: start.addingTimeInterval(20 * 60), step: 3)
    }
}

// Xcode 14's template previews.
@available(iOSApplicationExtension 16.2, *)
struct PizzaDeliveryLiveActivity_Previews: PreviewProvider {
    static let attributes = PizzaDeliveryAttributes.preview
    static let contentState = PizzaDeliveryAttributes.ContentState.onTheWay

    static var previews: some View {
        attributes
            .previewContext(contentState, viewKind: .dynamicIsland(.compact))
            .previewDisplayName("Island Compact")
        attributes
            .previewContext(contentState, viewKind: .dynamicIsland(.expanded))
            .previewDisplayName("Island Expanded")
        attributes
            .previewContext(contentState, viewKind: .dynamicIsland(.minimal))
            .previewDisplayName("Minimal")
        attributes
            .previewContext(contentState, viewKind: .content)
            .previewDisplayName("Notification")
    }
}

// Xcode 15's.
#Preview("Notification", as: .content, using: PizzaDeliveryAttributes.preview) {
    PizzaDeliveryLiveActivity()
} contentStates: {
    PizzaDeliveryAttributes.ContentState.baking
    PizzaDeliveryAttributes.ContentState.onTheWay
}

#Preview("Island", as: .dynamicIsland(.expanded), using: PizzaDeliveryAttributes.preview) {
    PizzaDeliveryLiveActivity()
} contentStates: {
    PizzaDeliveryAttributes.ContentState.onTheWay
}
