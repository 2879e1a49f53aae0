import CWidgetABI
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import WidgetSchema

/// Loads bundles into the host process with `dlopen`: fast, and used for debugging; a crashing
/// bundle takes the host down with it.
public struct InProcessLoader: BundleLoader {
  /// Creates the loader.
  public init() {}

  public func load(
    _ source: BundleSource, services: any BundleServices
  ) async throws(BundleError) -> any BundleConnection {
    try InProcessBundle(source: source, services: services)
  }
}

/// A bundle library loaded into this process.
final class InProcessBundle: BundleConnection, @unchecked Sendable {
  // Unchecked: the immutable properties are set in init; `gate` is a Mutex.
  let description: BundleDescription
  private let bundle: UnsafePointer<wk_bundle>
  private let hostTable: HostTable
  private let connection: UInt64
  /// Whether the bundle is closed, and how many calls are inside its `call` function, under
  /// one lock: a call either enters before ``close()`` closes the bundle (and is waited for
  /// before the bundle is destroyed) or finds it closed and does not call it. (A call checked
  /// only at its start could be overtaken by `close` before it registered, and then call a
  /// destroyed bundle: seen once as a crash on SIGINT in an end-to-end test.)
  private let gate = Mutex((closed: false, inside: 0))
  /// Where calls run: the calling thread once `call` has shown it returns promptly.
  private let routing = CallRouting()
  /// The C actions the manifest declares, called through libffi instead of `perform`.
  private let actions: NativeActions

  var callsPromptly: Bool { routing.callsInline }

  init(source: BundleSource, services: any BundleServices) throws(BundleError) {
    let path = source.path
    // RTLD_NOW: a missing symbol is reported now, not as a crash in the middle of a call. On
    // the main thread while it is free: Foundation, loaded with a Swift bundle, takes the thread
    // that loads it for the main thread, whose loop the bundle then offers (``MainThread``).
    guard let handle = MainThread.perform({ dlopen(source.libraryPath, RTLD_NOW | RTLD_LOCAL) })
    else {
      throw .libraryLoadFailed(
        path: path, reason: dlerror().map { String(cString: $0) } ?? "unknown")
    }
    // Swift libraries cannot be unloaded safely, so the handle is never closed; unloading a
    // bundle calls its `destroy` and forgets it.
    guard let symbol = dlsym(handle, WK_BUNDLE_ENTRY_SYMBOL) else {
      throw .missingEntryPoint(path: path)
    }
    let entry = unsafeBitCast(symbol, to: wk_bundle_entry_fn.self)
    let hostTable = HostTable(
      bundleID: source.bundleID, resourcePath: source.resourcesPath, services: services)
    guard let bundle = entry(hostTable.table) else {
      throw .abiRefused(
        path: path,
        reason: "wk_bundle_entry returned NULL: the bundle refused this host (host ABI "
          + "\(ABIVersion.current)); see the bundle's log lines above")
    }
    try Self.negotiate(bundle.pointee, path: path)
    let description = try Self.describe(bundle, path: path)
    self.actions = try NativeActions(
      source.manifest?.actions ?? description.actions ?? [], handle: handle, path: path)
    Self.offerMainLoop(of: bundle)
    hostTable.kinds.withLock { $0 = Set(description.kinds.map(\.kind)) }
    hostTable.declare(appGroups: source.manifest?.appGroups ?? description.appGroups ?? [])
    if source.manifest == nil {
      let generated = BundleManifest(generatedFrom: description, libraryPath: source.libraryPath)
      hostTable.identity.withLock { $0 = generated.id }
    }
    self.bundle = bundle
    self.description = description
    self.hostTable = hostTable
    self.connection = PendingCalls.shared.addConnection { [hostTable] message in
      hostTable.services.log(bundle: hostTable.bundleID, level: .error, message: message)
    }
  }

