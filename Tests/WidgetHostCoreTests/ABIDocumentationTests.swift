import Foundation
import TestSupport
import Testing

/// docs/abi.md documents every type, constant, field and function pointer of widget_abi.h: the
/// header and the reference cannot drift apart unnoticed.
@Suite struct ABIDocumentationTests {
  static let header =
    (try? String(
      contentsOf: TestSupport.abiInclude.appendingPathComponent("widget_abi.h"), encoding: .utf8))
    ?? ""
  static let reference =
    (try? String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/abi.md"), encoding: .utf8))
    ?? ""

  /// Identifiers the header declares: types (`wk_*`), constants (`WK_*`), struct fields and
  /// function-pointer members.
  static var declared: Set<String> {
    var names = Set<String>()
    let patterns = [
      #"\bwk_[a-z_]+\b"#,  // types and functions
      #"\bWK_[A-Z_0-9]+\b"#,  // constants
      #"^\s+(?:const\s+)?[a-z_0-9]+\s*\**\s*([a-z_]+);"#,  // fields
      #"\(\*([a-z_]+)\)"#,  // function pointers
    ]
    for line in header.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.hasPrefix("*"), !trimmed.hasPrefix("/*") else { continue }
      let text = String(line)
      for pattern in patterns {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
          if let swiftRange = Range(range, in: text) { names.insert(String(text[swiftRange])) }
        }
      }
    }
    // Macro plumbing and include guards are not part of the ABI.
    return names.subtracting(["WIDGET_ABI_H", "WK_EXPORT"])
  }

  @Test func everyDeclarationIsDocumented() {
    #expect(!Self.header.isEmpty && !Self.reference.isEmpty)
    let declared = Self.declared
    #expect(declared.count > 40, "the header parse found \(declared.count) names")
    for name in declared.sorted() {
      let mentioned =
        Self.reference.range(
          of: "\\b\(name)\\b", options: .regularExpression) != nil
      #expect(mentioned, "docs/abi.md does not mention `\(name)`")
    }
  }
}
