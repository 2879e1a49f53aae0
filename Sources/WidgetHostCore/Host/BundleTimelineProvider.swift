import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetSchema
import WidgetSupport

/// Answers the scheduler's requests by calling the loaded bundles and checking their replies.
///
/// Every call has a deadline in real time (the bundle's work takes real time even under a
/// virtual clock); a call past it is abandoned and fails with `provider-timeout`.
public final class BundleTimelineProvider: TimelineProviding {
  private let connections = Mutex<[String: any BundleConnection]>([:])
  /// The bytes of replies each bundle has sent, by id.
  private let received = Mutex<[String: Int]>([:])
  private let warn: @Sendable (TimelineKey, ProviderFailure) -> Void
  private let deadlines: HostOptions.Deadlines
  /// Kinds with intent parameters: their calls carry the configuration (`{}` at least).
  private let configurableKinds = Mutex<Set<String>>([])
  private let images = Mutex<[String: BundleImages]>([:])

  public init(
    deadlines: HostOptions.Deadlines,
    warn: @escaping @Sendable (TimelineKey, ProviderFailure) -> Void
  ) {
    self.deadlines = deadlines
    self.warn = warn
  }

  /// Calls `bundle` through `connection`; its named images are looked up in `resources` (its
  /// `Resources/` folder; nil for none) and its images from bytes kept as its entries arrive.
  public func add(_ connection: any BundleConnection, for bundle: String, resources: String? = nil)
  {
    connections.withLock { $0[bundle] = connection }
    images.withLock { $0[bundle] = BundleImages(resourcesPath: resources) }
  }

  /// Stops sending calls to `bundle` (no instance shows it any more) and returns its
  /// connection, for the caller to retire.
  func remove(_ bundle: String) -> (any BundleConnection)? {
    images.withLock { $0[bundle] = nil }
    return connections.withLock { $0.removeValue(forKey: bundle) }
  }

  /// `entry` with its named images resolved against the bundle's resources and its images from
  /// bytes kept; each one drawn as a fallback and not yet in `warned` is reported as an
  /// `image-missing` warning (once per reply).
  private func resolvingImages(
    _ entry: Entry, key: TimelineKey, method: ProviderMethod, warned: inout Set<String>
  ) -> Entry {
    guard let finder = images.withLock({ $0[key.bundle] }) else { return entry }
    var resolved = entry
    let (view, problems) = finder.resolve(entry.view)
    resolved.view = view
    for problem in problems {
      let message: String
      switch problem {
      case .notFound(let name):
        guard warned.insert("name:" + name).inserted else { continue }
        message =
          "\(key.kind) \(method): Image(\"\(name)\") is not in the bundle's Resources "
          + "(\(finder.resourcesPath ?? "none")); a fallback mark is drawn instead"
      case .notKept(let reason):
        guard warned.insert("bytes:" + reason).inserted else { continue }
        message =
          "\(key.kind) \(method): an image made from bytes cannot be kept for drawing "
          + "(\(reason)); a fallback mark is drawn instead"
      }
      warn(key, ProviderFailure(code: "image-missing", message: message))
    }
    return resolved
  }

  public func replyBytes(bundle: String) -> Int {
    received.withLock { $0[bundle] ?? 0 }
  }

  public func callsPromptly(bundle: String) -> Bool {
    connections.withLock { $0[bundle]?.callsPromptly } ?? false
  }

  private func resolvingImages(_ entry: Entry, key: TimelineKey, method: ProviderMethod) -> Entry {
    var warned = Set<String>()
    return resolvingImages(entry, key: key, method: method, warned: &warned)
  }

  /// Calls in flight per connection, and who waits for a connection to have none
  /// (``retire(_:)``).
  private let inFlight = Mutex<
    [ObjectIdentifier: (calls: Int, waiters: [CheckedContinuation<Void, Never>])]
  >([:])

