import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetSchema

/// Loads bundles into this process, as ``InProcessLoader`` does, but puts off loading a library
/// whose description a host remembered in the same state directory (``DescriptionCache``): a
/// restarted `run --in-process` shows its restored entries before it loads any library, as a
/// host with workers shows them before any worker starts (docs/isolation.md, *Start-up*). A
/// Swift bundle loads its own Swift runtime and Foundation with it: loaded first, three of the
/// examples put a restart's first frame at about 16 ms instead of 6.
///
/// A remembered library is loaded at ``BundleConnection/start()`` (the host calls it once the
/// restored entries are out) or at its first call, which waits for it.
public struct DeferredInProcessLoader: BundleLoader, DescribingLoader {
  let descriptions: DescriptionCache
  /// This process's executable: it is what describes the libraries it loads.
  let executable: String

  /// Creates a loader that remembers descriptions in the host's state directory `directory`
  /// (`directory/descriptions`, shared with the worker loader).
  public init(stateDirectory directory: String) {
    descriptions = DescriptionCache(inStateDirectory: directory)
    executable = WorkerLoader.currentExecutable()
  }

  public func load(
    _ source: BundleSource, services: any BundleServices
  ) async throws(BundleError) -> any BundleConnection {
    try await descriptions.bundle(for: descriptionKey(source, services)) { description in
      DeferredInProcessBundle(
        source: source, description: description, services: services,
        descriptions: descriptions)
    } load: { () async throws(BundleError) in
      try await InProcessLoader().load(source, services: services)
    }
  }
}

/// A bundle known by its remembered description, whose library is loaded into this process when
/// the host asks (``start()``) or at the first call.
///
/// A library that then fails to load takes no calls for the rest of the run: an `error` event
/// `bundle-load-failed` and a `bundle` event `failed` say so, its calls fail, and its
/// description is forgotten, so the next start loads it before anything is shown and reports the
/// failure as it would have without one.
final class DeferredInProcessBundle: BundleConnection, Sendable {
  let description: BundleDescription
  private let source: BundleSource
  private let manifest: BundleManifest
  private let services: any BundleServices
  private let descriptions: DescriptionCache
  private let state = Mutex(State())

  private struct State {
    /// The load, once begun.
    var loading: Task<Result<any BundleConnection, BundleError>, Never>?
    /// The loaded bundle, once the load succeeded.
    var loaded: (any BundleConnection)?
    var closed = false
  }

  init(
    source: BundleSource, description: BundleDescription, services: any BundleServices,
    descriptions: DescriptionCache
  ) {
    self.source = source
    self.description = description
    self.manifest =
      source.manifest ?? BundleManifest(generatedFrom: description, libraryPath: source.libraryPath)
    self.services = services
    self.descriptions = descriptions
  }

  /// Whether the library has been loaded (for tests).
  var isLoaded: Bool { state.withLock { $0.loaded != nil } }

  var callsPromptly: Bool { state.withLock { $0.loaded?.callsPromptly ?? false } }

  func start() {
    _ = loading()
  }

  /// The load, begun now if it was not yet; nil once the bundle is closed.
  private func loading() -> Task<Result<any BundleConnection, BundleError>, Never>? {
    state.withLock { state in
      if let loading = state.loading { return state.closed ? nil : loading }
      guard !state.closed else { return nil }
      let loading = Task { await self.load() }
      state.loading = loading
      return loading
    }
  }

  private func load() async -> Result<any BundleConnection, BundleError> {
    let connection: any BundleConnection
    do {
      connection = try await InProcessLoader().load(source, services: services)
    } catch {
      descriptions.forget(library: source.libraryPath)
      // A host that closed the bundle meanwhile has ended its stream: nothing to report to.
      guard !state.withLock({ $0.closed }) else { return .failure(error) }
      services.report(
        BundleIncident(
          code: "bundle-load-failed",
          message: "the library no longer loads: \(error)",
          bundle: manifest.id,
          failed: BundleEvent(
            event: .failed, bundle: manifest.id, version: manifest.version, path: source.path,
            kinds: manifest.kinds.map(\.kind), reason: error.description)))
      return .failure(error)
    }
    if connection.description != description {
      // The file looks the same, but the bundle describes itself differently from run to run.
      // The host shows the kinds it was told; the next start loads the library first.
      descriptions.forget(library: source.libraryPath)
      services.log(
        bundle: manifest.id, level: .warning,
        message: "the library describes itself differently from when it was last loaded; its "
          + "kinds are shown as they were until widget-host starts again")
    }
    state.withLock { $0.loaded = connection }
    return .success(connection)
  }

  func call(
    _ method: ProviderMethod, kind: String, context: ProviderContext
  ) async throws(ProviderError) -> Data {
    guard let loading = loading() else { throw .closed }
    switch await loading.value {
    case .success(let connection):
      return try await connection.call(method, kind: kind, context: context)
    case .failure(let error):
      throw .unavailable("the bundle's library failed to load: \(error)")
    }
  }

  func close() async {
    let loading = state.withLock { state in
      state.closed = true
      return state.loading
    }
    if case .success(let connection)? = await loading?.value { await connection.close() }
  }
}
