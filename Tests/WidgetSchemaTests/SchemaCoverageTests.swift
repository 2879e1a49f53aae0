import Foundation
import TestSupport
import Testing
import WidgetRendering

@testable import WidgetSchema

/// The JSON Schemas in docs/schemas and the definitions in WidgetSchema say the same, both ways:
/// every line the definitions write validates, with no key a schema leaves out
/// (`JSONSchemaValidator`), and every property a schema declares is checked against a key of
/// some line of the definitions' corpora, so a field removed or renamed in a definition cannot
/// linger in its schema. For the stream, the control protocol, the web page's requests and
/// messages, the home-screen file and the validate report.
@Suite struct SchemaCoverageTests {
  /// Every event the writer tests build (each payload, each entry, each view in an entry), made
  /// into one the host could write: the writer tests also cover values no stream line holds
  /// (a line or two for any family, a configuration value `null`, a timeline with no next
  /// reload), which are mended here: the family's rows of lines, no such value, a next reload.
  static func corpus(_ validator: JSONSchemaValidator) -> [StreamEvent] {
    let date = JSONWriterTests.date
    var payloads = JSONWriterTests.payloadCorpus
    for entry in JSONWriterTests.entryCorpus { payloads.append(.entry(entry)) }
    // Each family's grid of lines.
    for family in WidgetFamily.allCases {
      payloads.append(
        .entry(
          EntryEvent(
            kind: "K", family: family, source: .timeline, date: date, validUntil: nil,
            relevance: nil, view: .empty, lines: [])))
    }
    for view in JSONWriterTests.viewCorpus {
      payloads.append(
        .entry(
          EntryEvent(
            kind: "K", family: .systemSmall, source: .timeline, date: date, validUntil: nil,
            relevance: nil, view: view, lines: [])))
    }
    return payloads.map { payload in
      var payload = payload
      switch payload {
      case .entry(var entry):
        entry.lines = Array(repeating: "", count: CellMetrics.grid(for: entry.family).height)
        entry.configuration = entry.configuration?.filter { _, value in
          if case .null = value { return false }
          if case .array = value { return false }
          return true
        }
        payload = .entry(entry)
      case .timeline(var timeline):
        if timeline.policy != .never, timeline.nextReload == nil { timeline.nextReload = date }
        payload = .timeline(timeline)
      default: break
      }
      let file = "\(payload.type).schema.json"
      let hasInstance = validator.declaredProperties(in: file).contains(
        JSONSchemaValidator.property(file, "", "instance"))
      return StreamEvent(
        seq: 1, time: date, instance: hasInstance ? "K/systemSmall" : nil, payload: payload)
    }
  }

