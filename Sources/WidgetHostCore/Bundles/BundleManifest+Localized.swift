import Foundation
import WidgetSchema
import WidgetSupport

extension BundleManifest {
  /// This manifest with each kind's display name and description localized: each is looked
  /// up as a key in the bundle's `Resources/<lang>.lproj/Localizable.strings` for `language`
  /// (then the development language), as iOS localizes `configurationDisplayName`, and kept
  /// as written when no strings file has it. Problems with a strings file go to `report`.
  public func localized(
    language: String?, resourcesPath: String,
    report: @escaping @Sendable (StringsFileError) -> Void = { _ in }
  ) -> BundleManifest {
    let catalog = StringsCatalog(
      resourcesPath: resourcesPath, language: language, developmentRegion: developmentLanguage,
      report: report)
    guard !catalog.searchOrder.isEmpty else { return self }
    var copy = self
    for index in copy.kinds.indices {
      copy.kinds[index].displayName = catalog.localized(copy.kinds[index].displayName)
      if !copy.kinds[index].description.isEmpty {
        copy.kinds[index].description = catalog.localized(copy.kinds[index].description)
      }
    }
    return copy
  }
}
