import Foundation
import WidgetRendering
import WidgetSchema

extension WidgetHost {
  /// The widget gallery: for every selected kind and every family it supports (or the
  /// `--family` ones), the placeholder and the snapshot (`isPreview` true), one call each, in
  /// order. Bundle and selection errors are thrown before any call; failed calls are reported
  /// in their items.
  ///
  /// Then each Live Activity preview the loaded bundles declare for their attributes types
  /// (`#Preview(…, as: .content, using: …) { … } contentStates: { … }`), every state drawn.
  public func preview() async throws(HostError) -> (
    items: [PreviewItem], activities: [ActivityPreviewItem]
  ) {
    let selection = try await select(everyFamily: true)
    var items: [PreviewItem] = []
    // Each kind's declared previews, asked for once, by bundle and kind.
    var declared: [String: Result<[Previews.Declared], ProviderFailure>] = [:]
    for instance in selection.instances {
      let key = instance.key
      let placeholder = await selection.provider.placeholder(for: key)
      let snapshot = await selection.provider.snapshot(for: key, isPreview: true)
      var item = PreviewItem(
        bundle: key.bundle, kind: key.kind, family: key.family,
        placeholder: outcome(placeholder, key: key, source: .placeholder),
        snapshot: outcome(snapshot, key: key, source: .snapshot))
      let name = key.bundle + "\u{0}" + key.kind
      if declared[name] == nil { declared[name] = await selection.provider.previews(for: key) }
      switch declared[name] {
      case .success(let previews):
        let here = previews.filter { $0.family == key.family }
        if !here.isEmpty {
          item.previews = here.map { preview in
            PreviewItem.Declared(
              name: preview.name,
              entries: preview.entries.compactMap {
                outcome(.success($0), key: key, source: .snapshot).entry
              })
          }
        }
      case .failure(let failure):
        item.previewsError = PreviewItem.Failure(code: failure.code, message: failure.message)
      case nil:
        break
      }
      items.append(item)
    }
    var activities: [ActivityPreviewItem] = []
    for (_, _, manifest) in selection.bundles {
      for type in manifest.activities.map(\.attributesType) {
        switch await selection.provider.activityPreviews(bundle: manifest.id, attributesType: type)
        {
        case .success(let previews):
          activities += previews.map { preview in
            ActivityPreviewItem(
              bundle: manifest.id, attributesType: type, name: preview.name,
              viewKind: preview.viewKind,
              states: preview.states.map {
                ActivityCenter.draw($0, at: clock.now(), renderer: renderer).presentations
              })
          }
        case .failure(let failure):
          activities.append(
            ActivityPreviewItem(
              bundle: manifest.id, attributesType: type, name: nil, viewKind: nil, states: [],
              error: PreviewItem.Failure(code: failure.code, message: failure.message)))
        }
      }
    }
    await selection.close()
    return (items, activities)
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
  /// The gallery as text: the widgets, then the Live Activity previews.
  public static func text(
    _ items: [PreviewItem], activities: [ActivityPreviewItem] = [], dates: DateText,
    width: Int = 100
  ) -> String {
    text(items, dates: dates, width: width) + text(activities, width: width)
  }

  /// The Live Activity previews: per preview a heading, then each state as the presentation it
  /// shows (the banner, the expanded island, the compact or minimal one), boxed.
  static func text(_ activities: [ActivityPreviewItem], width: Int) -> String {
    var text = ""
    for item in activities {
      let heading = "#Preview" + (item.name.map { " \"\($0)\"" } ?? "")
      text += "\(item.attributesType) · activity (\(item.bundle))\n"
      if let failure = item.error {
        text +=
          wrap("#Preview: error \(failure.code): \(failure.message)", width: width)
          .map { $0 + "\n" }.joined() + "\n"
        continue
      }
      text += heading + " · " + (item.viewKind?.rawValue ?? "") + "\n"
      text += row(
        item.states.enumerated().map { index, state in
          let drawn: DrawnPresentation
          switch item.viewKind ?? .content {
          case .content: drawn = state.lockScreen
          case .expanded: drawn = state.expanded
          case .minimal: drawn = state.minimal
          case .compact:
            let lines = zip(state.compactLeading.lines, state.compactTrailing.lines).map {
              $0 + " ● " + $1
            }
            drawn = DrawnPresentation(view: .empty, lines: lines)
          }
          let box = TextSink.framed(
            drawn.lines, spans: [], title: "\(index + 1)/\(item.states.count)", color: false)
          return box.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        }, width: width)
      text += "\n"
    }
    return text
  }

  static func text(_ items: [PreviewItem], dates: DateText, width: Int) -> String {
    var text = ""
    for item in items {
      text += "\(item.kind) · \(item.family.rawValue) (\(item.bundle))\n"
      let name = "\(item.kind)/\(item.family.rawValue)"
      text += row(
        [
          block(item.placeholder, label: "placeholder", name: name, dates: dates),
          block(item.snapshot, label: "snapshot", name: name, dates: dates),
        ], width: width)
      for preview in item.previews ?? [] {
        text += "#Preview" + (preview.name.map { " \"\($0)\"" } ?? "") + "\n"
        let title = preview.name ?? "#Preview"
        text += row(
          preview.entries.enumerated().map { index, entry in
            TextSink.box(
              for: entry, instance: "\(title) \(index + 1)/\(preview.entries.count)",
              dates: dates, color: false
            )
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
          }, width: width)
      }
      if let failure = item.previewsError {
        text += wrap("#Preview: error \(failure.code): \(failure.message)", width: width)
          .map { $0 + "\n" }.joined()
      }
      text += "\n"
    }
    return text
  }

  /// `blocks` side by side, two columns apart, as many to a row as fit in `width`.
  private static func row(_ blocks: [[String]], width: Int) -> String {
    var text = ""
    var line: [[String]] = []
    var used = 0
    func flush() {
      let widths = line.map { block in block.map { TextWidth.of($0) }.max() ?? 0 }
      for index in 0..<(line.map(\.count).max() ?? 0) {
        var row = ""
        for (column, block) in line.enumerated() {
          let cell = index < block.count ? block[index] : ""
          let last = line[(column + 1)...].allSatisfy { index >= $0.count }
          row += cell
          if last { break }
          row += String(repeating: " ", count: widths[column] - TextWidth.of(cell) + 2)
        }
        text += row + "\n"
      }
      line = []
      used = 0
    }
    for block in blocks {
      let blockWidth = block.map { TextWidth.of($0) }.max() ?? 0
      if !line.isEmpty, used + 2 + blockWidth > width { flush() }
      used += (line.isEmpty ? 0 : 2) + blockWidth
      line.append(block)
    }
    flush()
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
