import Foundation
import TestSupport
import Testing

/// The pixel libraries (Cairo, Pango and the libraries under them) are loaded only by a host
/// that draws pixels or lays out geometry (docs/rendering.md, "Start-up"): a host streaming to
/// the terminal or a bar never maps them, so it starts as fast as it did without a pixel
/// renderer. The dynamic loader lists every library it maps (`LD_DEBUG=files`).
@Suite struct PixelLibraryLoadingTests {
  /// The libraries `widget-host run ARGUMENTS --once` mapped, host and workers together.
  static func libraries(_ arguments: [String], mode: Products.Mode) throws -> [String] {
    var environment = Products.environment
    environment["LD_DEBUG"] = "files"
    let bundle = Products.bundles.appendingPathComponent("SystemStatus.widgetbundle").path
    let result = try Products.run(
      ["run", bundle, "--once"] + arguments, mode: mode, environment: environment)
    #expect(result.status == 0, "\(result.errors.suffix(2000))")
    return result.errors.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "file=") else { return nil }
      return String(line[range.upperBound...].prefix { $0 != " " && $0 != ";" })
    }
  }

  static let pixelLibraries = ["libcairo", "libpango", "libfontconfig", "libharfbuzz"]

  @Test(arguments: Products.Mode.allCases, ["text", "i3bar", "waybar"])
  func textAndBarsMapNoPixelLibrary(_ mode: Products.Mode, _ format: String) throws {
    let mapped = try Self.libraries(["--format", format], mode: mode)
    #expect(!mapped.isEmpty, "LD_DEBUG listed no library")
    let pixel = mapped.filter { path in Self.pixelLibraries.contains { path.contains($0) } }
    #expect(pixel.isEmpty, "\(format) mapped \(pixel)")
  }

  /// The JSON stream carries each entry's geometry, laid out with Pango: those libraries load.
  @Test func theJSONStreamMapsPango() throws {
    let mapped = try Self.libraries(["--format", "json"], mode: .inProcess)
    #expect(mapped.contains { $0.contains("libpangocairo") })
  }
}
