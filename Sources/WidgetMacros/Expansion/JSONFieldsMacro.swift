import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONFields` on a struct whose Codable conformance is synthesized: an extension making it a
/// `JSONObjectFields` whose `encodeFields(into:)` writes each stored property under its key, as
/// the synthesized `encode(to:)` does (optionals only when set, keys renamed where `CodingKeys`
/// renames them, only the properties `CodingKeys` names when it is declared).
///
/// Both encodings come from the one list of stored properties, so a property added to the type
/// reaches the stream's writer with no other edit.
public struct JSONFieldsMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let structure = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: Problem("@JSONFields applies to a struct")))
      return []
    }
    let keys = codingKeys(in: structure)
    var calls: [(key: String, call: String)] = []
    for member in structure.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), isStored(variable) else {
        continue
      }
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
          continue
        }
        guard let annotation = binding.typeAnnotation else {
          context.diagnose(
            Diagnostic(
              node: binding, message: Problem("@JSONFields needs the type of '\(name)' written")))
          continue
        }
        let property = unquoted(name)
        let key: String
        if let keys {
          guard let named = keys[property] else { continue }
          key = named
        } else {
          key = property
        }
        let call = isOptional(annotation.type) ? "fieldIfPresent" : "field"
        calls.append((key, "try sink.\(call)(\"\(key)\", self.\(name))"))
      }
    }
    let access =
      structure.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    // In key order, the order the writer puts them in: given so, it never has to move one.
    calls.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    let body = calls.map(\.call).joined(separator: "\n")
    let decl: DeclSyntax = """
      extension \(type.trimmed): WidgetSchema.JSONObjectFields {
        \(raw: access)func encodeFields<Sink: WidgetSchema.JSONFieldSink & ~Copyable>(
          into sink: inout Sink
        ) throws(Sink.Failure) {
          \(raw: body)
        }
      }
      """
    guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
    return [extensionDecl]
  }

  /// Whether the declaration is an instance property with storage (no getter of its own).
  static func isStored(_ variable: VariableDeclSyntax) -> Bool {
    let modifiers = variable.modifiers.map(\.name.tokenKind)
    if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) {
      return false
    }
    for binding in variable.bindings {
      guard let accessors = binding.accessorBlock else { continue }
      guard case .accessors(let list) = accessors.accessors else { return false }
      let observers: Set<TokenKind> = [.keyword(.willSet), .keyword(.didSet)]
      if !list.allSatisfy({ observers.contains($0.accessorSpecifier.tokenKind) }) { return false }
    }
    return true
  }

  /// `CodingKeys`' cases, by property name, with the key each stands for; nil when the struct
  /// declares no `CodingKeys`.
  static func codingKeys(in structure: StructDeclSyntax) -> [String: String]? {
    for member in structure.memberBlock.members {
      guard let keys = member.decl.as(EnumDeclSyntax.self), keys.name.text == "CodingKeys" else {
        continue
      }
      var names: [String: String] = [:]
      for item in keys.memberBlock.members {
        guard let cases = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
        for element in cases.elements {
          let name = unquoted(element.name.text)
          let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self)
          names[name] = literal?.representedLiteralValue ?? name
        }
      }
      return names
    }
    return nil
  }

  /// `name` without the backquotes of an escaped identifier (`` `default` ``).
  static func unquoted(_ name: String) -> String {
    guard name.count > 2, name.hasPrefix("`"), name.hasSuffix("`") else { return name }
    return String(name.dropFirst().dropLast())
  }

  /// Whether `type` is written as an optional (`T?`, `T!`, `Optional<T>`).
  static func isOptional(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return true
    }
    if let named = type.as(IdentifierTypeSyntax.self), named.name.text == "Optional" { return true }
    if let member = type.as(MemberTypeSyntax.self), member.name.text == "Optional" { return true }
    return false
  }

  struct Problem: DiagnosticMessage {
    var message: String
    init(_ message: String) { self.message = message }
    var diagnosticID: MessageID { MessageID(domain: "WidgetMacros", id: "JSONFields") }
    var severity: DiagnosticSeverity { .error }
  }
}
