import Foundation

/// Reads `--format i3bar` output as i3bar does, incrementally, from chunks of any size: the
/// header line, the line `[`, then one array of blocks per line, every one after the first
/// preceded by a comma, the outer array never closed. Each header and array is checked against
/// the documented schemas (docs/schemas/status-bars); deviations are collected in `problems`.
public struct I3BarStreamReader: Sendable {
  /// One status line: its blocks, as JSON objects decoded loosely.
  public struct Block: Decodable, Sendable, Equatable {
    public var fullText: String
    public var shortText: String?
    public var name: String?
    public var instance: String?
    public var color: String?
    public var urgent: Bool?

    enum CodingKeys: String, CodingKey {
      case fullText = "full_text"
      case shortText = "short_text"
      case name, instance, color, urgent
    }
  }

  private enum Expecting: Sendable {
    case header, openingBracket, firstArray, nextArray
  }

  private var pending = Data()
  private var expecting = Expecting.header
  private let headerSchema = (
    validator: JSONSchemaValidator.statusBars, file: "i3bar-header.schema.json"
  )
  private let blocksSchema = (
    validator: JSONSchemaValidator.statusBars, file: "i3bar-blocks.schema.json"
  )
  /// Every status line read so far, in order.
  public private(set) var arrays: [[Block]] = []
  /// Protocol and schema violations, in order.
  public private(set) var problems: [String] = []
  /// Whether the header asked for click events.
  public private(set) var clickEvents = false

  /// A reader that has seen nothing yet.
  public init() throws {}

  /// Whether the stream so far is a valid, still open i3bar stream with at least one array.
  public var isValidAndOpen: Bool { problems.isEmpty && !arrays.isEmpty && pending.isEmpty }

  /// Reads a chunk; returns the arrays it completed.
  @discardableResult
  public mutating func feed(_ chunk: Data) -> [[Block]] {
    pending.append(chunk)
    var completed: [[Block]] = []
    while let newline = pending.firstIndex(of: 0x0A) {
      let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
      pending.removeSubrange(pending.startIndex...newline)
      if let array = read(line) {
        arrays.append(array)
        completed.append(array)
      }
    }
    return completed
  }

  private mutating func read(_ line: String) -> [Block]? {
    switch expecting {
    case .header:
      problems += headerSchema.validator.problems(in: line, against: headerSchema.file).map {
        "header: \($0)"
      }
      clickEvents = line.contains(#""click_events":true"#)
      expecting = .openingBracket
      return nil
    case .openingBracket:
      if line != "[" { problems.append("expected '[' after the header, got '\(line)'") }
      expecting = .firstArray
      return nil
    case .firstArray, .nextArray:
      var json = Substring(line)
      if json == "]" || json == ",]" {
        problems.append("the endless array was closed")
        return nil
      }
      if expecting == .nextArray {
        guard json.first == "," else {
          problems.append("array \(arrays.count + 1) does not start with a comma: '\(line)'")
          return nil
        }
        json = json.dropFirst()
      } else if json.first == "," {
        problems.append("the first array starts with a comma: '\(line)'")
        json = json.dropFirst()
      }
      expecting = .nextArray
      problems += blocksSchema.validator.problems(in: String(json), against: blocksSchema.file).map
      { "array \(arrays.count + 1): \($0)" }
      do {
        return try JSONDecoder().decode([Block].self, from: Data(json.utf8))
      } catch {
        problems.append("array \(arrays.count + 1) does not decode: \(error)")
        return nil
      }
    }
  }
}
