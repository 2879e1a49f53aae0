import ActivityKit
import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Live Activity code as Xcode 14's template and public extensions write it, which must
/// type-check and draw.
struct TemplateAttributes: ActivityAttributes {
  public struct ContentState: Codable, Hashable {
    var value: Int
  }
  var name: String
}

struct TemplateLiveActivity: Widget {
  var body: some WidgetConfiguration {
    ActivityConfiguration(for: TemplateAttributes.self) { context in
      VStack {
        Text("Hello \(context.attributes.name)")
        if context.isStale { Text("stale") }
      }
      .activityBackgroundTint(Color.cyan)
      .activitySystemActionForegroundColor(Color.black)
    } dynamicIsland: { context in
      DynamicIsland {
        DynamicIslandExpandedRegion(.leading) { Text("Leading") }
        DynamicIslandExpandedRegion(.trailing) { Text("Trailing") }
        DynamicIslandExpandedRegion(.bottom) { Text("Bottom \(context.state.value)") }
      } compactLeading: {
        Text("L")
      } compactTrailing: {
        Text("T\(context.state.value)")
      } minimal: {
        Text("Min")
      }
      .widgetURL(URL(string: "http://www.apple.com"))
      .keylineTint(Color.red)
      .contentMargins(.trailing, 8, for: .compactTrailing)
    }
    .supplementalActivityFamilies([.small, .medium])
  }
}

struct TemplateLiveActivity_Previews: PreviewProvider {
  static let attributes = TemplateAttributes(name: "Me")
  static let contentState = TemplateAttributes.ContentState(value: 3)

  static var previews: some View {
    attributes
      .previewContext(contentState, viewKind: .dynamicIsland(.compact))
      .previewDisplayName("Island Compact")
    attributes
      .previewContext(contentState, viewKind: .content)
      .previewDisplayName("Notification")
  }
}

@Suite(.serialized) struct ActivityViewTests {
  static var descriptor: _WidgetDescriptor { TemplateLiveActivity().body._descriptor }
  static let attributes = TemplateAttributes(name: "Me")
  static let state = TemplateAttributes.ContentState(value: 3)

  /// The texts a view shows, in order.
  static func texts(_ node: ViewNode) -> [String] {
    switch node {
    case .text(let text):
      return [
        text.runs.map { run in
          if case .verbatim(let string) = run.content { string } else { "" }
        }.joined()
      ]
    case .modified(let child, let modifier):
      if case .background(let layer, _) = modifier { return texts(layer) + texts(child) }
      return texts(child)
    case .stack(let stack): return stack.children.flatMap(texts)
    default: return []
    }
  }

  @Test func theBannerSaysItsSystemActionColourAndTheIslandItsTint() throws {
    let views = try #require(Self.descriptor.drawActivity(Self.attributes, Self.state, false))
    guard case .color(let black) = ViewResolver.resolve(Color.black, in: EnvironmentValues())
    else {
      Issue.record("Color.black is no colour")
      return
    }
    #expect(views.systemActionForegroundColor == black)
    #expect(views.keylineTint != nil)
    #expect(views.url == "http://www.apple.com")
    #expect(Self.texts(views.compactTrailing) == ["T3"])
    let stale = try #require(Self.descriptor.drawActivity(Self.attributes, Self.state, true))
    #expect(Self.texts(stale.lockScreen).contains("stale"))
    #expect(!Self.texts(views.lockScreen).contains("stale"))
  }

  @Test func aPreviewContextDrawsTheRegisteredConfiguration() {
    BundleRegistration.register { [Self.descriptor] }
    let compact = ViewResolver.resolve(
      Self.attributes.previewContext(Self.state, viewKind: .dynamicIsland(.compact)),
      in: EnvironmentValues())
    #expect(Self.texts(compact) == ["L", "T3"])
    let expanded = ViewResolver.resolve(
      Self.attributes.previewContext(Self.state, viewKind: .dynamicIsland(.expanded)),
      in: EnvironmentValues())
    #expect(Self.texts(expanded) == ["Leading", "Trailing", "Bottom 3"])
    let banner = ViewResolver.resolve(
      Self.attributes.previewContext(Self.state, isStale: true, viewKind: .content),
      in: EnvironmentValues())
    #expect(Self.texts(banner) == ["Hello Me", "stale"])
    BundleRegistration.register { [] }
    let missing = ViewResolver.resolve(
      Self.attributes.previewContext(Self.state, viewKind: .content), in: EnvironmentValues())
    #expect(Self.texts(missing) == ["No ActivityConfiguration for TemplateAttributes"])
  }

  @Test func theActivityEnvironmentIsTheLockScreens() {
    let environment = EnvironmentValues()
    #expect(environment.activityFamily == .medium)
    #expect(!environment.isActivityFullscreen)
    #expect(!environment.isActivityUpdateReduced)
  }
}
