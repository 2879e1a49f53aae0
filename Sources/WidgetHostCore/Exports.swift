// The bundle runtime (loading a bundle, its connection, errors and services) is part of the
// host's public API: `import WidgetHostCore` brings it, as before it had a module of its own.
@_exported import WidgetBundleRuntime
