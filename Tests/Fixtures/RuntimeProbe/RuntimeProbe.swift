// A bundle that reports what its process gives widget code, as widget extensions use it: the
// main queue, the main actor and RunLoop.main timers, the clock (Foundation's and C's), and its
// containers (App Group files, home and temporary folders), and URLSession.
// Built as the product libRuntimeProbe.so for the end-to-end tests (RuntimeTests).
import Glibc
import SwiftUI
import WidgetKit

struct ProbeEntry: TimelineEntry {
  let date: Date
  let report: String
}

/// How a provider completes its timeline.
enum Completion: String {
  case mainQueue, mainQueueAfter, mainActor, mainTimer, clock, container, network, mainBundle

  /// Runs `body` the way this completion says, with whether it ran on the main thread.
  func run(_ body: @escaping @Sendable (String) -> Void) {
    switch self {
    case .mainQueue:
      DispatchQueue.main.async { body("main queue ran, main thread \(Thread.isMainThread)") }
    case .mainQueueAfter:
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) {
        body("main queue after a delay ran, main thread \(Thread.isMainThread)")
      }
    case .mainActor:
      Task { @MainActor in body("main actor ran, main thread \(Thread.isMainThread)") }
    case .mainTimer:
      DispatchQueue.main.async {
        _ = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in
          body("main run loop timer ran, main thread \(Thread.isMainThread)")
        }
      }
    case .clock:
      body(Completion.clocks())
    case .container:
      body(Completion.container())
    case .mainBundle:
      body(Completion.mainBundle())
    case .network:
      // URLSession with only `import SwiftUI` and `import WidgetKit`, from the URL the test
      // gives in RUNTIME_PROBE_URL.
      guard let address = ProcessInfo.processInfo.environment["RUNTIME_PROBE_URL"],
        let url = URL(string: address)
      else { return body("no RUNTIME_PROBE_URL") }
      URLSession.shared.dataTask(with: url) { data, _, error in
        if let error { return body("fetch failed: \(error.localizedDescription)") }
        body("fetched " + String(decoding: data ?? Data(), as: UTF8.self))
      }.resume()
    }
  }

  /// What `Bundle.main` finds: a resource (Tests/Fixtures/RuntimeProbeResources), the manifest's
  /// id and version as Info.plist values, and a localized string, beside the SDK's
  /// `NSLocalizedString` for the same key.
  static func mainBundle() -> String {
    let bundle = Bundle.main
    let resource =
      bundle.url(forResource: "probe", withExtension: "txt")
      .flatMap { try? String(contentsOf: $0, encoding: .utf8) }?
      .trimmingCharacters(in: .newlines) ?? "none"
    let version = bundle.infoDictionary?["CFBundleShortVersionString"] as? String ?? "none"
    // SwiftPM's generated accessor: beside Bundle.main's folder first, then the build folder.
    let module =
      Bundle.module.url(forResource: "module", withExtension: "txt")
      .flatMap { try? String(contentsOf: $0, encoding: .utf8) }?
      .trimmingCharacters(in: .newlines) ?? "none"
    let moduleBeside = Bundle.module.bundleURL.deletingLastPathComponent() == bundle.bundleURL
    let ofClass = Bundle(for: ProbeClass.self)
    let classResource = ofClass.url(forResource: "probe", withExtension: "txt") != nil
    // A colour set of Resources/Assets.xcassets, as Color("Brand") and UIColor(named:) read it.
    let brand = UIColor(named: "Brand")?._components.map {
      "\(Int(($0.red * 255).rounded())),\(Int(($0.green * 255).rounded())),\(Int(($0.blue * 255).rounded()))"
    }
    return "resource \(resource); id \(bundle.bundleIdentifier ?? "none"); version \(version); "
      + "bundle \(bundle.localizedString(forKey: "greeting", value: nil, table: nil)); "
      + "sdk \(NSLocalizedString("greeting", comment: "")); module \(module) "
      + (moduleBeside ? "beside the bundle" : "elsewhere")
      + "; for a class \(ofClass.bundleIdentifier ?? "none"), resource \(classResource)"
      + "; asset Brand \(brand ?? "none")"
  }

  /// What the bundle's containers hold: the note an app left in App Group
  /// `group.dev.widget-host.tests.probe`, whether an undeclared group has a container, and
  /// where `NSHomeDirectory()` and `NSTemporaryDirectory()` are.
  static func container() -> String {
    let files = FileManager.default
    let note =
      files.containerURL(forSecurityApplicationGroupIdentifier: "group.dev.widget-host.tests.probe")
      .flatMap { try? String(contentsOf: $0.appendingPathComponent("note.txt"), encoding: .utf8) }
      ?? "none"
    let undeclared = files.containerURL(
      forSecurityApplicationGroupIdentifier: "group.dev.widget-host.tests.undeclared")
    return "note \(note); undeclared \(undeclared == nil ? "nil" : "found"); home "
      + NSHomeDirectory() + "; tmp " + NSTemporaryDirectory()
  }

  /// Every clock a widget may read, as seconds since 1970 (whole seconds).
  static func clocks() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var tv = timeval()
    gettimeofday(&tv, nil)
    let seconds = [
      Int(Date().timeIntervalSince1970), Int(Date.now.timeIntervalSince1970),
      Int(
        Date(timeIntervalSinceReferenceDate: Date.timeIntervalSinceReferenceDate)
          .timeIntervalSince1970), time(nil), now.tv_sec, tv.tv_sec,
    ]
    return "clocks " + seconds.map(String.init).joined(separator: " ")
  }
}

