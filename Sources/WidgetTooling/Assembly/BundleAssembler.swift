import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema
import WidgetSupport

/// Builds a `Name.widgetbundle/` folder from a library built with the SDK: the manifest is
/// generated from the library's own description, so Swift authors never write one.
public enum BundleAssembler {
  /// What to assemble.
  public struct Request: Sendable {
    /// The shared library (e.g. `.build/debug/libClock.so`).
    public var library: String
    /// The folder to create the bundle in.
    public var outputDirectory: String
    /// The bundle's name (folder `Name.widgetbundle`); defaults to the library's name without
    /// `lib` and `.so`.
    public var name: String?
    /// The bundle id; defaults to the library's own, else `local.<name>`.
    public var id: String?
    /// The version; defaults to the library's own, else `0.0.0`.
    public var version: String?
    /// A folder copied to `Resources/` (images, `<lang>.lproj`). Its `.strings` files must
    /// parse.
    public var resources: String?
    /// App Groups the bundle may use, besides those the library declares.
    public var appGroups: [String] = []
    /// An Xcode `.entitlements` file whose App Groups the bundle may use.
    public var entitlements: String?
    /// The development language written in the manifest (`developmentRegion`); nil leaves it
    /// out (`en`).
    public var developmentRegion: String?
    /// SwiftPM resource bundles (`Package_Target.resources` folders of the build) copied beside
    /// the library, where the generated `Bundle.module` looks for them.
    public var resourceBundles: [String] = []

    /// Creates a request.
    public init(library: String, outputDirectory: String) {
      self.library = library
      self.outputDirectory = outputDirectory
    }
  }

  /// Loads the library, asks for its description, and writes the bundle folder (replacing an
  /// older one). Returns the folder's path and its manifest.
  public static func assemble(
    _ request: Request, loader: any BundleLoader = InProcessLoader(), services: any BundleServices
  ) async throws(BundleError) -> (path: String, manifest: BundleManifest) {
    let source = try BundleSource.open(request.library)
    guard source.isBareLibrary else {
      throw .notABundle(path: request.library, reason: "already a bundle folder; give the library")
    }
    let connection = try await loader.load(source, services: services)
    let description = connection.description
    await connection.close()

    let libraryURL = URL(fileURLWithPath: source.libraryPath)
    let fileName = libraryURL.lastPathComponent
    var manifest = BundleManifest(
      generatedFrom: description, libraryPath: source.libraryPath, name: request.name,
      id: request.id, version: request.version)
    var groups = manifest.appGroups + request.appGroups
    if let entitlements = request.entitlements {
      groups += try AppGroupEntitlements.groups(inFile: entitlements)
    }
    manifest.appGroups = groups.reduce(into: []) { unique, group in
      if !unique.contains(group) { unique.append(group) }
    }
    manifest.developmentRegion = request.developmentRegion
    let name = manifest.name
    let problems = ManifestValidator.problems(in: manifest)
    let folder = URL(fileURLWithPath: request.outputDirectory).appendingPathComponent(
      "\(name).widgetbundle")
    guard problems.isEmpty else {
      throw .manifestInvalid(
        file: folder.appendingPathComponent("manifest.json").path, problems: problems)
    }
    if let resources = request.resources { try checkStrings(in: resources) }
    for bundle in request.resourceBundles {
      var isDirectory: ObjCBool = false
      guard bundle.hasSuffix(".resources"),
        FileManager.default.fileExists(atPath: bundle, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        throw .notABundle(
          path: bundle, reason: "not a SwiftPM resource bundle (a folder named *.resources)")
      }
    }
    let fileManager = FileManager.default
    do {
      if fileManager.fileExists(atPath: folder.path) { try fileManager.removeItem(at: folder) }
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      try fileManager.copyItem(at: libraryURL, to: folder.appendingPathComponent(fileName))
      if let resources = request.resources {
        try fileManager.copyItem(
          at: URL(fileURLWithPath: resources), to: folder.appendingPathComponent("Resources"))
      }
      for bundle in request.resourceBundles {
        let source = URL(fileURLWithPath: bundle)
        try fileManager.copyItem(
          at: source, to: folder.appendingPathComponent(source.lastPathComponent))
      }
      // Foundation's view of the folder (`Bundle(for:)`): resources in Resources/, the
      // manifest's values in its Info.plist.
      let resourcesFolder = folder.appendingPathComponent("Resources")
      try fileManager.createDirectory(at: resourcesFolder, withIntermediateDirectories: true)
      try InfoPlist(id: manifest.id, manifest: manifest, executable: fileName).xml().write(
        to: resourcesFolder.appendingPathComponent("Info.plist"))
      let encoder = WidgetJSON.encoder()
      encoder.outputFormatting.insert(.prettyPrinted)
      try (encoder.encode(manifest) + Data("\n".utf8)).write(
        to: folder.appendingPathComponent("manifest.json"))
    } catch {
      throw .notABundle(
        path: folder.path, reason: "cannot write the bundle: \(error.localizedDescription)")
    }
    return (folder.path, manifest)
  }

  /// Parses every `<lang>.lproj/*.strings` file in `resources`, so a broken one is reported
  /// (file and line) when the bundle is made rather than ignored when it runs.
  static func checkStrings(in resources: String) throws(BundleError) {
    let fileManager = FileManager.default
    let folders = ((try? fileManager.contentsOfDirectory(atPath: resources)) ?? [])
      .filter { $0.hasSuffix(".lproj") }.sorted()
    for folder in folders {
      let path = URL(fileURLWithPath: resources).appendingPathComponent(folder).path
      let files = ((try? fileManager.contentsOfDirectory(atPath: path)) ?? [])
        .filter { $0.hasSuffix(".strings") }.sorted()
      for file in files {
        do {
          _ = try StringsFile.read("\(path)/\(file)")
        } catch {
          throw .notABundle(path: error.file, reason: "line \(error.line): \(error.message)")
        }
      }
    }
  }
}
