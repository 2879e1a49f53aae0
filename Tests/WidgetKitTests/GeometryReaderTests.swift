import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// `GeometryReader`: its content is built for the space the SDK estimates it is offered, and
/// the reader fills what the host offers, content at its top leading corner.
@Suite struct GeometryReaderTests {
  /// A reader that shows the size it was given, as `W×H`.
  struct SizeReader: View {
    var body: some View {
      GeometryReader { proxy in
        Text("\(Int(proxy.size.width))×\(Int(proxy.size.height))")
      }
    }
  }

  static let filling = Frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)

  /// The text `SizeReader` shows somewhere in `node`.
  func shownSize(_ node: ViewNode) -> String? {
    switch node {
    case .text(let text):
      if case .verbatim(let string) = text.runs.first?.content, string.contains("×") {
        return string
      }
      return nil
    case .stack(let stack): return stack.children.lazy.compactMap(shownSize).first
    case .modified(let child, _): return shownSize(child)
    default: return nil
    }
  }

  @Test func atTheRootItIsOfferedTheWholeWidget() {
    #expect(
      resolved(SizeReader(), family: .systemSmall)
        == .modified(plain("170×170"), .frame(Self.filling)))
    #expect(shownSize(resolved(SizeReader(), family: .systemMedium)) == "364×170")
    #expect(shownSize(resolved(SizeReader(), family: .accessoryRectangular)) == "172×76")
  }

  @Test func paddingAndFramesChangeTheOffer() {
    #expect(shownSize(resolved(SizeReader().padding(10))) == "150×150")
    #expect(shownSize(resolved(SizeReader().padding())) == "138×138")
    #expect(shownSize(resolved(SizeReader().frame(width: 100))) == "100×170")
    #expect(shownSize(resolved(SizeReader().frame(maxHeight: 40))) == "170×40")
    #expect(shownSize(resolved(SizeReader().frame(minWidth: 400))) == "400×170")
  }

  @Test func inAStackItIsOfferedWhatTheOtherViewsLeave() {
    // A body-sized line of text (about 21 points) and the default spacing of 8.
    let titled = VStack {
      Text("Title")
      SizeReader()
    }
    #expect(shownSize(resolved(titled)) == "170×141")
    let fixed = HStack(spacing: 0) {
      Color.red.frame(width: 50)
      SizeReader()
      SizeReader()
    }
    #expect(shownSize(resolved(fixed)) == "60×170", "two readers share what the colour leaves")
  }

  /// A progress bar as widget code draws one.
  @Test func aProgressBarIsAsWideAsItsShare() {
    let bar = GeometryReader { proxy in
      ZStack(alignment: .leading) {
        Capsule().fill(Color.gray)
        Capsule().fill(Color.green).frame(width: proxy.size.width * 0.25)
      }
    }
    .frame(height: 8)
    .padding(.horizontal, 10)
    guard
      case .modified(.modified(.modified(.stack(let stack), .frame), .frame), .padding) =
        resolved(bar),
      case .modified(_, .frame(let frame)) = stack.children.last
    else {
      Issue.record("a ZStack in the reader's frame, in the bar's frame and padding")
      return
    }
    #expect(frame.width == 37.5)
  }

  @Test func theProxyHasNoSafeAreaAndFramesStartAtZero() {
    let reader = GeometryReader { proxy in
      let local = proxy.frame(in: .local)
      let global = proxy.frame(in: .global)
      let insets = proxy.safeAreaInsets
      Text(
        "\(Int(local.minX)),\(Int(local.width))×\(Int(global.height)) \(Int(insets.top))")
    }
    #expect(resolved(reader) == .modified(plain("0,170×170 0"), .frame(Self.filling)))
  }
}

/// `ViewThatFits`: the first view whose estimated size fits the estimated offer.
@Suite struct ViewThatFitsTests {
  func chosen(width: CGFloat, axes: Axis.Set = [.horizontal, .vertical]) -> ViewNode {
    resolved(
      ViewThatFits(in: axes) {
        Text("Tuesday, 3 December 2026")
        Text("Tue 3 Dec")
        Text("3")
      }
      .frame(width: width))
  }

  @Test func theFirstThatFitsIsShown() {
    // Body text is about 9.4 points a character: 24 characters need 225, 9 need 85.
    #expect(
      chosen(width: 300) == .modified(plain("Tuesday, 3 December 2026"), .frame(Frame(width: 300))))
    #expect(chosen(width: 120) == .modified(plain("Tue 3 Dec"), .frame(Frame(width: 120))))
    #expect(chosen(width: 20) == .modified(plain("3"), .frame(Frame(width: 20))))
    #expect(chosen(width: 5) == .modified(plain("3"), .frame(Frame(width: 5))), "else the last")
    #expect(
      chosen(width: 20, axes: .vertical)
        == .modified(plain("Tuesday, 3 December 2026"), .frame(Frame(width: 20))),
      "only the height counts")
  }
}
