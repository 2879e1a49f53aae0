import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// Bundle images on the character grid: mosaics of their colours (docs/rendering.md, "Images").
@Suite struct GridImageTests {
  let renderer = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A folder with `files` (name → bytes), removed by the caller.
  static func folder(_ files: [String: Data]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("grid-images-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
    return folder
  }

  /// A resizable image of `path`, `columns` × `rows` cells, as the only view.
  func draw(_ path: String?, columns: Int, rows: Int, missing: Bool = false) -> RenderedEntry {
    let view = ViewNode.modified(
      .image(ImageNode(name: "picture", resizable: true, path: path, missing: missing)),
      .frame(
        Frame(
          width: Double(columns) * CellMetrics.pointsPerColumn,
          height: Double(rows) * CellMetrics.pointsPerRow)))
    return renderer.render(view, family: .systemSmall, now: now)
  }

  /// The rows of `entry` that are not blank, trimmed.
  func drawn(_ entry: RenderedEntry) -> [String] {
    entry.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The style of the cell at `column`, `row`.
  func span(_ entry: RenderedEntry, column: Int, row: Int) -> Span? {
    entry.spans.first { $0.row == row && column >= $0.column && column < $0.column + $0.length }
  }

  func isRed(_ color: ColorValue?) -> Bool {
    guard let color, let red = color.red, let green = color.green, let blue = color.blue else {
      return false
    }
    return red > 0.9 && green < 0.1 && blue < 0.1
  }

  /// A red image of every format covers its cells, each red as foreground and background, with
  /// red's brightness character (░): the same decoders as the pixel renderer.
  @Test(arguments: ["png", "jpg", "gif", "svg"])
  func imagesAreMosaicsOfTheirColours(_ format: String) throws {
    let folder = try Self.folder(["red.\(format)": PixelRendererTests.redImage(format)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let entry = draw(folder.appendingPathComponent("red.\(format)").path, columns: 6, rows: 3)
    #expect(drawn(entry) == ["░░░░░░", "░░░░░░", "░░░░░░"], "\(format)")
    #expect(entry.warnings.isEmpty, "\(entry.warnings)")
    let row = try #require(entry.lines.firstIndex { $0.contains("░") })
    let column = try #require(entry.lines[row].firstIndex(of: "░")).utf16Offset(
      in: entry.lines[row])
    for offset in 0..<6 {
      let style = span(entry, column: column + offset, row: row)
      #expect(
        isRed(style?.foreground) && isRed(style?.background),
        "\(format): \(String(describing: style))")
    }
  }

  /// Each cell is the mean of the pixels it covers: a white left half and a black right half
  /// are █ and a blank black cell; a transparent part leaves the cells as they were.
  @Test func cellsFollowThePicture() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="8" height="4">\
      <rect width="4" height="4" fill="white"/><rect x="4" width="4" height="2" fill="black"/></svg>
      """
    let folder = try Self.folder(["halves.svg": Data(svg.utf8)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let entry = draw(folder.appendingPathComponent("halves.svg").path, columns: 8, rows: 2)
    let rows = entry.lines.filter { $0.contains("█") }
    #expect(rows.count == 2)
    let top = try #require(rows.first)
    let start = try #require(top.firstIndex(of: "█"))
    // Four white cells, then four black ones on the top row and nothing below them.
    #expect(top[start...].hasPrefix("████    "))
    let row = try #require(entry.lines.firstIndex(of: top))
    let column = start.utf16Offset(in: top)
    #expect(
      span(entry, column: column + 4, row: row)?.background == ColorValue(red: 0, green: 0, blue: 0)
    )
    #expect(span(entry, column: column + 4, row: row + 1) == nil)
  }

  /// Behind text an image only colours the cells' background: the text stays readable.
  @Test func aBackgroundImageColoursTheCellsBehindText() throws {
    let folder = try Self.folder(["red.png": PixelRendererTests.redImage("png")])
    defer { try? FileManager.default.removeItem(at: folder) }
    let view = ViewNode.modified(
      .modified(
        .text(TextNode(runs: [.verbatim("hello")])),
        .padding(EdgeInsets(top: 16, leading: 8, bottom: 16, trailing: 8))),
      .background(
        .image(
          ImageNode(
            name: "red", resizable: true, path: folder.appendingPathComponent("red.png").path)),
        alignment: .center))
    let entry = renderer.render(view, family: .systemSmall, now: now)
    #expect(drawn(entry) == ["hello"])
    let row = try #require(entry.lines.firstIndex { $0.contains("hello") })
    let column = try #require(entry.lines[row].range(of: "hello")).lowerBound.utf16Offset(
      in: entry.lines[row])
    #expect(isRed(span(entry, column: column, row: row)?.background))
    #expect(isRed(span(entry, column: column - 1, row: row)?.background))
  }

  /// A missing image and one that cannot be decoded are a faint box with ⊠ in its middle; the
  /// undecodable one also warns, naming the file.
  @Test func missingAndUnreadableImagesAreCrossedBoxes() throws {
    let folder = try Self.folder(["broken.png": Data("not a png".utf8)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = draw(nil, columns: 5, rows: 3, missing: true)
    #expect(drawn(missing) == ["░░░░░", "░░⊠░░", "░░░░░"])
    #expect(missing.warnings.isEmpty)
    let broken = draw(folder.appendingPathComponent("broken.png").path, columns: 5, rows: 3)
    #expect(drawn(broken) == ["░░░░░", "░░⊠░░", "░░░░░"])
    #expect(
      broken.warnings.contains { $0.contains("broken.png") && $0.contains("cannot be drawn") })
  }

  /// A placeholder's image is redaction blocks, as its text is; a resizable symbol is its
  /// character in the middle of its frame.
  @Test func redactedImagesAndResizableSymbols() throws {
    let folder = try Self.folder(["red.png": PixelRendererTests.redImage("png")])
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = ViewNode.modified(
      .image(
        ImageNode(
          name: "red", resizable: true, path: folder.appendingPathComponent("red.png").path)),
      .frame(Frame(width: 32, height: 32)))
    let redacted = renderer.render(
      .modified(image, .style(TextStyle(redacted: true))), family: .systemSmall, now: now)
    #expect(drawn(redacted) == ["████", "████"])
    #expect(redacted.spans.contains { $0.redacted == true })
    let symbol = ViewNode.modified(
      .image(ImageNode(systemName: "star.fill", resizable: true)),
      .frame(Frame(width: 40, height: 48)))
    #expect(drawn(renderer.render(symbol, family: .systemSmall, now: now)) == ["★"])
  }

  /// An image far larger than the widget costs what the widget's cells do: only the cells the
  /// canvas shows are sampled.
  @Test func aHugeImageFrameSamplesOnlyTheVisibleCells() throws {
    let folder = try Self.folder(["red.png": PixelRendererTests.redImage("png")])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("red.png").path
    let entry = draw(path, columns: 100_000, rows: 100_000)
    #expect(entry.lines.allSatisfy { $0.allSatisfy { $0 == "░" } }, "\(entry.lines)")
    let request = ImageMosaic.Request(
      path: path, width: 100_000, height: 100_000,
      visible: CellRect(x: 0, y: 0, width: 21, height: 10))
    let cells = try ImageMosaic.cells(request).get()
    #expect(cells.count == 21 * 10)
  }
}
