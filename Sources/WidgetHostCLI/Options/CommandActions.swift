/// The actions of a command whose first operand names one (`activity start`, `defaults read`):
/// each with its operands as the synopsis and errors write them, how many operands it takes
/// (itself included), and which of the command's action options it accepts. One declaration
/// gives the synopsis's operands, the action's parsing and the refusal of an option given to
/// an action it does not apply to.
struct CommandActions: Sendable {
  /// One action.
  struct Action: Sendable {
    let name: String
    /// Its operands after its name, as the synopsis writes them (`<group> [key]`).
    let operands: String
    /// How many operands it takes, its name included.
    let count: ClosedRange<Int>
    /// The options that apply to it alone, or to it and other actions.
    let options: [any CommandOption]

    init(
      _ name: String, _ operands: String = "", count: ClosedRange<Int>,
      options: [any CommandOption] = []
    ) {
      self.name = name
      self.operands = operands
      self.count = count
      self.options = options
    }

    /// `name operands`, as usage errors and the synopsis write it.
    var usage: String { operands.isEmpty ? name : "\(name) \(operands)" }
  }

  let command: String
  let actions: [Action]

  init(command: String, _ actions: [Action]) {
    self.command = command
    self.actions = actions
  }

  /// The synopsis's operands: `start <attributes-type> | update <id> | list`.
  var operands: String { actions.map(\.usage).joined(separator: " | ") }

  /// The action `arguments` name, with its number of operands checked and every action option
  /// given one that applies to it.
  func action(in arguments: Arguments) throws(UsageError) -> Action {
    let positionals = arguments.positionals
    guard let name = positionals.first else {
      throw UsageError(command: command, message: "give \(list(actions.map(\.name)))")
    }
    guard let action = actions.first(where: { $0.name == name }) else {
      throw UsageError(
        command: command,
        message: "unknown action '\(name)' (actions: "
          + actions.map(\.name).joined(separator: ", ") + ")")
    }
    guard action.count.contains(positionals.count) else {
      throw UsageError(command: command, message: "expected \(action.usage)")
    }
    let accepted = Set(action.options.map(\.info.key))
    var seen = Set<String>()
    for option in actions.flatMap(\.options) where seen.insert(option.info.key).inserted {
      guard arguments.contains(option), !accepted.contains(option.info.key) else { continue }
      let takers = actions.filter { $0.options.contains { $0.info.key == option.info.key } }
      throw UsageError(
        command: command, message: "\(option.info.key) applies to \(list(takers.map(\.name)))")
    }
    return action
  }
}
