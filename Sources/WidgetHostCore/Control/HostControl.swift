import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetRendering
import WidgetSchema

/// What clients may ask of a running host: list instances, reload timelines, tap widgets.
///
/// One object per host, given to every sink that takes requests (the socket sink, status-bar
/// formats reading clicks). It works once ``WidgetHost/run()`` has started the scheduler;
/// before that, requests fail with ``ControlError/notRunning``.
public final class HostControl: Sendable {
  private struct Running: Sendable {
    var scheduler: Scheduler
    var stream: EventStream
    var instances: [WidgetInstance]
    /// The durable state, where configurations changed at run time are kept.
    var state: StateStore?
    var configurator: InstanceConfigurator?
    /// The App Groups each bundle (by id) declares.
    var appGroups: [String: [String]]
    /// Runs the actions of pressed buttons and toggles.
    var provider: BundleTimelineProvider?
    /// Draws an entry again while its action runs.
    var router: EventRouter?
    /// The Live Activities.
    var activities: ActivityCenter?
  }

  private let running = Mutex<Running?>(nil)
  private let onOpenURL: @Sendable (String) -> Void

  /// Creates the control. `onOpenURL` runs for every URL a tap opens (`--on-open-url`).
  public init(onOpenURL: @escaping @Sendable (String) -> Void = { _ in }) {
    self.onOpenURL = onOpenURL
  }

  func attach(
    scheduler: Scheduler, stream: EventStream, instances: [WidgetInstance],
    state: StateStore? = nil, configurator: InstanceConfigurator? = nil,
    appGroups: [String: [String]] = [:], provider: BundleTimelineProvider? = nil,
    router: EventRouter? = nil, activities: ActivityCenter? = nil
  ) {
    running.withLock {
      $0 = Running(
        scheduler: scheduler, stream: stream, instances: instances, state: state,
        configurator: configurator, appGroups: appGroups, provider: provider, router: router,
        activities: activities)
    }
  }

  /// The instances, bundles' App Groups and the bundles' manifests (their Live Activity types)
  /// from now on, after a running host's configuration changed (``WidgetHost/reconfigure(to:)``).
  func update(
    instances: [WidgetInstance], appGroups: [String: [String]], manifests: [BundleManifest]
  ) {
    let activities = running.withLock { running in
      running?.instances = instances
      running?.appGroups = appGroups
      return running?.activities
    }
    activities?.update(manifests: manifests)
  }

  func detach() {
    running.withLock { $0 = nil }
  }

  private func current() throws(ControlError) -> Running {
    guard let running = running.withLock({ $0 }) else { throw .notRunning }
    return running
  }

  /// Every instance and what it shows now.
  public func list() throws(ControlError) -> [InstanceState] {
    let running = try current()
    let entries = Dictionary(
      running.stream.currentEntries().compactMap { event -> (String, EntryEvent)? in
        guard let instance = event.instance, case .entry(let entry) = event.payload else {
          return nil
        }
        return (instance, entry)
      }, uniquingKeysWith: { _, last in last })
    return running.instances.map { instance in
      InstanceState(
        instance: instance.id, bundle: instance.key.bundle, kind: instance.key.kind,
        family: instance.key.family, page: instance.page, entry: entries[instance.id],
        configuration: instance.key.configurationValues,
        appGroups: running.appGroups[instance.key.bundle] ?? [])
    }
  }

  /// The running widgets of bundle `bundle`, as `WidgetCenter.getCurrentConfigurations` inside
  /// that bundle reports them.
  public func configurations(bundle: String) throws(ControlError) -> CurrentConfigurations {
    let running = try current()
    return CurrentConfigurations(
      widgets: running.instances.filter { $0.key.bundle == bundle }.map { instance in
        ConfiguredWidget(
          instance: instance.id, kind: instance.key.kind, family: instance.key.family,
          configuration: instance.key.configurationValues ?? [:])
      })
  }

  /// What `instance` shows now: its latest entry, and the view drawn for it (a placeholder's
  /// redacted, as WidgetKit shows it).
  public func shown(_ id: String) throws(ControlError) -> (entry: EntryEvent, view: ViewNode) {
    let running = try current()
    guard running.instances.contains(where: { $0.id == id }) else {
      throw .unknownInstance(id, known: running.instances.map(\.id).joined(separator: ", "))
    }
    guard let event = running.stream.currentEntry(of: id), case .entry(let entry) = event.payload
    else { throw .nothingShown(id) }
    return (entry, EventRouter.displayedView(of: entry.view, source: entry.source))
  }

  // MARK: Live Activities

  private func activities() throws(ControlError) -> ActivityCenter {
    guard let activities = try current().activities else { throw .notRunning }
    return activities
  }

