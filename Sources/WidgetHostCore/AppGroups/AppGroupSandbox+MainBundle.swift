import Foundation
import WidgetBundleRuntime
import WidgetSupport

extension AppGroupSandbox {
  /// Lays out `<container>/bundle` as Foundation reads a main bundle, for the worker of
  /// `source` (docs/isolation.md, "The bundle's Bundle.main"): the library (a link), a
  /// `Resources` folder with a link to each entry of the bundle's own `Resources` and an
  /// `Info.plist` made from the manifest, and a link to each SwiftPM resource bundle
  /// (`*.resources`, for `Bundle.module`) beside the library. Returns the library's path in it,
  /// which the worker gives as its own (`readlink("/proc/self/exe")`), so that `Bundle.main`
  /// is the bundle; nil when the folder cannot be made (then `Bundle.main` stays the worker's).
  ///
  /// The Info.plist's development region is the localization the host resolves for `language`
  /// (``LanguageMatch``): Foundation on Linux matches no user language itself (it looks up the
  /// development region's `.lproj`), so `Bundle.main.localizedString(forKey:value:table:)`
  /// answers as the host's localization does.
  func prepareMainBundle(for source: BundleSource, language: String) -> String? {
    let files = FileManager.default
    let folder = container + "/bundle"
    let resources = folder + "/Resources"
    let library = (source.libraryPath as NSString).lastPathComponent
    do {
      if files.fileExists(atPath: folder) { try files.removeItem(atPath: folder) }
      try files.createDirectory(
        atPath: resources, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try files.createSymbolicLink(
        atPath: folder + "/" + library, withDestinationPath: source.libraryPath)
      let own = (try? files.contentsOfDirectory(atPath: source.resourcesPath)) ?? []
      for name in own where name != "Info.plist" {
        try files.createSymbolicLink(
          atPath: resources + "/" + name, withDestinationPath: source.resourcesPath + "/" + name)
      }
      let beside = (source.libraryPath as NSString).deletingLastPathComponent
      for name in (try? files.contentsOfDirectory(atPath: beside)) ?? []
      where name.hasSuffix(".resources") {
        try files.createSymbolicLink(
          atPath: folder + "/" + name, withDestinationPath: beside + "/" + name)
      }
      let localizations = own.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }
      let manifest = source.manifest
      let region =
        LanguageMatch.searchOrder(
          available: localizations, language: language,
          developmentRegion: manifest?.developmentLanguage ?? "en"
        ).first ?? manifest?.developmentLanguage ?? "en"
      let info = InfoPlist(
        id: source.bundleID, manifest: manifest, executable: library, developmentRegion: region)
      try info.xml().write(to: URL(fileURLWithPath: resources + "/Info.plist"))
    } catch {
      return nil
    }
    return folder + "/" + library
  }
}
