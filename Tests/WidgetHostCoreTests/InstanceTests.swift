import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// `--instance` specs, home-screen files, and how instances are placed and configured.
@Suite struct InstanceSpecTests {
  @Test func aSpecNamesIdKindFamilyAndParameters() throws {
    let spec = try InstanceSpec.parse("left=Animals/systemMedium?color=red&animal=cat")
    #expect(spec.id == "left")
    #expect(spec.kind == "Animals")
    #expect(spec.family == .systemMedium)
    #expect(spec.parameters == ["color": .text("red"), "animal": .text("cat")])
    #expect(spec.origin == "--instance 'left=Animals/systemMedium?color=red&animal=cat'")
  }

  @Test func onlyTheKindIsRequired() throws {
    let spec = try InstanceSpec.parse("Animals")
    #expect(spec.id == nil && spec.kind == "Animals" && spec.family == nil)
    #expect(spec.parameters.isEmpty)
    #expect(try InstanceSpec.parse("Animals?").parameters.isEmpty)
  }

  @Test func partsArePercentDecodedAndValuesMayHoldEqualsSigns() throws {
    let spec = try InstanceSpec.parse(
      "my%20widget=Animals?title=Hello%20%26%20welcome&day=2026-01-01T09:00:00%2B01:00&eq=a=b&p=1+1"
    )
    #expect(spec.id == "my widget")
    #expect(spec.parameters["title"] == .text("Hello & welcome"))
    #expect(spec.parameters["day"] == .text("2026-01-01T09:00:00+01:00"))
    #expect(spec.parameters["eq"] == .text("a=b"), "only the first = separates")
    #expect(spec.parameters["p"] == .text("1+1"), "+ is not a space")
  }

  @Test(arguments: [
    ("", "the kind is missing"),
    ("=Animals", "the id before '=' is empty"),
    ("Animals/systemHuge", "unknown family 'systemHuge' (expected one of: systemSmall,"),
    ("Animals/systemSmall/x", "expected KIND or KIND/FAMILY before '?'"),
    ("Animals?color", "parameter 'color' has no value (expected NAME=VALUE)"),
    ("Animals?=red", "a parameter name is empty"),
    ("Animals?color=red&color=blue", "parameter 'color' is given twice"),
    ("Animals?title=100%", "has a bad percent escape (write % as %25)"),
  ])
  func malformedSpecsSayWhatIsWrong(_ text: String, _ message: String) {
    #expect {
      _ = try InstanceSpec.parse(text)
    } throws: { error in
      let error = error as? InstanceSpecError
      return error?.spec == text && error?.message.contains(message) == true
        && error?.description.hasPrefix("--instance '\(text)': ") == true
    }
  }
}

