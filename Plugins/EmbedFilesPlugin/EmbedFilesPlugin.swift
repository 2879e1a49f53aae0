import Foundation
import PackagePlugin

/// Embeds the files of a target's `Embedded` folder in the target's code, as
/// `EmbeddedFiles.files` (path relative to the folder → text): what a program needs at run time
/// (project templates) is then part of its binary, and nothing has to be installed beside it.
/// Exclude the folder from the target in Package.swift (`exclude: ["…/Embedded"]`), so that
/// SwiftPM does not compile or complain about what it holds; embed-files does the rest.
@main
struct EmbedFilesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let fileManager = FileManager.default
    var folders: [URL] = []
    var files: [URL] = []
    let enumerator = fileManager.enumerator(
      at: target.directoryURL, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey],
      options: [.skipsHiddenFiles])
    while let url = enumerator?.nextObject() as? URL {
      let values = try url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
      if values.isDirectory == true, url.lastPathComponent == "Embedded" {
        folders.append(url)
      } else if values.isRegularFile == true,
        folders.contains(where: { url.path.hasPrefix($0.path + "/") })
      {
        files.append(url)
      }
    }
    guard let folder = folders.first else { return [] }
    guard folders.count == 1 else {
      throw EmbedFilesError(
        "\(target.name) has \(folders.count) folders named Embedded: "
          + folders.map(\.path).joined(separator: ", ") + "; keep one")
    }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(folder.path) in \(target.name)",
        executable: try context.tool(named: "embed-files").url,
        arguments: [folder.path, "--output", output.path],
        inputFiles: files,
        outputFiles: [output])
    ]
  }
}

struct EmbedFilesError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
