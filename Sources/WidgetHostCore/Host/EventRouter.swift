import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema
import WidgetSupport

/// Turns scheduler events into stream events, one per instance, rendering each shown entry
/// once for all the instances that share it. Placeholders are rendered redacted, as WidgetKit
/// shows them; entries with live dates are redrawn (``EventStream/refresh(instance:entry:)``)
/// whenever their text changes, until another entry replaces them.
final class EventRouter: Sendable {
  private let stream: EventStream
  private let renderer: Renderer
  private let clock: any HostClock
  private let liveRedraws = Mutex<[TimelineKey: Task<Void, Never>]>([:])
  /// The key whose entry each instance shows, for the instances whose entry has live dates:
  /// an instance reconfigured onto another key gets no more redraws of its old entry. Only
  /// those: it would be a key per instance kept for nothing.
  private let shownKeys = Mutex<[String: TimelineKey]>([:])
  /// Lays entries out in points for their `geometry`, when a sink wants it.
  private let geometry: PixelRenderer?
  /// Whether the missing pixel libraries were reported (once).
  private let geometryFailed = Mutex(false)

  init(
    stream: EventStream, renderer: Renderer, clock: any HostClock,
    geometry: PixelRenderer? = nil
  ) {
    self.stream = stream
    self.renderer = renderer
    self.clock = clock
    self.geometry = geometry
  }

  /// `view`'s geometry in `family` at `now`, when the stream carries geometry; nil (and one
  /// warning to every instance) when the pixel libraries are missing.
  private func geometry(
    of view: ViewNode, family: WidgetFamily, now: Date, instances: [String], key: TimelineKey
  ) -> EntryGeometry? {
    guard let geometry else { return nil }
    do {
      return try geometry.geometry(view, family: family, now: now)
    } catch {
      let first = geometryFailed.withLock { failed in
        defer { failed = true }
        return !failed
      }
      if first {
        for instance in instances {
          stream.emit(
            instance: instance,
            .warning(
              ProblemEvent(
                code: "geometry-unavailable",
                message: "entries carry no geometry: \(error.message)", bundle: key.bundle,
                kind: key.kind)))
        }
      }
      return nil
    }
  }

  func route(_ event: SchedulerEvent) {
    switch event {
    case .reload(let key, let instances, let reason):
      for instance in instances {
        stream.emit(
          instance: instance,
          .reload(ReloadEvent(kind: key.kind, family: key.family, reason: reason)))
      }
    case .deferred(let key, let instances, let until, let budget):
      for instance in instances {
        stream.emit(
          instance: instance,
          .warning(
            ProblemEvent(
              code: "budget-exhausted",
              message:
                "\(key.kind): the refresh budget of \(budget) reloads per 24 h is spent; the next "
                + "reload waits until \(RFC3339.string(from: until))",
              bundle: key.bundle, kind: key.kind)))
      }
    case .rateLimited(let key, let instances, let until, let limit):
      for instance in instances {
        stream.emit(
          instance: instance,
          .warning(
            ProblemEvent(
              code: "rate-limited",
              message:
                "\(key.kind): the bundle reached its limit of \(limit); the next reload waits "
                + "until \(RFC3339.string(from: until))",
              bundle: key.bundle, kind: key.kind)))
      }
    case .timeline(let key, let instances, let timeline, let nextReload, let budgetLeft):
      for instance in instances {
        stream.emit(
          instance: instance,
          .timeline(
            TimelineEvent(
              kind: key.kind, family: key.family, entries: timeline.entries.count,
              policy: timeline.policy, nextReload: nextReload, budgetLeft: budgetLeft)))
      }
    case .entry(let key, let instances, let entry, let source, let validUntil, let stale):
      show(key, instances, entry, source: source, validUntil: validUntil, stale: stale)
    case .restoredEntry(let key, let instances, let entry, let validUntil, let stale):
      show(
        key, instances, entry, source: .timeline, validUntil: validUntil, stale: stale,
        restored: true)
    case .failure(let key, let instances, let failure):
      for instance in instances {
        stream.emit(
          instance: instance,
          .error(
            ProblemEvent(
              code: failure.code, message: failure.message, bundle: key.bundle, kind: key.kind)))
      }
    }
  }

