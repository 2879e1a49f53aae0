/// The system appearance entries are drawn in: iOS's light or dark mode. In dark mode the
/// semantic colours (`primary`, `secondary`, `background`, the named system colours) take their
/// dark values and the container is dark; colours given as components are drawn as given
/// (docs/rendering.md, "Appearance").
public enum Appearance: String, Sendable, CaseIterable {
  case light
  case dark
}