  /// Starts a Live Activity (`activity-start`): drawn by the bundle whose manifest lists
  /// `attributesType`, stored, then shown.
  public func startActivity(
    attributesType: String, attributes: JSONValue, content: ActivityContentState
  ) async throws(ControlError) -> ActivityInfo {
    try await activities().start(
      attributesType: attributesType, attributes: attributes, content: content)
  }

  /// Shows new content for a Live Activity (`activity-update`).
  public func updateActivity(id: String, content: ActivityContentState) async throws(ControlError)
    -> ActivityInfo
  {
    try await activities().update(id: id, content: content)
  }

  /// Ends a Live Activity (`activity-end`).
  public func endActivity(
    id: String, content: ActivityContentState?, dismissalPolicy: ActivityDismissalPolicy
  ) async throws(ControlError) -> ActivityInfo {
    try await activities().end(id: id, content: content, dismissalPolicy: dismissalPolicy)
  }

  /// Clears a Live Activity from view, as a person does (the web page's Clear button): it
  /// ends, if it had not, and is dismissed at once.
  public func clearActivity(id: String) async throws(ControlError) -> ActivityInfo {
    try await activities().clear(id: id)
  }

  /// Live Activity `id` as it is shown now: the activity, and the view of `presentation` (the
  /// banner on its background tint).
  public func shownActivity(
    _ id: String, presentation: ActivityPresentation
  ) throws(ControlError) -> (info: ActivityInfo, view: ViewNode) {
    guard let (info, views) = try activities().shown(id) else {
      throw .activity(code: "unknown-activity", message: "no activity '\(id)' is shown")
    }
    return (info, ActivityCenter.view(views, for: presentation))
  }

  /// Every Live Activity shown (`activity-list`), in the order they started.
  public func listActivities() throws(ControlError) -> [ActivityInfo] {
    try activities().list()
  }

  /// The latest entry events, for a subscriber that has just connected.
  public func currentEntries() throws(ControlError) -> [StreamEvent] {
    try current().stream.currentEntries()
  }

  /// Reloads the timelines of `kind` (every kind when nil), as `WidgetCenter` does. Returns
  /// how many instances it concerns.
  public func reload(kind: String?) async throws(ControlError) -> Int {
    let running = try current()
    let matching = running.instances.filter { kind == nil || $0.key.kind == kind }
    guard !matching.isEmpty else {
      let kinds = Set(running.instances.map(\.key.kind)).sorted().joined(separator: ", ")
      throw .unknownKind(kind ?? "", known: kinds)
    }
    for bundle in Set(matching.map(\.key.bundle)).sorted() {
      await running.scheduler.reload(bundle: bundle, kind: kind)
    }
    return matching.count
  }

  /// Changes the parameters of `instance`: `parameters` are merged into the values it was
  /// given (`null` removes one, so its default applies again), checked as at start (names,
  /// types, enum cases, the bundle's dynamic options, required values), and the instance then
  /// shows the new configuration's timeline. Static configurations declare no parameters, so
  /// for them only an empty set of changes is accepted.
  ///
  /// `values` are changes given as text (`widget-host configure NAME=VALUE`), typed by the
  /// parameter's schema exactly as `--instance` values are; a name may not be in both.
  public func configure(
    instance id: String, parameters: [String: JSONValue], values: [String: String] = [:]
  ) async throws(ControlError) -> String {
    let answered = try configureAtOnce(instance: id, parameters: parameters, values: values)
    let running = try current()
    guard let instance = running.instances.first(where: { $0.id == id }) else {
      throw .unknownInstance(id, known: running.instances.map(\.id).joined(separator: ", "))
    }
    guard answered == nil, let configurator = running.configurator else {
      keepConfiguration(of: instance, in: running)
      return instance.id
    }
    switch await configurator.reconfigure(instance, changes: parameters, texts: values) {
    case .failure(let error):
      throw error
    case .success(let (changed, values)):
      await apply(changed, values: values, configurator: configurator)
      keepConfiguration(of: changed, in: running)
      return changed.id
    }
  }

  /// What ``configure(instance:parameters:)`` answers when it needs no bundle call: the
  /// instance id for a static kind given no parameters, or the error (no host running, unknown
  /// instance, parameters on a static kind). Nil when the request needs ``configure``.
  public func configureAtOnce(
    instance id: String, parameters: [String: JSONValue], values: [String: String] = [:]
  ) throws(ControlError) -> String? {
    let running = try current()
    guard let instance = running.instances.first(where: { $0.id == id }) else {
      throw .unknownInstance(id, known: running.instances.map(\.id).joined(separator: ", "))
    }
    try Self.checkDisjoint(parameters, values, instance: instance.id)
    guard running.configurator?.isConfigurable(instance.key.kind) == true else {
      if let name = (Array(parameters.keys) + Array(values.keys)).sorted().first {
        throw .unknownParameter(name, instance: instance.id, kind: instance.key.kind)
      }
      return instance.id
    }
    return nil
  }

