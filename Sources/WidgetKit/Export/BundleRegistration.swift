/// Where `@main` leaves the bundle's widgets for the exported entry point to find.
enum BundleRegistration {
  typealias Factory = () -> [_WidgetDescriptor]

  // Written by `main()` and read right after it, both inside `wk_bundle_entry`, which the ABI
  // calls on one host thread at a time; never touched elsewhere.
  nonisolated(unsafe) private static var factory: Factory?

  /// Called by the `main()` that `@main` generates.
  static func register(_ make: @escaping Factory) {
    factory = make
  }

  /// The registered factory, if `main()` ran.
  static var registered: Factory? { factory }
}
