import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// The Live Activities a running host shows (docs/activities.md): apps start, update and end
/// them over the control socket; the bundle whose manifest lists an activity's attributes type
/// draws it; the state store keeps it until it is dismissed; every change is an `activity` event.
///
/// Requests run one at a time (``SerialJobs``), each in the order: check, draw (a bundle call),
/// store (waiting for the disk), emit, answer. A request that fails changes nothing. Timers move
/// an activity on by itself: stale at its content's stale date, ended after
/// ``maximumDuration``, dismissed when its dismissal policy says.
final class ActivityCenter: Sendable {
  /// How long an activity may stay active before the host ends it: eight hours, as on iOS.
  static let maximumDuration: Double = 8 * 3600

  private struct Shown: Sendable {
    var info: ActivityInfo
    var views: ActivityViews
    /// Updates the activity may still make at once (``ActivityLimits/updateBurst`` at most).
    var tokens: Double
    var refilled: Date
    var timer: Task<Void, Never>?
    /// Redraws its live dates (a countdown) as their text changes.
    var redraws: Task<Void, Never>?
  }

  private let shown = Mutex<[String: Shown]>([:])
  /// The bundle that draws each attributes type.
  private let types: Mutex<[String: String]>
  private let jobs = SerialJobs()
  private let provider: BundleTimelineProvider
  private let stream: EventStream
  private let renderer: Renderer
  private let clock: any HostClock
  private let store: StateStore?

  /// A center for the activity types of `manifests`.
  init(
    manifests: [BundleManifest], provider: BundleTimelineProvider, stream: EventStream,
    renderer: Renderer, clock: any HostClock, store: StateStore?
  ) {
    self.types = Mutex(Self.types(of: manifests))
    self.provider = provider
    self.stream = stream
    self.renderer = renderer
    self.clock = clock
    self.store = store
  }

  private static func types(of manifests: [BundleManifest]) -> [String: String] {
    var types: [String: String] = [:]
    for manifest in manifests {
      for activity in manifest.activities where types[activity.attributesType] == nil {
        types[activity.attributesType] = manifest.id
      }
    }
    return types
  }

  /// The bundles changed (a running host's configuration was read again).
  func update(manifests: [BundleManifest]) {
    types.withLock { $0 = Self.types(of: manifests) }
  }

  /// Activity `id` and its views, while it is shown.
  func shown(_ id: String) -> (info: ActivityInfo, views: ActivityViews)? {
    shown.withLock { $0[id] }.map { ($0.info, $0.views) }
  }

  /// Every activity shown, in the order they started.
  func list() -> [ActivityInfo] {
    shown.withLock { $0.values.map(\.info) }.sorted {
      ($0.started, $0.id) < ($1.started, $1.id)
    }
  }

  // MARK: Requests

  /// Starts an activity of `attributesType` (`Activity.request(attributes:content:)`).
  func start(
    attributesType: String, attributes: JSONValue, content: ActivityContentState
  ) async throws(ControlError) -> ActivityInfo {
    try await run { () async throws(ControlError) -> ActivityInfo in
      let known = types.withLock { $0 }
      guard let bundle = known[attributesType] else {
        throw .activity(
          code: "unknown-activity-type",
          message:
            "no bundle draws activities of type '\(attributesType)' (types: "
            + "\(known.keys.sorted().joined(separator: ", ").ifEmpty("none")))")
      }
      try Self.check(attributes, "attributes")
      try Self.check(content)
      let active = shown.withLock { shown in
        shown.values.filter { $0.info.bundle == bundle && $0.info.status != .ended }.count
      }
      guard active < ActivityLimits.maximumActivePerBundle else {
        throw .activity(
          code: "too-many-activities",
          message:
            "\(bundle) already shows \(active) activities, the most one bundle may show at once; "
            + "end one first")
      }
      let now = clock.now()
      var info = ActivityInfo(
        id: UUID().uuidString, bundle: bundle, attributesType: attributesType,
        attributes: attributes, content: content, status: .active, started: now)
      if let stale = content.staleDate, stale <= now { info.status = .stale }
      let views = try await draw(info)
      try save(info)
      commit(info, views: views, event: .started, tokens: Double(ActivityLimits.updateBurst))
      return info
    }
  }

