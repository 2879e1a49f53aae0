import Foundation
import Synchronization

/// Colour sets of the asset catalogs (`*.xcassets`) in a bundle's `Resources` folder, as Xcode
/// keeps them: `Assets.xcassets/Brand.colorset/Contents.json`.
///
/// Widget code names them `Color("Brand")` and `UIColor(named: "Brand")`. The light appearance
/// is the set's entry without appearances (else its first one); the dark appearance its entry
/// for `luminosity` `dark`, which the host draws where it draws dark (the web page's dark
/// appearance). Components may be written as Xcode writes them: `"0.502"`, `"0x80"` or
/// `"128"`; sRGB, extended sRGB and Display P3 are all read as sRGB.
public enum _AssetCatalog {
  /// An RGB colour in 0…1 and its opacity.
  public struct Color: Equatable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
      (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
  }

  /// The `Resources` folder of the bundle being run, as the host tells it (`resource_path` of
  /// the host table; WidgetKit sets it when the bundle is loaded); nil outside a bundle.
  public static var bundleResources: String? { resources.withLock { $0 } }

  private static let resources = Mutex<String?>(nil)

  /// Sets ``bundleResources``. SDK detail.
  public static func _configure(resources path: String?) {
    resources.withLock { $0 = path }
  }

  /// The colour set `name` of the catalogs in `resources` (in name order), in its light
  /// appearance, or nil.
  public static func color(named name: String, in resources: String? = bundleResources)
    -> Color?
  {
    colorSet(named: name, in: resources)?.light
  }

  /// The colour set `name` of the catalogs in `resources` (in name order): its light colour
  /// and its dark one, if it has one; nil when no catalog has it.
  public static func colorSet(named name: String, in resources: String? = bundleResources)
    -> (light: Color, dark: Color?)?
  {
    guard let resources, !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
      return nil
    }
    let catalogs =
      ((try? FileManager.default.contentsOfDirectory(atPath: resources)) ?? [])
      .filter { $0.hasSuffix(".xcassets") }.sorted()
    for catalog in catalogs {
      let file = [resources, catalog, name + ".colorset", "Contents.json"].joined(separator: "/")
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      return colorSet(fromContents: data)
    }
    return nil
  }

  /// The light-appearance colour of a colour set's `Contents.json`, or nil when it has none
  /// that can be read.
  public static func color(fromContents data: Data) -> Color? {
    colorSet(fromContents: data)?.light
  }

  /// The light colour of a colour set's `Contents.json` and its dark one (the entry for
  /// `luminosity` `dark` without other appearances), or nil when it has no light colour that
  /// can be read.
  public static func colorSet(fromContents data: Data) -> (light: Color, dark: Color?)? {
    guard let contents = try? JSONDecoder().decode(ColorSet.self, from: data) else { return nil }
    let entries = contents.colors ?? []
    let light = entries.first { $0.appearances?.isEmpty ?? true } ?? entries.first
    let dark = entries.first {
      $0.appearances?.map { "\($0.appearance ?? ""):\($0.value ?? "")" } == ["luminosity:dark"]
    }
    guard let color = light.flatMap(Self.color) else { return nil }
    return (color, dark.flatMap(Self.color))
  }

  private static func color(_ entry: ColorSet.Entry) -> Color? {
    guard let components = entry.color?.components,
      let red = components.red?.unit, let green = components.green?.unit,
      let blue = components.blue?.unit
    else { return nil }
    return Color(red: red, green: green, blue: blue, alpha: components.alpha?.unit ?? 1)
  }

  /// A colour set's `Contents.json`, as far as it is read.
  private struct ColorSet: Decodable {
    struct Entry: Decodable {
      var appearances: [Appearance]?
      var color: Definition?
    }
    struct Appearance: Decodable {
      var appearance: String?
      var value: String?
    }
    struct Definition: Decodable {
      var components: Components?
    }
    struct Components: Decodable {
      var red: Component?
      var green: Component?
      var blue: Component?
      var alpha: Component?
    }
    var colors: [Entry]?
  }

  /// A component as Xcode writes it: `"0.502"`, `"0x80"`, `"128"` (0…255) or a number.
  private struct Component: Decodable {
    var unit: Double?

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Double.self) {
        unit = Self.unit(number, whole: number > 1 && number == number.rounded())
        return
      }
      let text = String(try container.decode(String.self).filter { $0 != " " })
      if text.lowercased().hasPrefix("0x") {
        unit = UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
      } else if let value = Double(text), value.isFinite {
        unit = Self.unit(value, whole: !text.contains(".") && value > 1)
      }
    }

    /// `value` in 0…1; a whole number above 1 is 0…255, as Xcode writes 8-bit components.
    private static func unit(_ value: Double, whole: Bool) -> Double {
      min(max(whole ? value / 255 : value, 0), 1)
    }
  }
}
