import Foundation
import WidgetSchema

/// An instance's latest `entry` event as ``EventStream`` keeps it for late readers: the entry
/// without what drawing it gives (its rows, spans, regions and URL, and the room for them),
/// which is drawn again when it is read, or kept beside it by a stream without a renderer.
/// Most of what an idle instance would otherwise keep.
final class LatestEntry: Sendable {
  let seq: UInt64
  let time: Date
  let kind: String
  let date: Date
  let view: ViewNode
  let configuration: [String: JSONValue]?
  let validUntil: Date?
  let relevance: Relevance?
  let family: WidgetFamily
  let source: EntrySource
  let stale: Bool
  let restored: Bool
  let invalidated: Bool
  let renderingMode: RenderingMode
  /// The entry's geometry, when the stream carries it (it is not drawn again).
  let geometry: EntryGeometry?
  /// The drawing as written, kept only when nothing can draw the entry again.
  private let drawing: Drawing?

  /// What drawing an entry gives.
  final class Drawing: Sendable {
    let lines: [String]
    let spans: [Span]
    let regions: [TapRegion]
    let url: String?

    init(lines: [String], spans: [Span], regions: [TapRegion], url: String?) {
      self.lines = lines
      self.spans = spans
      self.regions = regions
      self.url = url
    }
  }

  /// Keeps `entry`, event number `seq` stamped `time`; its drawing only when `keepsDrawing`.
  init(seq: UInt64, time: Date, _ entry: EntryEvent, keepsDrawing: Bool) {
    self.seq = seq
    self.time = time
    kind = entry.kind
    date = entry.date
    view = entry.view
    configuration = entry.configuration
    validUntil = entry.validUntil
    relevance = entry.relevance
    family = entry.family
    source = entry.source
    stale = entry.stale
    restored = entry.restored
    invalidated = entry.invalidated
    renderingMode = entry.renderingMode
    geometry = entry.geometry
    drawing =
      keepsDrawing
      ? Drawing(lines: entry.lines, spans: entry.spans, regions: entry.regions, url: entry.url)
      : nil
  }

  /// The event of `instance`, drawn by `draw` unless its drawing was kept.
  func event(of instance: String, draw: (ViewNode, EntrySource, WidgetFamily) -> Drawing)
    -> StreamEvent
  {
    let drawn = drawing ?? draw(view, source, family)
    return StreamEvent(
      seq: seq, time: time, instance: instance,
      payload: .entry(
        EntryEvent(
          kind: kind, family: family, source: source, date: date, validUntil: validUntil,
          relevance: relevance, view: view, lines: drawn.lines, spans: drawn.spans,
          regions: drawn.regions, url: drawn.url, stale: stale, restored: restored,
          invalidated: invalidated, configuration: configuration, geometry: geometry,
          renderingMode: renderingMode)))
  }
}
