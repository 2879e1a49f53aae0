// swift-format-ignore-file: seed 003's code keeps its own names (XG_…) and layout.

import SwiftUI
import Testing
import WidgetKit
import WidgetSchema

// Seed 003's model and entry view, as the article writes them (its intent-based parts, the
// `animal(_:color:)` factory and the IntentConfiguration, belong to the configuration issue).
struct AnimalModel {
  let id: String
  let name: String
  let avatar: String
  var color: Color = .white

  static let panda = AnimalModel(id: "panda", name: "panda", avatar: "🐼")
  static let lion = AnimalModel(id: "lion", name: "lion", avatar: "🦁️")
  static let tiger = AnimalModel(id: "tiger", name: "tiger", avatar: "🐯")

  static let zoo = [panda, lion, tiger]
}

struct XGSimpleEntry: TimelineEntry {
  let date: Date
  let animal: AnimalModel
}

struct XG_WidgetEntryView: View {
  var entry: XGSimpleEntry

  var body: some View {

    VStack {
      Text(entry.animal.avatar)
        .font(.largeTitle)
      Text(entry.animal.name)
      Text("这是颜色")
        .background(entry.animal.color)
    }

  }
}

struct XG_Widget_Previews: PreviewProvider {
  static var previews: some View {
    XG_WidgetEntryView(entry: XGSimpleEntry(date: Date(), animal: .lion))
      .previewContext(WidgetPreviewContext(family: .systemSmall))
  }
}

/// Seed 003's entry view compiles unchanged and resolves to the tree the host lays out.
@Suite struct SeedViewTests {
  @Test func seed003EntryView() {
    let view = ViewResolver.resolve(
      XG_WidgetEntryView(entry: XGSimpleEntry(date: Date(), animal: .lion)),
      in: EnvironmentValues())
    guard case .stack(let stack) = view else {
      Issue.record("expected a VStack, got \(view)")
      return
    }
    #expect(stack.axis == .vertical)
    #expect(stack.children.count == 3)
    // Text's own .font styles the run, as Text.font(_:) returns a Text in SwiftUI.
    #expect(
      stack.children[0]
        == .text(
          TextNode(runs: [
            TextRun(.verbatim("🦁️"), style: TextStyle(font: Font(textStyle: .largeTitle)))
          ])))
    guard case .modified(_, .background(let layer, _)) = stack.children[2] else {
      Issue.record("expected a background on the third text, got \(stack.children[2])")
      return
    }
    #expect(layer == .color(ColorValue(name: "white")))
  }
}
