import Foundation
import WidgetSchema
import WidgetSupport

/// A configuration file (docs/configuration.md, schema docs/schemas/config.schema.json): one
/// JSON object whose keys are a command's long options without `--`, plus `bundles` for its
/// operands. Each value is read as the command line reads the option's text, through the
/// option's own declaration, so the file takes exactly what the command line takes; the
/// command line overrides it (``Arguments/overriding(_:groups:)``).
enum ConfigFile {
  /// The key of the command's operands.
  static let bundlesKey = "bundles"
  /// Keys a file may hold besides the options: `$schema`, for editors.
  static let ignoredKeys: Set<String> = ["$schema"]

  /// `$XDG_CONFIG_HOME/widget-host/config.json` (else `$HOME/.config/...`).
  static func defaultPath(environment: [String: String]) -> String {
    HostPaths.store(environment: environment) + "/widget-host/config.json"
  }

  /// The key of `option` in a file: its long spelling without `--`.
  static func key(of option: OptionInfo) -> String { String(option.key.dropFirst(2)) }

  /// Reads the file at `path` as arguments of a command with `options`. Every problem found
  /// is reported, not just the first.
  static func load(
    _ path: String, options: [any CommandOption], environment: [String: String]
  ) throws(ConfigError) -> Arguments {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw ConfigError(file: path, [("", exists ? "cannot be read" : "no such file")])
    }
    return try decode(data, file: path, options: options, environment: environment)
  }

  /// Reads a file's `data`; `file` names it in errors, and its folder is where relative paths
  /// start.
  static func decode(
    _ data: Data, file: String, options: [any CommandOption], environment: [String: String]
  ) throws(ConfigError) -> Arguments {
    let document: JSONValue
    do {
      document = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw ConfigError(file: file, [("", "not valid JSON: \(syntaxProblem(in: data))")])
    }
    guard case .object(let root) = document else {
      throw ConfigError(file: file, [("", "expected a JSON object of settings")])
    }
    let paths = Paths(file: file, environment: environment)
    let byKey = Dictionary(
      options.map(\.info).filter { $0.key.hasPrefix("--") }.map { (key(of: $0), $0) },
      uniquingKeysWith: { first, _ in first })
    var problems: [(String, String)] = []
    var values: [String: [any Sendable]] = [:]
    var bundles: [String] = []
    for name in root.keys.sorted() where !ignoredKeys.contains(name) {
      let value = root[name]!
      if name == bundlesKey {
        for (path, item) in items(of: value, at: name) {
          guard case .string(let text) = item, !text.isEmpty else {
            problems.append((path, "expected the path of a bundle or a folder of bundles"))
            continue
          }
          bundles.append(paths.resolve(text))
        }
        continue
      }
      guard let option = byKey[name], !excluded.contains(name) else {
        let near = [name + "s", String(name.dropLast())].first { byKey[$0] != nil }
        problems.append(
          (
            name,
            "unknown setting"
              + (near.map { " (did you mean \"\($0)\"?)" }
                ?? " (the keys are the command's long options without --, and bundles)")
          ))
        continue
      }
      if option.isFlag {
        switch value {
        case .bool(true): values[option.key] = [true]
        case .bool(false): break
        default: problems.append((name, "expected true or false, got \(shown(value))"))
        }
        continue
      }
      if case .array = value, !option.repeatable {
        problems.append((name, "takes one value, got an array"))
        continue
      }
      for (path, item) in items(of: value, at: name) {
        do throws(ValueError) {
          values[option.key, default: []].append(
            try convert(item, path: path, option: option, file: file, paths: paths))
        } catch {
          problems.append((error.path ?? path, message(error.message, of: option)))
        }
      }
    }
    guard problems.isEmpty else { throw ConfigError(file: file, problems) }
    return Arguments(values: values, positionals: bundles, options: options)
  }

  /// Options a file cannot hold: which file to read, and help.
  private static let excluded: Set<String> = ["config", "help"]

  /// The items of a repeatable value with their paths: an array's, or the value itself.
  private static func items(of value: JSONValue, at path: String) -> [(String, JSONValue)] {
    guard case .array(let items) = value else { return [(path, value)] }
    return items.enumerated().map { ("\(path)[\($0.offset)]", $0.element) }
  }

  /// One value of `option`: text (a number written as the command line would) converted as
  /// the command line converts it, or an object where the option reads objects.
  private static func convert(
    _ value: JSONValue, path: String, option: OptionInfo, file: String, paths: Paths
  ) throws(ValueError) -> any Sendable {
    switch value {
    case .string(let text):
      return try option.convert(option.isPath ? paths.resolve(text) : text)
    case .number(let number):
      return try option.convert(text(of: number))
    case .object where option.convertObject != nil:
      return try option.convertObject!(value, path, file)
    default:
      let expected = option.convertObject == nil ? "a string" : "a string or an object"
      throw ValueError("expected \(expected), got \(shown(value))")
    }
  }

  /// An option's message without the option's name in front (`--budget needs …`), since the
  /// line already names the key.
  private static func message(_ text: String, of option: OptionInfo) -> String {
    for name in option.names where text.hasPrefix(name + " ") {
      return String(text.dropFirst(name.count + 1))
    }
    return text
  }

  /// A number as the command line would write it: `20`, `2.5`.
  private static func text(of number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }

  /// A value as an error line shows it.
  private static func shown(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number(let number): text(of: number)
    case .string(let text): "'\(text)'"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Where the JSON is broken, as `line L, column C: what`: JSONSerialization's message names
  /// the byte offset (`Invalid value around character 8.`), turned here into a line and column.
  private static func syntaxProblem(in data: Data) -> String {
    let message: String
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return "unreadable"
    } catch {
      message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
    var text = message
    while text.last == "." { text.removeLast() }
    guard let range = text.range(of: " around character "),
      let offset = Int(text[range.upperBound...]), offset >= 0
    else { return text }
    let before = data.prefix(offset)
    let line = before.count(where: { $0 == 0x0A }) + 1
    let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    return "line \(line), column \(column): " + text[..<range.lowerBound].lowercased()
  }

  /// How paths in a file are read: `~` and `~/…` from the home folder, relative paths from
  /// the file's folder; `-` (standard output, for `output`) stays as it is.
  struct Paths {
    var folder: String
    var home: String

    init(file: String, environment: [String: String]) {
      let absolute =
        file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
      folder = (absolute as NSString).deletingLastPathComponent
      home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    func resolve(_ path: String) -> String {
      if path == "~" { return home }
      if path.hasPrefix("~/") { return home + path.dropFirst(1) }
      if path.hasPrefix("/") || path.isEmpty || path == "-" { return path }
      return folder + "/" + path
    }
  }
}

/// A configuration file that cannot be used: every problem, each with the JSON path of the
/// value (empty for the document) and what is wrong. Printed one line per problem,
/// `FILE: PATH: MESSAGE`.
struct ConfigError: Error, Equatable, CustomStringConvertible {
  /// One problem.
  struct Problem: Equatable {
    var path: String
    var message: String
  }

  var file: String
  var problems: [Problem]

  init(file: String, _ problems: [(String, String)]) {
    self.file = file
    self.problems = problems.map { Problem(path: $0.0, message: $0.1) }
  }

  var description: String {
    problems.map { problem in
      problem.path.isEmpty
        ? "\(file): \(problem.message)" : "\(file): \(problem.path): \(problem.message)"
    }.joined(separator: "\n")
  }
}
