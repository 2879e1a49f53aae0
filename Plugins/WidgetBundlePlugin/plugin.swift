import PackagePlugin

@main struct WidgetBundlePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
