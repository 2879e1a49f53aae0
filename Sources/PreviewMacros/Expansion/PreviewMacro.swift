import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview`: a declaration whose `makePreview()` calls `Preview`'s initializer with the
/// macro's arguments and closures, as Apple's macro does. SwiftUI declares the view forms and
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
    return [
      """
      struct \(name): SwiftUI._PreviewDeclaration {
        @MainActor static func makePreview() -> SwiftUI.Preview {
          \(call.trimmed)
        }
      }
      """
    ]
  }
}
