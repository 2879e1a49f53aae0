import AppIntents
import Foundation
import SwiftUI
import Synchronization
import Testing
import WidgetSchema

@testable import AppIntents
@testable import SwiftUI
@testable import WidgetKit

/// What the intents below did, for the tests to read.
private let performed = Mutex<[String]>([])

private struct AddIntent: AppIntent {
  static let title: LocalizedStringResource = "Add"
  @Parameter(title: "Amount", default: 1) var amount: Int
  @Parameter(title: "Note") var note: String?

  init() {}

  init(amount: Int) {
    self.amount = amount
  }

  func perform() async throws -> some IntentResult {
    performed.withLock { $0.append("add \(amount) \(note ?? "-")") }
    return .result()
  }
}

private struct FailingIntent: AppIntent {
  static let title: LocalizedStringResource = "Fail"

  struct Nope: Error, CustomStringConvertible {
    var description: String { "nope" }
  }

  var fails: Bool { true }

  func perform() async throws -> some IntentResult {
    if fails { throw Nope() }
    return .result()
  }
}

private struct SwitchIntent: SetValueIntent {
  static let title: LocalizedStringResource = "Switch"
  @Parameter(title: "On") var value: Bool
  @Parameter(title: "Name", default: "lamp") var name: String

  func perform() async throws -> some IntentResult {
    performed.withLock { $0.append("switch \(name) \(value)") }
    return .result(value: value)
  }
}

/// Internal, not private: the runtime finds it by its mangled name alone (a worker that never
/// drew its button, after a restart).
struct ByNameIntent: AppIntent {
  static let title: LocalizedStringResource = "By name"
  @Parameter(title: "Word", default: "hello") var word: String

  func perform() async throws -> some IntentResult {
    performed.withLock { $0.append("by name \(word)") }
    return .result()
  }
}

private struct LampState: ControlValueProvider {
  var previewValue: Bool { false }
  func currentValue() async throws -> Bool { true }
}

private struct LampControl: ControlWidget {
  var body: some ControlWidgetConfiguration {
    StaticControlConfiguration(kind: "Lamp", provider: LampState()) { isOn in
      ControlWidgetToggle("Lamp", isOn: isOn, action: SwitchIntent()) { isOn in
        Label(isOn ? "On" : "Off", systemImage: "lightbulb")
      }
    }
    .displayName("Desk lamp")
    .description("Switches the lamp.")
  }
}

private struct AddControl: ControlWidget {
  var body: some ControlWidgetConfiguration {
    StaticControlConfiguration(kind: "AddOne") {
      ControlWidgetButton(action: AddIntent(amount: 1)) {
        Label("Add one", systemImage: "plus")
      }
    }
  }
}

@Suite(.serialized) struct InteractiveWidgetTests {
  @Test func aButtonCarriesItsIntentAndItsParametersValues() throws {
    let node = resolved(Button(intent: AddIntent(amount: 3)) { Text("+3") }.buttonStyle(.plain))
    guard case .modified(let label, .action(let action)) = node else {
      Issue.record("not an action: \(node)")
      return
    }
    #expect(label == plain("+3"))
    #expect(action.name == "AddIntent")
    // A parameter without a value (the optional note) is left out: it starts without one.
    #expect(action.arguments == ["amount": .number(3)])
    #expect(action.reference == _mangledTypeName(AddIntent.self))
  }

