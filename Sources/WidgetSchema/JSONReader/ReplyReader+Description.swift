/// A library's description (`describe`), read at every load: field for field as the Codable
/// conformances of ``BundleDescription`` and ``KindManifest`` read it. Only static kinds are
/// read here; a kind with an intent configuration is left to `JSONDecoder` (the reader gives
/// up), as is anything the conformances would refuse.
extension ReplyReader {
  // Each enum a description names by its cases' names.
  static let families = JSONEnumNames<WidgetFamily>()
  static let actionValueTypes = JSONEnumNames<ActionValueType>()
  static let actionReturns = JSONEnumNames<ActionReturn>()

  func bundleDescription(_ tree: Value) throws(Refusal) -> BundleDescription {
    let tree = try object(tree)
    var appGroups: [String]?
    if let value = optional(tree, "appGroups") {
      appGroups = try array(value) { (element) throws(Refusal) in try string(element) }
    }
    var actions: [ActionDeclaration]?
    if let value = optional(tree, "actions") {
      actions = try array(value) { (element) throws(Refusal) in try actionDeclaration(element) }
    }
    var activities: [ActivityManifest]?
    if let value = optional(tree, "activities") {
      activities = try array(value) { (element) throws(Refusal) in
        ActivityManifest(
          attributesType: try string(try required(try object(element), "attributesType")))
      }
    }
    return BundleDescription(
      id: try optionalString(tree, "id"), name: try optionalString(tree, "name"),
      version: try optionalString(tree, "version"), appGroups: appGroups,
      kinds: try array(try required(tree, "kinds")) { (element) throws(Refusal) in
        try kindManifest(element)
      }, actions: actions, activities: activities)
  }

  func actionDeclaration(_ tree: Value) throws(Refusal) -> ActionDeclaration {
    let tree = try object(tree)
    var parameters: [ActionParameter] = []
    if let value = optional(tree, "parameters") {
      parameters = try array(value) { (element) throws(Refusal) in
        let parameter = try object(element)
        return ActionParameter(
          name: try string(try required(parameter, "name")),
          type: try enumeration(try required(parameter, "type"), Self.actionValueTypes))
      }
    }
    return ActionDeclaration(
      name: try string(try required(tree, "name")), parameters: parameters,
      returns: try optionalEnum(tree, "returns", Self.actionReturns) ?? .status)
  }

  func kindManifest(_ tree: Value) throws(Refusal) -> KindManifest {
    let tree = try object(tree)
    if let configuration = optional(tree, "configuration") {
      // `{"type":"static"}` (other members ignored, as the decoder ignores them); intents are
      // the decoder's.
      let type = try required(try object(configuration), "type")
      guard tape.kind(type) == .string, tape.stringEquals(type, "static") else {
        throw Refusal()
      }
    }
    let kind = try string(try required(tree, "kind"))
    return KindManifest(
      kind: kind, displayName: try optionalString(tree, "displayName") ?? kind,
      description: try optionalString(tree, "description") ?? "",
      families: try array(try required(tree, "families")) { (element) throws(Refusal) in
        try enumeration(element, Self.families)
      },
      configuration: .static)
  }
}
