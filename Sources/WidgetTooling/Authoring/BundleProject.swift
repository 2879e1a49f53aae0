import Foundation
import WidgetSchema

/// A new widget bundle project, as `widget-host new` creates it: the Linux counterpart of
/// Xcode's "New Target → Widget Extension" (docs/authoring.md).
///
/// A Swift project is a SwiftPM package whose dynamic library product depends on the `WidgetKit`
/// product of a widget-host checkout (`.package(path:)`); a C project is one source file, a
/// hand-written `manifest.json`, a copy of `widget_abi.h` and a Makefile.
public struct BundleProject: Sendable {
  /// Which template to generate.
  public enum Template: String, Sendable, CaseIterable {
    /// `StaticConfiguration` with a `TimelineProvider`: Xcode's template without "Include
    /// Configuration Intent" (seeds 000 and 001).
    case swift
    /// `IntentConfiguration` with an `IntentTimelineProvider` and a `.intentdefinition` file:
    /// Xcode's older template with "Include Configuration Intent".
    case intent
    /// `AppIntentConfiguration` with a `WidgetConfigurationIntent`: Xcode's current template with
    /// "Include Configuration Intent".
    case appIntent
    /// A plain C bundle against `widget_abi.h`, built with `make`.
    case c

    /// A few words for messages.
    public var summary: String {
      switch self {
      case .swift: "Swift, StaticConfiguration"
      case .intent: "Swift, IntentConfiguration"
      case .appIntent: "Swift, AppIntentConfiguration"
      case .c: "C"
      }
    }
  }

  /// The project's name: the folder, the library product, the widget's type and its kind.
  public var name: String
  /// The template.
  public var template: Template
  /// The families the widget supports, in order of preference.
  public var families: [WidgetFamily]
  /// The widget-host checkout the project depends on (Swift) or copies the ABI header from (C).
  public var checkout: WidgetHostCheckout
  /// The `widget-host` executable the generated README and Makefile run.
  public var widgetHost: String

  /// The families a new widget supports when none are chosen: those of Xcode's template.
  public static let defaultFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]

  /// Creates a project description; `name` is checked with ``validate(name:)``.
  public init(
    name: String, template: Template, families: [WidgetFamily] = [],
    checkout: WidgetHostCheckout, widgetHost: String
  ) throws(BundleProjectError) {
    try Self.validate(name: name)
    self.name = name
    self.template = template
    var seen = Set<WidgetFamily>()
    let chosen = families.filter { seen.insert($0).inserted }
    self.families = chosen.isEmpty ? Self.defaultFamilies : chosen
    self.checkout = checkout
    self.widgetHost = widgetHost
  }

  /// Module and product names a project cannot take: they would clash with the modules it
  /// imports.
  static let reservedNames: Set<String> = [
    "WidgetKit", "SwiftUI", "Intents", "AppIntents", "Foundation", "Swift", "WidgetSchema",
    "WidgetSupport", "WidgetRendering", "WidgetBundleRuntime", "WidgetHostCore", "WidgetTooling",
    "WidgetHostCLI", "CWidgetABI", "Dispatch", "Glibc", "Testing",
  ]

  /// Swift keywords, which are not usable as a type name.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type",
    "Protocol",
  ]

  /// Checks that `name` can be a Swift type, a SwiftPM product and a C identifier: ASCII
  /// letters, digits and `_`, not starting with a digit, not a keyword or a module it imports.
  public static func validate(name: String) throws(BundleProjectError) {
    guard !name.isEmpty else { throw .invalidName(name, "the name is empty") }
    let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
    let digits = Set("0123456789")
    if let bad = name.first(where: { !letters.contains($0) && !digits.contains($0) }) {
      throw .invalidName(
        name, "'\(bad)' is not allowed: use ASCII letters, digits and _ (a Swift identifier)")
    }
    if let first = name.first, digits.contains(first) {
      throw .invalidName(name, "a Swift identifier cannot start with a digit")
    }
    if keywords.contains(name) {
      throw .invalidName(name, "'\(name)' is a Swift keyword")
    }
    if reservedNames.contains(name) {
      throw .invalidName(name, "'\(name)' is the name of a module the project imports")
    }
  }

  /// The files of the project, by path relative to its folder, in the order they are written.
  public func files() throws(BundleProjectError) -> [(path: String, contents: String)] {
    switch template {
    case .swift: return swiftFiles()
    case .intent: return try intentFiles()
    case .appIntent: return try appIntentFiles()
    case .c: return try cFiles()
    }
  }

  /// Writes the project into a new folder `name` inside `directory` and returns the folder.
  /// An existing folder (or file) of that name is never touched.
  @discardableResult
  public func create(in directory: URL) throws(BundleProjectError) -> URL {
    let folder = directory.appendingPathComponent(name).standardizedFileURL
    guard !FileManager.default.fileExists(atPath: folder.path) else {
      throw .exists(folder.path)
    }
    let files = try files()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      // Not withIntermediateDirectories: fails if the folder appeared meanwhile.
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    } catch {
      throw .io(folder.path, "cannot create the folder: \(error.localizedDescription)")
    }
    for (path, contents) in files {
      let url = folder.appendingPathComponent(path)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
      } catch {
        throw .io(url.path, "cannot write the file: \(error.localizedDescription)")
      }
    }
    return folder
  }

  /// The commands that build and run the project, from inside its folder (for the README and
  /// the message `new` prints).
  public var buildCommand: String {
    template == .c ? "make" : "swift build"
  }

  /// The command that runs what ``buildCommand`` built, from inside the project's folder.
  public var runCommand: String {
    template == .c
      ? "\(widgetHost) run build/\(name).widgetbundle"
      : "\(widgetHost) run .build/debug/lib\(name).so"
  }
}

/// Why a project could not be created.
public enum BundleProjectError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The name is not usable: the name and why.
  case invalidName(String, String)
  /// The project folder already exists.
  case exists(String)
  /// No widget-host checkout was found: where it was looked for.
  case noCheckout([String])
  /// A path given as the checkout is not one: the path, where it came from, and why.
  case notACheckout(String, source: String, reason: String)
  /// The checkout lacks something the template needs.
  case missingFeature(String)
  /// Reading or writing a file failed.
  case io(String, String)

  public var description: String {
    switch self {
    case .invalidName(let name, let reason): "invalid name '\(name)': \(reason)"
    case .exists(let path): "\(path) already exists; choose another name or --output folder"
    case .noCheckout(let tried):
      "cannot find a widget-host checkout to depend on (tried: \(tried.joined(separator: "; "))); "
        + "give --widget-host PATH or set WIDGET_HOST_CHECKOUT"
    case .notACheckout(let path, let source, let reason):
      "\(path) (\(source)) is not a widget-host checkout: \(reason)"
    case .missingFeature(let message): message
    case .io(let path, let reason): "\(path): \(reason)"
    }
  }
}
