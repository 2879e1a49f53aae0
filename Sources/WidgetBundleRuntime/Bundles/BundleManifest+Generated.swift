import FoundationEssentials
import WidgetSchema

extension BundleManifest {
  /// The manifest of a library that has none: built from the library's own description, with
  /// identity fields taken from `overrides`, then the description, then the file name
  /// (`libClock.so` → name `Clock`, id `local.Clock`, version `0.0.0`).
  public init(
    generatedFrom description: BundleDescription, libraryPath: String,
    name: String? = nil, id: String? = nil, version: String? = nil
  ) {
    let file = URL(fileURLWithPath: libraryPath)
    var base = file.deletingPathExtension().lastPathComponent
    if base.hasPrefix("lib") { base.removeFirst(3) }
    let name = name ?? description.name ?? base
    // An id has no spaces: "System Status" becomes local.System-Status.
    let safeName = String(name.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
    self.init(
      id: id ?? description.id ?? "local.\(safeName)", name: name,
      version: version ?? description.version ?? "0.0.0", library: file.lastPathComponent,
      appGroups: description.appGroups ?? [], kinds: description.kinds,
      actions: description.actions ?? [], activities: description.activities ?? [])
  }
}
