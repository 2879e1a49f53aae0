import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// SDK views resolve into the host's view tree, with the environment in place.
@Suite struct ViewResolutionTests {
  func resolve<V: View>(_ view: V, family: WidgetKit.WidgetFamily = .systemSmall) -> ViewNode {
    var environment = EnvironmentValues()
    environment.widgetFamily = family
    return ViewResolver.resolve(view, in: environment)
  }

  func text(_ string: String) -> ViewNode { .text(TextNode(runs: [.verbatim(string)])) }

  @Test func textWithDatesAndConcatenation() {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(resolve(Text("Hello")) == text("Hello"))
    #expect(resolve(Text(date, style: .time)) == .text(TextNode(runs: [.date(date, style: .time)])))
    #expect(
      resolve(Text("Due ") + Text(date, style: .relative) + Text(verbatim: "!"))
        == .text(
          TextNode(runs: [.verbatim("Due "), .date(date, style: .relative), .verbatim("!")])))
    for (style, schema) in [
      (Text.DateStyle.date, DateStyle.date), (.offset, .offset), (.timer, .timer),
    ] {
      #expect(
        resolve(Text(date, style: style)) == .text(TextNode(runs: [.date(date, style: schema)])))
    }
  }

  @Test func stacksKeepAlignmentSpacingAndOrder() {
    let view = VStack(alignment: .leading, spacing: 4) {
      Text("a")
      HStack(alignment: .bottom) {
        Text("b")
        Spacer(minLength: 10)
        Text("c")
      }
      ZStack(alignment: .topTrailing) {
        EmptyView()
        Text("d")
      }
    }
    #expect(
      resolve(view)
        == .stack(
          StackNode(
            axis: .vertical, alignment: .leading, spacing: 4,
            children: [
              text("a"),
              .stack(
                StackNode(
                  axis: .horizontal, alignment: .bottom,
                  children: [text("b"), .spacer(minLength: 10), text("c")])),
              .stack(StackNode(axis: .z, alignment: .topTrailing, children: [text("d")])),
            ])))
  }

  struct Conditional: View {
    let flag: Bool
    let name: String?

    var body: some View {
      if flag {
        Text("yes")
      } else {
        Text("no")
      }
      if let name {
        Text(name)
      }
      if #available(iOS 16.0, macOS 13.0, *) {
        Text("new")
      }
      Group {
        Text("g1")
        Text("g2")
      }
      AnyView(Text("any"))
    }
  }

  @Test func viewBuilderControlFlow() {
    #expect(
      resolve(Conditional(flag: true, name: "x"))
        == .stack(
          StackNode(
            axis: .vertical,
            children: ["yes", "x", "new", "g1", "g2", "any"].map(text))))
    #expect(
      resolve(Conditional(flag: false, name: nil))
        == .stack(StackNode(axis: .vertical, children: ["no", "new", "g1", "g2", "any"].map(text))))
  }

  /// Seed 004's family switch.
  struct FamilyView: View {
    @Environment(\.widgetFamily) var family

    var body: some View {
      switch family {
      case .accessoryCircular:
        Text("circle")
      case .accessoryInline:
        Text("inline")
      default:
        EmptyView()
      }
    }
  }

  @Test func environmentReachesNestedBodies() {
    #expect(resolve(FamilyView(), family: .accessoryCircular) == text("circle"))
    #expect(
      resolve(VStack { FamilyView() }, family: .accessoryInline)
        == .stack(StackNode(axis: .vertical, children: [text("inline")])))
    #expect(resolve(FamilyView(), family: .systemLarge) == .empty)
  }
}