struct ProbeProvider: TimelineProvider {
  let completion: Completion

  func placeholder(in context: Context) -> ProbeEntry {
    ProbeEntry(date: Date(), report: "placeholder")
  }

  func getSnapshot(in context: Context, completion: @escaping (ProbeEntry) -> Void) {
    completion(placeholder(in: context))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<ProbeEntry>) -> Void) {
    let start = Date()
    // Widget code hands its completion to the main queue as it is (Swift 5 mode); the box says
    // so to Swift 6's checker.
    let reply = UncheckedBox(completion)
    self.completion.run { report in
      reply.value(Timeline(entries: [ProbeEntry(date: start, report: report)], policy: .never))
    }
  }
}

/// A class of the bundle's, for `Bundle(for:)`.
final class ProbeClass {}

struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

struct ProbeView: View {
  let entry: ProbeEntry
  var body: some View { Text(entry.report) }
}

/// One widget kind per way of completing: the kind is the completion's name.
protocol ProbeWidget: Widget {
  static var completion: Completion { get }
}

extension ProbeWidget {
  var body: some WidgetConfiguration {
    StaticConfiguration(
      kind: Self.completion.rawValue, provider: ProbeProvider(completion: Self.completion)
    ) {
      ProbeView(entry: $0)
    }
    .supportedFamilies([.systemMedium])
  }
}

struct MainQueueWidget: ProbeWidget { static let completion = Completion.mainQueue }
struct MainQueueAfterWidget: ProbeWidget { static let completion = Completion.mainQueueAfter }
struct MainActorWidget: ProbeWidget { static let completion = Completion.mainActor }
struct MainTimerWidget: ProbeWidget { static let completion = Completion.mainTimer }
struct ClockWidget: ProbeWidget { static let completion = Completion.clock }
struct ContainerWidget: ProbeWidget { static let completion = Completion.container }
struct NetworkWidget: ProbeWidget { static let completion = Completion.network }
struct MainBundleWidget: ProbeWidget { static let completion = Completion.mainBundle }

/// The rendering mode the host tells the bundle (docs/rendering.md#rendering-modes): the view
/// says which mode it was built in, and shows a red square in the accent group beside a green
/// one in the default group, over a yellow container background.
struct RenderingModeWidget: Widget {
  struct ModeView: View {
    @Environment(\.widgetRenderingMode) var mode
    var body: some View {
      VStack {
        Text(verbatim: "mode \(mode)")
        HStack {
          Color.red.frame(width: 40, height: 40).widgetAccentable()
          Color.green.frame(width: 40, height: 40)
        }
      }
      .containerBackground(Color.yellow, for: .widget)
    }
  }

  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "renderingMode", provider: ProbeProvider(completion: .clock)) { _ in
      ModeView()
    }
    .supportedFamilies([.systemMedium, .accessoryRectangular])
  }
}

@main
struct RuntimeProbe: WidgetBundle {
  var body: some Widget {
    MainQueueWidget()
    MainQueueAfterWidget()
    MainActorWidget()
    MainTimerWidget()
    ClockWidget()
    ContainerWidget()
    NetworkWidget()
    MainBundleWidget()
    RenderingModeWidget()
  }
}
