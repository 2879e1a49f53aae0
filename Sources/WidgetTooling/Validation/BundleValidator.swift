import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// The conformance suite of `widget-host validate`: every check that loads the library loads it
/// in a fresh worker process, so a bundle that crashes fails its checks without taking the
/// validator down.
public struct BundleValidator: Sendable {
  /// The ids of the checks, in the order they run.
  public static let checkIDs = [
    "manifest-schema", "loads", "kinds-agree", "parameter-options", "placeholder-fast",
    "snapshot-once",
    "timeline-once", "entries-sorted-and-dated", "concurrent-calls", "reload-cycle",
    "fuzzed-contexts", "activities",
  ]
  /// How fast a placeholder must answer, in seconds.
  public static let placeholderDeadline = 1.0
  /// How long to wait after a reply for a second one, in seconds.
  static let secondReplyWait = 0.2

  /// The bundle to check.
  public var path: String
  /// The kinds to check; empty for every kind.
  public var kinds: [String]
  /// The deadline for snapshots and timelines, in seconds.
  public var deadline: Double
  /// Loads the library; each check gets its own workers.
  public var loader: WorkerLoader

  /// Creates a validator. The loader's quarantine store should be a private one, so validating
  /// a crashing bundle does not quarantine it for `run`.
  public init(path: String, kinds: [String] = [], deadline: Double = 5, loader: WorkerLoader) {
    self.path = path
    self.kinds = kinds
    self.deadline = deadline
    self.loader = loader
  }

  /// Runs every check. Throws only when the bundle cannot be opened at all (no such file, not
  /// a bundle folder or a shared library). `progress` is told each check's id before it runs.
  public func run(
    progress: @Sendable (String) -> Void = { _ in }
  ) async throws(BundleError) -> ValidationReport {
    var checks: [ValidationCheck] = []
    func record(_ id: String, _ body: () async -> ValidationCheck) async {
      progress(id)
      let start = ContinuousClock.now
      var check = await body()
      let elapsed = ContinuousClock.now - start
      check.seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      checks.append(check)
    }
    func skipRest(_ reason: String) -> ValidationReport {
      for id in Self.checkIDs.dropFirst(checks.count) {
        checks.append(ValidationCheck(id: id, passed: true, skipped: true, message: reason))
      }
      return ValidationReport(bundle: path, checks: checks)
    }

    // 1. manifest-schema
    let source: BundleSource
    do {
      source = try BundleSource.open(path)
    } catch .manifestInvalid(let file, let problems) {
      await record("manifest-schema") {
        ValidationCheck(
          id: "manifest-schema", passed: false,
          message: "\(file): " + problems.map(\.description).joined(separator: "; "))
      }
      return skipRest("the manifest is invalid")
    } catch .manifestUnreadable(let file, let reason) {
      await record("manifest-schema") {
        ValidationCheck(id: "manifest-schema", passed: false, message: "\(file): \(reason)")
      }
      return skipRest("the manifest is unreadable")
    }
    await record("manifest-schema") {
      if let manifest = source.manifest {
        return ValidationCheck(
          id: "manifest-schema", passed: true,
          message: "manifest.json follows the schema (\(manifest.kinds.count) kinds)")
      }
      return ValidationCheck(
        id: "manifest-schema", passed: true, skipped: true,
        message: "a bare library has no manifest.json")
    }

    // 2. loads, 3. kinds-agree
    var description: BundleDescription?
    var mismatch: [String]?
    await record("loads") {
      do throws(BundleError) {
        let connection = try await loader.load(source, services: ValidationServices())
        description = connection.description
        await connection.close()
        return ValidationCheck(
          id: "loads", passed: true,
          message: "loaded with RTLD_NOW in a worker; ABI negotiated; "
            + "\(connection.description.kinds.count) kinds")
      } catch .manifestMismatch(_, let differences) {
        mismatch = differences
        return ValidationCheck(
          id: "loads", passed: true,
          message: "loaded and negotiated, then refused: it disagrees with manifest.json")
      } catch {
        return ValidationCheck(id: "loads", passed: false, message: error.description)
      }
    }
    if let mismatch {
      await record("kinds-agree") {
        ValidationCheck(
          id: "kinds-agree", passed: false, message: mismatch.joined(separator: "; "))
      }
      return skipRest("the host refuses a bundle whose library disagrees with its manifest")
    }
    guard let description else { return skipRest("the library does not load") }
    await record("kinds-agree") {
      guard let manifest = source.manifest else {
        return ValidationCheck(
          id: "kinds-agree", passed: true, skipped: true,
          message: "a bare library has no manifest.json to agree with")
      }
      let differences = ManifestValidator.differences(manifest: manifest, description: description)
      return differences.isEmpty
        ? ValidationCheck(
          id: "kinds-agree", passed: true,
          message: "the library and manifest.json list the same kinds and families")
        : ValidationCheck(
          id: "kinds-agree", passed: false, message: differences.joined(separator: "; "))
    }

    let selected = description.kinds.filter { kinds.isEmpty || kinds.contains($0.kind) }
    guard !selected.isEmpty else {
      return skipRest("no kind matches --kind \(kinds.joined(separator: ", "))")
    }
    var found = ValidationConfigurations()
    await record("parameter-options") {
      let (check, configurations) = await ValidationSession(
        source: source, loader: loader, kinds: selected, deadline: deadline
      ).parameterOptions()
      found = configurations
      return check
    }
    let calling = selected.filter { found.skipped[$0.kind] == nil }
    guard !calling.isEmpty else {
      return skipRest("no kind could be given a configuration (see parameter-options)")
    }
    let session = ValidationSession(
      source: source, loader: loader, kinds: calling, deadline: deadline,
      configurations: found)
    await record("placeholder-fast") { await session.placeholderFast() }
    await record("snapshot-once") { await session.once(.snapshot, id: "snapshot-once") }
    await record("timeline-once") { await session.once(.timeline, id: "timeline-once") }
    await record("entries-sorted-and-dated") { await session.entriesSortedAndDated() }
    await record("concurrent-calls") { await session.concurrentCalls() }
    await record("reload-cycle") { await session.reloadCycle() }
    await record("fuzzed-contexts") { await session.fuzzedContexts() }
    await record("activities") { await session.activities(description.activities ?? []) }
    return ValidationReport(bundle: path, checks: checks)
  }
}

