import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// SwiftUI and WidgetKit API that public widget code uses (issue #28) and that draws nothing
/// of its own: state, animations, Dynamic Type, watch-face labels, gallery texts. Each is
/// checked for what it does here, which docs/swiftui-coverage.md says.
@Suite struct CompatibilityTests {
  /// A view as widget extensions write them: state, a binding passed down, animations and
  /// transitions on content that changes between entries, a hook that never runs.
  struct Counter: View {
    let count: Int
    @State private var expanded = true
    @FocusState private var focused: Bool
    nonisolated(unsafe) static var appeared = false

    var body: some View {
      VStack {
        Label(isOn: $expanded)
        Text(verbatim: "\(count)")
          .contentTransition(.numericText(value: Double(count)))
          .animation(.spring(duration: 0.3, bounce: 0.2), value: count)
          .transition(.move(edge: .bottom).combined(with: .opacity))
        Text(verbatim: focused ? "focused" : "not focused")
        Text(verbatim: "gone").hidden()
      }
      .onAppear { Self.appeared = true }
      .task { Self.appeared = true }
      .task(id: count) { Self.appeared = true }
    }
  }

  struct Label: View {
    @Binding var isOn: Bool

    var body: some View {
      Text(verbatim: isOn ? "on" : "off")
    }
  }

