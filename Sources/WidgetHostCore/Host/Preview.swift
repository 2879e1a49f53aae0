import Foundation
import WidgetRendering
import WidgetSchema

/// One cell of the widget gallery (`widget-host preview`): a kind in one family, its placeholder
/// (drawn redacted) and its snapshot (asked for with `isPreview` true). One line of
/// `preview --format json` (docs/cli.md#preview).
public struct PreviewItem: Codable, Sendable, Equatable {
  /// Always `"preview"`.
  public var type = "preview"
  /// The bundle's id.
  public var bundle: String
  /// The widget kind.
  public var kind: String
  /// The family.
  public var family: WidgetFamily
  /// The placeholder call's outcome.
  public var placeholder: Outcome
  /// The snapshot call's outcome.
  public var snapshot: Outcome

  /// A rendered entry, or why there is none: exactly one of the two is set.
  public struct Outcome: Codable, Sendable, Equatable {
    /// The entry, rendered as in the stream's `entry` events (docs/stream.md#entry).
    public var entry: EntryEvent?
    /// The failure, with the stream's error codes (docs/stream.md#codes).
    public var error: Failure?
  }

  /// A failed provider call.
  public struct Failure: Codable, Sendable, Equatable {
    /// `provider-failed`, `provider-timeout`, `bad-reply`, …
    public var code: String
    /// What happened.
    public var message: String
  }

  /// True if the placeholder or the snapshot call failed.
  public var failed: Bool { placeholder.error != nil || snapshot.error != nil }
}

extension WidgetHost {
  /// The widget gallery: for every selected kind and every family it supports (or the
  /// `--family` ones), the placeholder and the snapshot (`isPreview` true), one call each, in
  /// order. Bundle and selection errors are thrown before any call; failed calls are reported
  /// in their items.
  public func preview() async throws(HostError) -> [PreviewItem] {
    let selection = try await select(everyFamily: true)
    var items: [PreviewItem] = []
    for instance in selection.instances {
      let key = instance.key
      let placeholder = await selection.provider.placeholder(for: key)
      let snapshot = await selection.provider.snapshot(for: key, isPreview: true)
      items.append(
        PreviewItem(
          bundle: key.bundle, kind: key.kind, family: key.family,
          placeholder: outcome(placeholder, key: key, source: .placeholder),
          snapshot: outcome(snapshot, key: key, source: .snapshot)))
    }
    await selection.close()
    return items
  }

  private func outcome(
    _ result: Result<Entry, ProviderFailure>, key: TimelineKey, source: EntrySource
  ) -> PreviewItem.Outcome {
    switch result {
    case .success(let entry):
      let rendered = renderer.render(
        EventRouter.displayedView(of: entry.view, source: source), family: key.family,
        now: clock.now())
      return PreviewItem.Outcome(
        entry: EntryEvent(
          kind: key.kind, family: key.family, source: source, date: entry.date, validUntil: nil,
          relevance: entry.relevance, view: entry.view, lines: rendered.lines,
          spans: rendered.spans, regions: rendered.regions, url: rendered.url,
          configuration: key.configurationValues, renderingMode: key.renderingMode))
    case .failure(let failure):
      return PreviewItem.Outcome(
        error: PreviewItem.Failure(code: failure.code, message: failure.message))
    }
  }
}

/// Draws the gallery for a terminal: per item a heading, then the placeholder's and the
/// snapshot's boxes side by side (stacked when together they are wider than `width` columns),
/// an error message in place of a box whose call failed.
public enum PreviewGallery {
  /// The gallery as text.
  public static func text(_ items: [PreviewItem], dates: DateText, width: Int = 100) -> String {
    var text = ""
    for item in items {
      text += "\(item.kind) · \(item.family.rawValue) (\(item.bundle))\n"
      let name = "\(item.kind)/\(item.family.rawValue)"
      let left = block(item.placeholder, label: "placeholder", name: name, dates: dates)
      let right = block(item.snapshot, label: "snapshot", name: name, dates: dates)
      let leftWidth = left.map { TextWidth.of($0) }.max() ?? 0
      let rightWidth = right.map { TextWidth.of($0) }.max() ?? 0
      if leftWidth + 2 + rightWidth > width {
        text += (left + right).map { $0 + "\n" }.joined()
      } else {
        for row in 0..<max(left.count, right.count) {
          let first = row < left.count ? left[row] : ""
          let second = row < right.count ? right[row] : ""
          let padding = String(repeating: " ", count: leftWidth - TextWidth.of(first) + 2)
          text += (second.isEmpty ? first : first + padding + second) + "\n"
        }
      }
      text += "\n"
    }
    return text
  }

  private static func block(
    _ outcome: PreviewItem.Outcome, label: String, name: String, dates: DateText
  ) -> [String] {
    if let entry = outcome.entry {
      return TextSink.box(for: entry, instance: name, dates: dates, color: false)
        .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
    let failure = outcome.error ?? PreviewItem.Failure(code: "unknown", message: "no reply")
    return ["\(name) · \(label)"] + wrap("error \(failure.code): \(failure.message)", width: 40)
  }

  private static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && TextWidth.of(line) + 1 + TextWidth.of(String(word)) > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
