import FoundationEssentials
import Glibc
import WidgetSchema

/// A bundle on disk, known from its manifest alone (nothing loaded yet): either a
/// `Name.widgetbundle/` folder with `manifest.json`, or, for development, a bare shared library
/// built with the SDK, whose manifest is taken from the library itself when it is loaded.
public struct BundleSource: Sendable, Equatable {
  /// The path as the user gave it.
  public let path: String
  /// The manifest; nil for a bare library until it is loaded.
  public let manifest: BundleManifest?
  /// The manifest file, for error messages; nil for a bare library.
  public let manifestPath: String?
  /// The shared library to load.
  public let libraryPath: String
  /// The bundle's `Resources` folder (it may not exist).
  public let resourcesPath: String

  /// The id the bundle goes by before it is loaded (its host table, its worker, its container,
  /// its log lines): the manifest's, or for a bare library the library's file name.
  public var bundleID: String {
    // The library path is standardized (``open(_:)``): its file name follows the last slash.
    manifest?.id ?? libraryPath.split(separator: "/").last.map(String.init) ?? libraryPath
  }

  /// Opens the bundle at `path`, reading and validating its manifest. Does not load the library.
  public static func open(_ path: String) throws(BundleError) -> BundleSource {
    var isDirectory = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .notABundle(path: path, reason: "no such file or directory")
    }
    if !isDirectory {
      // Read here (not left to dlopen) so that a file that is no library is named as such.
      let libraryPath = standardized(path)
      guard isSharedLibrary(libraryPath) else {
        throw .notABundle(
          path: path, reason: "not a .widgetbundle folder or a shared library (ELF .so)")
      }
      // The folder's `Resources`: the standardized path is absolute, without a trailing slash.
      let folder = libraryPath[..<(libraryPath.lastIndex(of: "/") ?? libraryPath.startIndex)]
      return BundleSource(
        path: path, manifest: nil, manifestPath: nil, libraryPath: libraryPath,
        resourcesPath: folder + "/Resources")
    }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let manifestURL = url.appendingPathComponent("manifest.json")
    let data: Data
    do {
      data = try Data(contentsOf: manifestURL)
    } catch {
      let exists = FileManager.default.fileExists(atPath: manifestURL.path)
      throw .manifestUnreadable(
        file: displayPath(manifestURL, given: path),
        reason: exists ? "cannot read the file" : "missing: a bundle folder needs a manifest.json")
    }
    let manifestFile = displayPath(manifestURL, given: path)
    let manifest = try ManifestValidator.decode(data, file: manifestFile)
    let libraryURL = url.appendingPathComponent(manifest.library)
    guard FileManager.default.fileExists(atPath: libraryURL.path) else {
      throw .manifestInvalid(
        file: manifestFile,
        problems: [
          SchemaError(
            path: "library", message: "'\(manifest.library)' does not exist in \(path)")
        ])
    }
    return BundleSource(
      path: path, manifest: manifest, manifestPath: manifestFile, libraryPath: libraryURL.path,
      resourcesPath: url.appendingPathComponent("Resources").path)
  }

  /// True when this is a bare library whose manifest comes from the library itself.
  public var isBareLibrary: Bool { manifestPath == nil }

  /// Finds the bundles (`*.widgetbundle` folders) directly inside `directory`, sorted by name.
  public static func bundles(in directory: String) throws(BundleError) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw .notABundle(path: directory, reason: "cannot list the folder")
    }
    return names.filter { $0.hasSuffix(".widgetbundle") }.sorted().map {
      URL(fileURLWithPath: directory).appendingPathComponent($0).path
    }
  }

  /// The bundles `paths` name, in order: a `*.widgetbundle` folder or a library is itself, any
  /// other folder stands for the bundles directly inside it (``bundles(in:)``). A folder that
  /// holds none is an error naming it.
  public static func expandingFolders(_ paths: [String]) throws(BundleError) -> [String] {
    var expanded: [String] = []
    for path in paths {
      var isDirectory = false
      guard !path.hasSuffix(".widgetbundle"), !path.hasSuffix(".widgetbundle/"),
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory,
        !FileManager.default.fileExists(atPath: path + "/manifest.json")
      else {
        expanded.append(path)
        continue
      }
      let found = try bundles(in: path)
      guard !found.isEmpty else {
        throw .notABundle(path: path, reason: "a folder without any .widgetbundle in it")
      }
      expanded += found
    }
    return expanded
  }

  /// `path` as `URL(fileURLWithPath: path).standardizedFileURL.path` gives it (absolute, without
  /// `.` and `..` components or repeated slashes), without making a URL when it is so already:
  /// a URL's first uses cost more than the rest of opening a bare library.
  static func standardized(_ path: String) -> String {
    if path.hasPrefix("/"), !path.hasSuffix("/"), !path.contains("//"),
      !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." })
    {
      return path
    }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }

  private static func isSharedLibrary(_ path: String) -> Bool {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { Glibc.close(descriptor) }
    var magic: [UInt8] = [0, 0, 0, 0]
    let count = magic.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 4) }
    return count == 4 && magic == [0x7F, 0x45, 0x4C, 0x46]
  }

  private static func displayPath(_ url: URL, given: String) -> String {
    given.hasSuffix("/")
      ? given + url.lastPathComponent : given + "/" + url.lastPathComponent
  }
}
