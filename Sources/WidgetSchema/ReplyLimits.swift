import FoundationEssentials

/// What the host accepts from a bundle's reply; larger or stranger replies are refused with an
/// error event, so a misbehaving bundle costs a bounded amount of memory and time.
public enum ReplyLimits {
  /// The largest reply, in bytes (16 MiB).
  public static let maximumBytes = 16 << 20
  /// The most entries in one timeline.
  public static let maximumEntries = 10_000
  /// Entry dates must lie in this range (2000-01-01 to 2200-01-01).
  public static let dates =
    Date(
      timeIntervalSince1970: 946_684_800)...Date(
      timeIntervalSince1970: 7_258_118_400)
}