  /// Checks the bundle table's version and size.
  static func negotiate(_ table: wk_bundle, path: String) throws(BundleError) {
    let version = ABIVersion(major: table.abi_version.major, minor: table.abi_version.minor)
    guard version.major == ABIVersion.current.major else {
      throw .abiRefused(
        path: path,
        reason: "the bundle was built for ABI \(version); this host implements ABI "
          + "\(ABIVersion.current) (major versions must match)")
    }
    // The growth rule: any table at least as large as ABI 1.0's, whatever the bundle's minor
    // version; a field appended later is read only where `struct_size` covers it.
    let required = wk_bundle_size_1_0()
    guard Int(table.struct_size) >= required else {
      throw .abiRefused(
        path: path,
        reason: "wk_bundle.struct_size is \(table.struct_size) bytes; ABI 1.0 needs at least "
          + "\(required)")
    }
    guard table.describe != nil, table.call != nil, table.destroy != nil else {
      let missing = [
        table.describe == nil ? "describe" : nil, table.call == nil ? "call" : nil,
        table.destroy == nil ? "destroy" : nil,
      ].compactMap { $0 }
      throw .abiRefused(
        path: path,
        reason: "wk_bundle has NULL function pointers: \(missing.joined(separator: ", "))")
    }
  }

  /// Hands the bundle's main loop (`wk.main-loop`: a Swift bundle's main queue, main actor and
  /// `RunLoop.main`) to the process's main thread, unless the loop of an earlier bundle runs
  /// there already: bundles of one Swift runtime share it.
  private static func offerMainLoop(of bundle: UnsafePointer<wk_bundle>) {
    guard let lookup = bundle.pointee.get_extension,
      let raw = lookup(bundle, WK_BUNDLE_EXTENSION_MAIN_LOOP)
    else { return }
    let table = raw.assumingMemoryBound(to: wk_bundle_main_loop.self)
    guard Int(table.pointee.struct_size) >= MemoryLayout<wk_bundle_main_loop>.size,
      let run = table.pointee.run
    else { return }
    let address = UInt(bitPattern: bundle)
    MainThread.offer { run(UnsafePointer(bitPattern: address)) }
  }

  private static func describe(
    _ bundle: UnsafePointer<wk_bundle>, path: String
  ) throws(BundleError) -> BundleDescription {
    var json: UnsafePointer<CChar>?
    var length = 0
    let status = bundle.pointee.describe(bundle, &json, &length)
    let data = json.map { Data(bytes: $0, count: length) } ?? Data()
    guard status == Int32(WK_STATUS_OK.rawValue) else {
      throw .descriptionInvalid(
        path: path,
        problems: [
          SchemaError(
            path: "",
            message:
              "describe failed with status \(status): \(String(decoding: data, as: UTF8.self))")
        ])
    }
    return try ManifestValidator.decodeDescription(data, library: path)
  }

  func call(
    _ method: ProviderMethod, kind: String, context: ProviderContext
  ) async throws(ProviderError) -> Data {
    guard !gate.withLock({ $0.closed }) else { throw .closed }
    if method == .perform, let action = context.action, actions.declares(action.name) {
      return try await performNatively(action).get()
    }
    let contextJSON: [UInt8]
    do {
      contextJSON = try context.jsonBytes()
    } catch {
      throw .invalid("cannot encode the context: \(error)")
    }
    // See ``CallRouting``: on this thread once the bundle has shown that `call` returns
    // promptly, on a thread of its own (outside the cooperative pool) until then.
    if routing.callsInline {
      return try await reply(method, kind: kind, contextJSON: contextJSON, onThisThread: true)
        .get()
    }
    let executor = BundleCallExecutor.shared
    let result = await withTaskExecutorPreference(executor) {
      await reply(method, kind: kind, contextJSON: contextJSON, onThisThread: executor.isCurrent)
    }
    return try result.get()
  }

  /// Runs a declared C action on a thread of its own (a C function may block) and waits for
  /// it.
  private func performNatively(_ action: WidgetAction) async -> Result<Data, ProviderError> {
    let actions = self.actions
    return await withCheckedContinuation { continuation in
      BundleCallExecutor.onThreadOfItsOwn {
        continuation.resume(returning: actions.perform(action))
      }
    }
  }

