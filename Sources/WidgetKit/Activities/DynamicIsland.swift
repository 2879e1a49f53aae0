import Foundation
import SwiftUI
import WidgetSchema

/// A Live Activity in the Dynamic Island: its expanded regions, its compact leading and
/// trailing views and its minimal view. The host draws each presentation; a status bar shows
/// the compact one.
public struct DynamicIsland {
  let expanded: [_DynamicIslandRegion]
  let compactLeading: (EnvironmentValues) -> ViewNode
  let compactTrailing: (EnvironmentValues) -> ViewNode
  let minimal: (EnvironmentValues) -> ViewNode
  var keylineTint: ColorValue?
  var url: URL?

  /// The island's presentations.
  public init<
    Expanded: DynamicIslandContent, CompactLeading: View, CompactTrailing: View,
    Minimal: View
  >(
    @DynamicIslandExpandedContentBuilder expanded: @escaping () -> Expanded,
    @ViewBuilder compactLeading: @escaping () -> CompactLeading,
    @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
    @ViewBuilder minimal: @escaping () -> Minimal
  ) {
    self.expanded = expanded()._regions
    let leading = compactLeading()
    let trailing = compactTrailing()
    let minimalView = minimal()
    self.compactLeading = { ViewResolver.resolve(leading, in: $0) }
    self.compactTrailing = { ViewResolver.resolve(trailing, in: $0) }
    self.minimal = { ViewResolver.resolve(minimalView, in: $0) }
  }

  /// The colour of the island's outline.
  public func keylineTint(_ color: Color?) -> DynamicIsland {
    var island = self
    island.keylineTint = color.flatMap { color in
      if case .color(let value) = ViewResolver.resolve(color, in: EnvironmentValues()) {
        return value
      }
      return nil
    }
    return island
  }

  /// What a tap on the island opens.
  public func widgetURL(_ url: URL?) -> DynamicIsland {
    var island = self
    island.url = url
    return island
  }

  /// The island's margins in one mode: accepted; the host lays regions out with its own.
  public func contentMargins(
    _ edges: Edge.Set = .all, _ length: CGFloat?, for mode: DynamicIslandMode
  ) -> DynamicIsland {
    self
  }
}

/// The island's presentations, for ``DynamicIsland/contentMargins(_:_:for:)``.
public struct DynamicIslandMode: Sendable, Hashable {
  private let name: String
  /// The compact leading and trailing views.
  public static let compact = DynamicIslandMode(name: "compact")
  /// The compact leading view.
  public static let compactLeading = DynamicIslandMode(name: "compactLeading")
  /// The compact trailing view.
  public static let compactTrailing = DynamicIslandMode(name: "compactTrailing")
  /// The minimal view.
  public static let minimal = DynamicIslandMode(name: "minimal")
  /// The expanded regions.
  public static let expanded = DynamicIslandMode(name: "expanded")
}

/// Where an expanded region sits: beside the camera (leading, trailing), below it (center), or
/// across the bottom.
public struct DynamicIslandExpandedRegionPosition: Sendable, Hashable {
  enum Place: Sendable, Hashable { case leading, trailing, center, bottom }
  let place: Place
  public static let leading = DynamicIslandExpandedRegionPosition(place: .leading)
  public static let trailing = DynamicIslandExpandedRegionPosition(place: .trailing)
  public static let center = DynamicIslandExpandedRegionPosition(place: .center)
  public static let bottom = DynamicIslandExpandedRegionPosition(place: .bottom)
}

/// One region of the expanded island as the SDK keeps it. SDK detail.
public struct _DynamicIslandRegion {
  let position: DynamicIslandExpandedRegionPosition.Place
  let resolve: (EnvironmentValues) -> ViewNode
}

/// What the expanded island's builder takes: regions.
public protocol DynamicIslandContent {
  /// The regions, in order. SDK detail.
  var _regions: [_DynamicIslandRegion] { get }
}

/// One region of the expanded island.
public struct DynamicIslandExpandedRegion<Content: View>: DynamicIslandContent {
  public let _regions: [_DynamicIslandRegion]

  /// `content` in the region at `position`; `priority` is accepted (the host gives every region
  /// its place).
  public init(
    _ position: DynamicIslandExpandedRegionPosition, priority: Double = 0,
    @ViewBuilder content: () -> Content
  ) {
    let view = content()
    _regions = [
      _DynamicIslandRegion(position: position.place) { ViewResolver.resolve(view, in: $0) }
    ]
  }
}

/// Several regions, as the builder combines them.
public struct _DynamicIslandRegions: DynamicIslandContent {
  public let _regions: [_DynamicIslandRegion]
}

/// Builds the expanded island from its regions, with `if` and `switch` as a view builder has.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
  public static func buildBlock(_ parts: any DynamicIslandContent...) -> _DynamicIslandRegions {
    _DynamicIslandRegions(_regions: parts.flatMap(\._regions))
  }

  public static func buildOptional(_ part: (any DynamicIslandContent)?) -> _DynamicIslandRegions {
    _DynamicIslandRegions(_regions: part?._regions ?? [])
  }

  public static func buildEither(first part: any DynamicIslandContent) -> _DynamicIslandRegions {
    _DynamicIslandRegions(_regions: part._regions)
  }

  public static func buildEither(second part: any DynamicIslandContent) -> _DynamicIslandRegions {
    _DynamicIslandRegions(_regions: part._regions)
  }
}