  /// Sends `bundle`'s calls to `connection` from now on (a hot reload); returns the connection
  /// it replaces, whose calls in flight still finish there.
  func replace(
    _ bundle: String, with connection: any BundleConnection, manifest: BundleManifest,
    resources: String
  ) -> (any BundleConnection)? {
    // A new version may bring other images and other configurable kinds.
    images.withLock { $0[bundle] = BundleImages(resourcesPath: resources) }
    noteConfigurableKinds(of: manifest)
    return connections.withLock { connections in
      defer { connections[bundle] = connection }
      return connections[bundle]
    }
  }

  /// Waits until no call is in flight on `connection` (each ends by its deadline at the
  /// latest), then closes it.
  func retire(_ connection: any BundleConnection) async {
    let id = ObjectIdentifier(connection)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let idle = inFlight.withLock { table -> Bool in
        guard let entry = table[id], entry.calls > 0 else { return true }
        table[id]?.waiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
    await connection.close()
  }

  private func started(_ connection: any BundleConnection) {
    inFlight.withLock { $0[ObjectIdentifier(connection), default: (0, [])].calls += 1 }
  }

  private func finished(_ connection: any BundleConnection) {
    let id = ObjectIdentifier(connection)
    let waiters = inFlight.withLock { table -> [CheckedContinuation<Void, Never>] in
      guard var entry = table[id] else { return [] }
      entry.calls -= 1
      if entry.calls > 0 {
        table[id] = entry
        return []
      }
      table[id] = nil
      return entry.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  var all: [any BundleConnection] { connections.withLock { Array($0.values) } }

  /// Notes the kinds of `manifest` that take parameters: their calls carry the instance's
  /// configuration in the context (static kinds' calls carry none).
  func noteConfigurableKinds(of manifest: BundleManifest) {
    noteConfigurableKinds(manifest.kinds)
  }

  /// Notes those of `kinds` that take parameters (``noteConfigurableKinds(of:)``).
  public func noteConfigurableKinds(_ kinds: [KindManifest]) {
    let names = kinds.filter { $0.configuration.intent != nil }.map(\.kind)
    configurableKinds.withLock { $0.formUnion(names) }
  }

  /// The values dynamic parameter `parameter` of `kind` may take (the `options` method), for
  /// an instance in `family` whose other values are `configuration`.
  public func options(
    bundle: String, kind: String, family: WidgetFamily, parameter: String,
    configuration: [String: JSONValue]
  ) async -> Result<[ParameterOption], ProviderFailure> {
    let key = TimelineKey(bundle: bundle, kind: kind, family: family)
    let context = ProviderContext(
      family: family, configuration: configuration, parameter: parameter)
    return await call(.options, key, context: context, as: ParameterOptions.self)
      .map(\.options)
  }

  /// The previews the bundle declares for `key`'s kind (`#Preview`, ABI 1.2), every entry
  /// checked as a snapshot's is; none from a bundle that does not answer the call.
  public func previews(for key: TimelineKey) async -> Result<
    [Previews.Declared], ProviderFailure
  > {
    switch await call(.previews, key, isPreview: true, as: Previews.self) {
    case .failure(let failure) where failure.code == "unsupported":
      return .success([])
    case .failure(let failure):
      return .failure(failure)
    case .success(let reply):
      var previews: [Previews.Declared] = []
      for var preview in reply.previews {
        let previewKey = TimelineKey(bundle: key.bundle, kind: key.kind, family: preview.family)
        var entries: [Entry] = []
        for entry in preview.entries {
          switch checkDate(of: entry, key: previewKey, method: .previews) {
          case .success(let entry):
            entries.append(resolvingImages(entry, key: previewKey, method: .previews))
          case .failure(let failure): return .failure(failure)
          }
        }
        preview.entries = entries
        previews.append(preview)
      }
      return .success(previews)
    }
  }

  /// Runs `action` for an instance showing `key`'s timeline (a press of a button or a toggle):
  /// a C function the bundle declares, or its `perform` method (ABI 1.2). Fails with
  /// `action-refused` (arguments that do not fit the declared action, or a request the bundle
  /// found invalid), `action-unsupported`, `action-timeout` or `action-failed` (the action
  /// reported a failure, or its worker crashed).
  public func perform(_ action: WidgetAction, for key: TimelineKey) async -> Result<
    Void, ProviderFailure
  > {
    guard let connection = connections.withLock({ $0[key.bundle] }) else {
      return .failure(
        ProviderFailure(code: "bundle-unavailable", message: "bundle \(key.bundle) is not loaded"))
    }
    let configurable = configurableKinds.withLock { $0.contains(key.kind) }
    let context = ProviderContext(
      family: key.family, configuration: configurable ? key.configurationValues ?? [:] : nil,
      action: action, renderingMode: key.renderingMode)
    started(connection)
    defer { finished(connection) }
    let deadline = deadlines.timeline
    let outcome =
      await CallDeadlines.shared.race(seconds: deadline) {
        () async -> Result<Data, ProviderError> in
        do throws(ProviderError) {
          return .success(try await connection.call(.perform, kind: key.kind, context: context))
        } catch {
          return .failure(error)
        }
      } ?? .failure(.timedOut(deadline))
    let what = "\(key.kind) action \(action.name)"
    switch outcome {
    case .success: return .success(())
    case .failure(.timedOut(let seconds)):
      return .failure(
        ProviderFailure(
          code: "action-timeout",
          message: "\(what): not done within \(ProviderError.seconds(seconds))"))
    case .failure(.unsupported(let message)):
      return .failure(
        ProviderFailure(
          code: "action-unsupported",
          message: "\(what): the bundle does not perform actions (\(message))"))
    case .failure(.invalid(let message)):
      return .failure(ProviderFailure(code: "action-refused", message: "\(what): \(message)"))
    case .failure(.failed(let message)):
      return .failure(ProviderFailure(code: "action-failed", message: "\(what): \(message)"))
    case .failure(let error):
      return .failure(ProviderFailure(code: "action-failed", message: "\(what): \(error)"))
    }
  }

  /// The Live Activity previews `bundle` declares for `attributesType` (the `previews` method
  /// with the type as its kind), each state's views checked and resolved as an activity's.
  public func activityPreviews(bundle: String, attributesType: String) async -> Result<
    [Previews.Activity], ProviderFailure
  > {
    let key = TimelineKey(bundle: bundle, kind: attributesType, family: .systemMedium)
    switch await call(.previews, key, isPreview: true, as: Previews.self) {
    case .failure(let failure) where failure.code == "unsupported":
      return .success([])
    case .failure(let failure):
      return .failure(failure)
    case .success(let reply):
      var previews: [Previews.Activity] = []
      for var preview in reply.activities ?? [] {
        var states: [ActivityViews] = []
        for views in preview.states {
          switch checked(views, key: key, method: .previews) {
          case .success(let views): states.append(views)
          case .failure(let failure): return .failure(failure)
          }
        }
        preview.states = states
        previews.append(preview)
      }
      return .success(previews)
    }
  }

  /// The views of a Live Activity, drawn by `bundle`'s `ActivityConfiguration` for
  /// `attributesType` (the `activity` method, ABI 1.3), with their named images resolved and
  /// their numbers checked. The context's family is systemMedium, the width of the lock-screen
  /// banner, and its display size the banner's.
  public func activityViews(
    bundle: String, attributesType: String, activity: ActivityCallContext
  ) async -> Result<ActivityViews, ProviderFailure> {
    let key = TimelineKey(bundle: bundle, kind: attributesType, family: .systemMedium)
    let context = ProviderContext(
      family: .systemMedium, displaySize: ActivityPresentation.lockScreen.displaySize,
      activity: activity)
    return await call(.activity, key, context: context, as: ActivityViews.self).flatMap {
      checked($0, key: key, method: .activity)
    }
  }

  /// `views` with every region's numbers checked (``ViewLimits``) and named images resolved.
  private func checked(
    _ views: ActivityViews, key: TimelineKey, method: ProviderMethod
  ) -> Result<ActivityViews, ProviderFailure> {
    var views = views
    let regions: [(String, WritableKeyPath<ActivityViews, ViewNode>)] = [
      ("lockScreen", \.lockScreen), ("compactLeading", \.compactLeading),
      ("compactTrailing", \.compactTrailing), ("minimal", \.minimal),
    ]
    let expanded: [(String, WritableKeyPath<ActivityViews, ViewNode?>)] = [
      ("expanded.leading", \.expanded.leading), ("expanded.trailing", \.expanded.trailing),
      ("expanded.center", \.expanded.center), ("expanded.bottom", \.expanded.bottom),
    ]
    func resolved(_ view: ViewNode, at path: String) -> Result<ViewNode, ProviderFailure> {
      if let problem = ViewLimits.problem(in: view, at: path) {
        return .failure(undrawable(problem, key: key, method: method))
      }
      let entry = Entry(date: Date(timeIntervalSince1970: 0), view: view)
      return .success(resolvingImages(entry, key: key, method: method).view)
    }
    for (path, region) in regions {
      switch resolved(views[keyPath: region], at: path) {
      case .success(let view): views[keyPath: region] = view
      case .failure(let failure): return .failure(failure)
      }
    }
    for (path, region) in expanded {
      guard let view = views[keyPath: region] else { continue }
      switch resolved(view, at: path) {
      case .success(let view): views[keyPath: region] = view
      case .failure(let failure): return .failure(failure)
      }
    }
    return .success(views)
  }

  /// The snapshot entry for `key`: what a gallery shows (`isPreview` true) or a quick look at
  /// the widget (`isPreview` false).
  public func snapshot(for key: TimelineKey, isPreview: Bool) async -> Result<
    Entry, ProviderFailure
  > {
    await call(.snapshot, key, isPreview: isPreview, as: Entry.self).flatMap { entry in
      checkDate(of: entry, key: key, method: .snapshot)
    }.map { resolvingImages($0, key: key, method: .snapshot) }
  }

  private func checkDate(
    of entry: Entry, key: TimelineKey, method: ProviderMethod
  ) -> Result<Entry, ProviderFailure> {
    guard ReplyLimits.dates.contains(entry.date) else {
      return .failure(
        ProviderFailure(
          code: "bad-reply",
          message: "\(key.kind) \(method) reply: date: \(RFC3339.string(from: entry.date)) is "
            + "outside 2000-01-01…2200-01-01"))
    }
    if let problem = ViewLimits.problem(in: entry, at: "") {
      return .failure(undrawable(problem, key: key, method: method))
    }
    return .success(entry)
  }

  /// The failure of a reply with a number the host cannot draw (``ViewLimits``), which counts
  /// toward the bundle's quarantine like a crash (docs/isolation.md).
  private func undrawable(
    _ problem: SchemaError, key: TimelineKey, method: ProviderMethod
  ) -> ProviderFailure {
    let message = "\(key.kind) \(method) reply: \(problem)"
    connections.withLock { $0[key.bundle] }?.replyCannotBeDrawn(message)
    return ProviderFailure(code: "bad-reply", message: message)
  }

  public func placeholder(for key: TimelineKey) async -> Result<Entry, ProviderFailure> {
    await call(.placeholder, key, as: Entry.self).flatMap { entry in
      checkDate(of: entry, key: key, method: .placeholder)
    }.map { resolvingImages($0, key: key, method: .placeholder) }
  }

  public func timeline(for key: TimelineKey) async -> Result<Timeline, ProviderFailure> {
    await call(.timeline, key, as: Timeline.self).flatMap { timeline in
      guard timeline.entries.count <= ReplyLimits.maximumEntries else {
        return .failure(
          ProviderFailure(
            code: "bad-reply",
            message: "\(key.kind) timeline reply: entries: \(timeline.entries.count) entries; "
              + "a timeline holds at most \(ReplyLimits.maximumEntries)"))
      }
      if let index = timeline.entries.firstIndex(where: { !ReplyLimits.dates.contains($0.date) }) {
        return .failure(
          ProviderFailure(
            code: "bad-reply",
            message: "\(key.kind) timeline reply: entries[\(index)].date: "
              + "\(RFC3339.string(from: timeline.entries[index].date)) is outside 2000-01-01…2200-01-01"
          ))
      }
      if let problem = ViewLimits.problem(in: timeline.entries, at: "entries") {
        return .failure(undrawable(problem, key: key, method: .timeline))
      }
      if case .after(let date) = timeline.policy, !ReplyLimits.dates.contains(date) {
        return .failure(
          ProviderFailure(
            code: "bad-reply",
            message: "\(key.kind) timeline reply: policy.date: \(RFC3339.string(from: date)) is "
              + "outside 2000-01-01…2200-01-01"))
      }
      let (entries, wasSorted) = TimelineMath.sorted(timeline.entries)
      if !wasSorted {
        warn(
          key,
          ProviderFailure(
            code: "entries-unsorted",
            message: "\(key.kind) timeline: entries were not in date order; the host sorted them"))
      }
      var warned = Set<String>()
      let resolved = entries.map { entry in
        resolvingImages(entry, key: key, method: .timeline, warned: &warned)
      }
      return .success(Timeline(entries: resolved, policy: timeline.policy))
    }
  }

  private func call<T: Decodable>(
    _ method: ProviderMethod, _ key: TimelineKey, isPreview: Bool = false, as type: T.Type
  ) async -> Result<T, ProviderFailure> {
    let configurable = configurableKinds.withLock { $0.contains(key.kind) }
    let context = ProviderContext(
      family: key.family, isPreview: isPreview,
      configuration: configurable ? key.configurationValues ?? [:] : nil,
      renderingMode: key.renderingMode)
    return await call(method, key, context: context, as: type)
  }

  private func call<T: Decodable>(
    _ method: ProviderMethod, _ key: TimelineKey, context: ProviderContext, as type: T.Type
  ) async -> Result<T, ProviderFailure> {
    guard let connection = connections.withLock({ $0[key.bundle] }) else {
      return .failure(
        ProviderFailure(code: "bundle-unavailable", message: "bundle \(key.bundle) is not loaded"))
    }
    started(connection)
    defer { finished(connection) }
    let deadline = method == .placeholder ? deadlines.placeholder : deadlines.timeline
    // One table of deadlines for every call, not a timer of its own: see ``CallDeadlines``.
    let outcome =
      await CallDeadlines.shared.race(seconds: deadline) {
        () async -> Result<Data, ProviderError> in
        do throws(ProviderError) {
          return .success(try await connection.call(method, kind: key.kind, context: context))
        } catch {
          return .failure(error)
        }
      } ?? .failure(.timedOut(deadline))
    let data: Data
    switch outcome {
    case .success(let reply):
      data = reply
      received.withLock { $0[key.bundle, default: 0] += reply.count }
    case .failure(.timedOut(let seconds)):
      return .failure(
        ProviderFailure(
          code: "provider-timeout",
          message: "\(key.kind) \(method): no reply within \(ProviderError.seconds(seconds))"))
    case .failure(.unsupported(let message)):
      return .failure(
        ProviderFailure(code: "unsupported", message: "\(key.kind) \(method): \(message)"))
    case .failure(let error):
      return .failure(
        ProviderFailure(code: "provider-failed", message: "\(key.kind) \(method): \(error)"))
    }
    do {
      return .success(try WidgetJSON.decode(type, from: data))
    } catch {
      return .failure(
        ProviderFailure(code: "bad-reply", message: "\(key.kind) \(method) reply: \(error)"))
    }
  }
}