  /// Calls the bundle and waits for its reply; a cancelled wait abandons the call. A reply
  /// given before `invoke` returns (a prompt bundle's, inside `call`, when `call` runs on this
  /// thread) is returned without suspending the task: no continuation, no cancellation handler.
  private func reply(
    _ method: ProviderMethod, kind: String, contextJSON: [UInt8], onThisThread: Bool
  ) async -> Result<Data, ProviderError> {
    let slot = ReplySlot()
    let id = PendingCalls.shared.add(connection: connection) { slot.deliver($0) }
    if Task.isCancelled {
      PendingCalls.shared.abandon(id: id)
    } else {
      invoke(method, kind: kind, contextJSON: contextJSON, id: id, onThisThread: onThisThread)
    }
    if let reply = slot.take() { return reply }
    return await withTaskCancellationHandler {
      await slot.wait()
    } onCancel: {
      PendingCalls.shared.abandon(id: id)
    }
  }

  /// Starts a call without waiting for it: `contextJSON` is the context as
  /// ``ProviderContext/jsonBytes()`` writes it, and `completion` runs once, on the thread the
  /// bundle replies from (or now, with `.closed`, once the bundle is closed). A worker serves
  /// the host's calls with it, sending each reply from that thread. `onThisThread`: the
  /// bundle's `call` runs on the calling thread (the ABI has it return promptly) instead of a
  /// thread of its own (``BundleCallExecutor/onThreadOfItsOwn(_:)``).
  func start(
    _ method: ProviderMethod, kind: String, contextJSON: [UInt8], onThisThread: Bool = false,
    completion: @escaping PendingCalls.Completion
  ) {
    guard !gate.withLock({ $0.closed }) else { return completion(.failure(.closed)) }
    if method == .perform, !actions.isEmpty,
      let context = try? WidgetJSON.decode(ProviderContext.self, from: Data(contextJSON)),
      let action = context.action, actions.declares(action.name)
    {
      let actions = self.actions
      BundleCallExecutor.onThreadOfItsOwn { completion(actions.perform(action)) }
      return
    }
    let id = PendingCalls.shared.add(connection: connection, completion: completion)
    invoke(method, kind: kind, contextJSON: contextJSON, id: id, onThisThread: onThisThread)
  }

  /// Calls the bundle for pending call `id`, on this thread or on a thread of its own.
  private func invoke(
    _ method: ProviderMethod, kind: String, contextJSON: [UInt8], id: UInt64,
    onThisThread: Bool = false
  ) {
    let work: @Sendable () -> Void = {
      let bundle = self.bundle
      var kind = kind
      kind.withUTF8 { kindBytes in
        contextJSON.withUnsafeBytes { contextBytes in
          var call = wk_call(
            struct_size: UInt32(MemoryLayout<wk_call>.size),
            abi_version: wk_version(
              major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)),
            method: method.rawValue,
            kind: UnsafeRawPointer(kindBytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
            kind_len: kindBytes.count,
            context_json: contextBytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            context_len: contextBytes.count,
            reply_ctx: UnsafeMutableRawPointer(bitPattern: UInt(id)),
            reply: PendingCalls.replyFunction)
          let enters = self.gate.withLock { gate in
            if gate.closed { return false }
            gate.inside += 1
            return true
          }
          guard enters else {
            // Closed since the call began: the bundle may be destroyed already.
            PendingCalls.shared.complete(id: id, failure: .closed)
            return
          }
          let start = ContinuousClock.now
          bundle.pointee.call(bundle, &call)
          self.routing.record(seconds: (ContinuousClock.now - start) / .seconds(1))
          self.gate.withLock { $0.inside -= 1 }
        }
      }
    }
    if onThisThread { work() } else { BundleCallExecutor.onThreadOfItsOwn(work) }
  }

  func close() async {
    guard
      !gate.withLock({ gate in
        defer { gate.closed = true }
        return gate.closed
      })
    else { return }
    // Let calls in flight finish for a moment; a bundle that never replies is left loaded (the
    // ABI forbids destroying it under a pending call), its waiters released with `.closed`.
    for _ in 0..<50 where PendingCalls.shared.outstanding(for: connection) > 0 {
      try? await Task.sleep(for: .milliseconds(10))
    }
    let idle = PendingCalls.shared.outstanding(for: connection) == 0
    PendingCalls.shared.removeConnection(connection)
    if idle {
      // No call enters any more; the last reply may have come from inside `call`, before it
      // returned.
      while gate.withLock({ $0.inside }) > 0 {
        try? await Task.sleep(for: .milliseconds(1))
      }
      bundle.pointee.destroy(bundle)
    }
  }
}