/// The host services a validated bundle sees: its log lines are kept, so a second reply (which
/// the worker reports as a log line) can be observed.
final class ValidationServices: BundleServices {
  private let lines = Mutex<[String]>([])

  func log(bundle: String, level: BundleLogLevel, message: String) {
    lines.withLock { $0.append(message) }
  }
  // `clockIsSystemClock` stays false: with it, a worker runs the bundle's `call` on its socket
  // thread, one at a time, and `concurrent-calls` would no longer enter `call` from several
  // threads at once.
  func now() -> Date { Date() }
  func reload(bundle: String, kind: String?) {}
  var localeIdentifier: String { "en-US" }

  /// The log lines so far.
  var log: [String] { lines.withLock { $0 } }
}

/// A connection that remembers how each call ended, so a check can tell a crash or a missed
/// deadline (the bundle did not answer) from an error status (it did).
final class ObservedConnection: BundleConnection {
  private let base: any BundleConnection
  private let errors = Mutex<[String: ProviderError]>([:])

  init(_ base: any BundleConnection) { self.base = base }

  var description: BundleDescription { base.description }

  func call(
    _ method: ProviderMethod, kind: String, context: ProviderContext
  ) async throws(ProviderError) -> Data {
    do throws(ProviderError) {
      return try await base.call(method, kind: kind, context: context)
    } catch {
      errors.withLock { $0["\(kind) \(context.family)"] = error }
      throw error
    }
  }

  func close() async { await base.close() }

  /// True when the last call for `key` ended because the worker crashed.
  func crashed(_ key: TimelineKey) -> Bool {
    if case .crashed = errors.withLock({ $0["\(key.kind) \(key.family)"] }) { return true }
    return false
  }
}

/// Lines collected from any thread.
final class Lines: Sendable {
  private let lines = Mutex<[String]>([])

  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

/// The checks that call the library, each with fresh workers.
struct ValidationSession: Sendable {
  let source: BundleSource
  let loader: WorkerLoader
  let kinds: [KindManifest]
  let deadline: Double
  /// The configurations configurable kinds are called with (`parameter-options`).
  var configurations = ValidationConfigurations()
  /// Kinds whose timelines failed `timeline-once`; `concurrent-calls` leaves them out, so it
  /// finds problems of concurrency rather than the same crash again.
  let timelineFailures = Lines()
  static let bundleKey = "validated"

  private var deadlines: HostOptions.Deadlines {
    var deadlines = HostOptions.Deadlines()
    deadlines.placeholder = BundleValidator.placeholderDeadline
    deadlines.timeline = deadline
    return deadlines
  }

  /// A provider for a fresh worker (nil, with the reason, if it does not load), and the
  /// services whose log it writes to.
  func start(
    warnings: Lines? = nil
  ) async -> (BundleTimelineProvider, ObservedConnection, ValidationServices)? {
    let services = ValidationServices()
    guard let loaded = try? await loader.load(source, services: services) else { return nil }
    let connection = ObservedConnection(loaded)
    let provider = BundleTimelineProvider(deadlines: deadlines) { _, failure in
      warnings?.append(failure.message)
    }
    provider.add(connection, for: Self.bundleKey)
    provider.noteConfigurableKinds(kinds)
    return (provider, connection, services)
  }

