// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

/// The toolchain's own SwiftSyntax, which macro plugins link: `lib/swift/host` beside the `swift`
/// found on `PATH` (the toolchain building this package). No outside package is fetched.
let toolchainSyntax: String = {
  let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  for folder in paths {
    let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
    guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
    let host = swift.resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("../lib/swift/host").standardizedFileURL.path
    if FileManager.default.fileExists(atPath: host + "/SwiftSyntaxMacros.swiftmodule") {
      return host
    }
  }
  return "/usr/lib/swift/host"
}()

/// How a macro plugin builds against the toolchain's SwiftSyntax (`toolchainSyntax`).
let syntaxModules = [
  "SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftSyntaxMacroExpansion",
  "SwiftCompilerPluginMessageHandling", "SwiftDiagnostics", "SwiftParser", "SwiftOperators",
  "SwiftBasicFormat",
]

/// How `widget-host` and `widget-worker` link: the Swift runtime, Dispatch and Foundation (or
/// FoundationEssentials) statically, so a start is not spent binding their shared libraries
/// (docs/isolation.md, "The host's own runtime"). lld packs the relative relocations (RELR), and
/// nothing is exported, so a Swift bundle loaded into the process binds to its own shared
/// runtime, never to the executable's copy. Static Foundation needs its C parts named (`parts`).
/// The C++ library is linked statically too: `Sources/StaticLinking` comes first on the library
/// path, and its `libstdc++.so` is a linker script that names GCC's `libstdc++.a`.
func linkedStatically(with parts: [String]) -> [LinkerSetting] {
  [
    .unsafeFlags([
      "-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
      "-Xlinker", "--no-export-dynamic", "-L", Context.packageDirectory + "/Sources/StaticLinking",
    ])
  ] + parts.map { .linkedLibrary($0) }
}

