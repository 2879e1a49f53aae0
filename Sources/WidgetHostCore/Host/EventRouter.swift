import Foundation
import Synchronization
import WidgetSchema

/// Turns scheduler events into stream events, one per instance, rendering each shown entry
/// once for all the instances that share it.
final class EventRouter: Sendable {
  private let stream: EventStream
  private let renderer: Renderer
  private let clock: any HostClock
  private let withTimeline = Mutex<Set<String>>([])

  init(stream: EventStream, renderer: Renderer, clock: any HostClock) {
    self.stream = stream
    self.renderer = renderer
    self.clock = clock
  }

  func route(_ event: SchedulerEvent) {
    switch event {
    case .reload(let key, let instances, let reason):
      for instance in instances {
        stream.emit(
          instance: instance,
          .reload(ReloadEvent(kind: key.kind, family: key.family, reason: reason)))
      }
    case .timeline(let key, let instances, let timeline, let nextReload):
      withTimeline.withLock { $0.formUnion(instances) }
      for instance in instances {
        stream.emit(
          instance: instance,
          .timeline(
            TimelineEvent(
              kind: key.kind, family: key.family, entries: timeline.entries.count,
              policy: timeline.policy, nextReload: nextReload)))
      }
    case .entry(let key, let instances, let entry, let source, let validUntil):
      let rendered = renderer.render(entry.view, family: key.family, now: clock.now())
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
              url: rendered.url)))
      }
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

  /// How many of `instances` never received a timeline.
  func instancesWithoutTimeline(_ instances: [WidgetInstance]) -> Int {
    let received = withTimeline.withLock { $0 }
    return instances.count { !received.contains($0.id) }
  }
}
