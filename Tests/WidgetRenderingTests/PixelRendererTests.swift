import Foundation
import PixelLibrariesCheck
import Testing
import WidgetSchema

@testable import WidgetRendering

/// The pixel renderer: every node type draws, text stays in its frame, and the geometry it
/// reports is where it drew.
@Suite struct PixelRendererTests {
  let renderer = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// In the dark appearance a colour set's dark components are drawn, and named colours take
  /// iOS's dark values; in the light one, the light components.
  @Test func theDarkAppearanceDrawsEachColoursDarkValue() throws {
    let brand = ColorValue(
      red: 1, green: 0, blue: 0, dark: ColorValue.Components(red: 0, green: 0, blue: 1))
    let cases: [(ColorValue, light: [Int], dark: [Int])] = [
      (brand, [255, 0, 0], [0, 0, 255]),
      (ColorValue(name: "red"), [255, 59, 48], [255, 69, 58]),
    ]
    for (color, light, dark) in cases {
      for (appearance, expected) in [(Appearance.light, light), (.dark, dark)] {
        let image = try renderer.render(
          .color(color), family: .systemSmall, now: now, scale: 1, appearance: appearance)
        let pixel = try PNGImage(decoding: image.data).pixel(85, 85)
        #expect(
          [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
            == expected, "\(color) \(appearance)")
      }
    }
  }

  static func text(_ string: String, _ style: TextStyle = TextStyle()) -> ViewNode {
    let node = ViewNode.text(TextNode(runs: [.verbatim(string)]))
    return style.isEmpty ? node : .modified(node, .style(style))
  }

  /// Whether some pixel inside `frame` (points, at `scale`) differs from the white background.
  static func drawsSomething(_ image: PNGImage, in frame: NodeGeometry, scale: Int) -> Bool {
    let left = max(0, Int(frame.x) * scale)
    let top = max(0, Int(frame.y) * scale)
    let right = min(image.width, Int((frame.x + frame.width).rounded(.up)) * scale)
    let bottom = min(image.height, Int((frame.y + frame.height).rounded(.up)) * scale)
    guard left < right, top < bottom else { return false }
    for y in top..<bottom {
      for x in left..<right {
        let pixel = image.pixel(x, y)
        if pixel.red < 235 || pixel.green < 235 || pixel.blue < 235 { return true }
      }
    }
    return false
  }