  private func key(_ kind: KindManifest, _ family: WidgetFamily) -> TimelineKey {
    TimelineKey(
      bundle: Self.bundleKey, kind: kind.kind, family: family,
      configuration: configurations.configurationJSON(of: kind.kind))
  }

  private static func result(_ id: String, _ problems: [String], _ calls: Int, _ what: String)
    -> ValidationCheck
  {
    problems.isEmpty
      ? ValidationCheck(id: id, passed: true, message: "\(calls) \(what)")
      : ValidationCheck(id: id, passed: false, message: problems.joined(separator: "; "))
  }

  /// Runs `body` for each kind with a worker of its own, so a crash in one kind does not fail
  /// the others.
  private func eachKind(
    warnings: Lines? = nil,
    _ body: (KindManifest, BundleTimelineProvider, ObservedConnection, ValidationServices) async
      -> [String]
  ) async -> [String] {
    var problems: [String] = []
    for kind in kinds {
      guard let (provider, connection, services) = await start(warnings: warnings) else {
        problems.append("\(kind.kind): the library no longer loads")
        continue
      }
      problems += await body(kind, provider, connection, services)
      await connection.close()
    }
    return problems
  }

  private var callCount: Int { kinds.reduce(0) { $0 + $1.families.count } }

  func placeholderFast() async -> ValidationCheck {
    let problems = await eachKind { kind, provider, _, _ in
      var problems: [String] = []
      for family in kind.families {
        if case .failure(let failure) = await provider.placeholder(for: key(kind, family)) {
          problems.append("\(failure.message) (\(family))")
        }
      }
      return problems
    }
    return Self.result(
      "placeholder-fast", problems, callCount,
      "placeholders answered within \(ProviderError.seconds(BundleValidator.placeholderDeadline))"
    )
  }

  func once(_ method: ProviderMethod, id: String) async -> ValidationCheck {
    let problems = await eachKind { kind, provider, connection, services in
      var problems: [String] = []
      for family in kind.families {
        let key = key(kind, family)
        let failure: ProviderFailure? =
          switch method {
          case .timeline: await provider.timeline(for: key).failure
          default: await provider.snapshot(for: key, isPreview: false).failure
          }
        if let failure, failure.code == "provider-timeout" || connection.crashed(key) {
          problems.append("\(failure.message) (\(family))")
          continue
        }
        try? await Task.sleep(for: .seconds(BundleValidator.secondReplyWait))
        if services.log.contains(where: { $0.contains("exactly once") }) {
          problems.append(
            "\(kind.kind) \(method): the bundle replied more than once to one call (\(family))")
          break
        }
      }
      if method == .timeline && !problems.isEmpty { timelineFailures.append(kind.kind) }
      return problems
    }
    return Self.result(id, problems, callCount, "\(method) calls, each answered exactly once")
  }

  func entriesSortedAndDated() async -> ValidationCheck {
    let warnings = Lines()
    var problems = await eachKind(warnings: warnings) { kind, provider, _, _ in
      var problems: [String] = []
      for family in kind.families {
        if case .failure(let failure) = await provider.timeline(for: key(kind, family)) {
          problems.append("\(failure.message) (\(family))")
        }
      }
      return problems
    }
    problems += warnings.all
    return Self.result(
      "entries-sorted-and-dated", problems, callCount,
      "timelines sorted, dated within the host's limits, with view trees that decode")
  }

  func concurrentCalls() async -> ValidationCheck {
    guard let (provider, connection, _) = await start() else {
      return ValidationCheck(
        id: "concurrent-calls", passed: false, message: "the library no longer loads")
    }
    let excluded = Set(timelineFailures.all)
    let keys = kinds.filter { !excluded.contains($0.kind) }.flatMap { kind in
      kind.families.map { key(kind, $0) }
    }
    let problems = await withTaskGroup(of: String?.self) { group in
      for key in keys {
        group.addTask {
          guard case .failure(let failure) = await provider.timeline(for: key) else { return nil }
          return failure.code == "provider-timeout" || connection.crashed(key)
            ? "\(failure.message) (\(key.family))" : nil
        }
      }
      var problems: [String] = []
      for await problem in group { if let problem { problems.append(problem) } }
      return problems.sorted()
    }
    await connection.close()
    let note =
      excluded.isEmpty
      ? ""
      : " (left out, as they failed timeline-once: "
        + excluded.sorted().joined(separator: ", ") + ")"
    var check = Self.result(
      "concurrent-calls", problems, keys.count, "timelines requested at once all answered")
    check.message += note
    return check
  }

