import FoundationEssentials
import WidgetSchema

/// Decodes manifests and library descriptions and checks the rules the schema alone cannot
/// express, reporting every problem with its JSON path.
public enum ManifestValidator {
  /// Decodes and validates a manifest; `file` names it in errors.
  public static func decode(_ data: Data, file: String) throws(BundleError) -> BundleManifest {
    let manifest: BundleManifest
    do {
      manifest = try WidgetJSON.decode(BundleManifest.self, from: data)
    } catch {
      throw .manifestInvalid(file: file, problems: [error])
    }
    let problems = problems(in: manifest)
    guard problems.isEmpty else { throw .manifestInvalid(file: file, problems: problems) }
    return manifest
  }

  /// The rule violations in `manifest`, in document order.
  public static func problems(in manifest: BundleManifest) -> [SchemaError] {
    var problems: [SchemaError] = []
    if let problem = idProblem(manifest.id) { problems.append(problem) }
    if manifest.version.isEmpty {
      problems.append(SchemaError(path: "version", message: "must not be empty"))
    }
    if manifest.abiVersion.major != ABIVersion.current.major {
      problems.append(
        SchemaError(
          path: "abiVersion",
          message:
            "the bundle needs ABI \(manifest.abiVersion); this host implements ABI "
            + "\(ABIVersion.current) (major versions must match)"))
    }
    let library = manifest.library
    if library.isEmpty || library.hasPrefix("/") || library.split(separator: "/").contains("..") {
      problems.append(
        SchemaError(
          path: "library", message: "must be a file name inside the bundle folder, got '\(library)'"
        ))
    }
    for (index, group) in manifest.appGroups.enumerated() where !group.hasPrefix("group.") {
      problems.append(
        SchemaError(
          path: "appGroups[\(index)]", message: "'\(group)' must start with 'group.'"))
    }
    if let region = manifest.developmentRegion,
      region.isEmpty
        || !region.allSatisfy({
          $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
        })
    {
      problems.append(
        SchemaError(
          path: "developmentRegion",
          message: "must be a language tag such as 'en' or 'zh-Hans', got '\(region)'"))
    }
    problems += kindProblems(manifest.kinds, path: "kinds")
    problems += actionProblems(manifest.actions, path: "actions")
    problems += activityProblems(manifest.activities, path: "activities")
    return problems
  }

  /// The rule violations in declared Live Activity types: each a Swift type name, declared once.
  static func activityProblems(_ activities: [ActivityManifest], path: String) -> [SchemaError] {
    var problems: [SchemaError] = []
    var seen = Set<String>()
    for (index, activity) in activities.enumerated() {
      let type = activity.attributesType
      if type.isEmpty || type.utf8.count > 256
        || !type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
      {
        problems.append(
          SchemaError(
            path: "\(path)[\(index)].attributesType",
            message: "'\(type)' is not a type name (letters, digits, '_' and '.', 1 to 256 bytes)"))
      } else if !seen.insert(type).inserted {
        problems.append(
          SchemaError(
            path: "\(path)[\(index)].attributesType", message: "'\(type)' is declared twice"))
      }
    }
    return problems
  }

  /// The most parameters a declared action may have.
  public static let maximumActionParameters = 16

