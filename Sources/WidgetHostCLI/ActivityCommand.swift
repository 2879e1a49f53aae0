import Foundation
import WidgetHostCore
import WidgetSchema
import WidgetSupport

/// `widget-host activity`: start, update, end and list a running host's Live Activities, as an
/// app does with ActivityKit.
enum ActivityCommand: Command {
  static let name = "activity"
  static let summary = "Start, update, end or list Live Activities on a running host."
  static let discussion = """
    The host draws the activity with the bundle whose manifest lists the attributes type \
    (docs/activities.md), keeps it in its state until it is dismissed, and streams an \
    'activity' event for each change. 'start' prints the new activity's id. Attributes and \
    states are JSON objects of at most 4096 bytes, as the app's Codable types encode them. An \
    activity may be updated about once a second (bursts of 10). 'end' keeps the activity \
    shown for 4 hours unless --dismissal says otherwise.
    """
  static let attributes = Option<JSONValue>(
    "--attributes", value: "JSON", help: "start: the attributes, a JSON object.",
    parse: json)
  static let state = Option<JSONValue>(
    "--state", value: "JSON",
    help: "The content state, a JSON object (start, update; end: the final one).", parse: json)
  static let staleDate = Option<Date>(
    "--stale-date", value: "DATE", help: "When the content goes stale (RFC 3339).",
    parse: date)
  static let relevance = Option<Double>(
    "--relevance", value: "SCORE", help: "The content's relevance score (default 0).",
    parse: number)
  static let dismissal = Option<String>(
    "--dismissal", value: "POLICY",
    help: "end: when the ended activity goes away: default (4 h), immediate, or a date.")
  static let json = SharedOptions.json.help("list: print JSON instead of a table.")
  static let options: [any CommandOption] =
    [attributes, state, staleDate, relevance, dismissal, json] + SharedOptions.client
  static let actions = CommandActions(
    command: name,
    [
      .init(
        "start", "<attributes-type>", count: 2...2,
        options: [attributes, state, staleDate, relevance]),
      .init("update", "<id>", count: 2...2, options: [state, staleDate, relevance]),
      .init("end", "<id>", count: 2...2, options: [state, staleDate, relevance, dismissal]),
      .init("list", count: 1...1, options: [json]),
    ])
  static var operands: String { actions.operands }
  static let examples = [
    (
      #"widget-host activity start DeliveryAttributes --attributes '{"orderNumber":"42","restaurant":"Noodle Bar"}' --state '{"courier":"Sam","stopsAway":3,"arrival":"2026-12-07T12:30:00Z"}'"#,
      "prints the new activity's id"
    ),
    (
      #"widget-host activity update ID --state '{"courier":"Sam","stopsAway":1,"arrival":"2026-12-07T12:10:00Z"}' --relevance 50"#,
      "new content, more relevant than the others"
    ),
    ("widget-host activity end ID --dismissal immediate", "end it and remove it at once"),
    ("widget-host activity list", "every activity shown"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    let positionals = arguments.positionals
    let action = try actions.action(in: arguments).name
    let request = try request(action, positionals, arguments)
    guard let client = SocketClientOptions.connect(arguments, context: context),
      let result = SocketClientOptions.send(request, client, context: context)
    else { return .failure }
    switch action {
    case "list":
      let activities = result.activities ?? []
      if arguments[json] {
        let data = (try? WidgetJSON.encode(activities)) ?? Data("[]".utf8)
        context.output.write(String(decoding: data, as: UTF8.self) + "\n")
      } else {
        for activity in activities {
          context.output.write(
            "\(activity.id)  \(activity.attributesType)  \(activity.status.rawValue)  "
              + "\(RFC3339.string(from: activity.started))\n")
        }
      }
    case "start":
      context.output.write((result.activity?.id ?? "") + "\n")
    default:
      guard let activity = result.activity else { return .failure }
      var line = "\(action == "end" ? "ended" : "updated") \(activity.id)"
      if let dismissAt = activity.dismissAt {
        line += " (dismissed at \(RFC3339.string(from: dismissAt)))"
      }
      context.output.write(line + "\n")
    }
    return .success
  }

  private static func request(
    _ action: String, _ positionals: [String], _ arguments: Arguments
  ) throws(UsageError) -> ControlRequest {
    func content(required: Bool) throws(UsageError) -> ActivityContentState? {
      guard let value = arguments[state] else {
        if required {
          throw UsageError(command: name, message: "\(action) needs \(state.info.key) JSON")
        }
        return nil
      }
      return ActivityContentState(
        state: value, staleDate: arguments[staleDate], relevanceScore: arguments[relevance] ?? 0)
    }
    switch action {
    case "start":
      return ControlRequest(
        request: "activity-start", attributesType: positionals[1],
        attributes: arguments[attributes] ?? .object([:]), content: try content(required: true))
    case "update":
      return ControlRequest(
        request: "activity-update", activity: positionals[1],
        content: try content(required: true))
    case "end":
      return ControlRequest(
        request: "activity-end", activity: positionals[1], content: try content(required: false),
        dismissalPolicy: try policy(arguments[dismissal]))
    default:
      return ControlRequest(request: "activity-list")
    }
  }

  private static func policy(_ text: String?) throws(UsageError) -> ActivityDismissalPolicy? {
    switch text {
    case nil: return nil
    case "default": return .default
    case "immediate": return .immediate
    case let text?:
      guard let date = RFC3339.date(from: text) else {
        throw UsageError(
          command: name,
          message:
            "\(dismissal.info.key) takes default, immediate or an RFC 3339 date, not '\(text)'")
      }
      return .after(date)
    }
  }

  private static func json(_ text: String, _ option: String) throws(ValueError) -> JSONValue {
    guard let value = try? WidgetJSON.decode(JSONValue.self, from: Data(text.utf8)),
      case .object = value
    else { throw ValueError("\(option) needs a JSON object, not '\(text)'") }
    return value
  }

  private static func date(_ text: String, _ option: String) throws(ValueError) -> Date {
    guard let date = RFC3339.date(from: text) else {
      throw ValueError(
        "\(option) needs an RFC 3339 date (like 2026-12-07T12:00:00Z), not '\(text)'")
    }
    return date
  }

  private static func number(_ text: String, _ option: String) throws(ValueError) -> Double {
    guard let value = Double(text), value.isFinite else {
      throw ValueError("\(option) needs a number, not '\(text)'")
    }
    return value
  }
}
