/// One cell of the widget gallery (`widget-host preview`): a kind in one family, its placeholder
/// (drawn redacted) and its snapshot (asked for with `isPreview` true). One line of
/// `preview --format json` (docs/cli.md#preview, schema docs/schemas/stream/preview.schema.json).
public struct PreviewItem: Codable, Sendable, Equatable {
  /// Always `"preview"`.
  public var type = "preview"
  /// The bundle's id.
  public var bundle: String
  /// The widget kind.
  public var kind: String
  /// The family.
  public var family: WidgetFamily
  /// The placeholder call's outcome.
  public var placeholder: Outcome
  /// The snapshot call's outcome.
  public var snapshot: Outcome
  /// The previews the bundle declares for the kind at this family (`#Preview`), each entry
  /// drawn; nil when it declares none, or could not say (then `previewsError`).
  public var previews: [Declared]?
  /// Why the bundle's previews could not be had.
  public var previewsError: Failure?

  /// The item of `kind` of bundle `bundle` in `family`, with the outcomes of its calls.
  public init(
    bundle: String, kind: String, family: WidgetFamily, placeholder: Outcome, snapshot: Outcome,
    previews: [Declared]? = nil, previewsError: Failure? = nil
  ) {
    self.bundle = bundle
    self.kind = kind
    self.family = family
    self.placeholder = placeholder
    self.snapshot = snapshot
    self.previews = previews
    self.previewsError = previewsError
  }

  /// A preview the bundle declares (`#Preview("name", as: family) { … } timeline: { … }`).
  public struct Declared: Codable, Sendable, Equatable {
    /// Its name, if it has one.
    public var name: String?
    /// Its entries, in order, rendered as snapshots are.
    public var entries: [EntryEvent]

    /// A preview named `name` of `entries`.
    public init(name: String?, entries: [EntryEvent]) {
      self.name = name
      self.entries = entries
    }
  }

  /// A rendered entry, or why there is none: exactly one of the two is set.
  public struct Outcome: Codable, Sendable, Equatable {
    /// The entry, rendered as in the stream's `entry` events (docs/stream.md#entry).
    public var entry: EntryEvent?
    /// The failure, with the stream's error codes (docs/stream.md#codes).
    public var error: Failure?

    /// An outcome: `entry`, or `error`.
    public init(entry: EntryEvent? = nil, error: Failure? = nil) {
      self.entry = entry
      self.error = error
    }
  }

  /// A failed provider call.
  public struct Failure: Codable, Sendable, Equatable {
    /// `provider-failed`, `provider-timeout`, `bad-reply`, …
    public var code: String
    /// What happened.
    public var message: String

    /// A failure with error code `code`.
    public init(code: String, message: String) {
      self.code = code
      self.message = message
    }
  }

  /// True if the placeholder or the snapshot call failed.
  public var failed: Bool { placeholder.error != nil || snapshot.error != nil }
}

/// One Live Activity preview as `widget-host preview --format json` writes it: a line of its
/// own, after the widgets' items.
///
/// JSON: `{"type": "activity-preview", "bundle": "…", "attributesType": "DeliveryAttributes",
/// "name": "Notification", "viewKind": "content", "states": [ActivityPresentations]}`.
public struct ActivityPreviewItem: Codable, Sendable, Equatable {
  /// Always `"activity-preview"`.
  public var type = "activity-preview"
  /// The bundle's id.
  public var bundle: String
  /// The attributes type.
  public var attributesType: String
  /// The preview's name, if it has one; nil (with `error`) when the bundle could not say.
  public var name: String?
  /// What it shows; nil with `error`.
  public var viewKind: ActivityPreviewKind?
  /// Each content state, every presentation drawn.
  public var states: [ActivityPresentations]
  /// Why the bundle's previews of the type could not be had.
  public var error: PreviewItem.Failure?

  /// Creates an item.
  public init(
    bundle: String, attributesType: String, name: String?, viewKind: ActivityPreviewKind?,
    states: [ActivityPresentations], error: PreviewItem.Failure? = nil
  ) {
    self.bundle = bundle
    self.attributesType = attributesType
    self.name = name
    self.viewKind = viewKind
    self.states = states
    self.error = error
  }
}