  /// Shows new content for activity `id` (`Activity.update(_:)`).
  func update(id: String, content: ActivityContentState) async throws(ControlError)
    -> ActivityInfo
  {
    try await run { () async throws(ControlError) -> ActivityInfo in
      var current = try live(id)
      try Self.check(content)
      let now = clock.now()
      let tokens = min(
        Double(ActivityLimits.updateBurst),
        current.tokens + now.timeIntervalSince(current.refilled) / ActivityLimits.updateInterval)
      guard tokens >= 1 else {
        let wait = (1 - tokens) * ActivityLimits.updateInterval
        throw .activity(
          code: "rate-limited",
          message:
            "activity \(id) was updated \(ActivityLimits.updateBurst) times in a row; it may be "
            + "updated about once a second (next in \(String(format: "%.1f", wait)) s)")
      }
      current.info.content = content
      current.info.status = content.staleDate.map { $0 <= now } == true ? .stale : .active
      let views = try await draw(current.info)
      try save(current.info)
      commit(
        current.info, views: views, event: current.info.status == .stale ? .stale : .updated,
        tokens: tokens - 1, refilled: now)
      return current.info
    }
  }

  /// Ends activity `id` (`Activity.end(_:dismissalPolicy:)`), showing `content` if given.
  func end(
    id: String, content: ActivityContentState?, dismissalPolicy: ActivityDismissalPolicy
  ) async throws(ControlError) -> ActivityInfo {
    try await run { () async throws(ControlError) -> ActivityInfo in
      let current = try live(id)
      if let content { try Self.check(content) }
      return try await finish(current, content: content, policy: dismissalPolicy)
    }
  }

  /// Clears activity `id` from view, as a person swipes a Live Activity away on iOS (the web
  /// page's Clear button): dismissed at once, after ending if it had not ended. Its app sees
  /// `ended` (if it was not), then `dismissed`.
  func clear(id: String) async throws(ControlError) -> ActivityInfo {
    try await run { () async throws(ControlError) -> ActivityInfo in
      guard var current = shown.withLock({ $0[id] }) else {
        throw .activity(code: "unknown-activity", message: "no activity '\(id)' is shown")
      }
      if current.info.status != .ended {
        _ = try await finish(current, content: nil, policy: .immediate)
        guard let ended = shown.withLock({ $0[id] }) else {
          throw .activity(code: "unknown-activity", message: "no activity '\(id)' is shown")
        }
        current = ended
      }
      dismiss(current)
      var info = current.info
      info.status = .dismissed
      return info
    }
  }

  /// Shows the activities the state store kept from an earlier run (``ActivityEvent/restored``),
  /// dismissing those whose time has passed. An activity whose type no loaded bundle draws stays
  /// stored, for a run that loads its bundle.
  func restore() async {
    guard let store else { return }
    await jobs.run {
      let known = types.withLock { $0 }
      for var info in store.activities() {
        let now = clock.now()
        if info.status == .dismissed || (info.dismissAt.map { $0 <= now } ?? false) {
          try? store.removeActivity(id: info.id)
          continue
        }
        guard known[info.attributesType] == info.bundle else {
          emitProblem(
            .warning, code: "activity-not-shown", info: info,
            message:
              "activity \(info.id) (\(info.attributesType)) is kept but not shown: no loaded "
              + "bundle draws that type")
          continue
        }
        if info.status == .active, let stale = info.content.staleDate, stale <= now {
          info.status = .stale
        }
        do throws(ControlError) {
          let views = try await draw(info)
          commit(
            info, views: views, event: .started, tokens: Double(ActivityLimits.updateBurst),
            restored: true)
        } catch {
          emitProblem(.error, code: error.code, info: info, message: error.description)
        }
      }
    }
  }

