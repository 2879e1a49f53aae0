import SwiftUI
import WidgetSchema

@testable import WidgetKit

/// `view` resolved as EntryEncoder resolves an entry's view, for `family`, after `configure`.
func resolved<V: View>(
  _ view: V, family: WidgetKit.WidgetFamily = .systemSmall,
  configure: (inout EnvironmentValues) -> Void = { _ in }
) -> ViewNode {
  var environment = EnvironmentValues()
  environment.widgetFamily = family
  let size = family.schemaFamily.displaySize
  environment._proposedSize = CGSize(width: size.width, height: size.height)
  configure(&environment)
  return ViewResolver.resolve(view, in: environment)
}

/// A text node of one plain run.
func plain(_ string: String) -> ViewNode {
  .text(TextNode(runs: [.verbatim(string)]))
}

/// A text node of one run in `style`.
func styled(_ string: String, _ style: TextStyle) -> ViewNode {
  .text(TextNode(runs: [TextRun(.verbatim(string), style: style)]))
}

/// The runs `text` resolves to.
func runs(_ text: Text) -> [TextRun] {
  guard case .text(let node) = resolved(text) else { return [] }
  return node.runs
}

/// `node` wrapped in a style node.
func style(_ node: ViewNode, _ style: TextStyle) -> ViewNode {
  .modified(node, .style(style))
}
