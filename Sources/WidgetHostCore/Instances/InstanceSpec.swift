import Foundation
import WidgetBundleRuntime
import WidgetSchema

/// One widget instance as a person asks for it, before it is checked against the bundles: from
/// `--instance SPEC` on the command line or from an entry of a home-screen file
/// (docs/home-screen.md).
public struct InstanceSpec: Sendable, Equatable {
  /// The instance's id, if given (`left=…`); otherwise `kind/family`, `kind/family#2`, ….
  public var id: String?
  /// The widget kind.
  public var kind: String
  /// The family; nil means the kind's first (preferred) family.
  public var family: WidgetFamily?
  /// Parameter values by name, as given: text from the command line, JSON from a file.
  public var parameters: [String: ParameterInput]
  /// How the instance is drawn (a home-screen file's `renderingMode`); nil: `--rendering-mode`,
  /// else the family's default.
  public var renderingMode: RenderingMode?
  /// The home-screen page it is on (a home-screen file's `page`, from 1); nil: the first.
  public var page: Int?
  /// Where the spec was given, for messages (`--instance 'Animal?color=red'`,
  /// `home.json: instances[0]`).
  public var origin: String

  /// Creates a spec.
  public init(
    id: String? = nil, kind: String, family: WidgetFamily? = nil,
    parameters: [String: ParameterInput] = [:], renderingMode: RenderingMode? = nil,
    page: Int? = nil, origin: String = ""
  ) {
    self.renderingMode = renderingMode
    self.page = page
    self.id = id
    self.kind = kind
    self.family = family
    self.parameters = parameters
    self.origin = origin
  }

  /// Parses a command-line spec: `[ID=]KIND[/FAMILY][?NAME=VALUE[&NAME=VALUE]...]`, each part
  /// percent-decoded (`%20` is a space, `%26` an `&`; `+` stays a plus sign).
  ///
  /// `=` before the `?` separates the id; `/` the family; after the `?`, `&` separates
  /// parameters and the first `=` of each separates its name from its value.
  public static func parse(_ text: String) throws(InstanceSpecError) -> InstanceSpec {
    func fail(_ message: String) -> InstanceSpecError {
      InstanceSpecError(spec: text, message: message)
    }
    func decode(_ part: Substring, _ what: String) throws(InstanceSpecError) -> String {
      guard let decoded = String(part).removingPercentEncoding else {
        throw fail("\(what) '\(part)' has a bad percent escape (write % as %25)")
      }
      return decoded
    }
    let head: Substring
    let query: Substring?
    if let mark = text.firstIndex(of: "?") {
      head = text[..<mark]
      query = text[text.index(after: mark)...]
    } else {
      head = Substring(text)
      query = nil
    }
    var id: String?
    var target = head
    if let equals = head.firstIndex(of: "=") {
      id = try decode(head[..<equals], "the id")
      target = head[head.index(after: equals)...]
      if id?.isEmpty == true { throw fail("the id before '=' is empty") }
    }
    let pieces = target.split(separator: "/", omittingEmptySubsequences: false)
    guard pieces.count <= 2 else {
      throw fail("expected KIND or KIND/FAMILY before '?', got '\(target)'")
    }
    let kind = try decode(pieces[0], "the kind")
    guard !kind.isEmpty else {
      throw fail("the kind is missing (expected [ID=]KIND[/FAMILY][?NAME=VALUE&...])")
    }
    var family: WidgetFamily?
    if pieces.count == 2 {
      let name = try decode(pieces[1], "the family")
      guard let known = WidgetFamily(rawValue: name) else {
        let names = WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")
        throw fail("unknown family '\(name)' (expected one of: \(names))")
      }
      family = known
    }
    var parameters: [String: ParameterInput] = [:]
    if let query, !query.isEmpty {
      for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
        guard let equals = pair.firstIndex(of: "=") else {
          throw fail("parameter '\(pair)' has no value (expected NAME=VALUE)")
        }
        let name = try decode(pair[..<equals], "the parameter name")
        let value = try decode(pair[pair.index(after: equals)...], "the value of '\(name)'")
        guard !name.isEmpty else { throw fail("a parameter name is empty in '\(pair)'") }
        guard parameters[name] == nil else { throw fail("parameter '\(name)' is given twice") }
        parameters[name] = .text(value)
      }
    }
    return InstanceSpec(
      id: id, kind: kind, family: family, parameters: parameters, origin: "--instance '\(text)'")
  }
}

/// A `--instance` spec that cannot be read; a usage error.
public struct InstanceSpecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The spec as given.
  public var spec: String
  /// What is wrong with it.
  public var message: String

  public var description: String { "--instance '\(spec)': \(message)" }
}
