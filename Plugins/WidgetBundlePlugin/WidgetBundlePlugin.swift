import Foundation
import PackagePlugin

/// `swift package widget-bundle [--product NAME]... [--configuration debug|release]
/// [--output FOLDER] [--id ID] [--version VERSION] [--development-region LANG]`
///
/// Builds each widget bundle product (a dynamic library) and assembles `Name.widgetbundle/`
/// next to it (or in `--output`) with `widget-host assemble`: the manifest is generated from
/// the library's own description, `Resources/` is copied from the product's target (and the
/// SwiftPM resource bundles of its targets beside the library, for `Bundle.module`), and the App
/// Groups of the target's `*.entitlements` file (`com.apple.security.application-groups`, as in
/// Xcode) become the manifest's `appGroups`.
@main
struct WidgetBundlePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let requested = extractor.extractOption(named: "product")
    let configurationName = extractor.extractOption(named: "configuration").last ?? "debug"
    let output = extractor.extractOption(named: "output").last
    let id = extractor.extractOption(named: "id").last
    let version = extractor.extractOption(named: "version").last
    let developmentRegion = extractor.extractOption(named: "development-region").last
    guard extractor.remainingArguments.isEmpty else {
      throw PluginError(
        "unexpected arguments: \(extractor.remainingArguments.joined(separator: " "))")
    }
    guard
      let configuration = ["debug": PackageManager.BuildConfiguration.debug, "release": .release][
        configurationName]
    else {
      throw PluginError("--configuration must be debug or release, not '\(configurationName)'")
    }
    let products = try selectProducts(requested, in: context.package)
    if id != nil && products.count > 1 {
      throw PluginError("--id applies to one product; choose it with --product")
    }
    let tool = try context.tool(named: "widget-host")
    for product in products {
      print("Building \(product.name)…")
      let result = try packageManager.build(
        .product(product.name), parameters: .init(configuration: configuration, logging: .concise))
      guard result.succeeded else {
        print(result.logText)
        throw PluginError("building \(product.name) failed")
      }
      guard let library = result.builtArtifacts.first(where: { $0.kind == .dynamicLibrary }) else {
        throw PluginError("\(product.name) did not produce a shared library")
      }
      var arguments = ["assemble", library.url.path, "--name", product.name]
      if let output { arguments += ["--output", output] }
      if let id { arguments += ["--id", id] }
      if let version { arguments += ["--version", version] }
      if let developmentRegion { arguments += ["--development-region", developmentRegion] }
      if let resources = resourcesFolder(of: product) { arguments += ["--resources", resources] }
      if let entitlements = entitlementsFile(of: product) {
        arguments += ["--entitlements", entitlements]
      }
      for bundle in resourceBundles(of: product, beside: library.url) {
        arguments += ["--resource-bundle", bundle]
      }
      let process = try Process.run(tool.url, arguments: arguments)
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw PluginError("widget-host assemble failed for \(product.name)")
      }
    }
  }

  /// The requested products, or every dynamic library product that uses the WidgetKit SDK.
  private func selectProducts(_ names: [String], in package: Package) throws -> [LibraryProduct] {
    let libraries = package.products(ofType: LibraryProduct.self).filter {
      if case .dynamic = $0.kind { return true }
      return false
    }
    if names.isEmpty {
      let bundles = libraries.filter { product in
        product.targets.contains { target in
          target.recursiveTargetDependencies.contains { $0.name == "WidgetKit" }
        }
      }
      guard !bundles.isEmpty else {
        throw PluginError(
          "no dynamic library product depends on WidgetKit; name one with --product")
      }
      return bundles
    }
    return try names.map { name in
      guard let product = libraries.first(where: { $0.name == name }) else {
        let known = libraries.map(\.name).joined(separator: ", ")
        throw PluginError("no dynamic library product '\(name)' (dynamic libraries: \(known))")
      }
      return product
    }
  }

  /// The `*.entitlements` file inside the product's first target, or beside it (for
  /// `path: "X/Sources"`); the first by name when there are several.
  private func entitlementsFile(of product: LibraryProduct) -> String? {
    guard let target = product.targets.first else { return nil }
    let directory = target.directoryURL
    for folder in [directory, directory.deletingLastPathComponent()] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if let name = names.filter({ $0.hasSuffix(".entitlements") }).sorted().first {
        return folder.appendingPathComponent(name).path
      }
    }
    return nil
  }

  /// The SwiftPM resource bundles of the product's targets (and the targets they depend on)
  /// that the build put beside `library`: `<Package>_<Target>.resources`.
  private func resourceBundles(of product: LibraryProduct, beside library: URL) -> [String] {
    let folder = library.deletingLastPathComponent()
    let targets = Set(
      product.targets.flatMap { [$0.name] + $0.recursiveTargetDependencies.map(\.name) })
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
      guard name.hasSuffix(".resources"), let separator = name.lastIndex(of: "_") else {
        return false
      }
      return targets.contains(String(name[name.index(after: separator)...].dropLast(10)))
    }.sorted().map { folder.appendingPathComponent($0).path }
  }

  /// `Resources/` inside the product's first target, or beside it (for `path: "X/Sources"`).
  private func resourcesFolder(of product: LibraryProduct) -> String? {
    guard let target = product.targets.first else { return nil }
    let directory = target.directoryURL
    for candidate in [
      directory.appendingPathComponent("Resources"),
      directory.deletingLastPathComponent().appendingPathComponent("Resources"),
    ] {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return candidate.path
      }
    }
    return nil
  }
}

struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
