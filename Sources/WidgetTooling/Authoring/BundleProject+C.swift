import Foundation
import WidgetSchema

// The C template: the same widget as the Swift template (five entries an hour apart, showing
// the time), as one C file against widget_abi.h, with a hand-written manifest and a Makefile.
// Their text is in `Authoring/Embedded/C/`.
extension BundleProject {
  func cFiles() throws(BundleProjectError) -> [(path: String, contents: String)] {
    let header: String
    do {
      header = try String(contentsOf: checkout.abiHeader, encoding: .utf8)
    } catch {
      throw .io(
        checkout.abiHeader.path, "cannot read the ABI header: \(error.localizedDescription)")
    }
    return [
      ("Makefile", cFile("Makefile")),
      ("manifest.json", cFile("manifest.json")),
      ("\(name).c", cFile("Widget.c")),
      ("include/widget_abi.h", header),
      ("README.md", cFile("README.md")),
      (".gitignore", cFile("gitignore")),
    ]
  }

  /// The bundle id of a new C project.
  var cBundleID: String { "local.\(name)" }

  /// The values of the placeholders in the C template (`Authoring/Embedded/C/`).
  var cValues: [String: String] {
    [
      "NAME": name,
      "BUNDLE_ID": cBundleID,
      "CHECKOUT": checkout.url.path,
      "WIDGET_HOST": widgetHost,
      "ABI_VERSION": "\(ABIVersion.current.major).\(ABIVersion.current.minor)",
      // `"systemSmall", "systemMedium"` in manifest.json.
      "FAMILIES_JSON": families.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
      // `\"systemSmall\",\"systemMedium\"` inside the C string of the description.
      "FAMILIES_C": families.map { "\\\"\($0.rawValue)\\\"" }.joined(separator: ","),
      "FAMILY_NAMES": families.map(\.rawValue).joined(separator: ", "),
    ]
  }

  /// `C/<file>` filled in for this project.
  func cFile(_ file: String) -> String {
    ProjectTemplate.render("C/\(file)", cValues)
  }
}