  /// Fails when a parameter is changed both as JSON (`parameters`) and as text (`values`).
  private static func checkDisjoint(
    _ parameters: [String: JSONValue], _ values: [String: String], instance: String
  ) throws(ControlError) {
    if let name = values.keys.sorted().first(where: { parameters[$0] != nil }) {
      throw .invalidConfiguration(
        code: "bad-request",
        message: "instance '\(instance)': parameter '\(name)' is in both parameters and values")
    }
  }

  /// The one place where a running instance's configuration changes: the new values are
  /// remembered, the instance list updated, and the instance moved to the timeline of its new
  /// key (shared with any instance already showing that configuration; else fetched anew).
  private func apply(
    _ instance: WidgetInstance, values: [String: ParameterInput],
    configurator: InstanceConfigurator
  ) async {
    configurator.record(instance.id, values: values)
    let previous: WidgetInstance? = running.withLock { running in
      guard let index = running?.instances.firstIndex(where: { $0.id == instance.id }) else {
        return nil
      }
      let previous = running?.instances[index]
      running?.instances[index] = instance
      return previous
    }
    guard let previous, previous.key != instance.key, let running = try? current() else {
      return
    }
    await running.scheduler.remove(instance: instance.id)
    await running.scheduler.add(instance)
  }

  /// Keeps the configuration `instance` shows from now on in the durable state, so a restarted
  /// host shows it again (the restart rule, docs/state.md). Called wherever a `configure`
  /// request changes an instance's configuration, with the instance as changed.
  private func keepConfiguration(of instance: WidgetInstance, in running: Running) {
    do {
      try running.state?.saveInstance(id: instance.id, key: instance.key, at: Date())
    } catch {
      running.stream.emit(
        instance: instance.id,
        .warning(
          ProblemEvent(
            code: "state-write-failed",
            message: "\(error); the new configuration will not survive a restart",
            bundle: instance.key.bundle, kind: instance.key.kind)))
    }
  }

  /// Taps `instance`: on a region (by id, or the one containing cell `x`,`y`), else as a whole:
  /// its `widgetURL`, or when it has none its first region. A `Link` or the `widgetURL` opens: `open-url` is emitted and the open-URL
  /// command runs. A button or a toggle runs its action (``perform(_:region:of:showing:seq:in:)``).
  public func tap(
    instance id: String, region: String? = nil, x: Int? = nil, y: Int? = nil
  ) async throws(ControlError) -> TapOutcome {
    let running = try current()
    guard let instance = running.instances.first(where: { $0.id == id }) else {
      throw .unknownInstance(id, known: running.instances.map(\.id).joined(separator: ", "))
    }
    let current = running.stream.currentEntry(of: id)
    let entry = current.flatMap { event in
      if case .entry(let entry) = event.payload { entry } else { nil }
    }
    guard let current, let entry else { throw .nothingShown(id) }
    let hit: TapRegion?
    if let region {
      guard let found = entry.regions.first(where: { $0.id == region }) else {
        throw .unknownRegion(
          region, instance: id, known: entry.regions.map(\.id).joined(separator: ", "))
      }
      hit = found
    } else if let x, let y {
      let grid = CellMetrics.grid(for: entry.family)
      guard (0..<grid.width).contains(x), (0..<grid.height).contains(y) else {
        throw .outsideGrid(x: x, y: y, grid: grid.description)
      }
      hit = entry.regions.first {
        x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height
      }
    } else {
      // The whole widget: its widgetURL, else its first region (a control's one button), as a
      // bar click chooses (``I3BarClicks/region(tapping:)``).
      hit = entry.regions.first { $0.id == I3BarClicks.region(tapping: entry) }
    }
    if let hit, let action = hit.action {
      try await perform(
        action, region: hit.id, of: instance, showing: entry, seq: current.seq, in: running)
      return .performed(action)
    }
    guard let url = hit?.url ?? entry.url else { throw .nothingToOpen(id) }
    running.stream.emit(instance: id, .openURL(OpenURLEvent(url: url, region: hit?.id)))
    onOpenURL(url)
    // As in WidgetKit, an interaction earns the widget a reload that costs no budget.
    let scheduler = running.scheduler
    Task {
      await scheduler.reload(
        bundle: instance.key.bundle, kind: instance.key.kind, reason: .interaction)
    }
    return .opened(url)
  }

