@preconcurrency import CFFI
import CWidgetABI
import FoundationEssentials
import Glibc
import WidgetSchema

/// The C actions a bundle's manifest declares (``ActionDeclaration``), resolved in its library
/// once and called through libffi: each function's symbol is looked up and its call interface
/// (`ffi_cif`) prepared when the library loads, and each press checks its JSON arguments against
/// the declaration before anything is called.
///
/// Lives in the process that holds the library: the worker, or the host in `--in-process` mode.
final class NativeActions: @unchecked Sendable {
  // Unchecked: everything is set in init and never changed; the prepared interfaces are only
  // read by `ffi_call`, which may run on several threads at once.

  /// One declared action, ready to call.
  private struct Prepared {
    let declaration: ActionDeclaration
    let function: UnsafeMutableRawPointer
    let interface: UnsafeMutablePointer<ffi_cif>
    let parameterTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
  }

  private let actions: [String: Prepared]

  /// Whether the bundle declares any C action.
  var isEmpty: Bool { actions.isEmpty }

  /// Resolves and prepares every action of `declarations` in the library `handle`; `path` names
  /// the bundle in errors.
  init(
    _ declarations: [ActionDeclaration], handle: UnsafeMutableRawPointer, path: String
  ) throws(BundleError) {
    var actions: [String: Prepared] = [:]
    for declaration in declarations {
      guard let symbol = dlsym(handle, declaration.name) else {
        throw .actionUnavailable(
          path: path, action: declaration.name,
          reason: "the library exports no function '\(declaration.name)' (declared in "
            + "\"actions\"; export it with WK_EXPORT)")
      }
      let count = declaration.parameters.count
      let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(
        capacity: max(1, count))
      for (index, parameter) in declaration.parameters.enumerated() {
        types[index] = Self.type(of: parameter.type)
      }
      let interface = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
      let status = ffi_prep_cif(
        interface, FFI_DEFAULT_ABI, UInt32(count), Self.returnType(of: declaration.returns), types)
      guard status == FFI_OK else {
        throw .actionUnavailable(
          path: path, action: declaration.name,
          reason: "libffi cannot prepare a call of its types (ffi_prep_cif: \(status.rawValue))")
      }
      actions[declaration.name] = Prepared(
        declaration: declaration, function: symbol, interface: interface, parameterTypes: types)
    }
    self.actions = actions
  }

  deinit {
    for action in actions.values {
      action.interface.deallocate()
      action.parameterTypes.deallocate()
    }
  }

  /// Whether `name` is one of the declared C actions (else the bundle's `perform` method runs
  /// it).
  func declares(_ name: String) -> Bool { actions[name] != nil }

  /// Calls the declared action `action` names with its arguments, on this thread, once they
  /// match the declaration: a missing, extra or mistyped argument is refused (``ProviderError/invalid(_:)``)
  /// naming the action and the parameter, and nothing is called. A status other than
  /// `WK_STATUS_OK` is a failure.
  func perform(_ action: WidgetAction) -> Result<Data, ProviderError> {
    guard let prepared = actions[action.name] else {
      return .failure(.invalid("no C action '\(action.name)' is declared"))
    }
    let declaration = prepared.declaration
    let known = Set(declaration.parameters.map(\.name))
    if let extra = action.arguments.keys.sorted().first(where: { !known.contains($0) }) {
      let names = declaration.parameters.map(\.name).joined(separator: ", ")
      return .failure(
        .invalid(
          "\(action.name): no parameter '\(extra)' (its parameters: "
            + "\(names.isEmpty ? "none" : names))"))
    }
    var values: [Value] = []
    for parameter in declaration.parameters {
      guard let json = action.arguments[parameter.name] else {
        return .failure(
          .invalid(
            "\(action.name): missing argument '\(parameter.name)' (\(parameter.type.rawValue))"))
      }
      guard let value = Value(json, as: parameter.type) else {
        return .failure(
          .invalid(
            "\(action.name): argument '\(parameter.name)' must be \(Self.expected(parameter.type))"
              + ", got \(json.compactText)"))
      }
      values.append(value)
    }
    let status = Self.call(prepared, with: values)
    guard status == Int32(WK_STATUS_OK.rawValue) else {
      return .failure(.failed("\(action.name)() returned status \(status)"))
    }
    return .success(Data())
  }

  /// One argument, in the storage libffi reads it from.
  private enum Value {
    case string([CChar])
    case int64(Int64)
    case double(Double)
    case bool(Bool)

    init?(_ json: JSONValue, as type: ActionValueType) {
      switch (type, json) {
      case (.string, .string(let text)):
        guard !text.utf8.contains(0) else { return nil }
        self = .string(Array(text.utf8CString))
      case (.int64, .number(let number)):
        // Exactly an integer, and one a JSON number holds without rounding (±2^53).
        guard number == number.rounded(), abs(number) <= 9_007_199_254_740_992 else { return nil }
        self = .int64(Int64(number))
      case (.double, .number(let number)):
        self = .double(number)
      case (.bool, .bool(let flag)):
        self = .bool(flag)
      default:
        return nil
      }
    }
  }

  private static func expected(_ type: ActionValueType) -> String {
    switch type {
    case .string: "a string (without NUL characters)"
    case .int64: "an integer (at most 2^53 in size)"
    case .double: "a number"
    case .bool: "true or false"
    }
  }

  /// Calls the function with `values` (one per parameter, in order) and returns its status (0
  /// for a `void` function).
  private static func call(_ prepared: Prepared, with values: [Value]) -> Int32 {
    // Each argument's storage, alive and in place for the whole call.
    let count = values.count
    let slots = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * 8, alignment: 8)
    let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(1, count))
    var strings: [UnsafeMutablePointer<CChar>] = []
    defer {
      for string in strings { string.deallocate() }
      slots.deallocate()
      pointers.deallocate()
    }
    for (index, value) in values.enumerated() {
      let slot = slots + index * 8
      switch value {
      case .string(let bytes):
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        strings.append(copy)
        slot.storeBytes(of: UnsafePointer(copy), as: UnsafePointer<CChar>.self)
      case .int64(let number): slot.storeBytes(of: number, as: Int64.self)
      case .double(let number): slot.storeBytes(of: number, as: Double.self)
      case .bool(let flag): slot.storeBytes(of: flag, as: Bool.self)
      }
      pointers[index] = slot
    }
    // libffi widens an integer return smaller than a register to a whole `ffi_arg`.
    var result: ffi_arg = 0
    ffi_call(
      prepared.interface, unsafeBitCast(prepared.function, to: (@convention(c) () -> Void).self),
      &result, pointers)
    guard prepared.declaration.returns == .status else { return 0 }
    return Int32(truncatingIfNeeded: result)
  }

  private static func type(of value: ActionValueType) -> UnsafeMutablePointer<ffi_type> {
    switch value {
    case .string: withUnsafeMutablePointer(to: &ffi_type_pointer) { $0 }
    case .int64: withUnsafeMutablePointer(to: &ffi_type_sint64) { $0 }
    case .double: withUnsafeMutablePointer(to: &ffi_type_double) { $0 }
    // C's `bool` is one byte on every ABI this host runs on (LP64 Linux).
    case .bool: withUnsafeMutablePointer(to: &ffi_type_uint8) { $0 }
    }
  }

  private static func returnType(of value: ActionReturn) -> UnsafeMutablePointer<ffi_type> {
    switch value {
    case .status: withUnsafeMutablePointer(to: &ffi_type_sint32) { $0 }
    case .void: withUnsafeMutablePointer(to: &ffi_type_void) { $0 }
    }
  }
}
