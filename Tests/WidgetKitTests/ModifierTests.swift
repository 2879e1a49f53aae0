import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Each modifier wraps the view in its view-tree modifier, in code order.
@Suite struct ModifierTests {
  let a = plain("a")

  @Test func textStyleModifiers() {
    let image = Image(systemName: "star")
    let star = ViewNode.image(ImageNode(systemName: "star"))
    #expect(
      resolved(image.font(.headline))
        == style(star, TextStyle(font: WidgetSchema.Font(textStyle: .headline))))
    #expect(
      resolved(image.font(.system(size: 14)))
        == style(star, TextStyle(font: WidgetSchema.Font(size: 14))))
    #expect(
      resolved(image.font(.system(.caption, design: .rounded, weight: .medium)))
        == style(
          star,
          TextStyle(
            font: WidgetSchema.Font(textStyle: .caption, weight: .medium, design: "rounded"))))
    #expect(
      resolved(image.font(.custom("Menlo", size: 11)))
        == style(star, TextStyle(font: WidgetSchema.Font(size: 11))))
    #expect(
      resolved(image.font(.title.bold()))
        == style(
          star, TextStyle(font: WidgetSchema.Font(textStyle: .title, weight: .bold))))
    #expect(resolved(image.bold()) == style(star, TextStyle(weight: .bold)))
    #expect(resolved(image.italic()) == style(star, TextStyle(italic: true)))
    #expect(resolved(image.fontWeight(.heavy)) == style(star, TextStyle(weight: .heavy)))
    #expect(resolved(image.underline()) == style(star, TextStyle(underline: true)))
    #expect(resolved(image.strikethrough()) == style(star, TextStyle(strikethrough: true)))
    #expect(
      resolved(image.foregroundColor(.red))
        == style(star, TextStyle(foreground: ColorValue(name: "red"))))
    #expect(
      resolved(image.foregroundStyle(.secondary))
        == style(star, TextStyle(foreground: ColorValue(name: "secondary"))))
    #expect(
      resolved(image.foregroundStyle(Color(white: 1)))
        == style(star, TextStyle(foreground: ColorValue(red: 1, green: 1, blue: 1))))
    #expect(
      resolved(image.foregroundStyle(.green, .red))
        == style(star, TextStyle(foreground: ColorValue(name: "green"))))
    // nil, inactive and foreground-style arguments add no node.
    #expect(resolved(image.font(nil).foregroundColor(nil).fontWeight(nil).bold(false)) == star)
    #expect(resolved(image.italic(false).foregroundStyle(.foreground)) == star)
  }

  @Test func paragraphModifiers() {
    #expect(resolved(Text("a").lineLimit(2)) == style(a, TextStyle(lineLimit: 2)))
    #expect(resolved(Text("a").lineLimit(nil)) == style(a, TextStyle(lineLimit: 0)))
    #expect(
      resolved(Text("a").lineLimit(3, reservesSpace: true)) == style(a, TextStyle(lineLimit: 3)))
    #expect(
      resolved(Text("a").multilineTextAlignment(.center))
        == style(a, TextStyle(multilineTextAlignment: .center)))
    #expect(
      resolved(Text("a").truncationMode(.middle)) == style(a, TextStyle(truncationMode: .middle)))
    #expect(
      resolved(Text("a").minimumScaleFactor(0.5)) == style(a, TextStyle(minimumScaleFactor: 0.5)))
  }

  @Test func padding() {
    func padded(_ top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double) -> ViewNode
    {
      .modified(
        a,
        .padding(
          WidgetSchema.EdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)))
    }
    #expect(resolved(Text("a").padding()) == padded(16, 16, 16, 16))
    #expect(resolved(Text("a").padding(8)) == padded(8, 8, 8, 8))
    #expect(resolved(Text("a").padding(.horizontal)) == padded(0, 16, 0, 16))
    #expect(resolved(Text("a").padding(.vertical, 4)) == padded(4, 0, 4, 0))
    #expect(resolved(Text("a").padding(.top, 2)) == padded(2, 0, 0, 0))
    #expect(resolved(Text("a").padding([.leading, .bottom], 3)) == padded(0, 3, 3, 0))
    #expect(
      resolved(Text("a").padding(SwiftUI.EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)))
        == padded(1, 2, 3, 4))
  }

  @Test func frames() {
    #expect(
      resolved(Text("a").frame(width: 30, height: 20, alignment: .topLeading))
        == .modified(a, .frame(Frame(width: 30, height: 20, alignment: .topLeading))))
    #expect(resolved(Text("a").frame(width: 30)) == .modified(a, .frame(Frame(width: 30))))
    #expect(
      resolved(
        Text("a").frame(
          minWidth: 0, idealWidth: 10, maxWidth: .infinity, minHeight: 1, idealHeight: 2,
          maxHeight: .infinity, alignment: .leading))
        == .modified(
          a,
          .frame(
            Frame(
              minWidth: 0, idealWidth: 10, maxWidth: .infinity, minHeight: 1, idealHeight: 2,
              maxHeight: .infinity, alignment: .leading))))
    let optional: CGFloat? = 12
    #expect(
      resolved(Text("a").frame(maxWidth: optional))
        == .modified(a, .frame(Frame(maxWidth: 12))))
    #expect(
      resolved(Text("a").frame(width: -5, height: .nan))
        == .modified(a, .frame(Frame(width: 0))), "negative lengths are 0, NaN is unset")
  }

  @Test func backgroundsAndOverlays() {
    let red = ViewNode.color(ColorValue(name: "red"))
    #expect(
      resolved(Text("a").background(Color.red))
        == .modified(a, .background(red, alignment: .center)))
    #expect(
      resolved(Text("a").background(.red)) == .modified(a, .background(red, alignment: .center)))
    #expect(
      resolved(Text("a").background(.secondary))
        == .modified(a, .background(.color(ColorValue(name: "secondary")), alignment: .center)))
    #expect(
      resolved(Text("a").background(Circle(), alignment: .top))
        == .modified(a, .background(.shape(ShapeNode(shape: .circle)), alignment: .top)))
    #expect(
      resolved(Text("a").background(.blue, in: RoundedRectangle(cornerRadius: 4)))
        == .modified(
          a,
          .background(
            .shape(
              ShapeNode(shape: .roundedRectangle, cornerRadius: 4, fill: ColorValue(name: "blue"))),
            alignment: .center)))
    #expect(
      resolved(
        Text("a").background(alignment: .bottom) {
          Color.red
          Text("b")
        })
        == .modified(
          a,
          .background(
            .stack(StackNode(axis: .z, alignment: .bottom, children: [red, plain("b")])),
            alignment: .bottom)))
    #expect(resolved(Text("a").background { EmptyView() }) == a)
    // The system background: `.background()` as real widgets write it, and in a shape.
    let system = ColorValue(name: "background")
    #expect(
      resolved(Text("a").background())
        == .modified(a, .background(.color(system), alignment: .center)))
    #expect(
      resolved(Text("a").background(.background))
        == .modified(a, .background(.color(system), alignment: .center)))
    #expect(
      resolved(Text("a").background(in: Capsule()))
        == .modified(
          a, .background(.shape(ShapeNode(shape: .capsule, fill: system)), alignment: .center)))
    #expect(
      resolved(Text("a").overlay(Text("b"), alignment: .topTrailing))
        == .modified(a, .overlay(plain("b"), alignment: .topTrailing)))
    #expect(
      resolved(Text("a").overlay { Text("b") })
        == .modified(a, .overlay(plain("b"), alignment: .center)))
    #expect(
      resolved(Text("a").overlay(Color.red)) == .modified(a, .overlay(red, alignment: .center)))
    #expect(
      resolved(Text("a").overlay(.red, in: Capsule()))
        == .modified(
          a,
          .overlay(
            .shape(ShapeNode(shape: .capsule, fill: ColorValue(name: "red"))), alignment: .center)))
  }

  @Test func opacityAndClipping() {
    #expect(resolved(Text("a").opacity(0.4)) == .modified(a, .opacity(0.4)))
    #expect(resolved(Text("a").opacity(3)) == .modified(a, .opacity(1)))
    #expect(
      resolved(Text("a").cornerRadius(6)) == .modified(a, .clip(.roundedRectangle, cornerRadius: 6))
    )
    #expect(
      resolved(Text("a").clipShape(Circle())) == .modified(a, .clip(.circle, cornerRadius: nil)))
    #expect(
      resolved(Text("a").clipShape(RoundedRectangle(cornerRadius: 3)))
        == .modified(a, .clip(.roundedRectangle, cornerRadius: 3)))
    #expect(
      resolved(Text("a").clipShape(ContainerRelativeShape()))
        == .modified(a, .clip(.containerRelative, cornerRadius: nil)))
    #expect(resolved(Text("a").clipped()) == .modified(a, .clip(.rectangle, cornerRadius: nil)))
  }

  @Test func widgetModifiers() {
    #expect(
      resolved(Text("a").widgetURL(URL(string: "app://x"))) == .modified(a, .widgetURL("app://x")))
    #expect(resolved(Text("a").widgetURL(nil)) == a, "widgetURL(nil) adds no node")
    #expect(
      resolved(Text("a").containerBackground(.blue, for: .widget))
        == .modified(a, .containerBackground(.color(ColorValue(name: "blue")))))
    #expect(
      resolved(Text("a").containerBackground(.fill.tertiary, for: .widget))
        == .modified(a, .containerBackground(.color(ColorValue(name: "gray", opacity: 0.2)))))
    #expect(
      resolved(Text("a").containerBackground(for: .widget) { Color.red })
        == .modified(a, .containerBackground(.color(ColorValue(name: "red")))))
    #expect(resolved(Text("a").widgetAccentable()) == .modified(a, .accentable(true)))
    #expect(resolved(Text("a").widgetAccentable(false)) == .modified(a, .accentable(false)))
    #expect(resolved(Text("a").layoutPriority(1)) == .modified(a, .layoutPriority(1)))
  }

  @Test func modifiersWrapInCodeOrder() {
    let red = ViewNode.color(ColorValue(name: "red"))
    let inset = WidgetSchema.EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
    #expect(
      resolved(Text("a").padding().background(Color.red))
        == .modified(.modified(a, .padding(inset)), .background(red, alignment: .center)))
    #expect(
      resolved(Text("a").background(Color.red).padding())
        == .modified(.modified(a, .background(red, alignment: .center)), .padding(inset)))
    #expect(
      resolved(Text("a").bold().lineLimit(1).opacity(0.5))
        == .modified(
          style(styled("a", TextStyle(weight: .bold)), TextStyle(lineLimit: 1)), .opacity(0.5)))
  }

  @Test func modifiersApplyToEachViewOfAGroup() {
    #expect(
      resolved(
        HStack {
          Group {
            Text("a")
            Text("b")
          }
          .padding(1)
        })
        == .stack(
          StackNode(
            axis: .horizontal,
            children: ["a", "b"].map {
              .modified(
                plain($0),
                .padding(WidgetSchema.EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)))
            })))
    #expect(resolved(EmptyView().padding().widgetURL(URL(string: "a://b"))) == .empty)
  }

  /// `aspectRatio`, `scaledToFit` and `scaledToFill` become `aspectRatio` nodes; a ratio that
  /// is not a finite positive number (a zero height) is the child's own.
  @Test func aspectRatiosAreKept() {
    #expect(resolved(Text("a").scaledToFit()) == .modified(a, .aspectRatio(nil, fill: false)))
    #expect(resolved(Text("a").scaledToFill()) == .modified(a, .aspectRatio(nil, fill: true)))
    #expect(
      resolved(Text("a").aspectRatio(1.5, contentMode: .fit))
        == .modified(a, .aspectRatio(1.5, fill: false)))
    #expect(
      resolved(Text("a").aspectRatio(CGSize(width: 4, height: 2), contentMode: .fill))
        == .modified(a, .aspectRatio(2, fill: true)))
    #expect(
      resolved(Text("a").aspectRatio(CGSize(width: 4, height: 0), contentMode: .fit))
        == .modified(a, .aspectRatio(nil, fill: false)))
  }

  @Test func ignoredModifiersAddNoNode() {
    let view = Text("a")
      .id(1)
      .accessibilityLabel("label")
      .accessibilityLabel(Text("label"))
      .accessibilityLabel(String("label"))
      .accessibilityHint(Text("hint"))
      .accessibilityHidden(true)
      .privacySensitive()
      .tint(.red)
      .shadow(radius: 2)
      .monospacedDigit()
      .ignoresSafeArea()
      .edgesIgnoringSafeArea(.all)
      .allowsTightening(true)
      .previewDisplayName("Preview")
      .previewLayout(.sizeThatFits)
    #expect(resolved(view) == a)
    #expect(resolved(Text("a").monospacedDigit().kerning(1).tracking(1).baselineOffset(1)) == a)
  }

  /// A custom modifier, as widget code writes them.
  struct Card: ViewModifier {
    @Environment(\.widgetFamily) var family

    func body(content: Content) -> some View {
      content
        .padding(family == .systemSmall ? 4 : 8)
        .background(Color.gray)
    }
  }

  @Test func customViewModifiersReadTheirEnvironment() {
    func card(_ length: Double) -> ViewNode {
      .modified(
        .modified(
          a,
          .padding(
            WidgetSchema.EdgeInsets(top: length, leading: length, bottom: length, trailing: length))
        ),
        .background(.color(ColorValue(name: "gray")), alignment: .center))
    }
    #expect(resolved(Text("a").modifier(Card())) == card(4))
    #expect(resolved(Text("a").modifier(Card()), family: .systemLarge) == card(8))
    #expect(resolved(Text("a").modifier(EmptyModifier())) == a)
  }
}
