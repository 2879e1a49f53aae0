import Foundation
import Synchronization
import WidgetSchema

/// Click events that i3bar/swaybar writes to the status command's standard input when the
/// header asks for them: the line `[`, then one JSON object per click, each after the first
/// preceded by a comma, the array never closed.
///
/// ``I3BarClicks/Parser`` reads that stream incrementally from arbitrary chunks;
/// ``I3BarClicks/handle(_:control:errors:)`` turns a left click into a tap.
public enum I3BarClicks {
  /// One click, with the fields widget-host uses (i3bar sends more; they are ignored).
  public struct Click: Codable, Sendable, Equatable {
    /// The block's `name`: the instance id.
    public var name: String?
    /// The block's `instance`: the instance id too.
    public var instance: String?
    /// 1 left, 2 middle, 3 right, 4 and 5 the wheel.
    public var button: Int?
    public var x: Double?
    public var y: Double?
    public var relativeX: Double?
    public var relativeY: Double?
    public var width: Double?
    public var height: Double?

    /// Creates a click.
    public init(name: String?, instance: String? = nil, button: Int?) {
      self.name = name
      self.instance = instance
      self.button = button
    }

    enum CodingKeys: String, CodingKey {
      case name, instance, button, x, y, width, height
      case relativeX = "relative_x"
      case relativeY = "relative_y"
    }
  }

  /// A line of the click stream that is not a click object.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offending line, as read.
    public var line: String
    /// Why it is not a click.
    public var reason: String

    public var description: String { "malformed click event '\(line)': \(reason)" }
  }

  /// Splits the click stream into events as bytes arrive. Each line holds at most one object;
  /// the opening `[`, leading commas and blank lines are skipped, and a malformed line is
  /// reported without disturbing the lines after it.
  public struct Parser: Sendable {
    private var pending = Data()
    private let decoder = JSONDecoder()

    /// An empty parser.
    public init() {}

    /// Feeds `chunk`; returns the events of every line it completes, in order.
    public mutating func feed(_ chunk: Data) -> [Result<Click, ParseError>] {
      pending.append(chunk)
      var results: [Result<Click, ParseError>] = []
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = pending[pending.startIndex..<newline]
        pending.removeSubrange(pending.startIndex...newline)
        if let result = parse(line) { results.append(result) }
      }
      return results
    }

    /// Parses what is left after the input ended (a last line without a newline).
    public mutating func finish() -> [Result<Click, ParseError>] {
      let line = pending
      pending = Data()
      return parse(line).map { [$0] } ?? []
    }

    private func parse(_ bytes: Data) -> Result<Click, ParseError>? {
      var text = Substring(String(decoding: bytes, as: UTF8.self))
      text = text.drop(while: \.isWhitespace)
      if text.first == "[" { text = text.dropFirst().drop(while: \.isWhitespace) }
      if text.first == "," { text = text.dropFirst().drop(while: \.isWhitespace) }
      while text.last?.isWhitespace == true { text = text.dropLast() }
      if text.isEmpty || text == "]" { return nil }
      let shown = String(text.prefix(200))
      guard text.first == "{" else {
        return .failure(ParseError(line: shown, reason: "expected a JSON object"))
      }
      do {
        let click = try decoder.decode(Click.self, from: Data(text.utf8))
        guard click.name ?? click.instance != nil else {
          return .failure(ParseError(line: shown, reason: "no \"name\" or \"instance\""))
        }
        return .success(click)
      } catch {
        return .failure(ParseError(line: shown, reason: Self.reason(error)))
      }
    }

    private static func reason(_ error: any Error) -> String {
      switch error {
      case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
      case DecodingError.dataCorrupted:
        return "not valid JSON"
      default:
        return "\(error)"
      }
    }
  }

  /// The region a tap of a widget showing `entry` presses: none (its `widgetURL` opens)
  /// when it has a `widgetURL` or shows nothing, else its first `Link`, button or toggle (a
  /// control's one button). The one choice both
  /// click paths make: in the host (``handle(_:control:errors:)``) and in `widget-host bar`
  /// over the socket (``BarClient/tap(_:)``).
  public static func region(tapping entry: EntryEvent?) -> String? {
    entry?.url == nil ? entry?.regions.first?.id : nil
  }

  /// Acts on one click: a left click (button 1) taps the block's instance, opening its
  /// `widgetURL`, or pressing its first `Link`, button or toggle when it has no `widgetURL`.
  /// Other buttons are ignored.
  /// Returns the URL opened; a failure is written to `errors` as one line.
  @discardableResult
  public static func handle(
    _ click: Click, control: HostControl, errors: any OutputTarget
  ) -> String? {
    handle(
      click, errors: errors,
      shown: { (id) throws(ControlError) in
        try control.list().first { $0.instance == id }?.entry
      },
      tap: { (id, region) throws(ControlError) in
        try blockingTap(control, instance: id, region: region).url ?? ""
      })
  }

  /// Taps `instance` and waits for what the tap did (a button's action runs to its end): clicks
  /// are read on a thread of their own and handled one after the other, in order.
  private static func blockingTap(
    _ control: HostControl, instance: String, region: String?
  ) throws(ControlError) -> TapOutcome {
    let outcome = Mutex<Result<TapOutcome, ControlError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let result: Result<TapOutcome, ControlError>
      do throws(ControlError) {
        result = .success(try await control.tap(instance: instance, region: region))
      } catch {
        result = .failure(error)
      }
      outcome.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
  }

  /// Acts on one click as ``handle(_:control:errors:)`` does, through `shown` (what an
  /// instance shows now) and `tap` (taps an instance on a region, or on its `widgetURL` for
  /// nil, and returns the URL opened): a host's control, or requests to it over its socket.
  @discardableResult
  public static func handle<Failure: Error & CustomStringConvertible>(
    _ click: Click, errors: any OutputTarget,
    shown: (_ instance: String) throws(Failure) -> EntryEvent?,
    tap: (_ instance: String, _ region: String?) throws(Failure) -> String
  ) -> String? {
    guard click.button == 1, let id = click.name ?? click.instance else { return nil }
    do throws(Failure) {
      return try tap(id, region(tapping: try shown(id)))
    } catch {
      errors.write("widget-host: click on \(id): \(error.description)\n")
      return nil
    }
  }

  /// Reads click events from `input` on a background thread until it ends, handing each to
  /// ``handle(_:control:errors:)``; malformed lines are reported on `errors` and skipped.
  public static func startReading(
    from input: FileHandle, control: HostControl, errors: any OutputTarget
  ) {
    startReading(from: input, errors: errors) { click in
      handle(click, control: control, errors: errors)
    }
  }

  /// Reads click events from `input` on a background thread until it ends, handing each to
  /// `onClick`; malformed lines are reported on `errors` and skipped.
  public static func startReading(
    from input: FileHandle, errors: any OutputTarget,
    onClick: @escaping @Sendable (Click) -> Void
  ) {
    let thread = Thread {
      var parser = Parser()
      while true {
        let chunk = input.availableData
        let results = chunk.isEmpty ? parser.finish() : parser.feed(chunk)
        for result in results {
          switch result {
          case .success(let click): onClick(click)
          case .failure(let problem): errors.write("widget-host: \(problem.description)\n")
          }
        }
        if chunk.isEmpty { return }
      }
    }
    thread.name = "i3bar clicks"
    thread.start()
  }
}
