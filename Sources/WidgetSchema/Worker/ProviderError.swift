import FoundationEssentials

/// Why a provider call failed.
///
/// A wire format: a worker process sends it to the host in a `reply` frame
/// (``WorkerFrame/failure``), so a failure reads the same in both modes (docs/isolation.md).
public enum ProviderError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
  /// The bundle replied with an error status and message.
  case failed(String)
  /// The bundle does not handle the method or kind.
  case unsupported(String)
  /// The bundle found the request invalid.
  case invalid(String)
  /// The bundle replied with a status code the ABI does not define.
  case unknownStatus(Int32, String)
  /// The connection was closed before the reply arrived.
  case closed
  /// The caller stopped waiting (a deadline passed, or the host is stopping); a late reply is
  /// dropped.
  case abandoned
  /// No reply within the deadline, in seconds.
  case timedOut(Double)
  /// The reply was larger than ``ReplyLimits/maximumBytes``.
  case tooLarge(Int)
  /// The bundle's worker process ended before it replied: how (`killed by SIGSEGV`, `exit
  /// status 3`).
  case crashed(String)
  /// The bundle cannot take calls now (its worker is restarting, or it is quarantined).
  case unavailable(String)

  public var description: String {
    switch self {
    case .failed(let message): "the provider failed: \(message)"
    case .unsupported(let message): "not supported by the bundle: \(message)"
    case .invalid(let message): "the bundle rejected the request: \(message)"
    case .unknownStatus(let status, let message): "unknown reply status \(status): \(message)"
    case .closed: "the bundle was unloaded before it replied"
    case .abandoned: "the host stopped waiting for the reply"
    case .timedOut(let seconds): "no reply within \(Self.seconds(seconds))"
    case .tooLarge(let bytes):
      "the reply has \(bytes) bytes; replies are limited to \(ReplyLimits.maximumBytes) bytes"
    case .crashed(let how): "the bundle's worker process crashed (\(how))"
    case .unavailable(let why): why
    }
  }
}

extension ProviderError {
  /// `value` seconds as the messages write them: `3 s`, `0.25 s`.
  package static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