  func reloadCycle() async -> ValidationCheck {
    var problems: [String] = []
    for cycle in 1...3 {
      guard let (provider, connection, _) = await start() else {
        problems.append("load \(cycle): the library did not load")
        break
      }
      for kind in kinds {
        if case .failure(let failure) = await provider.placeholder(
          for: key(kind, kind.families[0]))
        {
          problems.append("load \(cycle): \(failure.message)")
        }
      }
      await connection.close()
    }
    return Self.result(
      "reload-cycle", problems, 3, "loads, each with a placeholder per kind, then closed")
  }

  /// Contexts a bundle must survive: a family the kind does not support, sizes of zero and
  /// of 100,000 points, and `isPreview` true.
  static func fuzzedContexts(for kind: KindManifest) -> [ProviderContext] {
    let unsupported = WidgetFamily.allCases.first { !kind.families.contains($0) }
    let family = kind.families[0]
    return [
      ProviderContext(family: family, displaySize: Size(width: 0, height: 0)),
      ProviderContext(family: family, displaySize: Size(width: 100_000, height: 1)),
      ProviderContext(family: family, isPreview: true),
    ] + (unsupported.map { [ProviderContext(family: $0)] } ?? [])
  }

  func fuzzedContexts() async -> ValidationCheck {
    var problems: [String] = []
    var calls = 0
    for kind in kinds {
      let services = ValidationServices()
      guard let connection = try? await loader.load(source, services: services) else {
        problems.append("\(kind.kind): the library no longer loads")
        continue
      }
      for var context in Self.fuzzedContexts(for: kind) {
        if kind.configuration.intent != nil {
          context.configuration = configurations.configurations[kind.kind] ?? [:]
        }
        calls += 1
        let outcome = await Self.call(
          connection, kind: kind.kind, context: context, deadline: deadline)
        switch outcome {
        case .success, .failure(.failed), .failure(.unsupported), .failure(.invalid):
          continue
        case .failure(let error):
          problems.append(
            "\(kind.kind) \(context.family) \(Int(context.displaySize.width))×"
              + "\(Int(context.displaySize.height)) isPreview \(context.isPreview): \(error)")
        }
        if case .failure(.crashed) = outcome { break }
      }
      await connection.close()
    }
    return Self.result(
      "fuzzed-contexts", problems, calls, "odd contexts each got a reply or a clean error")
  }

  /// Each Live Activity type the bundle draws: its previews (`#Preview(…, as: .content, using:)`)
  /// draw views the host accepts, and an `activity` call whose attributes and state are not
  /// the type's (numbers) gets a reply or a clean error status, never a crash or a missed
  /// deadline, as a malformed request from an app must.
  func activities(_ types: [ActivityManifest]) async -> ValidationCheck {
    guard !types.isEmpty else {
      return ValidationCheck(
        id: "activities", passed: true, skipped: true,
        message: "the bundle declares no Live Activity type")
    }
    var problems: [String] = []
    var states = 0
    for type in types {
      guard let (provider, connection, _) = await start() else {
        problems.append("\(type.attributesType): the library no longer loads")
        continue
      }
      let name = type.attributesType
      switch await provider.activityPreviews(bundle: Self.bundleKey, attributesType: name) {
      case .success(let previews): states += previews.reduce(0) { $0 + $1.states.count }
      case .failure(let failure): problems.append("\(name) previews: \(failure.message)")
      }
      let malformed = ActivityCallContext(
        id: "validate", attributes: .number(1), state: .number(1), isStale: false)
      let key = TimelineKey(bundle: Self.bundleKey, kind: name, family: .systemMedium)
      if case .failure(let failure) = await provider.activityViews(
        bundle: Self.bundleKey, attributesType: name, activity: malformed),
        failure.code == "provider-timeout" || connection.crashed(key)
      {
        problems.append("\(name) with attributes and a state of other types: \(failure.message)")
      }
      await connection.close()
    }
    return Self.result(
      "activities", problems, types.count,
      "Live Activity types: \(states) preview states drawn, malformed content refused cleanly")
  }

  /// One timeline call with a deadline.
  static func call(
    _ connection: any BundleConnection, kind: String, context: ProviderContext, deadline: Double
  ) async -> Result<Data, ProviderError> {
    let outcome = await CallDeadlines.shared.race(seconds: deadline) {
      () async -> Result<Data, ProviderError> in
      do throws(ProviderError) {
        return .success(try await connection.call(.timeline, kind: kind, context: context))
      } catch {
        return .failure(error)
      }
    }
    return outcome ?? .failure(.timedOut(deadline))
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
