import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Colour sets of a bundle's asset catalogs, as Xcode writes them: `Color("Brand")` and
/// `UIColor(named: "Brand")`.
@Suite(.serialized) struct AssetCatalogTests {
  static func contents(_ components: String, dark: Bool = false) -> Data {
    let entry =
      #"{"idiom":"universal","color":{"color-space":"srgb","components":"# + components + "}}"
    let darkEntry =
      #"{"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],"#
      + #""color":{"components":{"red":"1","green":"1","blue":"1","alpha":"1"}}}"#
    return Data((#"{"colors":["# + (dark ? darkEntry + "," : "") + entry + "]}").utf8)
  }

  @Test func componentsAreReadAsXcodeWritesThem() {
    let color = _AssetCatalog.color(
      fromContents: Self.contents(#"{"red":"0.500","green":"0x33","blue":"255","alpha":"0.25"}"#))
    #expect(color == _AssetCatalog.Color(red: 0.5, green: 0.2, blue: 1, alpha: 0.25))
    let numbers = _AssetCatalog.color(
      fromContents: Self.contents(#"{"red":1,"green":0.5,"blue":0}"#))
    #expect(numbers == _AssetCatalog.Color(red: 1, green: 0.5, blue: 0, alpha: 1))
  }

  @Test func theLightAndTheDarkAppearancesAreRead() throws {
    let set = try #require(
      _AssetCatalog.colorSet(
        fromContents: Self.contents(#"{"red":"0","green":"0","blue":"0"}"#, dark: true)))
    #expect(set.light == _AssetCatalog.Color(red: 0, green: 0, blue: 0, alpha: 1))
    #expect(set.dark == _AssetCatalog.Color(red: 1, green: 1, blue: 1, alpha: 1))
    let lightOnly = _AssetCatalog.colorSet(
      fromContents: Self.contents(#"{"red":"0","green":"0","blue":"0"}"#))
    #expect(lightOnly?.dark == nil)
  }

  @Test func unreadableSetsAreNoColour() {
    #expect(_AssetCatalog.color(fromContents: Data("{".utf8)) == nil)
    #expect(
      _AssetCatalog.color(fromContents: Self.contents(#"{"red":"x","green":"0","blue":"0"}"#))
        == nil)
    #expect(_AssetCatalog.color(named: "../Brand", in: "/tmp") == nil, "no path out of the catalog")
  }

  @Test func colourAndUIColorFindTheBundlesSets() throws {
    let resources = FileManager.default.temporaryDirectory
      .appendingPathComponent("assets-\(UUID().uuidString)")
    let set = resources.appendingPathComponent("Assets.xcassets/Brand.colorset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try Self.contents(#"{"red":"0.2","green":"0.4","blue":"0.6"}"#, dark: true)
      .write(to: set.appendingPathComponent("Contents.json"))
    _AssetCatalog._configure(resources: resources.path)
    defer { _AssetCatalog._configure(resources: nil) }
    let white = ColorValue.Components(red: 1, green: 1, blue: 1, opacity: 1)
    let brandValue = ColorValue(red: 0.2, green: 0.4, blue: 0.6, dark: white)
    #expect(resolved(Color("Brand")) == .color(brandValue))
    #expect(
      resolved(Color("Brand").opacity(0.5)) == .color(brandValue.fading(0.5)),
      "an opacity applies in both appearances")
    #expect(brandValue.fading(0.5).dark?.opacity == 0.5)
    #expect(resolved(Color("Missing")) == .color(ColorValue(name: "clear")))
    let brand = try #require(UIColor(named: "Brand"))
    #expect(brand._components?.green == 0.4)
    #expect(resolved(Color(uiColor: brand)) == .color(brandValue), "UIColor keeps the dark one")
    #expect(UIColor(named: "Missing") == nil)
  }
}