  /// Validates each of `lines` against its schema in `validator`'s folder, and expects every
  /// property of `files` (every schema file of the folder when nil) to have been checked against
  /// a key of some line.
  func expectCoverage(
    _ validator: JSONSchemaValidator, lines: [(line: Data, schema: String)],
    files: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var used: Set<String> = []
    for (line, schema) in lines {
      let problems = validator.problems(line, against: schema, used: &used)
      #expect(
        problems.isEmpty, "\(String(decoding: line, as: UTF8.self)): \(problems)",
        sourceLocation: sourceLocation)
    }
    for file in files ?? validator.files {
      let unused = validator.declaredProperties(in: file).subtracting(used).sorted()
      #expect(
        unused.isEmpty,
        "\(file) declares properties no line of the definitions writes (a stale schema field, or a corpus to extend): \(unused.joined(separator: ", "))",
        sourceLocation: sourceLocation)
    }
  }

  @Test func everySchemaPropertyIsWrittenBySomeEvent() throws {
    let validator = JSONSchemaValidator.stream
    var lines = try Self.corpus(validator).map { event in
      (line: Data(try event.jsonBytes()), schema: "\(event.payload.type).schema.json")
    }
    lines.append(
      (
        Data(StreamHeader(host: "1", started: JSONWriterTests.date).jsonBytes()),
        "header.schema.json"
      ))
    // The lines of `preview` and `simulate`, not of the stream: their end-to-end tests validate
    // them against these schemas; no corpus of their definitions is written here.
    let otherLines: Set = [
      "preview.schema.json", "activity-preview.schema.json", "summary.schema.json",
    ]
    expectCoverage(
      validator, lines: lines, files: validator.files.filter { !otherLines.contains($0) })
  }

  /// The control protocol's lines, each with every field set, and the smallest.
  static var controlCorpus: [(line: Data, schema: String)] {
    get throws {
      let date = JSONWriterTests.date
      let content = ActivityContentState(
        state: .object(["stops": .number(3)]), staleDate: date, relevanceScore: 0.5)
      // Each request with every field set: a request ignores the fields it does not use.
      let names = [
        "activity-end", "activity-list", "activity-start", "activity-update", "auth", "configure",
        "list", "reload", "subscribe", "tap",
      ]
      let requests =
        [ControlRequest(request: "list")]
        + names.map { name in
          ControlRequest(
            id: .number(7), request: name, kind: "K", kinds: ["K"],
            instances: ["K/systemSmall"], types: ["entry", "activity"], instance: "K/systemSmall",
            region: "action-0", x: 1, y: 2, token: "t",
            parameters: ["count": .number(3), "city": .null], values: ["on": "true"],
            activity: "A1", attributesType: "DeliveryAttributes",
            attributes: .object(["order": .string("42")]), content: content,
            dismissalPolicy: .after(date))
        }
      let entry = EntryEvent(
        kind: "K", family: .accessoryInline, source: .timeline, date: date, validUntil: nil,
        relevance: nil, view: .empty,
        lines: Array(repeating: "", count: CellMetrics.grid(for: .accessoryInline).height))
      let replies = [
        ControlReply(id: nil, result: ControlResult()),
        ControlReply(
          id: .string("r"),
          result: ControlResult(
            instances: [
              InstanceState(
                instance: "K/accessoryInline", bundle: "b", kind: "K", family: .accessoryInline,
                page: 1, entry: entry, configuration: ["count": .number(3)],
                appGroups: ["group.example"])
            ],
            reloaded: 2, url: "app://x", subscribed: true, authenticated: true,
            configured: "K/accessoryInline",
            performed: WidgetAction(name: "a", arguments: ["x": .number(1)], reference: "r"),
            activity: JSONWriterTests.activity, activities: [JSONWriterTests.activity])),
        ControlReply(id: .number(1), error: ControlFailure(code: "bad-request", message: "m")),
      ]
      return try requests.map { (try WidgetJSON.encode($0), "request.schema.json") }
        + replies.map { (try WidgetJSON.encode($0), "reply.schema.json") }
        + [(try WidgetJSON.encode(LaggedNotice(dropped: 3)), "lagged.schema.json")]
    }
  }

  @Test func everyControlSchemaPropertyIsWrittenBySomeLine() throws {
    expectCoverage(
      JSONSchemaValidator(
        folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas/control")),
      lines: try Self.controlCorpus)
  }

  @Test func theHomeScreenFileAndTheValidateReportSchemasMatchTheirDefinitions() throws {
    let validator = JSONSchemaValidator(
      folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas"))
    let home = HomeScreenFile(instances: [
      HomeScreenFile.Instance(kind: "K"),
      HomeScreenFile.Instance(
        id: "weather", kind: "K", family: .systemMedium, renderingMode: .accented, page: 2,
        parameters: [
          "city": .string("Paris"), "count": .number(3), "on": .bool(true),
          "entity": .object(["identifier": .string("1"), "display": .string("One")]),
        ]),
    ])
    let report = ValidationReport(
      bundle: "/b/libK.so",
      checks: [
        ValidationCheck(id: "loads", passed: true, message: "loaded", seconds: 0.25),
        ValidationCheck(id: "timeline-once", passed: false, message: "no timeline"),
        ValidationCheck(id: "activities", passed: true, skipped: true, message: "no activities"),
      ])
    expectCoverage(
      validator,
      lines: [
        (try WidgetJSON.encode(home), "home-screen.schema.json"),
        (try WidgetJSON.encode(report), "validate.schema.json"),
      ],
      // config.schema.json is the CLI's config file, defined in WidgetHostCLI: ConfigFileTests.
      files: ["home-screen.schema.json", "validate.schema.json"])
  }

  @Test func theWebPagesSchemasMatchTheirDefinitions() throws {
    let validator = JSONSchemaValidator(
      folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas/web"))
    let lines = [
      (
        try WidgetJSON.encode(
          WebHome(instances: [
            WebInstance(instance: "K/systemSmall", bundle: "b", kind: "K", family: .systemSmall),
            WebInstance(
              instance: "K/accessoryInline", bundle: "b", kind: "K", family: .accessoryInline,
              page: 2),
          ])), "home.schema.json"
      ),
      (try WidgetJSON.encode(WebTap(instance: "K/systemSmall", x: 12.5, y: 0)), "tap.schema.json"),
      (try WidgetJSON.encode(WebActivityClear(activity: "A1")), "activity-clear.schema.json"),
      (try WidgetJSON.encode(WebRedrawn(instance: "K/systemSmall")), "redrawn.schema.json"),
      (try WidgetJSON.encode(WebRedrawn(activity: "A1")), "redrawn.schema.json"),
    ]
    expectCoverage(validator, lines: lines)
  }
}