@Suite struct HomeScreenTests {
  @Test func aHomeScreenFileListsInstances() throws {
    let json = """
      {"instances": [
        {"id": "left", "kind": "Animals", "family": "systemSmall",
         "parameters": {"color": "red", "count": 3, "animal": {"identifier": "cat"}, "gone": null}},
        {"kind": "Clock", "renderingMode": "accented", "page": 2}
      ]}
      """
    let specs = try HomeScreen.decode(Data(json.utf8), file: "home.json")
    #expect(specs.count == 2)
    #expect(specs[0].id == "left" && specs[0].kind == "Animals" && specs[0].family == .systemSmall)
    #expect(
      specs[0].parameters == [
        "color": .json(.string("red")), "count": .json(.number(3)),
        "animal": .json(.object(["identifier": .string("cat")])),
      ], "null means unset")
    #expect(specs[0].origin == "home.json: instances[0]")
    #expect(specs[1].id == nil && specs[1].family == nil && specs[1].parameters.isEmpty)
    #expect(specs[0].renderingMode == nil && specs[1].renderingMode == .accented)
    #expect(specs[0].page == nil && specs[1].page == 2)
  }

  @Test(arguments: [
    ("{", "home.json: not valid JSON"),
    ("[]", "home.json: expected an object with \"instances\""),
    ("{}", "home.json: instances: missing required field"),
    (#"{"instances": {}}"#, "home.json: instances: expected an array"),
    (#"{"instances": [], "extra": 1}"#, "home.json: extra: unknown field"),
    (#"{"instances": [3]}"#, "home.json: instances[0]: expected an object"),
    (#"{"instances": [{"family": "systemSmall"}]}"#, "home.json: instances[0].kind: missing"),
    (#"{"instances": [{"kind": ""}]}"#, "home.json: instances[0].kind: must not be empty"),
    (#"{"instances": [{"kind": 1}]}"#, "home.json: instances[0].kind: expected a string"),
    (
      #"{"instances": [{"kind": "K"}, {"kind": "K", "family": "big"}]}"#,
      "home.json: instances[1].family: unknown family 'big'"
    ),
    (
      #"{"instances": [{"kind": "K", "page": 0}]}"#,
      "home.json: instances[0].page: expected a page number: a whole number from 1, got 0"
    ),
    (
      #"{"instances": [{"kind": "K", "page": 1.5}]}"#,
      "home.json: instances[0].page: expected a page number: a whole number from 1, got 1.5"
    ),
    (
      #"{"instances": [{"kind": "K", "page": "2"}]}"#,
      "home.json: instances[0].page: expected a page number"
    ),
    (
      #"{"instances": [{"kind": "K", "parameters": [1]}]}"#,
      "home.json: instances[0].parameters: expected an object"
    ),
    (#"{"instances": [{"kind": "K", "params": {}}]}"#, "home.json: instances[0].params: unknown"),
    (
      #"{"instances": [{"kind": "K", "renderingMode": "tinted"}]}"#,
      "home.json: instances[0].renderingMode: unknown rendering mode 'tinted' (expected one of: "
        + "fullColor, accented, vibrant)"
    ),
    (
      #"{"instances": [{"kind": "K", "renderingMode": 1}]}"#,
      "home.json: instances[0].renderingMode: expected a string"
    ),
  ])
  func errorsNameTheFileAndTheJSONPath(_ json: String, _ message: String) {
    #expect {
      _ = try HomeScreen.decode(Data(json.utf8), file: "home.json")
    } throws: { error in
      (error as? HomeScreenError)?.description.hasPrefix(message) == true
    }
  }

  /// The examples of docs/home-screen.md (and of web.md's pages) are real home-screen files,
  /// and follow its schema.
  @Test func theDocumentedExamplesDecodeAndFollowTheSchema() throws {
    func document(_ name: String) throws -> String {
      try String(
        contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/\(name)"),
        encoding: .utf8)
    }
    func examples(_ text: String) -> [String] {
      text.components(separatedBy: "```json\n").dropFirst().map {
        $0.components(separatedBy: "\n```")[0]
      }
    }
    // web.md's section on pages; its other examples are the page's messages.
    let pages =
      try document("web.md").components(separatedBy: "\n## Pages\n").dropFirst().first?
      .components(separatedBy: "\n## ")[0] ?? ""
    let blocks = examples(try document("home-screen.md")) + examples(pages)
    #expect(blocks.count >= 2)
    let schemas = JSONSchemaValidator(
      folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas"))
    for block in blocks {
      #expect(throws: Never.self) { _ = try HomeScreen.decode(Data(block.utf8), file: "doc") }
      #expect(schemas.problems(in: block, against: "home-screen.schema.json") == [], "\(block)")
    }
    // The schema is not vacuous: it refuses what the reader refuses.
    for bad in [
      #"{"instances": [{"kind": "K", "famly": "x"}]}"#,
      #"{"instances": [{"family": "systemSmall"}]}"#,
      #"{"instances": [{"kind": "K", "family": "big"}]}"#, #"{}"#,
      #"{"instances": [{"kind": "K", "renderingMode": "tinted"}]}"#,
      #"{"instances": [{"kind": "K", "page": 0}]}"#,
      #"{"instances": [{"kind": "K", "page": 1.5}]}"#,
    ] {
      #expect(!schemas.problems(in: bad, against: "home-screen.schema.json").isEmpty, "\(bad)")
    }
  }

  @Test func aMissingFileIsNamed() {
    #expect(
      throws: HomeScreenError(file: "/nonexistent/home.json", path: "", message: "no such file")
    ) {
      _ = try HomeScreen.load("/nonexistent/home.json")
    }
  }
}

@Suite struct InstanceResolutionTests {
  static let animals = KindManifest(
    kind: "Animals", families: [.systemSmall, .systemMedium],
    configuration: .intent(
      IntentSchema(
        intent: "AnimalIntent",
        parameters: [
          ParameterSchema(name: "title", type: .string, default: .string("Hi")),
          ParameterSchema(name: "count", type: .int, default: .number(1)),
          ParameterSchema(name: "ratio", type: .double),
          ParameterSchema(name: "enabled", type: .bool),
          ParameterSchema(name: "day", type: .date),
          ParameterSchema(
            name: "color", type: .enum, default: .string("red"),
            cases: [ParameterCase(value: "red"), ParameterCase(value: "blue")]),
          ParameterSchema(name: "animal", type: .entity, required: true),
        ])))
  static let clock = KindManifest(kind: "Clock", families: [.systemSmall])
  static let bundles = [InstancePlan.Bundle(id: "b", path: "b", kinds: [animals, clock])]

  static let options: OptionsLookup = { parameter, configuration in
    var list = [ParameterOption(identifier: "cat", display: "Cat")]
    if configuration["color"] == .string("blue") {
      list.append(ParameterOption(identifier: "whale", display: "Whale"))
    }
    return parameter == "animal"
      ? .success(list) : .failure(ProviderFailure(code: "provider-failed", message: "no"))
  }

  func configure(_ values: [String: ParameterInput]) async -> (
    [String: JSONValue], [InstanceProblem]
  ) {
    await InstanceResolver.configuration(
      of: values, kind: Self.animals, instance: "i", options: Self.options)
  }

  @Test func idsAreTheSpecsOwnElseKindAndFamilyNumberedFromTwo() {
    let specs = [
      InstanceSpec(kind: "Clock"), InstanceSpec(id: "Clock/systemSmall#2", kind: "Clock"),
      InstanceSpec(kind: "Clock"), InstanceSpec(kind: "Animals", family: .systemMedium),
    ]
    let (placed, problems) = InstanceResolver.place(specs, in: Self.bundles)
    #expect(problems.isEmpty)
    #expect(
      placed.map(\.id) == [
        "Clock/systemSmall", "Clock/systemSmall#2", "Clock/systemSmall#3", "Animals/systemMedium",
      ])
    #expect(placed.map(\.family) == [.systemSmall, .systemSmall, .systemSmall, .systemMedium])
  }

  @Test func placingReportsKindsFamiliesStaticKindsAndDuplicateIds() {
    let specs = [
      InstanceSpec(kind: "Nope"), InstanceSpec(kind: "Clock", family: .systemLarge),
      InstanceSpec(id: "x", kind: "Clock", parameters: ["color": .text("red")]),
      InstanceSpec(id: "x", kind: "Clock"),
    ]
    let (placed, problems) = InstanceResolver.place(specs, in: Self.bundles)
    #expect(placed.map(\.id) == ["x"])
    #expect(
      problems.map(\.description) == [
        "instance 'x': more than one instance has this id",
        "instance 'Nope': no widget kind 'Nope' in the given bundles (they have: Animals, Clock)",
        "instance 'Clock/systemLarge': kind 'Clock' does not support systemLarge (it supports: "
          + "systemSmall)",
        "instance 'x': kind 'Clock' has a static configuration and takes no parameters (given: "
          + "'color')",
      ])
  }

  @Test func valuesAreTypedAndDefaultsFilledIn() async {
    let (configuration, problems) = await configure([
      "count": .text("3"), "ratio": .text("0.5"), "enabled": .text("true"),
      "day": .text("2026-01-01T10:00:00+01:00"), "animal": .text("cat"),
    ])
    #expect(problems.isEmpty)
    #expect(
      configuration == [
        "title": .string("Hi"), "count": .number(3), "ratio": .number(0.5), "enabled": .bool(true),
        "day": .string("2026-01-01T09:00:00Z"), "color": .string("red"),
        "animal": .object(["identifier": .string("cat"), "display": .string("Cat")]),
      ])
    #expect(
      InstanceResolver.canonicalJSON(configuration)
        == #"{"animal":{"display":"Cat","identifier":"cat"},"color":"red","count":3,"#
        + #""day":"2026-01-01T09:00:00Z","enabled":true,"ratio":0.5,"title":"Hi"}"#)
  }

  @Test func theSameConfigurationGivenTwoWaysIsOneKey() async {
    let (first, _) = await configure([
      "animal": .text("cat"), "count": .text("1"), "color": .text("red"),
    ])
    let (second, _) = await configure([
      "animal": .json(.object(["identifier": .string("cat"), "display": .string("x")]))
    ])
    #expect(InstanceResolver.canonicalJSON(first) == InstanceResolver.canonicalJSON(second))
    #expect(InstanceResolver.canonicalJSON([:]) == "{}")
  }

  @Test func dynamicOptionsSeeTheOtherValues() async {
    let (configuration, problems) = await configure([
      "color": .text("blue"), "animal": .text("whale"),
    ])
    #expect(problems.isEmpty)
    #expect(
      configuration["animal"]
        == .object(["identifier": .string("whale"), "display": .string("Whale")]))
  }

  @Test func everyProblemNamesTheParameter() async {
    let (_, problems) = await configure([
      "bogus": .text("1"), "count": .text("x"), "ratio": .json(.string("1")),
      "enabled": .text("yes"), "day": .text("tomorrow"), "color": .text("green"),
      "title": .json(.number(1)), "animal": .text("lion"),
    ])
    #expect(
      problems.map { "\($0.code) \($0.parameter ?? "-"): \($0.message)" } == [
        "unknown-parameter bogus: kind 'Animals' has no such parameter (it has: title, count, "
          + "ratio, enabled, day, color, animal)",
        "invalid-value title: expects a string, got 1",
        "invalid-value count: expects a whole number (int), got 'x'",
        #"invalid-value ratio: expects a number (double), got "1""#,
        "invalid-value enabled: expects true or false, got 'yes'",
        "invalid-value day: expects an RFC 3339 date such as 2026-01-01T09:00:00Z, got 'tomorrow'",
        "invalid-value color: 'green' is not one of its cases: red, blue",
        "unknown-option animal: 'lion' is not among the options the bundle lists: cat (Cat)",
      ])
    #expect(problems.allSatisfy { $0.instance == "i" })
  }

  @Test func aMissingRequiredValueListsTheChoices() async {
    let (_, problems) = await configure([:])
    #expect(
      problems.map(\.description) == [
        "instance 'i': parameter 'animal': missing required value of type entity (one of: cat (Cat))"
      ])
  }

  @Test func aBundleThatCannotListOptionsFailsAGivenValue() async {
    let kind = KindManifest(
      kind: "K", families: [.systemSmall],
      configuration: .appIntent(
        IntentSchema(
          intent: "I",
          parameters: [ParameterSchema(name: "city", type: .string, dynamicOptions: true)]
        )))
    let (_, problems) = await InstanceResolver.configuration(
      of: ["city": .text("Paris")], kind: kind, instance: "i", options: Self.options)
    #expect(problems.map(\.code) == ["options-failed"])
    #expect(problems.first?.message.contains("the bundle could not list the options: no") == true)
  }

  @Test func aTimelineKeyGivesBackItsValues() {
    let key = TimelineKey(
      bundle: "b", kind: "K", family: .systemSmall, configuration: #"{"color":"red"}"#)
    #expect(key.configurationValues == ["color": .string("red")])
    #expect(TimelineKey(bundle: "b", kind: "K", family: .systemSmall).configurationValues == nil)
  }
}

