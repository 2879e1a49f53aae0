/// The files `widget-host new` writes, as they are kept in `Authoring/Embedded/` (embedded in
/// the binary at build time by the EmbedFilesPlugin): the text of each file, with placeholders
/// `{{NAME}}` that a project fills in (docs/authoring.md, "The templates").
enum ProjectTemplate {
  /// The embedded file `path` (`Swift/StaticWidget.swift`) with every placeholder replaced by
  /// its value in `values`. A file that is not embedded, or a placeholder without a value, is a
  /// mistake in widget-host itself (`BundleProjectTests` renders every template).
  static func render(_ path: String, _ values: [String: String]) -> String {
    guard let text = EmbeddedFiles.files[path] else {
      preconditionFailure("no template \(path) in Authoring/Embedded")
    }
    return fill(text, values, in: path)
  }

  /// `text` with each `{{KEY}}` replaced by `values[KEY]`.
  static func fill(_ text: String, _ values: [String: String], in path: String) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.range(of: "{{") {
      guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { break }
      let key = String(rest[open.upperBound..<close.lowerBound])
      guard let value = values[key] else {
        preconditionFailure("template \(path) has {{\(key)}}, which has no value")
      }
      result += rest[..<open.lowerBound]
      result += value
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// The placeholders of the embedded file `path`, in order of appearance (for the tests).
  static func placeholders(in path: String) -> [String] {
    var keys: [String] = []
    var rest = (EmbeddedFiles.files[path] ?? "")[...]
    while let open = rest.range(of: "{{"),
      let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex)
    {
      keys.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return keys
  }

  /// Every embedded file's path.
  static var paths: [String] { EmbeddedFiles.files.keys.sorted() }
}