  /// One view of each node type, each drawn alone in a small widget: it leaves visible pixels
  /// inside its own frame.
  static let nodes: [(String, ViewNode)] = [
    ("text", text("Hello", TextStyle(font: Font(textStyle: .title)))),
    ("symbol", .image(ImageNode(systemName: "star.fill"))),
    (
      "resizable symbol",
      .modified(
        .image(ImageNode(systemName: "heart", resizable: true)),
        .frame(Frame(width: 40, height: 40)))
    ),
    (
      "missing image",
      .modified(
        .image(ImageNode(name: "nothing", resizable: true, missing: true)),
        .frame(Frame(width: 40, height: 40)))
    ),
    (
      "shape",
      .modified(
        .shape(ShapeNode(shape: .circle, fill: ColorValue(name: "red"))),
        .frame(Frame(width: 40, height: 40)))
    ),
    (
      "rounded rectangle",
      .modified(
        .shape(
          ShapeNode(shape: .roundedRectangle, cornerRadius: 8, fill: ColorValue(name: "blue"))),
        .frame(Frame(width: 60, height: 30)))
    ),
    (
      "capsule",
      .modified(
        .shape(ShapeNode(shape: .capsule, fill: ColorValue(name: "green"))),
        .frame(Frame(width: 60, height: 20)))
    ),
    ("colour", .modified(.color(ColorValue(name: "orange")), .frame(Frame(width: 30, height: 30)))),
    (
      "divider",
      .modified(
        .stack(StackNode(axis: .vertical, children: [text("a"), .divider, text("b")])),
        .frame(Frame(width: 100)))
    ),
    (
      "stack",
      .stack(
        StackNode(axis: .horizontal, children: [text("one"), .spacer(minLength: 4), text("two")]))
    ),
    (
      "padding and background",
      .modified(
        .modified(text("pad"), .padding(EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))),
        .background(.color(ColorValue(name: "yellow")), alignment: .center))
    ),
    (
      "overlay",
      .modified(
        .modified(.color(ColorValue(name: "white")), .frame(Frame(width: 40, height: 40))),
        .overlay(
          .shape(ShapeNode(shape: .circle, fill: ColorValue(name: "purple"))), alignment: .center))
    ),
    (
      "clip",
      .modified(
        .modified(.color(ColorValue(name: "teal")), .frame(Frame(width: 50, height: 50))),
        .clip(.circle, cornerRadius: nil))
    ),
    (
      "opacity",
      .modified(
        .modified(.color(ColorValue(name: "black")), .frame(Frame(width: 30, height: 30))),
        .opacity(0.5))
    ),
    ("link", .modified(text("tap"), .link("https://example.com"))),
    ("toggle", .modified(.toggle(ToggleNode(isOn: true)), .action(WidgetAction(name: "a")))),
    ("button", .modified(text("press"), .action(WidgetAction(name: "a")))),
    (
      "container background",
      .modified(text("bg"), .containerBackground(.color(ColorValue(name: "indigo"))))
    ),
    ("redacted text", text("Placeholder text", TextStyle(redacted: true))),
    (
      "date",
      .text(TextNode(runs: [.date(Date(timeIntervalSince1970: 1_800_000_000), style: .time)]))
    ),
  ]

  @Test(arguments: nodes.map(\.0))
  func everyNodeTypeDraws(_ name: String) throws {
    let view = try #require(Self.nodes.first { $0.0 == name }?.1)
    let image = try renderer.render(view, family: .systemMedium, now: now, scale: 2)
    let png = try PNGImage(decoding: image.data)
    #expect(png.width == 728 && png.height == 340)
    let root = try #require(image.geometry.nodes.first)
    if name == "container background" {
      // The container's colour fills the widget, behind the text.
      let pixel = png.pixel(20, 170)
      #expect(pixel.blue > pixel.red && pixel.blue > 150, "\(pixel)")
      return
    }
    #expect(Self.drawsSomething(png, in: root, scale: 2), "\(name) drew nothing in \(root)")
  }

  /// A switch as iOS draws one: green and its knob at the trailing end when on, grey and the
  /// knob at the leading end when off; 51 × 31 points.
  @Test func aToggleShowsItsState() throws {
    for isOn in [true, false] {
      let image = try renderer.render(
        .toggle(ToggleNode(isOn: isOn)), family: .systemSmall, now: now, scale: 1)
      let png = try PNGImage(decoding: image.data)
      let frame = try #require(image.geometry.nodes.first)
      #expect(frame.width == 51 && frame.height == 31)
      let (x, y) = (Int(frame.x), Int(frame.y) + 15)
      // Inside the track, away from the knob, and the knob's middle.
      let track = png.pixel(isOn ? x + 8 : x + 43, y)
      let knob = png.pixel(isOn ? x + 36 : x + 15, y)
      if isOn {
        #expect(track.green > 150 && track.red < 120 && track.blue < 150, "\(track)")
      } else {
        #expect(abs(Int(track.red) - Int(track.blue)) < 20, "grey: \(track)")
      }
      #expect(knob.red > 240 && knob.green > 240 && knob.blue > 240, "white: \(knob)")
    }
  }

  /// `AccessoryWidgetBackground` keeps its translucent backdrop under a foreground style
  /// (`.foregroundStyle(.white)` around the widget), as on iOS: the style paints the text, not
  /// the backdrop.
  @Test func theAccessoryBackdropIgnoresTheForegroundStyle() throws {
    let view = ViewNode.modified(
      .stack(
        StackNode(
          axis: .z,
          children: [.shape(ShapeNode(shape: .accessoryBackground)), Self.text("5.2")])),
      .style(TextStyle(foreground: ColorValue(name: "white"))))
    let image = try renderer.render(view, family: .accessoryCircular, now: now, scale: 1)
    let png = try PNGImage(decoding: image.data)
    // Inside the circle, away from the text.
    let pixel = png.pixel(png.width / 2, png.height / 6)
    #expect(pixel.alpha < 128, "translucent: \(pixel)")
  }

  /// Texts wrapped, limited and truncated in many widths: the ink Pango draws for each lies
  /// inside the frame the layout gave it (an overflowing text fails here).
  @Test func textStaysInsideItsFrame() throws {
    let long = "The quick brown fox jumps over the lazy dog, twice, and then 这是颜色 🦁️ again"
    var views: [ViewNode] = []
    for width in [20.0, 60, 100, 150] {
      for style in [
        TextStyle(), TextStyle(lineLimit: 1), TextStyle(lineLimit: 2, truncationMode: .middle),
        TextStyle(font: Font(textStyle: .largeTitle), lineLimit: 3, truncationMode: .head),
        TextStyle(font: Font(size: 9), weight: .black, italic: true),
      ] {
        views.append(.modified(Self.text(long, style), .frame(Frame(width: width))))
      }
    }
    let c = try PixelLibraries.load()
    for view in views {
      try PixelLibraries.lock.withLock { _ in
        let laidOut = renderer.layOut(view, family: .systemLarge, now: now, c: c)
        for node in laidOut.viewNodes.compactMap({ $0 }) {
          guard case .text(let text) = node.kind else { continue }
          text.configure(width: node.frame.width, height: node.frame.height)
          let (ink, logical) = text.extents()
          let frame = node.frame
          #expect(
            logical.x >= -0.5 && logical.x + logical.width <= frame.width + 0.5,
            "\(logical) in \(frame)")
          #expect(
            logical.y >= -0.5 && logical.y + logical.height <= frame.height + 0.5,
            "\(logical) in \(frame)")
          // Ink may reach past the advance by a glyph's overhang, never by a line or a word.
          #expect(ink.x + ink.width <= frame.width + 4, "ink \(ink) in \(frame)")
          #expect(ink.y + ink.height <= frame.height + 4, "ink \(ink) in \(frame)")
          _ = try #require(frame.width.isFinite ? frame : nil)
        }
      }
    }
  }

  /// The geometry a program reads is the one the renderer drew with: laying out alone gives
  /// the frames a render reports, and each frame is where that node's pixels are.
  @Test func geometryIsWhereTheRendererDrew() throws {
    let view = ViewNode.stack(
      StackNode(
        axis: .vertical, alignment: .leading,
        children: [
          Self.text("Title", TextStyle(font: Font(textStyle: .headline))),
          .modified(.color(ColorValue(name: "red")), .frame(Frame(width: 50, height: 20))),
          Self.text(
            "Body text that wraps onto a second line", TextStyle(font: Font(textStyle: .body))),
        ]))
    let geometry = try renderer.geometry(view, family: .systemSmall, now: now)
    let image = try renderer.render(view, family: .systemSmall, now: now, scale: 2)
    #expect(geometry == image.geometry)
    // The stack, a style and its text, a frame and its colour, a style and its text.
    #expect(geometry.nodes.count == 7)
    #expect(geometry.nodes[1] == geometry.nodes[2])
    let red = geometry.nodes[4]
    let png = try PNGImage(decoding: image.data)
    let center = png.pixel(Int((red.x + red.width / 2) * 2), Int((red.y + red.height / 2) * 2))
    #expect(center.red > 200 && center.green < 100, "\(center)")
    // Just outside the colour's frame, the background.
    let outside = png.pixel(Int((red.x + red.width) * 2) + 3, Int((red.y + red.height / 2) * 2))
    #expect(outside.red > 200 && outside.green > 200, "\(outside)")
    let body = geometry.nodes[6]
    #expect(body.baselines?.count == 2)
    if let first = body.baselines?.first { #expect(first > body.y && first < body.y + body.height) }
  }

  /// Hostile numbers draw without trapping and at the widget's cost.
  @Test func hostileNumbersDrawAtTheWidgetsCost() throws {
    for length in [1e300, -1e300, .infinity, .nan, 1e-300] {
      let view = ViewNode.modified(
        .modified(
          .stack(
            StackNode(
              axis: .horizontal, spacing: length,
              children: [
                Self.text("x", TextStyle(font: Font(size: length), lineLimit: Int.max)),
                .modified(
                  .shape(ShapeNode(shape: .roundedRectangle, cornerRadius: length)),
                  .opacity(length)),
              ])),
          .frame(Frame(width: length, height: length))),
        .padding(EdgeInsets(top: length, leading: length, bottom: length, trailing: length)))
      let clock = ContinuousClock()
      let start = clock.now
      let image = try renderer.render(view, family: .systemSmall, now: now, scale: 3)
      #expect(clock.now - start < .seconds(2), "\(length)")
      #expect(image.pixelWidth == 510)
    }
  }

  @Test func scalesAreOneTwoOrThree() throws {
    for scale in 1...3 {
      let image = try renderer.render(
        Self.text("s"), family: .accessoryCircular, now: now, scale: scale)
      #expect(image.pixelWidth == 76 * scale)
    }
    #expect(throws: PixelRenderError.self) {
      try renderer.render(Self.text("s"), family: .systemSmall, now: now, scale: 4)
    }
  }

  @Test func unknownSymbolsWarn() throws {
    let image = try renderer.render(
      .image(ImageNode(systemName: "no.such.symbol.anywhere")), family: .systemSmall, now: now)
    #expect(image.warnings.contains { $0.contains("no.such.symbol.anywhere") })
  }

  /// A bundle's red image of each format, resizable in a 40-point frame: red pixels where it
  /// was drawn (a PNG through Cairo, a JPEG and a GIF through GdkPixbuf, an SVG through librsvg).
  @Test(arguments: ["png", "jpg", "gif", "svg"])
  func bundleImagesDraw(_ format: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pixel-images-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("red.\(format)")
    try Self.redImage(format).write(to: file)
    let view = ViewNode.modified(
      .image(
        ImageNode(name: "red", resizable: true, path: file.path, pixelWidth: 8, pixelHeight: 8)),
      .frame(Frame(width: 40, height: 40)))
    let image = try renderer.render(view, family: .systemSmall, now: now, scale: 2)
    #expect(image.warnings.isEmpty, "\(image.warnings)")
    let png = try PNGImage(decoding: image.data)
    let center = png.pixel(png.width / 2, png.height / 2)
    #expect(center.red > 230 && center.green < 30 && center.blue < 30, "\(format): \(center)")
  }

  /// An 8×8 red image in `format`.
  static func redImage(_ format: String) -> Data {
    switch format {
    case "svg":
      return Data(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>"#
          .utf8)
    case "gif":
      return Data(
        base64Encoded: "R0lGODdhCAAIAIEAAP8AAAAAAAAAAAAAACwAAAAACAAIAAAIDwABCBxIsKDBgwgTKkwYEAA7")!
    case "jpg":
      return Data(base64Encoded: Self.redJPEG)!
    default:
      return Data(
        base64Encoded:
          "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP8z4AdMOEQH6QSAM1BAQ/oQeJvAAAAAElFTkSuQmCC"
      )!
    }
  }

  /// An 8×8 red baseline JPEG (written by Pillow).
  static let redJPEG =
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDi6KKK+ZP3E//Z"

  /// A 40×20-pixel image made resizable and given an aspect ratio, in a 100×60-point frame
  /// centred in systemSmall: fitted it is 100×50, filling 120×60 (overflowing the frame),
  /// each centred in it, except that an overflowing child starts at the frame's top left (the
  /// host never places a child before its frame's edge; SwiftUI centres it); a ratio given (1)
  /// wins over the image's.
  @Test(arguments: [
    (nil as Double?, false, NodeGeometry(x: 35, y: 60, width: 100, height: 50)),
    (nil, true, NodeGeometry(x: 35, y: 55, width: 120, height: 60)),
    (1, false, NodeGeometry(x: 55, y: 55, width: 60, height: 60)),
    (1, true, NodeGeometry(x: 35, y: 55, width: 100, height: 100)),
  ])
  func aspectRatiosFitAndFill(_ ratio: Double?, _ fill: Bool, _ expected: NodeGeometry) throws {
    let view = ViewNode.modified(
      .modified(
        .image(ImageNode(name: "wide", resizable: true, pixelWidth: 40, pixelHeight: 20)),
        .aspectRatio(ratio, fill: fill)),
      .frame(Frame(width: 100, height: 60)))
    let geometry = try renderer.geometry(view, family: .systemSmall, now: now)
    #expect(geometry.nodes[0] == NodeGeometry(x: 35, y: 55, width: 100, height: 60))
    #expect(geometry.nodes[1] == expected, "the aspectRatio node is its child's size")
    #expect(geometry.nodes[2] == expected)
  }

  /// `.scaledToFit()` on a 2:1 image in a stack of systemMedium (364×170): 340×170, the
  /// image's own ratio kept.
  @Test func aFittedImageKeepsItsRatioInAStack() throws {
    let view = ViewNode.stack(
      StackNode(
        axis: .vertical,
        children: [
          .modified(
            .image(ImageNode(name: "wide", resizable: true, pixelWidth: 40, pixelHeight: 20)),
            .aspectRatio(nil, fill: false))
        ]))
    let image = try renderer.geometry(view, family: .systemMedium, now: now).nodes[2]
    #expect(image.width / image.height == 2)
    #expect(image.height == 170)
  }

  /// `.minimumScaleFactor(_:)` shrinks a line that does not fit its width before truncating
  /// it: smaller (shorter) than the same text without it, inside its frame; a factor too large
  /// for the text shrinks it by that factor and truncates the rest.
  @Test func minimumScaleFactorShrinksBeforeTruncating() throws {
    func textFrame(_ factor: Double?) throws -> NodeGeometry {
      let view = ViewNode.modified(
        Self.text(
          "A line much too long for its frame",
          TextStyle(font: Font(size: 17), lineLimit: 1, minimumScaleFactor: factor)),
        .frame(Frame(width: 120)))
      return try renderer.geometry(view, family: .systemSmall, now: now).nodes[2]
    }
    let plain = try textFrame(nil)
    let shrunk = try textFrame(0.3)
    let limited = try textFrame(0.9)
    #expect(shrunk.height < plain.height * 0.8, "\(shrunk) vs \(plain)")
    #expect(shrunk.height > plain.height * 0.3)
    #expect(shrunk.width <= 120)
    #expect(abs(limited.height - plain.height * 0.9) < 1.5, "\(limited) vs \(plain)")
    // A text that fits is not shrunk.
    let short = ViewNode.modified(
      Self.text("Hi", TextStyle(font: Font(size: 17), lineLimit: 1, minimumScaleFactor: 0.3)),
      .frame(Frame(width: 120)))
    let hi = try renderer.geometry(short, family: .systemSmall, now: now).nodes[2]
    #expect(abs(hi.height - plain.height) < 0.01)
  }

  /// A red square in the accent group beside a green one, over a yellow container background,
  /// in systemMedium (docs/rendering.md#rendering-modes).
  static let modeView = ViewNode.modified(
    .stack(
      StackNode(
        axis: .horizontal,
        children: [
          .modified(
            .modified(.color(ColorValue(name: "red")), .frame(Frame(width: 40, height: 40))),
            .accentable(true)),
          .modified(.color(ColorValue(name: "green")), .frame(Frame(width: 40, height: 40))),
        ])),
    .containerBackground(.color(ColorValue(name: "yellow"))))

  /// How many opaque pixels of `image` `test` holds for.
  static func count(_ image: PNGImage, _ test: (Int, Int, Int) -> Bool) -> Int {
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x, y)
        if pixel.alpha > 200, test(Int(pixel.red), Int(pixel.green), Int(pixel.blue)) { count += 1 }
      }
    }
    return count
  }

  static func isRed(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 200 && g < 90 && b < 90 }
  static func isYellow(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 200 && g > 180 && b < 60 }
  static func isAccent(_ r: Int, _ g: Int, _ b: Int) -> Bool {
    r < 30 && (115...150).contains(g) && b > 235
  }

  /// fullColor draws the colours given; accented the accent group in the accent colour and the
  /// rest in white, without the container background; vibrant only greys, a colour as light as
  /// its luminance.
  @Test func renderingModesColourTheGroups() throws {
    let square = 40 * 40 * 4  // pixels at 2×
    func draw(_ mode: RenderingMode) throws -> PNGImage {
      try PNGImage(
        decoding: renderer.render(Self.modeView, family: .systemMedium, now: now, mode: mode).data)
    }
    let full = try draw(.fullColor)
    #expect(Self.count(full, Self.isRed) >= square * 9 / 10)
    #expect(Self.count(full, Self.isYellow) > square)
    #expect(Self.count(full, Self.isAccent) == 0)

    let accented = try draw(.accented)
    #expect(Self.count(accented, Self.isAccent) >= square * 9 / 10)
    #expect(Self.count(accented, Self.isRed) == 0)
    #expect(Self.count(accented, Self.isYellow) == 0, "the container background is removed")
    #expect(Self.count(accented) { r, g, b in r > 250 && g > 250 && b > 250 } >= square * 9 / 10)

    let vibrant = try draw(.vibrant)
    #expect(Self.count(vibrant) { r, g, b in max(r, g, b) - min(r, g, b) > 8 } == 0)
    // At the squares' centres (the stack is centred): green is lighter than red.
    let (x, y) = (vibrant.width / 2, vibrant.height / 2)
    let red = vibrant.pixel(x - 48, y).red
    let green = vibrant.pixel(x + 48, y).red
    #expect(green > red + 40, "red \(red), green \(green)")
  }

  /// The system background (`.background()`) is white over a coloured container in the
  /// pictures, and in the vibrant mode's dark lock screen it is black, so nothing is drawn.
  @Test func theSystemBackgroundIsWhiteInThePictures() throws {
    let view = ViewNode.modified(
      .modified(
        .modified(.empty, .frame(Frame(width: 40, height: 40))),
        .background(.color(ColorValue(name: "background")), alignment: .center)),
      .containerBackground(.color(ColorValue(name: "yellow"))))
    let square = 40 * 40 * 4
    let full = try PNGImage(
      decoding: renderer.render(view, family: .systemSmall, now: now, mode: .fullColor).data)
    #expect(Self.count(full) { r, g, b in r > 250 && g > 250 && b > 250 } >= square * 9 / 10)
    #expect(Self.count(full, Self.isYellow) > square)
    let vibrant = try PNGImage(
      decoding: renderer.render(view, family: .accessoryRectangular, now: now, mode: .vibrant)
        .data)
    #expect(Self.count(vibrant) { r, g, b in r > 250 && g > 250 && b > 250 } == 0)
  }

  @Test func writesSVG() throws {
    let image = try renderer.render(
      Self.text("vector"), family: .systemSmall, now: now, format: .svg)
    let text = String(decoding: image.data, as: UTF8.self)
    #expect(text.contains("<svg"))
  }
}

/// The declarations the renderer loads its functions by were compiled against the libraries'
/// own headers (Tests/PixelLibrariesCheck), and every one of them loads.
@Suite struct PixelLibrariesTests {
  @Test func everyDeclaredFunctionWasCheckedAndLoads() throws {
    #expect(pixel_libraries_check_count() > 90)
    _ = try PixelLibraries.load()
    _ = try PixelLibraries.loadImages()
  }
}
