import AppIntents
import CWidgetABI
import CWidgetKitShims
import Foundation
import SwiftUI
import Synchronization
import WidgetSchema

/// The bundle's C entry point. WidgetKit defines it, so a Swift bundle exports itself with no
/// code of its own: the `@main` widget or widget bundle is found through the `main` function
/// Swift generates for it.
@_cdecl("wk_bundle_entry")
public func widgetBundleEntry(_ host: UnsafePointer<wk_host>?) -> UnsafePointer<wk_bundle>? {
  BundleExport.entry(host)
}

/// The bridge between the C ABI and the SDK: negotiates with the host, describes the bundle's
/// kinds and answers calls by running the providers.
enum BundleExport {
  /// The loaded bundle's state; one per `wk_bundle_entry` call that succeeded.
  final class Runtime: @unchecked Sendable {
    // Unchecked: every stored property is set once in `entry` and never changed afterwards;
    // providers are called from the host's threads as WidgetKit calls them from its queues.
    let host: UnsafePointer<wk_host>
    let widgets: [String: _WidgetDescriptor]
    let description: UnsafeMutableBufferPointer<CChar>
    let table: UnsafeMutablePointer<wk_bundle>
    /// The App Groups the host says the bundle declares; read at the first call (the host knows
    /// them once `describe` has returned).
    let appGroups = Mutex<[String]?>(nil)

    init(host: UnsafePointer<wk_host>, descriptors: [_WidgetDescriptor], description: Data) {
      self.host = host
      var widgets: [String: _WidgetDescriptor] = [:]
      for descriptor in descriptors where widgets[descriptor.manifest.kind] == nil {
        widgets[descriptor.manifest.kind] = descriptor
      }
      self.widgets = widgets
      self.description = .allocate(capacity: description.count)
      _ = self.description.initialize(from: description.map { CChar(bitPattern: $0) })
      self.table = .allocate(capacity: 1)
    }

    deinit {
      description.deallocate()
      table.deallocate()
    }
  }

  /// The runtime of the most recent load, used for logging from SDK code that has no call at
  /// hand. Bundles are loaded once per process in practice.
  nonisolated(unsafe) static var current: Runtime?