  /// The rule violations in declared C actions: each name a C identifier, declared once, its
  /// parameters named once each.
  static func actionProblems(_ actions: [ActionDeclaration], path: String) -> [SchemaError] {
    var problems: [SchemaError] = []
    var seen = Set<String>()
    func isIdentifier(_ name: String) -> Bool {
      guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
      else { return false }
      return name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
      }
    }
    for (index, action) in actions.enumerated() {
      let here = "\(path)[\(index)]"
      if !isIdentifier(action.name) {
        problems.append(
          SchemaError(
            path: here + ".name",
            message: "'\(action.name)' is not a C identifier: it names the exported function"))
      } else if !seen.insert(action.name).inserted {
        problems.append(
          SchemaError(path: here + ".name", message: "'\(action.name)' is declared twice"))
      }
      if action.parameters.count > maximumActionParameters {
        problems.append(
          SchemaError(
            path: here + ".parameters",
            message: "\(action.parameters.count) parameters; an action takes at most "
              + "\(maximumActionParameters)"))
      }
      var names = Set<String>()
      for (number, parameter) in action.parameters.enumerated()
      where parameter.name.isEmpty || !names.insert(parameter.name).inserted {
        problems.append(
          SchemaError(
            path: "\(here).parameters[\(number)].name",
            message: parameter.name.isEmpty
              ? "must not be empty" : "'\(parameter.name)' is declared twice"))
      }
    }
    return problems
  }

  /// Decodes and validates what a library's `describe` returned.
  public static func decodeDescription(
    _ data: Data, library: String
  ) throws(BundleError) -> BundleDescription {
    let description: BundleDescription
    do {
      description = try WidgetJSON.decode(BundleDescription.self, from: data)
    } catch {
      throw .descriptionInvalid(path: library, problems: [error])
    }
    let problems =
      (description.id.flatMap(idProblem).map { [$0] } ?? [])
      + kindProblems(description.kinds, path: "kinds")
      + actionProblems(description.actions ?? [], path: "actions")
      + activityProblems(description.activities ?? [], path: "activities")
    guard problems.isEmpty else { throw .descriptionInvalid(path: library, problems: problems) }
    return description
  }

  /// The longest bundle id or kind name, in bytes of UTF-8: each names folders, lines of
  /// output and a worker's command line.
  public static let maximumNameBytes = 255
  /// The most kinds one bundle declares.
  public static let maximumKinds = 1_000

  /// What is wrong with a bundle id: it names the bundle's container folder
  /// (`containers/<id>`), and is printed in every line about the bundle.
  static func idProblem(_ id: String) -> SchemaError? {
    let message: String
    if id.isEmpty || id.contains(where: \.isWhitespace) {
      message = "must be a non-empty identifier without spaces"
    } else if id.utf8.count > maximumNameBytes {
      message = "has \(id.utf8.count) bytes; an id has at most \(maximumNameBytes)"
    } else if id == "." || id == ".." || id.contains("/") {
      message = "'\(id)' must not be '.' or '..' or contain '/': it names a folder"
    } else if id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      message = "must not contain control characters (a newline, NUL, …)"
    } else {
      return nil
    }
    return SchemaError(path: "id", message: message)
  }

  private static func kindProblems(_ kinds: [KindManifest], path: String) -> [SchemaError] {
    var problems: [SchemaError] = []
    if kinds.isEmpty {
      problems.append(SchemaError(path: path, message: "must declare at least one widget kind"))
    }
    if kinds.count > maximumKinds {
      // One problem, not one per kind: 20,000 kinds took 20 s and as many lines.
      return [
        SchemaError(
          path: path, message: "declares \(kinds.count) kinds; a bundle has at most \(maximumKinds)"
        )
      ]
    }
    var seen: [String: Int] = [:]
    for (index, kind) in kinds.enumerated() {
      let kindPath = "\(path)[\(index)]"
      if kind.kind.isEmpty {
        problems.append(SchemaError(path: "\(kindPath).kind", message: "must not be empty"))
      } else if kind.kind.utf8.count > maximumNameBytes
        || kind.kind.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      {
        problems.append(
          SchemaError(
            path: "\(kindPath).kind",
            message: "must have at most \(maximumNameBytes) bytes and no control characters"))
      } else if let first = seen[kind.kind] {
        problems.append(
          SchemaError(
            path: "\(kindPath).kind",
            message: "'\(kind.kind)' is declared twice (also at \(path)[\(first)])"))
      } else {
        seen[kind.kind] = index
      }
      if kind.families.isEmpty {
        problems.append(
          SchemaError(path: "\(kindPath).families", message: "must list at least one family"))
      }
      var families = Set<WidgetFamily>()
      for (familyIndex, family) in kind.families.enumerated()
      where !families.insert(family).inserted {
        problems.append(
          SchemaError(
            path: "\(kindPath).families[\(familyIndex)]",
            message: "'\(family.rawValue)' is listed twice"))
      }
      problems += parameterProblems(
        kind.configuration.parameters, path: "\(kindPath).configuration.parameters")
    }
    return problems
  }

  /// Characters a parameter name must not contain: they separate the parts of an `--instance`
  /// spec and of `configure NAME=VALUE`, or start a percent escape.
  static let reservedNameCharacters: Set<Character> = ["&", "=", "?", "%", "#", "/"]

  /// The rule violations of a kind's parameters (docs/schema.md, "Rules beyond the schema").
  static func parameterProblems(_ parameters: [ParameterSchema], path: String) -> [SchemaError] {
    var problems: [SchemaError] = []
    var names: [String: Int] = [:]
    for (index, parameter) in parameters.enumerated() {
      let path = "\(path)[\(index)]"
      let name = parameter.name
      if name.isEmpty || name.contains(where: { $0.isWhitespace || $0.isNewline })
        || name.contains(where: reservedNameCharacters.contains)
      {
        problems.append(
          SchemaError(
            path: "\(path).name",
            message: "'\(name)' is not a usable parameter name: it must not be empty nor contain "
              + "spaces or any of & = ? % # / (they separate the parts of --instance specs)"))
      } else if let first = names[name] {
        problems.append(
          SchemaError(
            path: "\(path).name",
            message: "'\(name)' is declared twice (also at parameters[\(first)])"))
      } else {
        names[name] = index
      }
      if parameter.type == .enum {
        let cases = parameter.cases ?? []
        if cases.isEmpty {
          problems.append(
            SchemaError(path: "\(path).cases", message: "an enum parameter needs at least one case")
          )
        }
        var values: [String: Int] = [:]
        for (caseIndex, item) in cases.enumerated() {
          if let first = values[item.value] {
            problems.append(
              SchemaError(
                path: "\(path).cases[\(caseIndex)].value",
                message: "'\(item.value)' is listed twice (also at cases[\(first)])"))
          } else {
            values[item.value] = caseIndex
          }
        }
      } else if parameter.cases != nil {
        problems.append(
          SchemaError(
            path: "\(path).cases",
            message: "only enum parameters have cases (this one is \(parameter.type.rawValue))"))
      }
      if parameter.dynamicOptions && parameter.type != .string && parameter.type != .entity {
        problems.append(
          SchemaError(
            path: "\(path).dynamicOptions",
            message: "only string and entity parameters can have dynamic options "
              + "(this one is \(parameter.type.rawValue))"))
      }
      if let value = parameter.default, value != .null {
        if parameter.required {
          problems.append(
            SchemaError(
              path: "\(path).default",
              message: "a required parameter has no default: an instance must give the value "
                + "(remove the default or 'required')"))
        }
        if case .failure(let problem) = parameter.typed(.json(value)) {
          problems.append(SchemaError(path: "\(path).default", message: problem.message))
        }
      }
    }
    return problems
  }

  /// Every way the library's description disagrees with the manifest; empty when they agree.
  public static func differences(
    manifest: BundleManifest, description: BundleDescription
  ) -> [String] {
    var differences: [String] = []
    let libraryKinds = Dictionary(
      description.kinds.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
    let manifestKinds = Set(manifest.kinds.map(\.kind))
    for kind in manifest.kinds {
      guard let implemented = libraryKinds[kind.kind] else {
        differences.append("kind '\(kind.kind)' is in manifest.json but not in the library")
        continue
      }
      if Set(kind.families) != Set(implemented.families) {
        let declared = kind.families.map(\.rawValue).joined(separator: ", ")
        let actual = implemented.families.map(\.rawValue).joined(separator: ", ")
        differences.append(
          "kind '\(kind.kind)': manifest.json lists families [\(declared)], "
            + "the library [\(actual)]")
      }
    }
    for kind in description.kinds where !manifestKinds.contains(kind.kind) {
      differences.append("kind '\(kind.kind)' is in the library but not in manifest.json")
    }
    let libraryActivities = Set((description.activities ?? []).map(\.attributesType))
    let manifestActivities = Set(manifest.activities.map(\.attributesType))
    for type in manifestActivities.subtracting(libraryActivities).sorted() {
      differences.append("activity type '\(type)' is in manifest.json but not in the library")
    }
    for type in libraryActivities.subtracting(manifestActivities).sorted() {
      differences.append("activity type '\(type)' is in the library but not in manifest.json")
    }
    return differences
  }
}