let package = Package(
  name: "widget-host",
  products: [
    .executable(name: "widget-host", targets: ["widget-host"]),
    // The worker process the host runs for each bundle (docs/isolation.md); installed next to
    // widget-host.
    .executable(name: "widget-worker", targets: ["widget-worker"]),
    // The performance benchmark (docs/performance.md): `swift run -c release widget-bench`.
    .executable(name: "widget-bench", targets: ["widget-bench"]),
    .library(
      name: "WidgetKit",
      targets: [
        "WidgetKit", "SwiftUI", "UIKit", "_Testing_UIKit", "Combine", "Intents", "AppIntents",
        "ActivityKit",
      ]),
    .library(name: "WidgetHostCore", targets: ["WidgetHostCore"]),
    // A client of a running host's control socket (docs/control.md): what WidgetCenter, the
    // CLI's socket commands and other programs that drive a host use.
    .library(name: "WidgetControl", targets: ["WidgetControl"]),
    // Example bundles built with the SDK: `swift package widget-bundle --product Clock`.
    .library(name: "Clock", type: .dynamic, targets: ["Clock"]),
    .library(name: "LockScreen", type: .dynamic, targets: ["LockScreen"]),
    .library(name: "Wishes", type: .dynamic, targets: ["Wishes"]),
    .library(name: "Animals", type: .dynamic, targets: ["Animals"]),
    .library(name: "Counter", type: .dynamic, targets: ["Counter"]),
    .library(name: "Delivery", type: .dynamic, targets: ["Delivery"]),
    // The Delivery example's app: starts, updates and ends the delivery's Live Activity.
    .executable(name: "DeliveryApp", targets: ["DeliveryApp"]),
    // A bundle for the end-to-end tests: what its process gives widget code (main queue, clock).
    .library(name: "RuntimeProbe", type: .dynamic, targets: ["RuntimeProbe"]),
    .executable(name: "RuntimeProbeApp", targets: ["RuntimeProbeApp"]),
    // Seed 004's app: writes the App Group and calls WidgetCenter (Examples/NowPlayingApp).
    .executable(name: "NowPlayingApp", targets: ["NowPlayingApp"]),
    .plugin(name: "WidgetBundlePlugin", targets: ["WidgetBundlePlugin"]),
    .plugin(name: "WidgetValidatePlugin", targets: ["WidgetValidatePlugin"]),
    .plugin(name: "IntentDefinitionPlugin", targets: ["IntentDefinitionPlugin"]),
  ],
  targets: [
    // The C ABI between the host and bundles: one header, usable on its own.
    .target(name: "CWidgetABI"),
    // What the SDK, the host and the tools share that is not a wire format: where files live
    // (the control socket, App Group stores), `.strings` files and language matching, RFC 3339
    // dates.
    .target(name: "WidgetSupport"),
    // Every wire format (manifest, calls and replies, view tree, stream events and the preview
    // and simulate lines, control protocol, worker frames and the errors they carry, home-screen
    // file, validate report): one definition each.
    .target(name: "WidgetSchema", dependencies: ["WidgetSupport", "WidgetMacros"]),
    // A host's control socket from the outside: its endpoints (a Unix path or TCP), the POSIX
    // calls behind them, and the one client of the protocol.
    .target(name: "WidgetControl", dependencies: ["WidgetSchema", "WidgetSupport"]),
    // The bundle author's SDK.
    .target(
      name: "SwiftUI",
      dependencies: [
        "WidgetSchema", "WidgetSupport", "UIKit", "Combine", "WidgetMacros", "AppIntents",
      ]),
    // Combine's publishers, subjects and observable objects that widget code uses; SwiftUI
    // re-exports it, as on Apple platforms.
    .target(name: "Combine"),
    // `#Preview`, as a compiler plugin linked with the toolchain's SwiftSyntax.
    .macro(
      name: "WidgetMacros", swiftSettings: [.unsafeFlags(["-I", toolchainSyntax])],
      linkerSettings: [
        .unsafeFlags(
          ["-L", toolchainSyntax, "-Xlinker", "-rpath", "-Xlinker", toolchainSyntax]
            + syntaxModules.map { "-l\($0)" })
      ]),
    // UIKit's colours, images and fonts that widget code names (UIColor, UIImage, UIFont).
    .target(name: "UIKit", dependencies: ["WidgetSchema", "_Testing_UIKit"]),
    // The (empty) cross-import overlay Swift Testing expects beside UIKit.
    .target(name: "_Testing_UIKit", path: "Sources/TestingUIKitOverlay"),
    .target(name: "CWidgetKitShims"),
    // GNU extensions of glibc that Swift's Glibc module does not declare (they need
    // _GNU_SOURCE): the spawn file action that closes every descriptor from N up, so that a
    // worker inherits nothing of the host's but what it is given; a thread's CPU affinity, so
    // that a worker's call thread runs on the CPU where the host waits for its reply.
    .target(name: "CGlibcShims"),
    // Configurable widgets: the Intents and App Intents types widget code uses.
    .target(name: "Intents", dependencies: ["WidgetSchema", "WidgetSupport"]),
    .target(name: "AppIntents", dependencies: ["WidgetSchema", "WidgetSupport"]),
    // Live Activities for apps (`Activity.request`, `update`, `end`) over the host's control
    // socket, and the `ActivityAttributes` that bundles' `ActivityConfiguration` draws.
    .target(name: "ActivityKit", dependencies: ["WidgetSchema", "WidgetSupport", "WidgetControl"]),
    .target(
      name: "WidgetKit",
      dependencies: [
        "SwiftUI", "WidgetSchema", "WidgetSupport", "WidgetControl", "CWidgetABI",
        "CWidgetKitShims",
        "Intents", "AppIntents", "ActivityKit", "WidgetMacros",
      ]),
    // Code generation from Xcode intent definitions (IntentDefinitionPlugin runs intent-codegen).
    .target(name: "IntentCodegen"),
    .executableTarget(name: "intent-codegen", dependencies: ["IntentCodegen"]),
    // A folder of files as a Swift source (EmbedFilesPlugin runs embed-files).
    .executableTarget(name: "embed-files"),
    // The host.
    // SQLite (Debian: libsqlite3-dev) keeps the host's durable state: the refresh-budget ledger.
    // Linked from the package's libsqlite3.a (the module map's `link ":libsqlite3.a"`): one less
    // shared library for the loader to bind at each start.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // What a worker process needs to run a bundle: the in-process loading of a library, the
    // frames' socket (their codec is WidgetSchema's) and the worker loop; FoundationEssentials
    // only, never Foundation.
    .target(
      name: "WidgetBundleRuntime",
      dependencies: ["WidgetSchema", "WidgetSupport", "CWidgetABI", "CGlibcShims", "CFFI"]),
    // libffi calls the C functions a bundle declares as actions (docs/interactive.md).
    .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
    // Linked statically like the host: a worker starts in about half the CPU (docs/isolation.md,
    // "The worker executable").
    .executableTarget(
      name: "widget-worker",
      dependencies: ["WidgetBundleRuntime", "CVirtualClock", "CProcessPath"],
      linkerSettings: linkedStatically(with: ["_FoundationCShims", "_FoundationCollections"])
        + [
          // The virtual clock's definitions of the C library's wall-clock calls, and the
          // process path's `readlink`, exported so that the bundle's libraries (Foundation's
          // `Date()` and `Bundle.main` included) bind to them.
          .unsafeFlags(
            ["clock_gettime", "gettimeofday", "time", "timespec_get", "readlink"].flatMap {
              ["-Xlinker", "--export-dynamic-symbol=\($0)"]
            })
        ]),
    // The worker's wall clock, which follows the host's virtual clock (docs/isolation.md).
    .target(name: "CVirtualClock"),
    // The worker's answer to readlink("/proc/self/exe"): the bundle, for `Bundle.main`.
    .target(name: "CProcessPath"),
    // Cairo, Pango, GdkPixbuf and librsvg, loaded with dlopen on first use (Debian:
    // libcairo2-dev, libpango1.0-dev, libgdk-pixbuf-2.0-dev, librsvg2-dev for the headers the
    // check compiles against): a host that draws no pixels starts without them
    // (docs/rendering.md, "Start-up").
    .target(name: "CPixelLibraries"),
    // Cairo's headers through its pkg-config name (which brings GLib's and FreeType's too): only
    // the tests link it, to check CPixelLibraries' declarations against the libraries' own
    // headers (Tests/PixelLibrariesCheck).
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    // Layout and drawing of view trees: the propose-and-respond layout in points, text measured
    // on the grid or by Pango, the character-grid renderer and the Cairo renderer.
    .target(
      name: "WidgetRendering", dependencies: ["WidgetSchema", "CPixelLibraries"],
      exclude: ["Text/UnicodeTables/generate_width_tables.py"]),
    // The host runtime: bundles, timelines, isolation, the durable store, sinks, control.
    .target(
      name: "WidgetHostCore",
      dependencies: [
        "WidgetBundleRuntime", "WidgetRendering", "WidgetSchema", "WidgetSupport", "WidgetControl",
        "CSQLite", "CGlibcShims",
      ]),
    // Tools for bundle authors: project templates (`widget-host new`), the conformance suite
    // (`validate`), the bundle assembler (`assemble`).
    // Authoring/Embedded holds the files of the project templates, embedded in the binary by
    // EmbedFilesPlugin (docs/authoring.md, "The templates").
    .target(
      name: "WidgetTooling",
      dependencies: [
        "WidgetHostCore", "WidgetBundleRuntime", "WidgetSchema", "WidgetSupport",
      ],
      exclude: ["Authoring/Embedded"], plugins: ["EmbedFilesPlugin"]),
    // GNU libmicrohttpd (Debian: libmicrohttpd-dev for its header), loaded with dlopen on first
    // use: a host that serves no page starts without it (docs/web.md, "The server").
    .target(name: "CWebServer"),
    // The web sink: the home-screen page, its event stream and taps over HTTP. Web/Embedded
    // holds the page's files, embedded in the binary by EmbedFilesPlugin.
    .target(
      name: "WidgetWeb",
      dependencies: ["WidgetHostCore", "WidgetRendering", "WidgetSchema", "CWebServer"],
      exclude: ["Page/Embedded"], plugins: ["EmbedFilesPlugin"]),
    .target(
      name: "WidgetHostCLI",
      dependencies: [
        "WidgetHostCore", "WidgetTooling", "WidgetWeb", "WidgetBundleRuntime", "WidgetRendering",
        "WidgetSchema", "WidgetSupport", "WidgetControl",
      ]),
    // The host carries its own Swift runtime, Dispatch and Foundation (with ICU).
    .executableTarget(
      name: "widget-host", dependencies: ["WidgetHostCLI", "WidgetBundleRuntime"],
      linkerSettings: linkedStatically(
        with: ["CoreFoundation", "_FoundationICU", "_FoundationCShims", "_FoundationCollections"])),
    // The benchmark: scenarios in a library, a thin executable, and the hello-world Swift
    // binary that the start-up scenario compares against.
    // Programs/ holds the C programs it compiles at run time (its bundle, the sink's floor).
    .target(
      name: "WidgetBench",
      dependencies: [
        "WidgetHostCore", "WidgetBundleRuntime", "WidgetRendering", "WidgetSchema", "WidgetWeb",
      ],
      exclude: ["Programs"]),
    .executableTarget(name: "widget-bench", dependencies: ["WidgetBench"]),
    // Linked as widget-host is, so that the start-up scenario compares like with like.
    .executableTarget(name: "bench-hello", linkerSettings: linkedStatically(with: [])),
    .executableTarget(name: "bench-idle"),
    // Examples.
    .target(name: "Clock", dependencies: ["WidgetKit", "SwiftUI"], path: "Examples/Clock/Sources"),
    .target(
      name: "RuntimeProbe", dependencies: ["WidgetKit", "SwiftUI"],
      path: "Tests/Fixtures/RuntimeProbe", resources: [.copy("ModuleResources/module.txt")]),
    .executableTarget(
      name: "RuntimeProbeApp", dependencies: ["WidgetKit"], path: "Tests/Fixtures/RuntimeProbeApp"),
    .target(
      name: "LockScreen", dependencies: ["WidgetKit", "SwiftUI"],
      path: "Examples/LockScreen/Sources"),
    .target(
      name: "Wishes", dependencies: ["WidgetKit", "SwiftUI", "Intents"],
      path: "Examples/Wishes/Sources", plugins: ["IntentDefinitionPlugin"]),
    .target(
      name: "Animals", dependencies: ["WidgetKit", "SwiftUI", "Intents"],
      path: "Examples/Animals/Sources", plugins: ["IntentDefinitionPlugin"]),
    .executableTarget(
      name: "NowPlayingApp", dependencies: ["WidgetKit"], path: "Examples/NowPlayingApp/Sources"),
    .target(
      name: "Counter", dependencies: ["WidgetKit", "SwiftUI", "AppIntents"],
      path: "Examples/Counter/Sources"),
    // A delivery's Live Activity: the attributes both sides share, the bundle that draws it and
    // the app that starts, updates and ends it (Examples/Delivery).
    .target(
      name: "DeliveryModel", dependencies: ["ActivityKit"],
      path: "Examples/Delivery/Sources/DeliveryModel"),
    .target(
      name: "Delivery", dependencies: ["WidgetKit", "SwiftUI", "ActivityKit", "DeliveryModel"],
      path: "Examples/Delivery/Sources/Delivery"),
    .executableTarget(
      name: "DeliveryApp", dependencies: ["ActivityKit", "DeliveryModel"],
      path: "Examples/Delivery/Sources/DeliveryApp"),
    // Plugins for bundle authors.
    .plugin(
      name: "WidgetBundlePlugin",
      capability: .command(
        intent: .custom(
          verb: "widget-bundle",
          description: "Builds a widget bundle product and assembles Name.widgetbundle/")),
      dependencies: ["widget-host", "widget-worker"]),
    .plugin(
      name: "WidgetValidatePlugin",
      capability: .command(
        intent: .custom(
          verb: "widget-validate",
          description: "Builds widget bundle products and runs the widget-host validate suite")),
      dependencies: ["widget-host", "widget-worker"]),
    .plugin(
      name: "IntentDefinitionPlugin", capability: .buildTool(),
      dependencies: ["intent-codegen"]),
    // Embeds a target's `Embedded` folder in its code (the templates of `widget-host new`).
    .plugin(name: "EmbedFilesPlugin", capability: .buildTool(), dependencies: ["embed-files"]),
    // Tests.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // Pango's, GdkPixbuf's and librsvg's pkg-config files add `-pthread`, a flag SwiftPM
    // refuses with a warning: their folders are named here instead (Debian's libpango1.0-dev,
    // libgdk-pixbuf-2.0-dev, librsvg2-dev).
    .target(
      name: "PixelLibrariesCheck", dependencies: ["CPixelLibraries", "CCairo"],
      path: "Tests/PixelLibrariesCheck",
      cSettings: [
        .unsafeFlags([
          "-I/usr/include/pango-1.0", "-I/usr/include/harfbuzz", "-I/usr/include/gdk-pixbuf-2.0",
          "-I/usr/include/librsvg-2.0",
        ])
      ]),
    .testTarget(name: "WidgetSupportTests", dependencies: ["WidgetSupport"]),
    .testTarget(
      name: "WidgetSchemaTests",
      dependencies: ["WidgetSchema", "WidgetSupport", "WidgetRendering", "TestSupport"]),
    .testTarget(
      name: "WidgetKitTests",
      dependencies: [
        "WidgetKit", "SwiftUI", "ActivityKit", "WidgetSchema", "WidgetSupport", "Intents",
        "AppIntents",
        "CWidgetABI",
      ],
      // Examples/ links the wishes widget's intent definition (its ConfigurationIntent).
      plugins: ["IntentDefinitionPlugin"]),
    .testTarget(name: "IntentCodegenTests", dependencies: ["IntentCodegen", "TestSupport"]),
    .testTarget(
      name: "WidgetHostCoreTests",
      dependencies: [
        "WidgetHostCore", "WidgetBundleRuntime", "WidgetRendering", "WidgetSchema",
        "WidgetSupport", "WidgetControl", "CWidgetABI", "CGlibcShims", "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "WidgetRenderingTests",
      dependencies: ["WidgetRendering", "WidgetSchema", "TestSupport", "PixelLibrariesCheck"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "WidgetToolingTests",
      dependencies: ["WidgetTooling", "WidgetSchema", "TestSupport"]),
    .testTarget(
      name: "WidgetHostCLITests",
      dependencies: [
        "WidgetHostCLI", "WidgetHostCore", "WidgetSchema", "WidgetBundleRuntime", "WidgetControl",
        "TestSupport",
      ]),
    .testTarget(
      name: "WidgetWebTests",
      dependencies: [
        "WidgetWeb", "WidgetHostCore", "WidgetRendering", "WidgetSchema", "TestSupport",
      ]),
    .testTarget(name: "WidgetBenchTests", dependencies: ["TestSupport", "WidgetBench"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "WidgetSchema", "WidgetSupport", "WidgetHostCore", "WidgetBundleRuntime", "WidgetRendering",
        "WidgetControl", "TestSupport",
      ],
      exclude: ["Golden", "Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

/// The compatibility corpus (Tests/Compatibility; docs/swiftui-coverage.md, "The compatibility
/// corpus"): widget code as others write it for iOS, each its own bundle, built the way its
/// authors build it: in Swift 5 language mode, Xcode's default for an app extension. Its
/// warnings are its authors' (the seeds are verbatim), so they are not shown. `imports`: the
/// SDK's modules its code imports; an intent definition is generated as Xcode does.
let corpus: [(name: String, path: String, imports: [Target.Dependency], intents: Bool)] = [
  ("Seed000Template", "Seeds/Seed000Template", ["WidgetKit", "SwiftUI"], false),
  ("Seed000Wishes", "Seeds/Seed000Wishes", ["WidgetKit", "SwiftUI", "Intents"], true),
  ("Seed003Animals", "Seeds/Seed003Animals", ["WidgetKit", "SwiftUI", "Intents"], true),
  ("Seed004LockScreen", "Seeds/Seed004LockScreen", ["WidgetKit", "SwiftUI"], false),
  ("ActivityRings", "Corpus/ActivityRings", ["WidgetKit", "SwiftUI"], false),
  ("StepsChart", "Corpus/StepsChart", ["WidgetKit", "SwiftUI"], false),
  ("SpendingBars", "Corpus/SpendingBars", ["WidgetKit", "SwiftUI"], false),
  ("BatteryGauge", "Corpus/BatteryGauge", ["WidgetKit", "SwiftUI"], false),
  ("CalendarMonth", "Corpus/CalendarMonth", ["WidgetKit", "SwiftUI"], false),
  ("HabitTracker", "Corpus/HabitTracker", ["WidgetKit", "SwiftUI"], false),
  ("WeatherForecast", "Corpus/WeatherForecast", ["WidgetKit", "SwiftUI"], false),
  ("FocusTimer", "Corpus/FocusTimer", ["WidgetKit", "SwiftUI"], false),
  ("ReadingGoal", "Corpus/ReadingGoal", ["WidgetKit", "SwiftUI"], false),
  ("CryptoPrice", "Corpus/CryptoPrice", ["WidgetKit", "SwiftUI", "AppIntents"], false),
  ("StockTicker", "Corpus/StockTicker", ["WidgetKit", "SwiftUI", "Combine"], false),
  ("RemindersList", "Corpus/RemindersList", ["WidgetKit", "SwiftUI", "UIKit"], false),
  ("WaterTracker", "Corpus/WaterTracker", ["WidgetKit", "SwiftUI", "AppIntents"], false),
  ("TaskChecklist", "Corpus/TaskChecklist", ["WidgetKit", "SwiftUI", "AppIntents"], false),
  ("NewsHeadlines", "Corpus/NewsHeadlines", ["WidgetKit", "SwiftUI"], false),
  ("CoffeeOrder", "Corpus/CoffeeOrder", ["WidgetKit", "SwiftUI"], false),
  ("FitnessSummary", "Corpus/FitnessSummary", ["WidgetKit", "SwiftUI"], false),
  ("PhotoMemories", "Corpus/PhotoMemories", ["WidgetKit", "SwiftUI"], false),
  ("Alarms", "Corpus/Alarms", ["WidgetKit", "SwiftUI"], false),
  ("PlantCare", "Corpus/PlantCare", ["WidgetKit", "SwiftUI", "AppIntents"], false),
  ("SmartHome", "Corpus/SmartHome", ["WidgetKit", "SwiftUI", "AppIntents"], false),
  ("PhotoFrame", "Corpus/PhotoFrame", ["WidgetKit", "SwiftUI", "UIKit"], false),
  ("WorldClock", "Corpus/WorldClock", ["WidgetKit", "SwiftUI"], false),
  (
    "PizzaTracker", "Corpus/PizzaTracker", ["WidgetKit", "SwiftUI", "ActivityKit", "AppIntents"],
    false
  ),
]
for bundle in corpus {
  package.products.append(.library(name: bundle.name, type: .dynamic, targets: [bundle.name]))
  package.targets.append(
    .target(
      name: bundle.name, dependencies: bundle.imports, path: "Tests/Compatibility/\(bundle.path)",
      swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-suppress-warnings"])],
      plugins: bundle.intents ? ["IntentDefinitionPlugin"] : []))
}
