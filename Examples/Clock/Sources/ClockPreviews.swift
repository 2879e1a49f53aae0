import SwiftUI
import WidgetKit

// What Xcode's widget template ends with: the widget at a family with a timeline of entries.
// `widget-host preview` shows it beside the kind's placeholder and snapshot.
#Preview("Morning", as: .systemSmall) {
  TestWidget()
} timeline: {
  SimpleEntry(date: Date(timeIntervalSince1970: 1_800_000_000))
  SimpleEntry(date: Date(timeIntervalSince1970: 1_800_003_600))
}
