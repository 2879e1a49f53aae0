// swift-tools-version: 6.1
import PackageDescription

// The libFuzzer targets of widget-host (docs/fuzzing.md): a package of its own, so that the root
// package's build and `swift test` never see libFuzzer. `Tests/fuzz` builds it with every module
// (the root package's too) compiled with AddressSanitizer and libFuzzer's coverage
// instrumentation, and runs the targets; only the targets' executables link libFuzzer.

/// A fuzz target: an executable linking libFuzzer, which its `main` runs (`Fuzzer.run`).
func fuzzTarget(_ name: String) -> Target {
  .executableTarget(
    name: name,
    dependencies: [
      "FuzzSupport", .product(name: "WidgetHostCore", package: "widget-host"),
      .product(name: "WidgetControl", package: "widget-host"),
    ],
    linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])])
}

let package = Package(
  name: "widget-host-fuzzing",
  dependencies: [.package(name: "widget-host", path: "../..")],
  targets: [
    // libFuzzer's `LLVMFuzzerRunDriver`, which each target's own `main` calls.
    .target(name: "CFuzzerDriver"),
    // What every target shares: the driver, the inputs' fixed clock and locale.
    .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
    // A bundle's reply bytes as the host reads them: timeline, entry and view tree.
    fuzzTarget("reply"),
    // A view tree decoded, then laid out and drawn on the character grid in every family.
    fuzzTarget("grid"),
    // A view tree decoded, then laid out and drawn by Pango and Cairo.
    fuzzTarget("pixels"),
    // A bundle's manifest.json and a library's description.
    fuzzTarget("manifest"),
    // Bytes a client sends to the control socket: lines, then requests.
    fuzzTarget("control"),
    // A home-screen file, and `--instance` specs.
    fuzzTarget("home-screen"),
  ],
  swiftLanguageModes: [.v6]
)
