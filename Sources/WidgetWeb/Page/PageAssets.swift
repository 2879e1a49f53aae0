/// The page's files (Page/Embedded: the page, its script and its style), served as they are:
/// everything the page needs comes from the host, so it works with no network.
enum PageAssets {
  /// The file served at `path`, with its content type; nil for any other path (nothing outside
  /// these files can be read).
  static func asset(at path: String) -> (type: String, body: [UInt8])? {
    let name = path == "/" ? "index.html" : String(path.dropFirst())
    guard path.hasPrefix("/"), let text = EmbeddedFiles.files[name] else { return nil }
    return (type(of: name), Array(text.utf8))
  }

  private static func type(of name: String) -> String {
    if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
    if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if name.hasSuffix(".svg") { return "image/svg+xml" }
    return "text/plain; charset=utf-8"
  }
}
