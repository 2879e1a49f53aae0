import Foundation
import WidgetBundleRuntime
import WidgetSchema

/// A home-screen file's instances as the host runs them (``InstanceSpec``). The file's format,
/// and the checks that name the file, the JSON path and what is wrong, are WidgetSchema's
/// ``HomeScreenFile`` (docs/home-screen.md, schema docs/schemas/home-screen.schema.json).
public enum HomeScreen {
  /// Reads the instances of the home-screen file at `path`.
  public static func load(_ path: String) throws(HomeScreenError) -> [InstanceSpec] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw HomeScreenError(
        file: path, path: "", message: exists ? "cannot be read" : "no such file")
    }
    return try decode(data, file: path)
  }

  /// Reads the instances of a home-screen document; `file` names it in errors.
  public static func decode(_ data: Data, file: String) throws(HomeScreenError) -> [InstanceSpec] {
    let document = try HomeScreenFile.decode(data, file: file)
    return document.instances.enumerated().map { index, instance in
      spec(instance, path: "instances[\(index)]", file: file)
    }
  }

  /// Reads one instance object of a home-screen file (or of a configuration file's
  /// `instance` list) found at JSON `path` in `file`.
  public static func instance(
    _ item: JSONValue, path: String, file: String
  ) throws(HomeScreenError) -> InstanceSpec {
    spec(try HomeScreenFile.Instance.decode(item, path: path, file: file), path: path, file: file)
  }

  /// The spec of `instance`, found at JSON `path` in `file` (its origin in messages).
  static func spec(_ instance: HomeScreenFile.Instance, path: String, file: String) -> InstanceSpec
  {
    InstanceSpec(
      id: instance.id, kind: instance.kind, family: instance.family,
      parameters: instance.parameters.mapValues { .json($0) },
      renderingMode: instance.renderingMode, page: instance.page, origin: "\(file): \(path)")
  }
}