  /// Stops every timer: the host is stopping.
  func stop() {
    let tasks = shown.withLock { shown in shown.values.flatMap { [$0.timer, $0.redraws] } }
    for task in tasks { task?.cancel() }
  }

  // MARK: Steps

  private func run<T: Sendable>(
    _ job: () async throws(ControlError) -> T
  ) async throws(ControlError) -> T {
    let result = await jobs.run { () async -> Result<T, ControlError> in
      do throws(ControlError) {
        return .success(try await job())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The activity `id`, if it is shown and has not ended.
  private func live(_ id: String) throws(ControlError) -> Shown {
    guard let current = shown.withLock({ $0[id] }) else {
      throw .activity(code: "unknown-activity", message: "no activity '\(id)' is shown")
    }
    guard current.info.status != .ended else {
      throw .activity(
        code: "activity-ended",
        message: "activity \(id) has ended; an ended activity takes no more updates")
    }
    return current
  }

  private func finish(
    _ current: Shown, content: ActivityContentState?, policy: ActivityDismissalPolicy
  ) async throws(ControlError) -> ActivityInfo {
    var info = current.info
    let now = clock.now()
    if let content { info.content = content }
    info.status = .ended
    info.ended = now
    let latest = now.addingTimeInterval(ActivityLimits.defaultDismissal)
    switch policy {
    case .default: info.dismissAt = latest
    case .immediate: info.dismissAt = now
    case .after(let date): info.dismissAt = min(max(date, now), latest)
    }
    let views = content == nil ? current.views : try await draw(info)
    try save(info)
    commit(info, views: views, event: .ended, tokens: current.tokens, refilled: current.refilled)
    return info
  }

  /// Calls the bundle for the views of `info`.
  private func draw(_ info: ActivityInfo) async throws(ControlError) -> ActivityViews {
    let context = ActivityCallContext(
      id: info.id, attributes: info.attributes, state: info.content.state,
      isStale: info.status == .stale)
    switch await provider.activityViews(
      bundle: info.bundle, attributesType: info.attributesType, activity: context)
    {
    case .success(let views): return views
    case .failure(let failure):
      throw .activity(code: failure.code, message: failure.message)
    }
  }

  private func save(_ info: ActivityInfo) throws(ControlError) {
    do throws(StoreError) {
      try store?.saveActivity(info)
    } catch {
      throw .activity(code: "state-unavailable", message: error.description)
    }
  }

  /// Records `info` as shown with `views`, emits its event, and sets its next timer.
  private func commit(
    _ info: ActivityInfo, views: ActivityViews, event: ActivityEvent.Change, tokens: Double,
    refilled: Date? = nil, restored: Bool = false
  ) {
    let now = clock.now()
    let timer = deadline(of: info).map { deadline in
      Task { [weak self] in
        do { try await self?.clock.sleep(until: deadline) } catch { return }
        await self?.due(info.id)
      }
    }
    let drawn = Self.draw(views, at: now, renderer: renderer)
    let shownEvent = ActivityEvent(
      event: event, activity: info, presentations: drawn.presentations, restored: restored)
    let redraws = drawn.nextChange.map { scheduleRedraws(of: shownEvent, views, from: $0) }
    let previous = shown.withLock { shown in
      let previous = [shown[info.id]?.timer, shown[info.id]?.redraws]
      shown[info.id] = Shown(
        info: info, views: views, tokens: tokens, refilled: refilled ?? now, timer: timer,
        redraws: redraws)
      return previous
    }
    for task in previous { task?.cancel() }
    stream.emit(.activity(shownEvent))
  }

  /// Draws `event`'s activity again each time its live dates change, from `firstChange` on,
  /// for the sinks that show them (the terminal, the bar), until another change replaces it.
  private func scheduleRedraws(
    of event: ActivityEvent, _ views: ActivityViews, from firstChange: Date
  ) -> Task<Void, Never> {
    Task { [clock, renderer, stream] in
      var next = firstChange
      while !Task.isCancelled {
        do { try await clock.sleep(until: next) } catch { return }
        let drawn = Self.draw(views, at: clock.now(), renderer: renderer)
        var redrawn = event
        redrawn.presentations = drawn.presentations
        stream.refresh(activity: redrawn)
        guard let change = drawn.nextChange else { return }
        next = change
      }
    }
  }

  /// When `info` moves on by itself next: stale, ended after the longest life, or dismissed.
  private func deadline(of info: ActivityInfo) -> Date? {
    switch info.status {
    case .active:
      let end = info.started.addingTimeInterval(Self.maximumDuration)
      return min(info.content.staleDate ?? end, end)
    case .stale: return info.started.addingTimeInterval(Self.maximumDuration)
    case .ended: return info.dismissAt
    case .dismissed: return nil
    }
  }

  /// A timer of activity `id` came due.
  private func due(_ id: String) async {
    await jobs.run {
      guard let current = shown.withLock({ $0[id] }) else { return }
      let now = clock.now()
      var info = current.info
      switch info.status {
      case .active where now < info.started.addingTimeInterval(Self.maximumDuration):
        info.status = .stale
        do throws(ControlError) {
          let views = try await draw(info)
          try save(info)
          commit(
            info, views: views, event: .stale, tokens: current.tokens,
            refilled: current.refilled)
        } catch {
          emitProblem(.error, code: error.code, info: info, message: error.description)
        }
      case .active, .stale:
        do throws(ControlError) {
          _ = try await finish(current, content: nil, policy: .default)
        } catch {
          emitProblem(.error, code: error.code, info: info, message: error.description)
        }
      case .ended, .dismissed:
        dismiss(current)
      }
    }
  }

  private func dismiss(_ current: Shown) {
    var info = current.info
    info.status = .dismissed
    // Already gone from view: a store that cannot forget it dismisses it again at the next start.
    try? store?.removeActivity(id: info.id)
    let removed = shown.withLock { $0.removeValue(forKey: info.id) }
    removed?.timer?.cancel()
    removed?.redraws?.cancel()
    stream.emit(.activity(ActivityEvent(event: .dismissed, activity: info)))
  }

  private enum Severity { case warning, error }

  private func emitProblem(_ severity: Severity, code: String, info: ActivityInfo, message: String)
  {
    let problem = ProblemEvent(code: code, message: message, bundle: info.bundle)
    stream.emit(severity == .warning ? .warning(problem) : .error(problem))
  }

  // MARK: Drawing

  /// Every presentation of `views` drawn on its grid at `now` (the banner on its background
  /// tint), and when the text of a live date in the banner or the compact island changes next.
  static func draw(
    _ views: ActivityViews, at now: Date, renderer: Renderer
  ) -> (presentations: ActivityPresentations, nextChange: Date?) {
    var changes: [Date] = []
    func drawn(_ presentation: ActivityPresentation) -> DrawnPresentation {
      let view = Self.view(views, for: presentation)
      let rendered = renderer.render(view, size: presentation.displaySize, now: now)
      if presentation != .expanded, presentation != .minimal, let change = rendered.nextLiveChange {
        changes.append(change)
      }
      switch presentation {
      case .lockScreen, .expanded:
        return Self.fitted(
          DrawnPresentation(view: view, lines: rendered.lines, spans: rendered.spans))
      case .compactLeading, .compactTrailing, .minimal:
        return DrawnPresentation(view: view, lines: rendered.lines, spans: rendered.spans)
      }
    }
    let presentations = ActivityPresentations(
      lockScreen: drawn(.lockScreen), expanded: drawn(.expanded),
      compactLeading: drawn(.compactLeading), compactTrailing: drawn(.compactTrailing),
      minimal: drawn(.minimal),
      compactText: compactText(
        leading: views.compactLeading, trailing: views.compactTrailing, at: now,
        renderer: renderer),
      keylineTint: views.keylineTint, backgroundTint: views.backgroundTint,
      systemActionForegroundColor: views.systemActionForegroundColor, url: views.url)
    return (presentations, changes.min())
  }

  /// The compact island as a status bar shows it at `now`: the texts of its leading and its
  /// trailing view, one space apart.
  static func compactText(
    leading: ViewNode, trailing: ViewNode, at now: Date, renderer: Renderer
  ) -> String {
    [(leading, ActivityPresentation.compactLeading), (trailing, .compactTrailing)].flatMap {
      renderer.texts($0.0, size: $0.1.displaySize, now: now).map(\.text)
    }.joined(separator: " ")
  }

  /// `presentations` with the compact island drawn again at `now` (its two views and
  /// `compactText`), and when its text changes next: how a client of the stream keeps a
  /// countdown in its bar going, as the host does for its own sinks.
  static func redrawingCompact(
    _ presentations: ActivityPresentations, at now: Date, renderer: Renderer
  ) -> (presentations: ActivityPresentations, nextChange: Date?) {
    var redrawn = presentations
    var changes: [Date] = []
    for (path, presentation) in [
      (\ActivityPresentations.compactLeading, ActivityPresentation.compactLeading),
      (\ActivityPresentations.compactTrailing, .compactTrailing),
    ] {
      let view = presentations[keyPath: path].view
      let rendered = renderer.render(view, size: presentation.displaySize, now: now)
      redrawn[keyPath: path] = DrawnPresentation(
        view: view, lines: rendered.lines, spans: rendered.spans)
      if let change = rendered.nextLiveChange { changes.append(change) }
    }
    redrawn.compactText = compactText(
      leading: presentations.compactLeading.view, trailing: presentations.compactTrailing.view,
      at: now, renderer: renderer)
    return (redrawn, changes.min())
  }

  /// The view drawn for `presentation` of `views`: the banner on its background tint.
  static func view(_ views: ActivityViews, for presentation: ActivityPresentation) -> ViewNode {
    let view = views.view(for: presentation)
    guard presentation == .lockScreen, let tint = views.backgroundTint else { return view }
    return .modified(view, .containerBackground(.color(tint)))
  }

  /// `drawn` as tall as its content, as iOS sizes a banner to its content (at most 160 points):
  /// the blank rows above and below it cut to one each.
  static func fitted(_ drawn: DrawnPresentation) -> DrawnPresentation {
    let filled = drawn.lines.indices.filter {
      !drawn.lines[$0].allSatisfy { $0 == " " }
    }
    guard let first = filled.first, let last = filled.last else { return drawn }
    let rows = max(0, first - 1)...min(drawn.lines.count - 1, last + 1)
    var fitted = drawn
    fitted.lines = Array(drawn.lines[rows])
    fitted.spans = drawn.spans.compactMap { span in
      guard rows.contains(span.row) else { return nil }
      var moved = span
      moved.row -= rows.lowerBound
      return moved
    }
    return fitted
  }

  // MARK: Checks

  private static func check(_ content: ActivityContentState) throws(ControlError) {
    try check(content.state, "content state")
    guard content.relevanceScore.isFinite else {
      throw .activity(
        code: "bad-request", message: "relevanceScore must be a finite number")
    }
    if let stale = content.staleDate, !ReplyLimits.dates.contains(stale) {
      throw .activity(
        code: "bad-request",
        message: "staleDate \(stale) is outside 2000-01-01…2200-01-01")
    }
  }

  /// `value` fits ``ActivityLimits/maximumPayloadBytes`` as JSON.
  private static func check(_ value: JSONValue, _ what: String) throws(ControlError) {
    let size = (try? WidgetJSON.encode(value).count) ?? Int.max
    guard size <= ActivityLimits.maximumPayloadBytes else {
      throw .activity(
        code: "payload-too-large",
        message:
          "the \(what) is \(size) bytes of JSON; an activity's \(what) may be at most "
          + "\(ActivityLimits.maximumPayloadBytes) bytes")
    }
  }
}

extension String {
  /// The string, or `replacement` when it is empty.
  fileprivate func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
