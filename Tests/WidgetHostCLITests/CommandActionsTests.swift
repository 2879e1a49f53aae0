import Testing

@testable import WidgetHostCLI

/// Commands that take an action first (`activity`, `defaults`): one declaration parses the
/// action, counts its operands and refuses an option given to another action.
@Suite struct CommandActionsTests {
  func action(_ words: [String], of command: (some Command).Type) throws(UsageError) -> String {
    let arguments = try Arguments(words, options: command.options, command: command.name)
    switch command {
    case is DefaultsCommand.Type: return try DefaultsCommand.actions.action(in: arguments).name
    default: return try ActivityCommand.actions.action(in: arguments).name
    }
  }

  func refusal(_ words: [String], of command: (some Command).Type) -> String? {
    do {
      _ = try action(words, of: command)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func theSynopsisListsEachActionWithItsOperands() {
    #expect(
      ActivityCommand.operands == "start <attributes-type> | update <id> | end <id> | list")
    #expect(
      DefaultsCommand.operands
        == "read <group> [key] | write <group> <key> <value> | delete <group> <key>")
  }

  @Test func actionsTheirOperandsAndTheirOptions() throws {
    #expect(try action(["read", "group.a"], of: DefaultsCommand.self) == "read")
    #expect(try action(["read", "group.a", "key"], of: DefaultsCommand.self) == "read")
    #expect(try action(["write", "g", "k", "7", "--int"], of: DefaultsCommand.self) == "write")
    #expect(
      try action(["end", "ID", "--dismissal", "immediate"], of: ActivityCommand.self) == "end")
    #expect(refusal([], of: DefaultsCommand.self) == "give read, write or delete")
    #expect(
      refusal(["copy", "g"], of: DefaultsCommand.self)
        == "unknown action 'copy' (actions: read, write, delete)")
    #expect(
      refusal(["write", "g", "k"], of: DefaultsCommand.self)
        == "expected write <group> <key> <value>")
    #expect(refusal(["list", "extra"], of: ActivityCommand.self) == "expected list")
    #expect(refusal(["read", "g", "--int"], of: DefaultsCommand.self) == "--int applies to write")
    #expect(
      refusal(["delete", "g", "k", "--json"], of: DefaultsCommand.self) == "--json applies to read")
    #expect(
      refusal(["update", "ID", "--dismissal", "immediate"], of: ActivityCommand.self)
        == "--dismissal applies to end")
    #expect(
      refusal(["list", "--state", "{}"], of: ActivityCommand.self)
        == "--state applies to start, update or end")
  }
}
