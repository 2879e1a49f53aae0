import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// Pictures of what each instance shows, in a folder (`run --pictures DIR`): every entry, as it
/// is shown (and again when its live dates change), drawn by the pixel renderer into
/// `DIR/<instance>.png` (or `.svg`), replaced atomically, so that any program can show it
/// (docs/rendering.md#pixels). An instance id's `/` becomes `_` in the file name. A Live
/// Activity's Lock Screen banner goes to `DIR/activity_<id>.png` while it is shown, and the
/// file is removed when the activity is dismissed.
public final class PictureSink: EventSink {
  private let folder: String
  private let format: PixelFormat
  private let scale: Int
  private let renderer: PixelRenderer
  private let errors: any OutputTarget
  /// The warnings already written, each once.
  private let warned = Mutex<Set<String>>([])

  /// Writes into `folder` (made if missing), or throws naming why it cannot (the folder, the
  /// pixel libraries).
  public init(
    folder: String, format: PixelFormat, scale: Int, dates: DateText, errors: any OutputTarget
  ) throws(PixelRenderError) {
    try PixelRenderer.checkLibraries()
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw PixelRenderError("cannot make the folder \(folder): \(error.localizedDescription)")
    }
    guard access(folder, W_OK) == 0 else {
      throw PixelRenderError("cannot write into the folder \(folder)")
    }
    self.folder = folder
    self.format = format
    self.scale = scale
    self.errors = errors
    renderer = PixelRenderer(dates: dates)
  }

  /// The file an instance's pictures go to.
  public func path(of instance: String) -> String {
    let name = String(
      instance.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
    return (folder as NSString).appendingPathComponent("\(name).\(format.rawValue)")
  }

  public func prepare(instances: [String]) throws(HostError) {}
  public func begin(_ header: StreamHeader) {}
  public func end() {}

  public func write(_ event: StreamEvent) {
    switch event.payload {
    case .entry(let entry):
      if let instance = event.instance { draw(entry, of: instance, at: event.time) }
    case .activity(let activity):
      draw(activity, at: event.time)
    default:
      break
    }
  }

  public func refresh(instance: String?, entry: EntryEvent) {
    guard let instance else { return }
    draw(entry, of: instance, at: Date())
  }

  public func refresh(activity: ActivityEvent) {
    draw(activity, at: Date())
  }

  /// Draws an activity's banner, or removes it once the activity is dismissed.
  private func draw(_ activity: ActivityEvent, at time: Date) {
    let name = "activity/\(activity.activity.id)"
    let file = path(of: name)
    guard activity.event != .dismissed, let view = activity.presentations?.lockScreen.view else {
      if activity.event == .dismissed { try? FileManager.default.removeItem(atPath: file) }
      return
    }
    do {
      let image = try renderer.render(
        view, canvas: .activity(.lockScreen), now: time, scale: scale, format: format)
      try AtomicFile.write(image.data, to: file)
      for warning in image.warnings { warn("\(name): \(warning)") }
    } catch {
      warn("\(name): \(error.message)")
    }
  }

  private func draw(_ entry: EntryEvent, of instance: String, at time: Date) {
    let view = EventRouter.displayedView(of: entry.view, source: entry.source)
    do {
      let image = try renderer.render(
        view, family: entry.family, now: time, scale: scale, format: format,
        mode: entry.renderingMode)
      try AtomicFile.write(image.data, to: path(of: instance))
      for warning in image.warnings { warn("\(instance): \(warning)") }
    } catch {
      warn("\(instance): \(error.message)")
    }
  }

  private func warn(_ message: String) {
    let new = warned.withLock { $0.insert(message).inserted }
    if new { errors.write("widget-host: pictures: \(message)\n") }
  }
}
