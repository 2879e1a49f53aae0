import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Environment values reach the bodies that read them; `environment(_:_:)` changes them for a
/// subtree only.
@Suite struct EnvironmentTests {
  /// Shows the environment values it reads.
  struct Probe: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.redactionReasons) var reasons
    @Environment(\.widgetRenderingMode) var mode
    @Environment(\.colorScheme) var scheme
    @Environment(\.isLuminanceReduced) var dimmed

    var body: some View {
      Text(verbatim: "\(family) \(reasons.rawValue) \(mode) \(scheme) \(dimmed)")
    }
  }

  @Test func defaults() {
    #expect(resolved(Probe()) == plain("systemSmall 0 fullColor light false"))
  }

  @Test func environmentModifierChangesTheSubtreeOnly() {
    let view = VStack {
      Probe()
        .environment(\.colorScheme, .dark)
        .environment(\.widgetFamily, .accessoryInline)
      Probe()
    }
    #expect(
      resolved(view)
        == .stack(
          StackNode(
            axis: .vertical,
            children: [
              plain("accessoryInline 0 fullColor dark false"),
              plain("systemSmall 0 fullColor light false"),
            ])))
    // The innermost value wins, as in SwiftUI.
    #expect(
      resolved(
        Probe().environment(\.isLuminanceReduced, true).environment(\.isLuminanceReduced, false))
        == plain("systemSmall 0 fullColor light true"))
    #expect(
      resolved(
        Probe().transformEnvironment(\.redactionReasons) { $0.insert(.privacy) })
        == plain("systemSmall 2 fullColor light false"))
  }

  @Test func widgetRenderingModeFollowsTheFamily() {
    #expect(WidgetRenderingMode.mode(for: .accessoryCircular) == .vibrant)
    #expect(WidgetRenderingMode.mode(for: .accessoryRectangular) == .vibrant)
    #expect(WidgetRenderingMode.mode(for: .accessoryInline) == .vibrant)
    #expect(WidgetRenderingMode.mode(for: .accessoryCorner) == .accented)
    #expect(WidgetRenderingMode.mode(for: .systemMedium) == .fullColor)
  }

  @Test func redactedAndUnredacted() {
    #expect(
      resolved(Probe().redacted(reason: .placeholder))
        == style(plain("systemSmall 1 fullColor light false"), TextStyle(redacted: true)))
    #expect(
      resolved(Probe().unredacted().redacted(reason: .placeholder))
        == style(
          style(plain("systemSmall 0 fullColor light false"), TextStyle(redacted: false)),
          TextStyle(redacted: true)))
    #expect(
      resolved(Probe().redacted(reason: []))
        == plain("systemSmall 0 fullColor light false"), "no reason, no redaction")
  }

  /// Seed 004's kind of view: a `switch` on the family inside a custom view.
  struct FamilySwitch: View {
    @Environment(\.widgetFamily) var family

    var body: some View {
      switch family {
      case .accessoryCircular: Text("circle")
      case .accessoryInline: Text("inline")
      default: EmptyView()
      }
    }
  }

  @Test func aFamilySetInsideReachesNestedBodies() {
    #expect(
      resolved(HStack { FamilySwitch() }.environment(\.widgetFamily, .accessoryCircular))
        == .stack(StackNode(axis: .horizontal, children: [plain("circle")])))
  }
}
