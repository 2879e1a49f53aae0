import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Each view of the subset resolves to its view-tree node.
@Suite struct ViewTests {
  @Test func images() {
    #expect(resolved(Image(systemName: "play.fill")) == .image(ImageNode(systemName: "play.fill")))
    #expect(resolved(Image("logo")) == .image(ImageNode(name: "logo")))
    #expect(resolved(Image(decorative: "logo")) == .image(ImageNode(name: "logo")))
    #expect(
      resolved(Image("logo").resizable().renderingMode(.template))
        == .image(ImageNode(name: "logo", resizable: true)))
    // Scaling modifiers are aspect-ratio nodes, in the order applied; symbol modifiers leave
    // no node.
    let star = ViewNode.image(ImageNode(systemName: "star", resizable: true))
    #expect(
      resolved(
        Image(systemName: "star").resizable().scaledToFill().scaledToFit()
          .aspectRatio(contentMode: .fit).aspectRatio(2, contentMode: .fill)
          .symbolRenderingMode(.hierarchical).imageScale(.large))
        == .modified(
          .modified(
            .modified(
              .modified(star, .aspectRatio(nil, fill: true)), .aspectRatio(nil, fill: false)),
            .aspectRatio(nil, fill: false)),
          .aspectRatio(2, fill: true)))
  }

  @Test func labelsAreAnIconAndATitleInAStack() {
    let expected = ViewNode.stack(
      StackNode(
        axis: .horizontal, alignment: .center, spacing: 4,
        children: [.image(ImageNode(systemName: "play.fill")), plain("Song")]))
    #expect(resolved(Label("Song", systemImage: "play.fill")) == expected)
    let title = "Song"
    #expect(resolved(Label(title, systemImage: "play.fill")) == expected)
    #expect(
      resolved(
        Label {
          Text("Song")
        } icon: {
          Image(systemName: "play.fill")
        }) == expected)
    #expect(
      resolved(Label("Song", image: "cover"))
        == .stack(
          StackNode(
            axis: .horizontal, alignment: .center, spacing: 4,
            children: [.image(ImageNode(name: "cover")), plain("Song")])))
    #expect(
      resolved(Label("Song", systemImage: "play.fill").labelStyle(.iconOnly))
        == .image(ImageNode(systemName: "play.fill")))
    #expect(
      resolved(Label("Song", systemImage: "play.fill").labelStyle(.titleOnly)) == plain("Song"))
    #expect(resolved(Label("Song", systemImage: "play.fill").labelStyle(.titleAndIcon)) == expected)
  }

  @Test func dividerAndEmptyViews() {
    #expect(resolved(Divider()) == .divider)
    #expect(resolved(EmptyView()) == .empty)
  }

  struct Item: Identifiable {
    let id: Int
    let name: String
  }

  @Test func forEachOverCollections() {
    let vertical = { (names: [String]) in
      ViewNode.stack(StackNode(axis: .vertical, children: names.map(plain)))
    }
    let items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
    #expect(resolved(VStack { ForEach(items) { Text($0.name) } }) == vertical(["one", "two"]))
    #expect(
      resolved(VStack { ForEach(["a", "b", "c"], id: \.self) { Text($0) } })
        == vertical(["a", "b", "c"]))
    #expect(resolved(VStack { ForEach(0..<3) { Text("\($0)") } }) == vertical(["0", "1", "2"]))
    #expect(resolved(ForEach(0..<0) { Text("\($0)") }) == .empty)
    // Several top-level views become a vertical stack, as in a widget's body.
    #expect(resolved(ForEach(0..<2) { Text("\($0)") }) == vertical(["0", "1"]))
  }

  @Test func colorsAsViews() {
    #expect(resolved(Color.red) == .color(ColorValue(name: "red")))
    for (color, name) in [
      (Color.primary, "primary"), (.secondary, "secondary"), (.accentColor, "accentColor"),
      (.clear, "clear"), (.black, "black"), (.white, "white"), (.gray, "gray"),
      (.orange, "orange"), (.yellow, "yellow"), (.green, "green"), (.mint, "mint"),
      (.teal, "teal"), (.cyan, "cyan"), (.blue, "blue"), (.indigo, "indigo"),
      (.purple, "purple"), (.pink, "pink"), (.brown, "brown"),
    ] {
      #expect(resolved(color) == .color(ColorValue(name: name)))
      #expect(ColorValue.names.contains(name))
    }
    #expect(
      resolved(Color(red: 1, green: 0.5, blue: 0, opacity: 0.8))
        == .color(ColorValue(red: 1, green: 0.5, blue: 0, opacity: 0.8)))
    #expect(
      resolved(Color(.sRGB, red: 2, green: -1, blue: 0.5))
        == .color(ColorValue(red: 1, green: 0, blue: 0.5)), "components are clamped to 0…1")
    #expect(
      resolved(Color(white: 0.25, opacity: 0.5))
        == .color(ColorValue(red: 0.25, green: 0.25, blue: 0.25, opacity: 0.5)))
    #expect(
      resolved(Color(hue: 1 / 3, saturation: 1, brightness: 1))
        == .color(ColorValue(red: 0, green: 1, blue: 0)))
    #expect(resolved(Color.red.opacity(0.5)) == .color(ColorValue(name: "red", opacity: 0.5)))
    #expect(
      resolved(Color.red.opacity(0.5).opacity(0.5))
        == .color(ColorValue(name: "red", opacity: 0.25)))
  }

  @Test func shapes() {
    #expect(resolved(Circle()) == .shape(ShapeNode(shape: .circle)))
    #expect(resolved(Rectangle()) == .shape(ShapeNode(shape: .rectangle)))
    #expect(
      resolved(RoundedRectangle(cornerRadius: 8))
        == .shape(ShapeNode(shape: .roundedRectangle, cornerRadius: 8)))
    #expect(
      resolved(RoundedRectangle(cornerSize: CGSize(width: 6, height: 6), style: .circular))
        == .shape(ShapeNode(shape: .roundedRectangle, cornerRadius: 6)))
    #expect(resolved(Capsule()) == .shape(ShapeNode(shape: .capsule)))
    #expect(resolved(Ellipse()) == .shape(ShapeNode(shape: .ellipse)))
    #expect(resolved(ContainerRelativeShape()) == .shape(ShapeNode(shape: .containerRelative)))
    #expect(
      resolved(AccessoryWidgetBackground()) == .shape(ShapeNode(shape: .accessoryBackground)))
  }

  @Test func shapeFills() {
    #expect(
      resolved(Circle().fill(.red))
        == .shape(ShapeNode(shape: .circle, fill: ColorValue(name: "red"))))
    #expect(
      resolved(Capsule().fill(Color.blue.opacity(0.3)))
        == .shape(ShapeNode(shape: .capsule, fill: ColorValue(name: "blue", opacity: 0.3))))
    #expect(
      resolved(Rectangle().fill(.secondary))
        == .shape(ShapeNode(shape: .rectangle, fill: ColorValue(name: "secondary"))))
    #expect(resolved(Rectangle().fill()) == .shape(ShapeNode(shape: .rectangle)))
    #expect(resolved(Rectangle().fill(.foreground)) == .shape(ShapeNode(shape: .rectangle)))
    #expect(
      resolved(Rectangle().fill(.tint))
        == .shape(ShapeNode(shape: .rectangle, fill: ColorValue(name: "accentColor"))))
    #expect(
      resolved(
        Rectangle().fill(
          LinearGradient(colors: [.orange, .red], startPoint: .top, endPoint: .bottom)))
        == .shape(
          ShapeNode(
            shape: .rectangle, fill: ColorValue(name: "red"),
            gradient: .linear(
              [
                .init(color: ColorValue(name: "orange"), location: 0),
                .init(color: ColorValue(name: "red"), location: 1),
              ], from: .init(x: 0.5, y: 0), to: .init(x: 0.5, y: 1)))))
  }

  @Test func shapeStylesResolveToColours() {
    #expect(HierarchicalShapeStyle.primary._color == ColorValue(name: "primary"))
    #expect(HierarchicalShapeStyle.tertiary._color == ColorValue(name: "secondary"))
    #expect(HierarchicalShapeStyle.quaternary._color == ColorValue(name: "secondary"))
    #expect(FillShapeStyle()._color == ColorValue(name: "gray", opacity: 0.2))
    #expect(FillShapeStyle().tertiary._color == ColorValue(name: "gray", opacity: 0.2))
    #expect(AnyShapeStyle(Color.pink)._color == ColorValue(name: "pink"))
    #expect(
      resolved(LinearGradient(colors: [.blue, .purple], startPoint: .leading, endPoint: .trailing))
        == .gradient(
          .linear(
            [
              .init(color: ColorValue(name: "blue"), location: 0),
              .init(color: ColorValue(name: "purple"), location: 1),
            ], from: .init(x: 0, y: 0.5), to: .init(x: 1, y: 0.5))))
    #expect(Gradient(colors: [.red, .green, .blue]).stops.map(\.location) == [0, 0.5, 1])
  }

  @Test func links() throws {
    let url = try #require(URL(string: "app://song/1"))
    #expect(
      resolved(Link("Open", destination: url)) == .modified(plain("Open"), .link("app://song/1")))
    let title = "Open"
    #expect(
      resolved(Link(title, destination: url)) == .modified(plain("Open"), .link("app://song/1")))
    #expect(
      resolved(
        Link(destination: url) {
          Image(systemName: "play")
          Text("Play")
        })
        == .modified(
          .stack(
            StackNode(
              axis: .vertical, children: [.image(ImageNode(systemName: "play")), plain("Play")])),
          .link("app://song/1")))
  }
}
