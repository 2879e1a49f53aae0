import Foundation
import Testing

@testable import WidgetSchema

/// The wire formats of interactive widgets: `action`, `toggle` and `invalidatable` nodes, the
/// manifest's C actions, the `action` event, and the look of an invalidated entry.
@Suite struct ActionSchemaTests {
  @Test func anActionNodeReadsAsDocsSchemaShowsIt() throws {
    let json = #"""
      { "type": "action", "action": { "name": "todo_toggle", "arguments": { "id": "milk", "done": true } },
        "child": { "type": "text", "runs": [ { "text": "Buy milk" } ] } }
      """#
    let node = try WidgetJSON.decode(ViewNode.self, from: Data(json.utf8))
    #expect(
      node
        == .modified(
          .text(TextNode(runs: [.verbatim("Buy milk")])),
          .action(
            WidgetAction(
              name: "todo_toggle", arguments: ["id": .string("milk"), "done": .bool(true)])
          )))
    // The fast reader reads it as the decoder does, arguments of every JSON type included.
    let reply = Data(#"{"date":"2026-12-03T08:00:00Z","view":\#(json)}"#.utf8)
    #expect(ReplyReader.decode(Entry.self, from: reply)?.view == node)
    let nested = Data(
      #"{"type":"action","action":{"name":"f","arguments":{"a":[1,"x",null,{"b":false}],"c":{}},"reference":"r"},"child":{"type":"empty"}}"#
        .utf8)
    #expect(
      ReplyReader.decode(ViewNode.self, from: nested)
        == (try WidgetJSON.decoder().decode(ViewNode.self, from: nested)))
    // Arguments that are no object are refused by both.
    let bad = Data(
      #"{"type":"action","action":{"name":"f","arguments":[1]},"child":{"type":"empty"}}"#.utf8)
    #expect(ReplyReader.decode(ViewNode.self, from: bad) == nil)
    #expect(throws: SchemaError.self) { try WidgetJSON.decode(ViewNode.self, from: bad) }
  }

  @Test func anActionWithoutArgumentsHasNone() throws {
    let action = try WidgetJSON.decode(
      WidgetAction.self, from: Data(#"{"name":"todo_reset"}"#.utf8))
    #expect(action == WidgetAction(name: "todo_reset"))
    #expect(
      String(decoding: try WidgetJSON.encode(action), as: UTF8.self)
        == #"{"arguments":{},"name":"todo_reset"}"#)
    #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(WidgetAction.self, from: Data(#"{"arguments":{}}"#.utf8))
    }
  }

  @Test func aToggleNeedsItsState() throws {
    let node = try WidgetJSON.decode(
      ViewNode.self, from: Data(#"{"type":"toggle","isOn":true,"tint":{"name":"red"}}"#.utf8))
    #expect(node == .toggle(ToggleNode(isOn: true, tint: ColorValue(name: "red"))))
    #expect(
      ReplyReader.decode(
        ViewNode.self, from: Data(#"{"type":"toggle","isOn":false}"#.utf8))
        == .toggle(ToggleNode(isOn: false)))
    #expect(
      ReplyReader.decode(
        ViewNode.self, from: Data(#"{"type":"invalidatable","child":{"type":"empty"}}"#.utf8))
        == .modified(.empty, .invalidatable))
    let error = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(ViewNode.self, from: Data(#"{"type":"toggle"}"#.utf8))
    }
    #expect(error?.description.contains("isOn") == true, "\(String(describing: error))")
  }

  @Test func anActionWithoutANameOrWithAnInfiniteArgumentCannotBeDrawn() {
    let empty = ViewNode.modified(.empty, .action(WidgetAction(name: "")))
    #expect(
      ViewLimits.problem(in: empty, at: "view")?.description
        == "view.action.name: an action needs a name")
    let toggle = ViewNode.toggle(
      ToggleNode(isOn: true, tint: ColorValue(red: .nan, green: 0, blue: 0)))
    #expect(ViewLimits.problem(in: toggle, at: "view") != nil)
  }

  @Test func theManifestDeclaresCActionsWithTheirTypes() throws {
    let json = #"""
      {"id": "dev.example.todo", "version": "1", "abiVersion": "1.2", "library": "libTodo.so",
       "kinds": [{"kind": "Todo", "families": ["systemSmall"]}],
       "actions": [
         {"name": "todo_toggle", "parameters": [{"name": "id", "type": "string"},
           {"name": "done", "type": "bool"}], "returns": "status"},
         {"name": "todo_reset"}]}
      """#
    let manifest = try WidgetJSON.decode(BundleManifest.self, from: Data(json.utf8))
    #expect(
      manifest.actions == [
        ActionDeclaration(
          name: "todo_toggle",
          parameters: [
            ActionParameter(name: "id", type: .string), ActionParameter(name: "done", type: .bool),
          ]),
        ActionDeclaration(name: "todo_reset", returns: .status),
      ])
    let again = try WidgetJSON.decode(BundleManifest.self, from: try WidgetJSON.encode(manifest))
    #expect(again == manifest)
    // A manifest without actions writes none.
    var plain = manifest
    plain.actions = []
    #expect(!String(decoding: try WidgetJSON.encode(plain), as: UTF8.self).contains("actions"))
    let unsupported = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(
        ActionDeclaration.self,
        from: Data(#"{"name":"f","parameters":[{"name":"p","type":"float"}]}"#.utf8))
    }
    #expect(unsupported?.description.contains("float") == true)
  }

  @Test func aTapRegionEitherOpensOrRuns() throws {
    let link = TapRegion(id: "link-0", url: "u", x: 0, y: 0, width: 1, height: 1)
    let button = TapRegion(
      id: "action-0", action: WidgetAction(name: "a"), x: 1, y: 2, width: 3, height: 1)
    for region in [link, button] {
      #expect(try WidgetJSON.decode(TapRegion.self, from: try WidgetJSON.encode(region)) == region)
    }
    #expect(!String(decoding: try WidgetJSON.encode(button), as: UTF8.self).contains("url"))
  }

  @Test func anInvalidatedEntryDrawsItsInvalidatableContentAsPlaceholders() {
    let count = ViewNode.text(TextNode(runs: [.verbatim("42")]))
    let plus = ViewNode.modified(
      .text(TextNode(runs: [.verbatim("+")])), .action(WidgetAction(name: "add")))
    let view = ViewNode.stack(
      StackNode(
        axis: .vertical,
        children: [.modified(count, .invalidatable), plus]))
    #expect(view.hasInvalidatableContent)
    #expect(!plus.hasInvalidatableContent)
    #expect(
      view.invalidatedLook
        == .stack(
          StackNode(
            axis: .vertical,
            children: [
              .modified(
                .modified(.modified(count, .style(TextStyle(redacted: true))), .opacity(0.5)),
                .invalidatable),
              plus,
            ])))
    // Inside a background too, and only there.
    let layered = ViewNode.modified(
      plus, .background(.modified(count, .invalidatable), alignment: .center))
    #expect(layered.hasInvalidatableContent)
    #expect(layered.invalidatedLook != layered)
    #expect(plus.invalidatedLook == plus)
  }
}
