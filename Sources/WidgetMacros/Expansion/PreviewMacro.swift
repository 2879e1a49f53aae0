import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview`: a declaration whose `makePreview()` calls `Preview`'s initializer with the
/// macro's arguments and closures, as Apple's macro does, and a record of it in the image's
/// `wk_previews` section, where WidgetKit finds every declaration of a bundle. SwiftUI declares the view forms and
/// WidgetKit the widget forms; the initializer each matches is chosen by the type checker, so
/// a preview's closures are type-checked as the code that calls them.
public struct PreviewMacro: DeclarationMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let call = FunctionCallExprSyntax(
      calledExpression: ExprSyntax("SwiftUI.Preview"),
      leftParen: .leftParenToken(), arguments: node.arguments, rightParen: .rightParenToken(),
      trailingClosure: node.trailingClosure,
      additionalTrailingClosures: node.additionalTrailingClosures)
    let name = context.makeUniqueName("Preview")
    let record = context.makeUniqueName("record")
    return [
      """
      struct \(name): SwiftUI._PreviewDeclaration {
        @MainActor static func makePreview() -> SwiftUI.Preview {
          \(call.trimmed)
        }
      }
      """,
      // Where WidgetKit finds the declarations, to answer the host's `previews` calls.
      """
      @section("wk_previews") @used
      let \(record): @convention(c) (UnsafeMutableRawPointer) -> Void = { destination in
        destination.initializeMemory(as: (any SwiftUI._PreviewDeclaration.Type).self, to: \(name).self)
      }
      """,
    ]
  }
}
