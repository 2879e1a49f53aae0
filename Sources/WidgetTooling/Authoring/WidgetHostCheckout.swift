import Foundation

/// A widget-host source checkout that new bundle projects depend on: a folder with the package's
/// `Package.swift` (package name `widget-host`) and `Sources/CWidgetABI/include/widget_abi.h`.
public struct WidgetHostCheckout: Sendable, Equatable {
  /// The checkout's folder (absolute, standardized).
  public var url: URL

  /// The environment variable naming the checkout.
  public static let environmentVariable = "WIDGET_HOST_CHECKOUT"

  /// Uses `url` as the checkout if it is one.
  public init(_ url: URL, source: String) throws(BundleProjectError) {
    let url = url.absoluteURL.standardizedFileURL
    if let reason = Self.problem(with: url) {
      throw .notACheckout(url.path, source: source, reason: reason)
    }
    self.url = url
  }

  /// Finds the checkout, in this order: `option` (`--widget-host PATH`), then the environment
  /// variable `WIDGET_HOST_CHECKOUT`, then the folders above `executable` (a `widget-host`
  /// built in a checkout, under `.build/`). A path given by the option or the variable must be
  /// a checkout; it is an error, not skipped, when it is not.
  public static func locate(
    option: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: String,
    currentDirectory: URL = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(BundleProjectError) -> WidgetHostCheckout {
    if let option {
      return try WidgetHostCheckout(
        URL(fileURLWithPath: option, relativeTo: currentDirectory), source: "--widget-host")
    }
    if let variable = environment[environmentVariable], !variable.isEmpty {
      return try WidgetHostCheckout(
        URL(fileURLWithPath: variable, relativeTo: currentDirectory),
        source: "$\(environmentVariable)")
    }
    var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      if problem(with: folder) == nil { return WidgetHostCheckout(checked: folder) }
      folder.deleteLastPathComponent()
    }
    throw .noCheckout([
      "--widget-host", "$\(environmentVariable)",
      "the folders above \(URL(fileURLWithPath: executable).resolvingSymlinksInPath().path)",
    ])
  }

  private init(checked url: URL) {
    self.url = url.absoluteURL.standardizedFileURL
  }

  /// Why `url` is not a checkout, or nil if it is one.
  static func problem(with url: URL) -> String? {
    let manifest = url.appendingPathComponent("Package.swift")
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
      return "no Package.swift"
    }
    guard text.contains("name: \"widget-host\"") else {
      return "its Package.swift is not the widget-host package"
    }
    let header = url.appendingPathComponent("Sources/CWidgetABI/include/widget_abi.h")
    guard FileManager.default.fileExists(atPath: header.path) else {
      return "no Sources/CWidgetABI/include/widget_abi.h"
    }
    return nil
  }

  /// The package's identity as a dependency by path: the folder's name, which is what
  /// `.product(name:package:)` refers to.
  public var packageIdentity: String { url.lastPathComponent }

  /// The ABI header.
  public var abiHeader: URL {
    url.appendingPathComponent("Sources/CWidgetABI/include/widget_abi.h")
  }

  /// The checkout's `Package.swift`, or "" if it cannot be read.
  var manifestText: String {
    (try? String(contentsOf: url.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
  }

  /// True if the package declares a library product `name`.
  func hasLibraryProduct(_ name: String) -> Bool {
    manifestText.contains(".library(name: \"\(name)\"")
  }

  /// True if the checkout has a source module `name` (`Sources/name`).
  func hasModule(_ name: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(
      atPath: url.appendingPathComponent("Sources/\(name)").path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The plugin products whose name contains `word`, in declaration order.
  func pluginProducts(containing word: String) -> [String] {
    let pattern = /\.plugin\(\s*name:\s*"([^"]+)"\s*,\s*targets:/
    return manifestText.matches(of: pattern).map { String($0.output.1) }.filter {
      $0.contains(word)
    }
  }
}
