import WidgetSchema

/// A `Link`'s, button's or toggle's rectangle in points, from the widget's top left, with the id
/// the character grid gives the same region (`link-N`, `action-N`, in drawing order): where a
/// click on a picture of the entry lands (the web page's taps, docs/web.md).
public struct PointRegion: Sendable, Equatable {
  /// The region's id in the entry's `regions`.
  public var id: String
  /// What a `Link` opens; nil for a button or a toggle.
  public var url: String?
  /// What a button or a toggle runs; nil for a `Link`.
  public var action: WidgetAction?
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  /// Whether the point `x`,`y` is inside.
  public func contains(x: Double, y: Double) -> Bool {
    x >= self.x && x < self.x + width && y >= self.y && y < self.y + height
  }
}

extension LayoutNode {
  /// The tap regions under this node in drawing order, numbered as ``GridPainter`` numbers
  /// them: a background's layer before its child, an overlay's child before its layer, nothing
  /// under an invisible opacity or a zero scale, and no `Link` in systemSmall (which opens
  /// only its widgetURL). Offsets move a region; turns and scales do not.
  func tapRegions(family: WidgetFamily?) -> [PointRegion] {
    var regions: [PointRegion] = []
    var links = 0
    var actions = 0
    func visit(_ node: LayoutNode, dx: Double, dy: Double) {
      let frame = node.frame
      switch node.kind {
      case .stack(_, _, _, let children):
        for child in children { visit(child, dx: dx, dy: dy) }
      case .frame(_, let child), .padding(_, _, _, _, let child), .aspect(_, _, let child),
        .fixed(_, _, let child), .position(_, _, let child):
        visit(child, dx: dx, dy: dy)
      case .background(let layer, _, let child):
        visit(layer, dx: dx, dy: dy)
        visit(child, dx: dx, dy: dy)
      case .overlay(let layer, _, let child):
        visit(child, dx: dx, dy: dy)
        visit(layer, dx: dx, dy: dy)
      case .effect(let effect, let child):
        switch effect {
        case .opacity(let value):
          guard !(value <= 0) else { return }
          visit(child, dx: dx, dy: dy)
        case .clip, .accent:
          visit(child, dx: dx, dy: dy)
        case .link(let url):
          if family != .systemSmall {
            regions.append(
              PointRegion(
                id: "link-\(links)", url: url, action: nil, x: frame.x + dx, y: frame.y + dy,
                width: frame.width, height: frame.height))
            links += 1
          }
          visit(child, dx: dx, dy: dy)
        case .action(let action):
          regions.append(
            PointRegion(
              id: "action-\(actions)", url: nil, action: action, x: frame.x + dx,
              y: frame.y + dy, width: frame.width, height: frame.height))
          actions += 1
          visit(child, dx: dx, dy: dy)
        case .transform(let transform):
          guard transform.scaleX != 0, transform.scaleY != 0 else { return }
          let x = transform.offsetX.isFinite ? transform.offsetX : 0
          let y = transform.offsetY.isFinite ? transform.offsetY : 0
          visit(child, dx: dx + x, dy: dy + y)
        }
      default:
        return
      }
    }
    visit(self, dx: 0, dy: 0)
    return regions
  }
}