/// An instance reconfigured onto another timeline shows that timeline only.
@Suite struct ReconfiguredInstanceTests {
  /// Records the instances whose entries are redrawn for their live dates.
  final class Redraws: EventSink {
    let instances = Mutex<[String]>([])
    func begin(_ header: StreamHeader) {}
    func write(_ event: StreamEvent) {}
    func end() {}
    func refresh(instance: String?, entry: EntryEvent) {
      instances.withLock { $0.append(instance ?? "") }
    }
  }

  /// A router on a virtual clock at its start, streaming to a ``Redraws``.
  static func router() -> (start: Date, VirtualClock, Redraws, EventRouter) {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let clock = VirtualClock(start: start)
    let redraws = Redraws()
    let stream = EventStream(clock: clock, sinks: [redraws])
    stream.begin(host: "test")
    let router = EventRouter(
      stream: stream,
      renderer: Renderer(
        dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
      ), clock: clock)
    return (start, clock, redraws, router)
  }

  @Test func aMovedInstanceGetsNoRedrawsOfItsOldEntry() async throws {
    let (start, clock, redraws, router) = Self.router()
    let old = TimelineKey(bundle: "b", kind: "K", family: .accessoryInline, configuration: "{}")
    let new = TimelineKey(
      bundle: "b", kind: "K", family: .accessoryInline, configuration: #"{"n":2}"#)
    let timer = Entry(
      date: start, view: .text(TextNode(runs: [.verbatim("t "), .date(start, style: .timer)])))
    let plain = Entry(date: start, view: .text(TextNode(runs: [.verbatim("moved")])))
    // x and y share a timer; then x moves to a timeline of its own.
    router.route(
      .entry(old, instances: ["x", "y"], timer, source: .timeline, validUntil: nil, stale: false))
    router.route(
      .entry(new, instances: ["x"], plain, source: .timeline, validUntil: nil, stale: false))
    clock.advance(to: start.addingTimeInterval(1))
    var waited = 0
    while redraws.instances.withLock({ $0.isEmpty }) && waited < 500 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    router.stop()
    // x comes before y in the redraw's list: had it been redrawn, it would be here.
    #expect(redraws.instances.withLock { $0 } == ["y"])
  }

  @Test func anEntryWithoutLiveDatesStopsTheRedrawsOfTheEntryItReplaces() async throws {
    let (start, clock, redraws, router) = Self.router()
    let first = TimelineKey(bundle: "b", kind: "A", family: .accessoryInline)
    let second = TimelineKey(bundle: "b", kind: "B", family: .accessoryInline)
    let timer = Entry(
      date: start, view: .text(TextNode(runs: [.verbatim("t "), .date(start, style: .timer)])))
    let plain = Entry(date: start, view: .text(TextNode(runs: [.verbatim("plain")])))
    // x's timer is replaced by a plain entry of the same timeline; y keeps its timer.
    router.route(
      .entry(first, instances: ["x"], timer, source: .timeline, validUntil: nil, stale: false))
    router.route(
      .entry(second, instances: ["y"], timer, source: .timeline, validUntil: nil, stale: false))
    router.route(
      .entry(first, instances: ["x"], plain, source: .timeline, validUntil: nil, stale: false))
    // Two seconds, one at a time: y is redrawn twice, and x, had its redraws not been
    // stopped, at the first second too, long done by the time y's second redraw is in.
    for second in 1...2 {
      clock.advance(to: start.addingTimeInterval(Double(second)))
      var waited = 0
      while redraws.instances.withLock({ $0.count { $0 == "y" } < second }) && waited < 500 {
        try await Task.sleep(for: .milliseconds(10))
        waited += 1
      }
    }
    router.stop()
    #expect(redraws.instances.withLock { $0 } == ["y", "y"])
  }
}

/// A bundle that answers every call with the options `cat` and `dog`.
final class OptionsConnection: BundleConnection {
  let description = BundleDescription(kinds: [InstanceResolutionTests.animals])