  @Test func buttonStylesDressTheLabel() throws {
    let tint = ColorValue(name: "accentColor")
    var faint = tint
    faint.opacity = 0.15
    let bordered = resolved(Button("Go", intent: AddIntent()))
    guard case .modified(let dressed, .action) = bordered else {
      Issue.record("\(bordered)")
      return
    }
    #expect(
      dressed
        == .modified(
          .modified(
            .modified(plain("Go"), .style(TextStyle(foreground: tint))),
            .padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))),
          .background(.shape(ShapeNode(shape: .capsule, fill: faint)), alignment: .center)))
    let borderless = resolved(Button("Go", intent: AddIntent()).buttonStyle(.borderless))
    #expect(
      borderless
        == .modified(
          .modified(plain("Go"), .style(TextStyle(foreground: tint))),
          .action(WidgetAction(AddIntent()))))
  }

  @Test func aClosureButtonIsDrawnButRunsNothing() {
    let node = resolved(Button("Tap") {}.buttonStyle(.plain))
    #expect(node == plain("Tap"))
  }

  @Test func aToggleShowsItsStateAndCarriesTheStateItSwitchesTo() throws {
    let off = resolved(Toggle("Lamp", isOn: false, intent: SwitchIntent()))
    #expect(
      off
        == .modified(
          .stack(
            StackNode(
              axis: .horizontal,
              children: [plain("Lamp"), .spacer(minLength: nil), .toggle(ToggleNode(isOn: false))]
            )),
          .action(
            WidgetAction(
              name: "SwitchIntent", arguments: ["value": .bool(true), "name": .string("lamp")],
              reference: _mangledTypeName(SwitchIntent.self)))))
    let on = resolved(Toggle(isOn: true, intent: SwitchIntent()) { Text("Lamp") }.tint(.red))
    guard case .modified(.stack(let stack), .action(let action)) = on else {
      Issue.record("\(on)")
      return
    }
    #expect(stack.children.last == .toggle(ToggleNode(isOn: true, tint: ColorValue(name: "red"))))
    #expect(action.arguments["value"] == .bool(false))
    // As a button: filled when on.
    let button = resolved(Toggle("Lamp", isOn: true, intent: SwitchIntent()).toggleStyle(.button))
    guard case .modified(.modified(_, .background(let layer, _)), .action) = button else {
      Issue.record("\(button)")
      return
    }
    #expect(layer == .shape(ShapeNode(shape: .capsule, fill: ColorValue(name: "accentColor"))))
  }

  @Test func invalidatableContentMarksItsView() {
    #expect(resolved(Text("42").invalidatableContent()) == .modified(plain("42"), .invalidatable))
    #expect(resolved(Text("42").invalidatableContent(false)) == plain("42"))
  }

  @Test func aPressPerformsTheIntentFoundByItsReference() async throws {
    performed.withLock { $0 = [] }
    let add = WidgetAction(AddIntent(amount: 2))
    try await AppIntentReflection.perform(
      name: add.name, reference: add.reference,
      arguments: ["amount": .number(5), "note": .string("hi")])
    let toggle = try #require(
      {
        if case .modified(_, .action(let action)) = resolved(
          Toggle("L", isOn: false, intent: SwitchIntent()))
        {
          return action
        }
        return nil
      }())
    try await AppIntentReflection.perform(
      name: toggle.name, reference: toggle.reference, arguments: toggle.arguments)
    // Never drawn in this process: found by its mangled name.
    try await AppIntentReflection.perform(
      name: "ByNameIntent", reference: _mangledTypeName(ByNameIntent.self),
      arguments: ["word": .string("again")])
    #expect(performed.withLock { $0 } == ["add 5 hi", "switch lamp true", "by name again"])
  }

  @Test func aPressThatCannotBePerformedSaysWhy() async {
    await #expect(throws: AppIntentParameterError.self) {
      try await AppIntentReflection.perform(
        name: "AddIntent", reference: _mangledTypeName(AddIntent.self),
        arguments: ["amount": .string("lots")])
    }
    await #expect(throws: AppIntentParameterError.self) {
      try await AppIntentReflection.perform(
        name: "Gone", reference: "not a mangled name", arguments: [:])
    }
    // A private type is found once a view of this process made its button.
    let failing = WidgetAction(FailingIntent())
    let error = await #expect(throws: FailingIntent.Nope.self) {
      try await AppIntentReflection.perform(
        name: failing.name, reference: failing.reference, arguments: [:])
    }
    #expect(error?.description == "nope")
  }

  @Test func aControlIsAKindOfFamilyControlWithOneEntryOfItsValue() async throws {
    let lamp = LampControl().body._descriptor
    #expect(lamp.manifest.kind == "Lamp")
    #expect(lamp.manifest.families == [.control])
    #expect(lamp.manifest.displayName == "Desk lamp")
    #expect(lamp.manifest.description == "Switches the lamp.")
    let context = TimelineProviderContext(family: .accessoryInline)
    let reply = await withCheckedContinuation { continuation in
      lamp.respond(.timeline, context) { continuation.resume(returning: $0) }
    }
    let timeline = try WidgetJSON.decode(WidgetSchema.Timeline.self, from: try reply.get())
    #expect(timeline.policy == .never)
    #expect(timeline.entries.count == 1)
    let view = try #require(timeline.entries.first?.view)
    guard case .modified(.stack(let row), .action(let action)) = view else {
      Issue.record("\(view)")
      return
    }
    #expect(row.children.last == .toggle(ToggleNode(isOn: true)))
    #expect(action.name == "SwitchIntent")
    #expect(action.arguments["value"] == .bool(false))
    // The placeholder shows the preview value, redacted.
    let placeholder = await withCheckedContinuation { continuation in
      lamp.respond(.placeholder, context) { continuation.resume(returning: $0) }
    }
    let entry = try WidgetJSON.decode(WidgetSchema.Entry.self, from: try placeholder.get())
    guard case .modified(.modified(.stack(let previewRow), .action), .style(let style)) = entry.view
    else {
      Issue.record("\(entry.view)")
      return
    }
    #expect(style.redacted == true)
    #expect(previewRow.children.last == .toggle(ToggleNode(isOn: false)))

    let add = AddControl().body._descriptor
    #expect(add.manifest.families == [.control])
  }

  @Test func aBundleListsControlsBesideWidgets() {
    struct Mixed: WidgetBundle {
      var body: some Widget {
        LampControl()
        AddControl()
      }
    }
    #expect(Mixed().body._descriptors.map(\.manifest.kind) == ["Lamp", "AddOne"])
  }
}
