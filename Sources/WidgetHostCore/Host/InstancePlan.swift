import WidgetSchema

/// Decides which instances `run` shows, from the bundles' kinds and the `--kind` / `--family`
/// selection, and checks that kinds are unique across bundles.
public enum InstancePlan {
  /// A bundle's identity and kinds, as its manifest (or library) declares them.
  public struct Bundle: Sendable {
    /// The bundle id.
    public var id: String
    /// Where it was given, for messages.
    public var path: String
    /// Its kinds.
    public var kinds: [KindManifest]

    /// Creates a bundle entry.
    public init(id: String, path: String, kinds: [KindManifest]) {
      self.id = id
      self.path = path
      self.kinds = kinds
    }
  }

  /// Fails if two bundles declare the same kind, naming both.
  public static func checkUniqueKinds(_ bundles: [Bundle]) throws(BundleError) {
    var owners: [String: String] = [:]
    for bundle in bundles {
      for kind in bundle.kinds {
        if let owner = owners[kind.kind] {
          throw .duplicateKind(kind: kind.kind, first: owner, second: bundle.path)
        }
        owners[kind.kind] = bundle.path
      }
    }
  }

  /// The instances to show: every selected kind in every selected family it supports (its
  /// first family when none is selected, or, with `everyFamily`, all of them: the gallery).
  /// Instance ids are `kind/family`.
  public static func instances(
    of bundles: [Bundle], kinds: [String], families: [WidgetFamily], everyFamily: Bool = false
  ) throws(HostError) -> [WidgetInstance] {
    // A family or kind given twice means the same instances.
    var seenFamilies = Set<WidgetFamily>()
    let families = families.filter { seenFamilies.insert($0).inserted }
    let all = bundles.flatMap { bundle in bundle.kinds.map { (bundle.id, $0) } }
    for kind in kinds where !all.contains(where: { $0.1.kind == kind }) {
      let available = all.map(\.1.kind).joined(separator: ", ")
      throw .selection("no widget kind '\(kind)' in the given bundles (they have: \(available))")
    }
    var instances: [WidgetInstance] = []
    for (bundle, kind) in all where kinds.isEmpty || kinds.contains(kind.kind) {
      let chosen: [WidgetFamily]
      if families.isEmpty {
        chosen = everyFamily ? kind.families : Array(kind.families.prefix(1))
      } else {
        chosen = families.filter(kind.families.contains)
        if chosen.isEmpty && !kinds.isEmpty {
          let supported = kind.families.map(\.rawValue).joined(separator: ", ")
          let asked = families.map(\.rawValue).joined(separator: ", ")
          throw .selection(
            "widget kind '\(kind.kind)' does not support \(asked) (it supports: \(supported))")
        }
      }
      for family in chosen {
        let key = TimelineKey(bundle: bundle, kind: kind.kind, family: family)
        instances.append(WidgetInstance(id: "\(kind.kind)/\(family.rawValue)", key: key))
      }
    }
    if instances.isEmpty {
      let asked = families.map(\.rawValue).joined(separator: ", ")
      throw .selection("no widget kind in the given bundles supports \(asked)")
    }
    return instances
  }
}