  func call(_ method: ProviderMethod, kind: String, context: ProviderContext)
    async throws(ProviderError) -> Data
  {
    try! WidgetJSON.encode(
      ParameterOptions(options: [
        ParameterOption(identifier: "cat", display: "Cat"),
        ParameterOption(identifier: "dog", display: "Dog"),
      ]))
  }

  func close() async {}
}

/// The restart rule's check (docs/state.md): a stored configuration is resolved again against
/// the kind's parameters as they are now.
@Suite struct StoredConfigurationTests {
  static func configurator() -> InstanceConfigurator {
    // The options call's reply is immediate, but it runs on the cooperative pool, which the
    // suite's synchronous end-to-end tests (a `swift build` of a template, a host waited for)
    // can hold for longer than the default 30 s on a two-core machine: these tests are about
    // resolving configurations, not deadlines.
    var deadlines = HostOptions.Deadlines()
    deadlines.timeline = 600
    let provider = BundleTimelineProvider(deadlines: deadlines) { _, _ in }
    provider.add(OptionsConnection(), for: "b")
    return InstanceConfigurator(bundles: InstanceResolutionTests.bundles, provider: provider)
  }

  static func stored(_ configuration: String, kind: String = "Animals") -> WidgetInstance {
    WidgetInstance(
      id: "left",
      key: TimelineKey(bundle: "b", kind: kind, family: .systemSmall, configuration: configuration))
  }