  /// Runs a pressed button's or toggle's `action` in the instance's bundle. While it runs the
  /// entry is shown invalidated (when it has `.invalidatableContent()`); once it is done an
  /// `action` event and one reload of the instance that costs no budget (reason
  /// `interaction`) follow, as in WidgetKit. A failure is an `error` event and the entry shown
  /// before stays.
  private func perform(
    _ action: WidgetAction, region: String, of instance: WidgetInstance, showing entry: EntryEvent,
    seq: UInt64, in running: Running
  ) async throws(ControlError) {
    guard let provider = running.provider else { throw .notRunning }
    let invalidates = !entry.invalidated && entry.view.hasInvalidatableContent
    if invalidates { running.router?.showInvalidated(entry, instance: instance.id, seq: seq) }
    switch await provider.perform(action, for: instance.key) {
    case .success:
      running.stream.emit(
        instance: instance.id,
        .action(ActionEvent(name: action.name, arguments: action.arguments, region: region)))
      await running.scheduler.reload(key: instance.key, reason: .interaction)
    case .failure(let failure):
      running.stream.emit(
        instance: instance.id,
        .error(
          ProblemEvent(
            code: failure.code, message: failure.message, bundle: instance.key.bundle,
            kind: instance.key.kind)))
      // The entry shown before the press stays, drawn as it was (unless a newer one came).
      if invalidates { running.stream.restore(entry, of: instance.id) }
      throw .actionFailed(code: failure.code, message: failure.message)
    }
  }
}

/// What a tap did.
public enum TapOutcome: Sendable, Equatable {
  /// A `Link` or the `widgetURL` opened this URL.
  case opened(String)
  /// A button or a toggle ran this action, which succeeded.
  case performed(WidgetAction)

  /// The URL opened, if the tap opened one.
  public var url: String? {
    if case .opened(let url) = self { url } else { nil }
  }
}

/// Why a control request failed; `code` is stable for clients.
public enum ControlError: Error, Sendable, Equatable, CustomStringConvertible {
  case notRunning
  case unknownKind(String, known: String)
  case unknownInstance(String, known: String)
  case unknownRegion(String, instance: String, known: String)
  case outsideGrid(x: Int, y: Int, grid: String)
  case nothingShown(String)
  case nothingToOpen(String)
  case unknownParameter(String, instance: String, kind: String)
  /// `configure` values that do not fit the kind's parameters; `code` is the problem's
  /// (`invalid-value`, `unknown-option`, …; `invalid-configuration` for several kinds of problem).
  case invalidConfiguration(code: String, message: String)
  /// A pressed button's or toggle's action failed; `code` is the failure's (`action-failed`,
  /// `action-refused`, `action-timeout`, …).
  case actionFailed(code: String, message: String)
  /// A Live Activity request was refused; `code` says why (`unknown-activity-type`,
  /// `unknown-activity`, `activity-ended`, `payload-too-large`, `rate-limited`,
  /// `too-many-activities`, or the failure of the bundle's drawing).
  case activity(code: String, message: String)

  /// A stable, machine-readable code.
  public var code: String {
    switch self {
    case .notRunning: "not-running"
    case .unknownKind: "unknown-kind"
    case .unknownInstance: "unknown-instance"
    case .unknownRegion: "unknown-region"
    case .outsideGrid: "outside-grid"
    case .nothingShown: "nothing-shown"
    case .nothingToOpen: "nothing-to-open"
    case .unknownParameter: "unknown-parameter"
    case .invalidConfiguration(let code, _): code
    case .actionFailed(let code, _): code
    case .activity(let code, _): code
    }
  }

  public var description: String {
    switch self {
    case .notRunning: "the host is not running yet"
    case .unknownKind(let kind, let known): "no instance of kind '\(kind)' (kinds: \(known))"
    case .unknownInstance(let id, let known): "no instance '\(id)' (instances: \(known))"
    case .unknownRegion(let region, let instance, let known):
      "\(instance) has no region '\(region)' (regions: \(known.isEmpty ? "none" : known))"
    case .outsideGrid(let x, let y, let grid): "cell \(x),\(y) is outside the \(grid) grid"
    case .nothingShown(let id): "\(id) shows nothing yet"
    case .nothingToOpen(let id): "\(id) has no widgetURL, Link, button or toggle there"
    case .unknownParameter(let name, let instance, let kind):
      "\(instance) has no parameter '\(name)': kind \(kind) has a static configuration"
    case .invalidConfiguration(_, let message): message
    case .actionFailed(_, let message): message
    case .activity(_, let message): message
    }
  }
}

extension ControlFailure {
  /// The failure for a ``ControlError``.
  public init(_ error: ControlError) {
    self.init(code: error.code, message: error.description)
  }

  static func badRequest(_ message: String) -> ControlFailure {
    ControlFailure(code: "bad-request", message: message)
  }
}

extension ControlResult {
  /// The result of a `tap` that did `outcome`.
  public init(tapped outcome: TapOutcome) {
    switch outcome {
    case .opened(let url): self.init(url: url)
    case .performed(let action): self.init(performed: action)
    }
  }
}
