import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Previews as widget code writes them (seed 003's kind), which must type-check.
struct LockScreenWidget_Previews: PreviewProvider {
  static let entry = LockScreenEntry(
    date: Date(timeIntervalSince1970: 0), songName: "Song", artistName: "Artist",
    isPlaying: true)

  static var previews: some View {
    LockScreenWidgetEntryView(entry: entry)
      .previewContext(WidgetPreviewContext(family: .accessoryInline))
      .previewDisplayName("Inline")
  }
}

struct SeveralPreviews: PreviewProvider {
  static var previews: some View {
    Group {
      LockScreenWidgetEntryView(entry: LockScreenWidget_Previews.entry)
        .previewContext(WidgetPreviewContext(family: .accessoryCircular))
      Text("plain")
        .previewLayout(.fixed(width: 100, height: 50))
    }
  }
}

@Suite struct PreviewTests {
  @Test func previewContextSetsTheFamily() {
    let inline = ViewNode.stack(
      StackNode(
        axis: .horizontal, spacing: 4,
        children: [.image(ImageNode(systemName: "play.fill")), plain("Song - Artist")]))
    #expect(resolved(LockScreenWidget_Previews.previews, family: .systemLarge) == inline)
    guard case .stack(let stack) = resolved(SeveralPreviews.previews) else {
      Issue.record("several previews resolve to a stack")
      return
    }
    #expect(stack.children.count == 2)
    #expect(stack.children.last == plain("plain"))
    guard case .stack(let circular) = stack.children.first else {
      Issue.record("the circular view is a ZStack")
      return
    }
    #expect(circular.axis == .z)
    #expect(WidgetPreviewContext(family: .systemMedium).family == .systemMedium)
  }
}