  @Test func aConfigurationThatStillFitsIsResolvedAgain() async {
    let (instance, problems) = await Self.configurator().revalidate(
      Self.stored(#"{"animal":{"display":"Old","identifier":"dog"},"color":"blue"}"#))
    #expect(problems.isEmpty)
    #expect(
      instance?.key.configuration
        == #"{"animal":{"display":"Dog","identifier":"dog"},"color":"blue","count":1,"#
        + #""title":"Hi"}"#)
    let (clock, none) = await Self.configurator().revalidate(Self.stored("{}", kind: "Clock"))
    #expect(none.isEmpty && clock == Self.stored("{}", kind: "Clock"))
  }

  @Test func aConfigurationThatNoLongerFitsNamesEachParameter() async {
    let (instance, problems) = await Self.configurator().revalidate(
      Self.stored(#"{"animal":"panda","color":"purple","gone":1}"#))
    #expect(instance == nil)
    #expect(
      problems.map(\.description) == [
        "instance 'left': parameter 'gone': kind 'Animals' has no such parameter (it has: title, "
          + "count, ratio, enabled, day, color, animal)",
        "instance 'left': parameter 'color': 'purple' is not one of its cases: red, blue",
        "instance 'left': parameter 'animal': 'panda' is not among the options the bundle lists: "
          + "cat (Cat), dog (Dog)",
      ])
    let (clock, staticProblems) = await Self.configurator().revalidate(
      Self.stored(#"{"color":"red"}"#, kind: "Clock"))
    #expect(clock == nil)
    #expect(staticProblems.map(\.code) == ["static-kind"])
  }
}