  @Test func stateBindingsAndAnimationsBuildTheViewAsItIs() {
    #expect(
      resolved(Counter(count: 3))
        == .stack(
          StackNode(
            axis: .vertical,
            children: [
              plain("on"), plain("3"), plain("not focused"), .modified(plain("gone"), .opacity(0)),
            ])))
    #expect(!Counter.appeared, "onAppear and task never run: the view is drawn, not shown live")
  }

  @Test func stateKeepsAChangeForTheRestOfItsBuildAndBindingsReachIt() {
    struct Settings {
      var isOn = false
    }
    let state = State(wrappedValue: Settings())
    let binding = state.projectedValue
    binding.isOn.wrappedValue = true
    #expect(state.wrappedValue.isOn)
    #expect(Binding.constant(4).wrappedValue == 4)
    var written = 0
    let custom = Binding(get: { 1 }, set: { written = $0 })
    custom.wrappedValue = 7
    #expect(written == 7 && custom.wrappedValue == 1)
    #expect(withAnimation(.easeInOut) { 5 } == 5)
  }

  /// Reads the Dynamic Type and container-background values.
  struct Sizes: View {
    @Environment(\.sizeCategory) var category
    @Environment(\.dynamicTypeSize) var size
    @Environment(\.showsWidgetContainerBackground) var background
    @Environment(\.showsWidgetLabel) var label

    var body: some View {
      Text(verbatim: "\(category) \(size) \(background) \(label)")
    }
  }

  @Test func dynamicTypeIsTheDefaultSizeUnlessSet() {
    #expect(resolved(Sizes()) == plain("large large true false"))
    #expect(resolved(Sizes().dynamicTypeSize(.xLarge)) == plain("large xLarge true false"))
    #expect(
      resolved(Sizes().dynamicTypeSize(.xSmall ... .medium)) == plain("large medium true false"))
    #expect(
      resolved(Sizes().dynamicTypeSize(.xxLarge...)) == plain("large xxLarge true false"))
    #expect(DynamicTypeSize.accessibility2.isAccessibilitySize)
    #expect(!ContentSizeCategory.large.isAccessibilityCategory)
  }

  @Test func theContainerBackgroundShowsOnlyOnTheHomeScreenInFullColor() {
    #expect(resolved(Sizes(), family: .accessoryRectangular) == plain("large large false false"))
    #expect(
      resolved(Sizes(), family: .systemMedium) { $0.widgetRenderingMode = .accented }
        == plain("large large false false"))
    #expect(resolved(Sizes(), family: .systemLarge) == plain("large large true false"))
  }

  @Test func watchFaceLabelsAreAcceptedAndNotDrawn() {
    let view = Text("12").widgetLabel { Text("Steps") }.widgetLabel("Steps")
    #expect(resolved(view, family: .accessoryCircular) == plain("12"))
  }

  struct TextNamedWidget: Widget {
    var body: some WidgetConfiguration {
      StaticConfiguration(kind: "TextNamed", provider: Provider()) { _ in Text("x") }
        .configurationDisplayName(Text("gallery_name"))
        .description(Text(verbatim: "Shows x."))
        .contentMarginsDisabled()
        .onBackgroundURLSessionEvents { _, completion in completion() }
    }
  }

  @Test func galleryTextsMayBeTexts() {
    let manifest = TextNamedWidget()._descriptors.map(\.manifest)
    #expect(manifest.map(\.displayName) == ["gallery_name"], "a key, for the host to look up")
    #expect(manifest.map(\.description) == ["Shows x."])
  }

  @Test func formatStylesAndFormattersWriteTheTextWhenTheViewIsBuilt() {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
    #expect(resolved(Text(date, format: style)) == plain("2027-01-15T08:00:00Z"))
    #expect(
      resolved(Text(0.25, format: .percent.locale(Locale(identifier: "en_US"))))
        == plain("25%"))
    let formatter = NumberFormatter()
    formatter.minimumFractionDigits = 2
    formatter.locale = Locale(identifier: "en_US")
    #expect(resolved(Text(NSNumber(value: 3), formatter: formatter)) == plain("3.00"))
  }

  @Test func aGroupBoxIsItsLabelAndContentOnAFilledRoundedRectangle() {
    let box = resolved(GroupBox("Today") { Text(verbatim: "3 tasks") })
    guard case .modified(.modified(.stack(let stack), .padding), .background(let layer, _)) = box
    else {
      Issue.record("\(box)")
      return
    }
    #expect(stack.axis == .vertical && stack.alignment == .leading && stack.spacing == 8)
    #expect(stack.children.count == 2 && stack.children[1] == plain("3 tasks"))
    guard case .shape(let shape) = layer else {
      Issue.record("\(layer)")
      return
    }
    #expect(shape.shape == .roundedRectangle && shape.cornerRadius == 8)
    #expect(resolved(GroupBox { Text(verbatim: "x") }) != resolved(Text(verbatim: "x")))
  }

  @Test func gradientsOfAColourAreGradientsTintsAndLineSpacingAreNothing() throws {
    // A colour's standard gradient: from the colour lightened, at the top, to the colour.
    guard
      case .modified(let text, .background(.gradient(let gradient), alignment: .center)) = resolved(
        Text(verbatim: "a").background(Color.blue.gradient))
    else {
      Issue.record("Color.blue.gradient as a background is not a gradient background")
      return
    }
    #expect(text == plain("a"))
    #expect(gradient.kind == .linear)
    #expect(gradient.startPoint == .init(x: 0.5, y: 0) && gradient.endPoint == .init(x: 0.5, y: 1))
    #expect(gradient.stops.map(\.location) == [0, 1])
    #expect(gradient.stops.last?.color == ColorValue(name: "blue"))
    #expect(gradient.representative == ColorValue(name: "blue"))
    let lighter = try #require(gradient.stops.first?.color)
    #expect(lighter.name == nil && (lighter.blue ?? 0) >= (lighter.red ?? 1))
    #expect(resolved(Text(verbatim: "a").tint(Color.red.gradient).lineSpacing(4)) == plain("a"))
  }

  struct RecommendingProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> PetEntry { PetEntry(date: Date(), text: "p") }
    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> PetEntry
    {
      placeholder(in: context)
    }
    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async
      -> WidgetKit.Timeline<PetEntry>
    {
      WidgetKit.Timeline(entries: [placeholder(in: context)], policy: .never)
    }
    func recommendations() -> [AppIntentRecommendation<ConfigurationAppIntent>] {
      [AppIntentRecommendation(intent: ConfigurationAppIntent(), description: Text("Cheerful"))]
    }
  }

  @Test func recommendationsAreAcceptedWithANoneDefault() {
    #expect(AppProvider().recommendations().isEmpty)
    #expect(RecommendingProvider().recommendations().map(\.description) == ["Cheerful"])
  }

  /// UIKit's types reach this file through `import SwiftUI` alone, as on iOS.
  @Test func uiKitColoursImagesAndFontsBecomeSwiftUIs() {
    #expect(
      resolved(Color(uiColor: .systemTeal)) == .color(ColorValue(name: "teal")))
    #expect(resolved(Color(UIColor.secondaryLabel)) == .color(ColorValue(name: "secondary")))
    #expect(
      resolved(Color(uiColor: .systemBackground.withAlphaComponent(0.5)))
        == .color(ColorValue(name: "background", opacity: 0.5)))
    #expect(
      resolved(Color(uiColor: UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)))
        == .color(ColorValue(red: 1, green: 0.5, blue: 0)))
    #expect(UIColor(named: "BrandColor") == nil, "no catalog of this process has it")
    #expect(resolved(Image(uiImage: UIImage(named: "logo")!)) == .image(ImageNode(name: "logo")))
    #expect(
      resolved(Image(uiImage: UIImage(systemName: "star.fill")!))
        == .image(ImageNode(systemName: "star.fill")))
    let png = Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [0, 0, 0, 30, 0, 0, 0, 20, 8, 2, 0, 0, 0])
    let photo = UIImage(data: png)
    #expect(photo?.size == CGSize(width: 30, height: 20))
    #expect(resolved(Image(uiImage: photo!)) == .image(ImageNode(data: png)))
    #expect(UIImage(data: Data("not an image".utf8)) == nil, "as on iOS: nil for other bytes")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uiimage-\(UUID().uuidString).png")
    try? png.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(UIImage(contentsOfFile: file.path) == photo)
    #expect(UIImage(contentsOfFile: file.path + ".gone") == nil)
    #expect(
      Font(UIFont.systemFont(ofSize: 13, weight: .semibold)) == .system(size: 13, weight: .semibold)
    )
    #expect(
      Font(UIFont.preferredFont(forTextStyle: .headline)) == .system(.headline, weight: .semibold))
    #expect(Font(UIFont.preferredFont(forTextStyle: .body)) == .body)
    #expect(UIFont.preferredFont(forTextStyle: .caption1).pointSize == 12)
  }

  enum Mood: String {
    case calm, busy
  }

  /// Reads its values from `UserDefaults`, as widgets read their app's settings.
  struct Settings: View {
    static let suite = "group.widget-host.tests.app-storage.\(UUID().uuidString)"
    @AppStorage("count", store: UserDefaults(suiteName: suite)) var count = 1
    @AppStorage("mood", store: UserDefaults(suiteName: suite)) var mood = Mood.calm
    @AppStorage("name", store: UserDefaults(suiteName: suite)) var name: String?

    var body: some View {
      Text(verbatim: "\(count) \(mood.rawValue) \(name ?? "-")")
    }
  }

  @Test func appStorageReadsTheStoreAndFallsBackToTheInitialValue() throws {
    let store = try #require(UserDefaults(suiteName: Settings.suite))
    defer { store.removePersistentDomain(forName: Settings.suite) }
    #expect(resolved(Settings()) == plain("1 calm -"))
    store.set(5, forKey: "count")
    store.set("busy", forKey: "mood")
    store.set("Ada", forKey: "name")
    #expect(resolved(Settings()) == plain("5 busy Ada"))
    store.set("nonsense", forKey: "mood")
    let settings = Settings()
    settings.$count.wrappedValue = 9
    settings.name = nil
    #expect(store.integer(forKey: "count") == 9 && store.object(forKey: "name") == nil)
    #expect(resolved(settings) == plain("9 calm -"), "a raw value of no case is the initial value")
  }
}

@Suite struct SymbolVariantTests {
  @Test func variantsAreAddedToSymbolNamesInSFSymbolsOrder() {
    #expect(
      resolved(Image(systemName: "heart").symbolVariant(.fill))
        == .image(ImageNode(systemName: "heart.fill")))
    #expect(
      resolved(Image(systemName: "bell").symbolVariant(.slash.fill))
        == .image(ImageNode(systemName: "bell.slash.fill")))
    #expect(
      resolved(HStack { Image(systemName: "heart.fill") }.symbolVariant(.circle.fill))
        == .stack(
          StackNode(
            axis: .horizontal, children: [.image(ImageNode(systemName: "heart.circle.fill"))])))
    #expect(SymbolVariants.circle.fill.contains(.fill) && !SymbolVariants.fill.contains(.circle))
    #expect(
      resolved(Image(systemName: "star").symbolVariant(.none))
        == .image(ImageNode(systemName: "star")))
    #expect(resolved(Text("x").colorInvert()) == plain("x"))
  }
}