  /// Renders `entry` and emits it to each of `instances`, with its redraws.
  private func show(
    _ key: TimelineKey, _ instances: [String], _ entry: Entry, source: EntrySource,
    validUntil: Date?, stale: Bool, restored: Bool = false
  ) {
    let view = Self.displayedView(of: entry.view, source: source)
    let configuration = key.configurationValues
    let now = clock.now()
    let rendered = renderer.render(view, family: key.family, now: now)
    let geometry = geometry(
      of: view, family: key.family, now: now, instances: instances, key: key)
    let live = rendered.nextLiveChange != nil
    shownKeys.withLock { shown in
      // Without live dates and with no instance on record, there is nothing to note or forget.
      guard live || !shown.isEmpty else { return }
      for instance in instances where live || shown[instance] != nil {
        shown[instance] = live ? key : nil
      }
    }
    if let firstChange = rendered.nextLiveChange {
      scheduleRedraws(key, instances, view, firstChange) { rendered, geometry in
        EntryEvent(
          kind: key.kind, family: key.family, source: source, date: entry.date,
          validUntil: validUntil, relevance: entry.relevance, view: entry.view,
          lines: rendered.lines, spans: rendered.spans, regions: rendered.regions,
          url: rendered.url, stale: stale, restored: restored,
          configuration: configuration, geometry: geometry, renderingMode: key.renderingMode)
      }
    } else {
      stopRedraws(of: key)
    }
    for instance in instances {
      for warning in rendered.warnings {
        stream.emit(
          instance: instance,
          .warning(
            ProblemEvent(
              code: "view-ignored", message: warning, bundle: key.bundle, kind: key.kind)))
      }
      stream.emit(
        instance: instance,
        .entry(
          EntryEvent(
            kind: key.kind, family: key.family, source: source, date: entry.date,
            validUntil: validUntil, relevance: entry.relevance, view: entry.view,
            lines: rendered.lines, spans: rendered.spans, regions: rendered.regions,
            url: rendered.url, stale: stale, restored: restored,
            configuration: configuration, geometry: geometry, renderingMode: key.renderingMode)))
    }
  }

  /// Shows `entry` again for `instance` as it is drawn while a press of one of its buttons is
  /// being performed (``EntryEvent/invalidated``): its `.invalidatableContent()` as
  /// placeholders, in the view the event carries, so that every sink draws the same.
  /// Shown only while the instance's latest entry is still event `seq`, the one pressed.
  func showInvalidated(_ entry: EntryEvent, instance: String, seq: UInt64) {
    var event = entry
    event.view = entry.view.invalidatedLook
    event.invalidated = true
    let now = clock.now()
    let rendered = renderer.render(event.view, family: entry.family, now: now)
    event.lines = rendered.lines
    event.spans = rendered.spans
    event.regions = rendered.regions
    if entry.geometry != nil {
      event.geometry = geometry(
        of: event.view, family: entry.family, now: now, instances: [instance],
        key: TimelineKey(bundle: "", kind: entry.kind, family: entry.family))
    }
    stream.emit(event, of: instance, ifLatestIs: seq)
  }

  /// Redraws the entry now shown for `key` each time its live dates change, from
  /// `firstChange` on, replacing any redraws of the entry it replaces.
  private func scheduleRedraws(
    _ key: TimelineKey, _ instances: [String], _ view: ViewNode, _ firstChange: Date,
    event: @escaping @Sendable (RenderedEntry, EntryGeometry?) -> EntryEvent
  ) {
    let task = Task { [clock, renderer, stream, self] in
      var next = firstChange
      while !Task.isCancelled {
        do { try await clock.sleep(until: next) } catch { return }
        let now = clock.now()
        let rendered = renderer.render(view, family: key.family, now: now)
        let geometry = self.geometry(
          of: view, family: key.family, now: now, instances: instances, key: key)
        let showing = self.shownKeys.withLock { shown in instances.filter { shown[$0] == key } }
        for instance in showing {
          stream.refresh(instance: instance, entry: event(rendered, geometry))
        }
        guard let change = rendered.nextLiveChange else { return }
        next = change
      }
    }
    liveRedraws.withLock { redraws in
      redraws[key]?.cancel()
      redraws[key] = task
    }
  }

  /// Stops the redraws of the entry shown for `key` before (an entry without live dates
  /// replaces it). Most entries have none and most keys never had any: then there is nothing to
  /// look up, and nothing (no closure for the redraws, no key hashed) is made per entry.
  private func stopRedraws(of key: TimelineKey) {
    liveRedraws.withLock { redraws in
      guard !redraws.isEmpty else { return }
      redraws.removeValue(forKey: key)?.cancel()
    }
  }

  /// The view drawn for an entry: placeholders redacted, as WidgetKit shows them.
  static func displayedView(of view: ViewNode, source: EntrySource) -> ViewNode {
    source == .placeholder ? ViewNode.modified(view, .style(TextStyle(redacted: true))) : view
  }

  /// Forgets `instance`, which the host no longer shows: its entry's live dates are no longer
  /// redrawn for it.
  func forget(_ instance: String) {
    shownKeys.withLock { $0[instance] = nil }
  }

  /// Stops every pending redraw.
  func stop() {
    liveRedraws.withLock { redraws in
      for task in redraws.values { task.cancel() }
      redraws = [:]
    }
  }

  /// How many of `instances` never showed an entry of a timeline (they showed a placeholder,
  /// or nothing: the provider failed, or its timeline was empty). Read from the stream's latest
  /// entries: once an instance shows a timeline's entry, its latest entry stays one (a failed
  /// reload marks it stale, and a placeholder is only shown before anything else).
  func instancesWithoutTimelineEntry(_ instances: [WidgetInstance]) -> Int {
    instances.count { stream.currentSource(of: $0.id) != .timeline }
  }
}
