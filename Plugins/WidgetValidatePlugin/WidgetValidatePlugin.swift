import Foundation
import PackagePlugin

/// `swift package widget-validate [--product NAME]... [--configuration debug|release] [--json]`
///
/// Builds each widget bundle product (a dynamic library that uses the WidgetKit SDK, or the
/// ones named) and runs `widget-host validate` on it: the conformance suite, each check in its
/// own worker process. Fails when any check fails.
@main
struct WidgetValidatePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let requested = extractor.extractOption(named: "product")
    let configurationName = extractor.extractOption(named: "configuration").last ?? "debug"
    let json = extractor.extractFlag(named: "json") > 0
    guard extractor.remainingArguments.isEmpty else {
      throw ValidateError(
        "unexpected arguments: \(extractor.remainingArguments.joined(separator: " "))")
    }
    guard
      let configuration = ["debug": PackageManager.BuildConfiguration.debug, "release": .release][
        configurationName]
    else {
      throw ValidateError("--configuration must be debug or release, not '\(configurationName)'")
    }
    let libraries = context.package.products(ofType: LibraryProduct.self).filter {
      if case .dynamic = $0.kind { return true }
      return false
    }
    let products: [LibraryProduct]
    if requested.isEmpty {
      products = libraries.filter { product in
        product.targets.contains { target in
          target.recursiveTargetDependencies.contains { $0.name == "WidgetKit" }
        }
      }
    } else {
      products = try requested.map { name in
        guard let product = libraries.first(where: { $0.name == name }) else {
          throw ValidateError(
            "no dynamic library product '\(name)' (dynamic libraries: "
              + libraries.map(\.name).joined(separator: ", ") + ")")
        }
        return product
      }
    }
    guard !products.isEmpty else {
      throw ValidateError(
        "no dynamic library product depends on WidgetKit; name one with --product")
    }
    let tool = try context.tool(named: "widget-host")
    var failed: [String] = []
    for product in products {
      let result = try packageManager.build(
        .product(product.name), parameters: .init(configuration: configuration, logging: .concise))
      guard result.succeeded else {
        print(result.logText)
        throw ValidateError("building \(product.name) failed")
      }
      guard let library = result.builtArtifacts.first(where: { $0.kind == .dynamicLibrary }) else {
        throw ValidateError("\(product.name) did not produce a shared library")
      }
      print("Validating \(product.name)…")
      let process = try Process.run(
        tool.url, arguments: ["validate", library.url.path] + (json ? ["--json"] : []))
      process.waitUntilExit()
      if process.terminationStatus != 0 { failed.append(product.name) }
    }
    if !failed.isEmpty {
      throw ValidateError("validation failed for \(failed.joined(separator: ", "))")
    }
  }
}

struct ValidateError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