  static func entry(_ host: UnsafePointer<wk_host>?) -> UnsafePointer<wk_bundle>? {
    guard let host else { return nil }
    // Any host table at least as large as ABI 1.0's, whatever the host's minor version.
    let required = wk_host_size_1_0()
    guard host.pointee.abi_version.major == UInt32(WK_ABI_VERSION_MAJOR),
      Int(host.pointee.struct_size) >= required
    else {
      return nil
    }
    configureStrings(host)
    let anchor = unsafeBitCast(
      widgetBundleEntry as @convention(c) (UnsafePointer<wk_host>?) -> UnsafePointer<wk_bundle>?,
      to: UnsafeRawPointer.self)
    if BundleRegistration.registered == nil {
      _ = wk_shims_run_library_main(anchor)
    }
    guard let factory = BundleRegistration.registered else {
      log(
        .error,
        "this library has no @main Widget or WidgetBundle; mark the bundle's entry type @main",
        host: host)
      return nil
    }
    let descriptors = factory()
    let activities = descriptors.compactMap(\.activity)
    let description = BundleDescription(
      kinds: descriptors.filter { $0.activity == nil }.map(\.manifest),
      activities: activities.isEmpty ? nil : activities)
    guard let json = try? WidgetJSON.encode(description) else { return nil }
    let runtime = Runtime(host: host, descriptors: descriptors, description: json)
    runtime.table.initialize(
      to: wk_bundle(
        struct_size: UInt32(MemoryLayout<wk_bundle>.size),
        abi_version: wk_version(
          major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)),
        bundle_data: Unmanaged.passRetained(runtime).toOpaque(),
        describe: { bundle, json, length in
          guard let runtime = BundleExport.runtime(bundle) else {
            return Int32(WK_STATUS_INVALID.rawValue)
          }
          json?.pointee = UnsafePointer(runtime.description.baseAddress)
          length?.pointee = runtime.description.count
          return Int32(WK_STATUS_OK.rawValue)
        },
        call: { bundle, call in
          guard let runtime = BundleExport.runtime(bundle), let call else { return }
          BundleExport.handle(call.pointee, runtime: runtime)
        },
        destroy: { bundle in
          guard let data = bundle?.pointee.bundle_data else { return }
          let runtime = Unmanaged<Runtime>.fromOpaque(data)
          if BundleExport.current === runtime.takeUnretainedValue() { BundleExport.current = nil }
          runtime.release()
        },
        get_extension: { _, id in
          guard let id, String(cString: id) == WK_BUNDLE_EXTENSION_MAIN_LOOP else { return nil }
          return UnsafeRawPointer(BundleExport.mainLoop)
        }))
    current = runtime
    return UnsafePointer(runtime.table)
  }

  /// The `wk.main-loop` extension: the host runs it on the process's main thread, so that
  /// `DispatchQueue.main`, `@MainActor` code and `RunLoop.main` timers run as in an app
  /// extension. One table for the process: bundles of one runtime share its main loop.
  nonisolated(unsafe) static let mainLoop: UnsafeMutablePointer<wk_bundle_main_loop> = {
    let table = UnsafeMutablePointer<wk_bundle_main_loop>.allocate(capacity: 1)
    table.initialize(
      to: wk_bundle_main_loop(
        struct_size: UInt32(MemoryLayout<wk_bundle_main_loop>.size),
        abi_version: wk_version(
          major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)),
        run: { _ in
          // The main run loop on the main thread is never empty (it serves the main queue), so
          // `run()` does not return; the loop is for safety.
          while true { RunLoop.main.run() }
        }))
    return table
  }()

  /// Points the SDK's localized strings (`Text("key")`, `NSLocalizedString`) at the bundle's
  /// `Resources/` for the host's language, with the development language of the bundle's
  /// `manifest.json` (beside `Resources/`; `en` without one) as the fallback.
  private static func configureStrings(_ host: UnsafePointer<wk_host>) {
    guard let resourcePath = host.pointee.resource_path, let path = resourcePath(host, nil) else {
      return
    }
    let resources = String(cString: path)
    _AssetCatalog._configure(resources: resources)
    let language = host.pointee.locale.flatMap { $0(host, nil) }.map { String(cString: $0) }
    let manifest = URL(fileURLWithPath: resources).deletingLastPathComponent()
      .appendingPathComponent("manifest.json")
    // No manifest beside `Resources/` (a library loaded on its own), or one that does not decode
    // as a `BundleManifest` (which the host refuses to load): `en`, as without the field.
    let region =
      (try? Data(contentsOf: manifest)).flatMap {
        try? WidgetJSON.decode(BundleManifest.self, from: $0)
      }?.developmentLanguage ?? "en"
    _BundleStrings._configure(
      resourcesPath: resources, language: language, developmentRegion: region
    ) { problem in
      BundleExport.log(.warning, "\(problem); its strings are not used")
    }
  }

  private static func runtime(_ bundle: UnsafePointer<wk_bundle>?) -> Runtime? {
    guard let data = bundle?.pointee.bundle_data else { return nil }
    return Unmanaged<Runtime>.fromOpaque(data).takeUnretainedValue()
  }

  /// Answers one call: decodes the context, runs the provider, replies exactly once.
  private static func handle(_ call: wk_call, runtime: Runtime) {
    let reply = call.reply
    let replyContext = call.reply_ctx
    func send(_ status: wk_status, _ payload: Data) {
      payload.withUnsafeBytes { bytes in
        reply?(
          replyContext, Int32(status.rawValue),
          bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
          bytes.count)
      }
    }
    func fail(_ status: wk_status, _ message: String) {
      send(status, Data(message.utf8))
    }

    let kind = string(call.kind, call.kind_len)
    guard let method = ProviderMethod(rawValue: call.method) else {
      return fail(WK_STATUS_UNSUPPORTED, "method \(call.method) is not supported by this SDK")
    }
    guard let widget = runtime.widgets[kind] else {
      return fail(WK_STATUS_INVALID, "this bundle has no widget kind '\(kind)'")
    }
    if method == .previews {
      // Previews are built on the main actor, as Xcode builds them.
      let reply = Handoff(send)
      Task { @MainActor in
        do {
          reply.value(
            WK_STATUS_OK, try WidgetJSON.encode(await DeclaredPreviews.reply(forKind: kind)))
        } catch {
          reply.value(WK_STATUS_ERROR, Data("could not encode the previews: \(error)".utf8))
        }
      }
      return
    }
    let contextData = Data(bytes: call.context_json, count: call.context_len)
    let context: ProviderContext
    do {
      context = try WidgetJSON.decode(ProviderContext.self, from: contextData)
    } catch {
      return fail(WK_STATUS_INVALID, "bad context: \(error)")
    }
    synchronizeAppGroups(runtime)
    if method == .perform {
      return perform(context.action, send: Handoff(send))
    }
    var providerContext = TimelineProviderContext(
      family: WidgetFamily(context.family),
      displaySize: CGSize(width: context.displaySize.width, height: context.displaySize.height),
      isPreview: context.isPreview)
    providerContext.configurationValues = context.configuration
    providerContext.optionsParameter = context.parameter
    providerContext.renderingMode = context.renderingMode
    providerContext.activity = context.activity
    widget.respond(method, providerContext) { result in
      switch result {
      case .success(let json): send(WK_STATUS_OK, json)
      case .failure(let error): fail(WK_STATUS_ERROR, error.message)
      }
    }
  }

  /// Performs the intent a pressed button or toggle carried (``AppIntentReflection``), then
  /// replies: `WK_STATUS_INVALID` when the intent cannot be found or filled with the arguments,
  /// `WK_STATUS_ERROR` with the error `perform()` threw.
  private static func perform(
    _ action: WidgetAction?, send: Handoff<(wk_status, Data) -> Void>
  ) {
    guard let action else {
      return send.value(WK_STATUS_INVALID, Data("the perform call names no action".utf8))
    }
    Task {
      do {
        try await AppIntentReflection.perform(
          name: action.name, reference: action.reference, arguments: action.arguments)
        send.value(WK_STATUS_OK, Data())
      } catch let error as AppIntentParameterError {
        send.value(WK_STATUS_INVALID, Data(error.message.utf8))
      } catch {
        send.value(WK_STATUS_ERROR, Data("\(action.name).perform() threw \(error)".utf8))
      }
    }
  }

  private static func string(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String {
    guard let pointer, length > 0 else { return "" }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }

  /// Log levels of the host table.
  enum LogLevel: Int32 {
    case debug = 0
    case info = 1
    case warning = 2
    case error = 3
  }

  /// Writes to the host's log.
  static func log(_ level: LogLevel, _ message: String, host: UnsafePointer<wk_host>? = nil) {
    guard let host = host ?? current?.host, let log = host.pointee.log else { return }
    var message = message
    message.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        log(host, level.rawValue, $0.baseAddress, $0.count)
      }
    }
  }
}
