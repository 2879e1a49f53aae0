import Foundation
import WidgetSchema

/// Where the scheduler gets entries: the host answers by calling the bundle and checking its
/// reply; tests answer with canned timelines.
public protocol TimelineProviding: Sendable {
  /// The placeholder entry for `key`.
  func placeholder(for key: TimelineKey) async -> Result<Entry, ProviderFailure>
  /// A timeline for `key`, its entries sorted by date.
  func timeline(for key: TimelineKey) async -> Result<Timeline, ProviderFailure>
  /// Whether `bundle`'s calls are known to return promptly (its recent calls all did). The
  /// scheduler then makes the calls it starts together one after another on one task, and
  /// applies their results together, instead of a task and a thread hand-off each.
  func callsPromptly(bundle: String) -> Bool
  /// The bytes of replies `bundle` has sent so far (a running total), for the scheduler's
  /// ``Scheduler/Configuration/replyBytesPerMinute``.
  func replyBytes(bundle: String) -> Int
}

extension TimelineProviding {
  /// Nothing is known of the calls' speed: each call gets a task of its own.
  public func callsPromptly(bundle: String) -> Bool { false }
  /// Nothing is counted.
  public func replyBytes(bundle: String) -> Int { 0 }
}

/// Why a provider call produced nothing usable.
public struct ProviderFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// A stable code for the stream (`provider-failed`, `bad-reply`, …; see docs/stream.md).
  public var code: String
  /// What happened, for people.
  public var message: String

  /// Creates a failure.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}

/// What the scheduler reports; the host turns these into stream events, one per instance.
public enum SchedulerEvent: Sendable, Equatable {
  /// A timeline was requested for the instances of `key`.
  case reload(TimelineKey, instances: [String], reason: ReloadReason)
  /// A timeline arrived.
  /// `budgetLeft`: reloads the instances may still make in the sliding 24 h window (nil:
  /// unlimited).
  case timeline(
    TimelineKey, instances: [String], Timeline, nextReload: Date?, budgetLeft: Int? = nil)
  /// A reload that came due was put off because the refresh budget is spent.
  case deferred(TimelineKey, instances: [String], until: Date, budget: Int)
  /// A reload that came due was put off until `until` because its bundle reached `limit`, a
  /// rate limit (`60 requested reloads per minute`).
  case rateLimited(TimelineKey, instances: [String], until: Date, limit: String)
  /// An entry is now shown on the instances.
  /// `stale`: the last timeline request failed and this entry is from an older timeline.
  case entry(
    TimelineKey, instances: [String], Entry, source: EntrySource, validUntil: Date?,
    stale: Bool = false)
  /// A provider call failed; the instances keep what they show.
  case failure(TimelineKey, instances: [String], ProviderFailure)
  /// An entry of a timeline restored from an earlier run (``Scheduler/Restored``) is now shown
  /// on the instances, as `entry` with source `timeline` shows one of a fresh timeline.
  case restoredEntry(
    TimelineKey, instances: [String], Entry, validUntil: Date?, stale: Bool = false)
}
