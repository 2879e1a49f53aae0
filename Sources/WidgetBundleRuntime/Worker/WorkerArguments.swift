/// The command line of `widget-worker`: `--fd N [--reply-fd N] [--memory-limit BYTES]`. The
/// host runs it; people never do.
package struct WorkerArguments: Sendable, Equatable {
  /// The socket to the host (above 2: the standard streams stay what they are).
  package var descriptor: Int32
  /// The reply socket, where the replies to `prompt` calls go (above 2); nil for none.
  package var replyDescriptor: Int32?
  /// `RLIMIT_AS` in bytes; nil for none.
  package var memoryLimit: Int?

  /// The exit status of a usage error (as every command of `widget-host`).
  package static let usageStatus: Int32 = 2

  /// A command line that cannot be served.
  package struct Problem: Error, Sendable, Equatable {
    package var message: String
  }

  package init(descriptor: Int32, replyDescriptor: Int32? = nil, memoryLimit: Int? = nil) {
    self.descriptor = descriptor
    self.replyDescriptor = replyDescriptor
    self.memoryLimit = memoryLimit
  }

  /// Reads `arguments` (without the executable's name); each option once, with its value as
  /// the next argument or after `=`.
  package static func parse(_ arguments: [String]) -> Result<WorkerArguments, Problem> {
    func failure(_ message: String) -> Result<WorkerArguments, Problem> {
      .failure(
        Problem(
          message: message
            + "; it is run by widget-host (usage: --fd N [--reply-fd N] [--memory-limit BYTES])"
        ))
    }
    var values: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      var (name, value) = (argument, String?.none)
      if let equals = argument.firstIndex(of: "=") {
        (name, value) = (
          String(argument[..<equals]), String(argument[argument.index(after: equals)...])
        )
      }
      guard ["--fd", "--reply-fd", "--memory-limit"].contains(name) else {
        return failure("unknown argument '\(argument)'")
      }
      if value == nil {
        index += 1
        guard index < arguments.count else { return failure("\(name) needs a value") }
        value = arguments[index]
      }
      guard values[name] == nil else { return failure("\(name) is given twice") }
      values[name] = value
      index += 1
    }
    guard let text = values["--fd"] else { return failure("--fd is required") }
    guard let descriptor = Int32(text), descriptor > 2 else {
      return failure("--fd must be a descriptor above 2, got '\(text)'")
    }
    var parsed = WorkerArguments(descriptor: descriptor)
    if let text = values["--reply-fd"] {
      guard let reply = Int32(text), reply > 2, reply != descriptor else {
        return failure("--reply-fd must be a descriptor above 2 other than --fd, got '\(text)'")
      }
      parsed.replyDescriptor = reply
    }
    if let text = values["--memory-limit"] {
      guard let limit = Int(text), limit > 0 else {
        return failure("--memory-limit must be a positive number of bytes, got '\(text)'")
      }
      parsed.memoryLimit = limit
    }
    return .success(parsed)
  }
}
