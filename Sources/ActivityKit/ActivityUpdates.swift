import Foundation
import WidgetSchema

// The asynchronous sequences an app observes its activities with, as on iOS:
// `for await state in activity.activityStateUpdates { … }`. They follow the running host's
// `activity` events (``ActivityFeed``), so they also see what other programs do to the
// activity (`widget-host activity end`, a stale date passing).

extension Activity {
  /// The activity's state each time it changes (`stale`, `active` again after an update,
  /// `ended`, `dismissed`); the sequence finishes after `dismissed`.
  public var activityStateUpdates: ActivityStateUpdates { ActivityStateUpdates(activity: self) }

  /// The activity's content each time it changes (an update, or the final content it ended
  /// with); the sequence finishes once the activity is dismissed.
  public var contentUpdates: ContentUpdates { ContentUpdates(activity: self) }

  /// The activity's push tokens: none ever comes (the host has no push service; apps update
  /// over the control socket). The sequence finishes once the activity is dismissed.
  public var pushTokenUpdates: PushTokenUpdates { PushTokenUpdates(activity: self) }

  /// Each activity of this type started from now on, by this app or another program
  /// (`widget-host activity start`); activities shown before iterating begins are in
  /// ``activities``, and a restarted host's activities shown again are not new.
  public static var activityUpdates: ActivityUpdates { ActivityUpdates() }

  /// Always nil: the host has no push service, so activities cannot be started by push.
  public static var pushToStartToken: Data? { nil }

  /// Push-to-start tokens: none ever comes (no push service). Iterating waits until the task
  /// is cancelled.
  public static var pushToStartTokenUpdates: PushToStartTokenUpdates { PushToStartTokenUpdates() }

  /// See ``Activity/activityStateUpdates``.
  public struct ActivityStateUpdates: AsyncSequence, Sendable {
    public typealias Element = ActivityState
    let activity: Activity

    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(
        activity: activity, events: activity.events().makeAsyncIterator(),
        last: activity.activityState)
    }

    /// The iterator of ``Activity/ActivityStateUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let activity: Activity
      var events: AsyncStream<ActivityEvent>.Iterator
      var last: ActivityState

      public mutating func next() async -> ActivityState? {
        while let event = await events.next() {
          activity.receive(event.activity)
          let state = ActivityState(event.activity.status)
          guard state != last else { continue }
          last = state
          return state
        }
        return nil
      }
    }
  }

  /// See ``Activity/contentUpdates``.
  public struct ContentUpdates: AsyncSequence, Sendable {
    public typealias Element = ActivityContent<Attributes.ContentState>
    let activity: Activity

    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(
        activity: activity, events: activity.events().makeAsyncIterator(),
        last: activity.wiredContent)
    }

    /// The iterator of ``Activity/ContentUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let activity: Activity
      var events: AsyncStream<ActivityEvent>.Iterator
      var last: ActivityContentState

      public mutating func next() async -> ActivityContent<Attributes.ContentState>? {
        while let event = await events.next() {
          activity.receive(event.activity)
          let wired = event.activity.content
          guard wired != last, let content = try? Activity.content(of: wired) else { continue }
          last = wired
          return content
        }
        return nil
      }
    }
  }

  /// See ``Activity/pushTokenUpdates``.
  public struct PushTokenUpdates: AsyncSequence, Sendable {
    public typealias Element = Data
    let activity: Activity

    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(events: activity.events().makeAsyncIterator())
    }

    /// The iterator of ``Activity/PushTokenUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var events: AsyncStream<ActivityEvent>.Iterator

      public mutating func next() async -> Data? {
        while await events.next() != nil {}
        return nil
      }
    }
  }

  /// See ``Activity/activityUpdates``.
  public struct ActivityUpdates: AsyncSequence, Sendable {
    public typealias Element = Activity<Attributes>

    public func makeAsyncIterator() -> AsyncIterator {
      let typeName = Activity.typeName
      return AsyncIterator(
        events: AsyncStream.fromFeed(keeping: { event in
          event.event == .started && !event.restored && event.activity.attributesType == typeName
        }).makeAsyncIterator(),
        // What is shown now is not new, even though a new subscription's first events (the
        // host's current state) may still call it `started`.
        seen: Set(Activity.activities.map(\.id)))
    }

    /// The iterator of ``Activity/ActivityUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var events: AsyncStream<ActivityEvent>.Iterator
      var seen: Set<String>

      public mutating func next() async -> Activity? {
        while let event = await events.next() {
          guard seen.insert(event.activity.id).inserted,
            let activity = Activity(info: event.activity)
          else { continue }
          return activity
        }
        return nil
      }
    }
  }

  /// This activity's events from the feed, until it is dismissed.
  func events() -> AsyncStream<ActivityEvent> {
    let id = self.id
    return AsyncStream.fromFeed(
      keeping: { $0.activity.id == id }, until: { $0.activity.status == .dismissed })
  }

  /// See ``Activity/pushToStartTokenUpdates``.
  public struct PushToStartTokenUpdates: AsyncSequence, Sendable {
    public typealias Element = Data
    public func makeAsyncIterator() -> NeverUpdates<Data> { NeverUpdates() }
  }
}

extension ActivityAuthorizationInfo {
  /// Whether activities are enabled, each time that changes: never (they always are).
  /// Iterating waits until the task is cancelled.
  public var activityEnablementUpdates: ActivityEnablementUpdates { ActivityEnablementUpdates() }

  /// Whether frequent pushes are enabled, each time that changes: never (there are no pushes).
  /// Iterating waits until the task is cancelled.
  public var frequentPushEnablementUpdates: FrequentPushEnablementUpdates {
    FrequentPushEnablementUpdates()
  }

  /// See ``ActivityAuthorizationInfo/activityEnablementUpdates``.
  public struct ActivityEnablementUpdates: AsyncSequence, Sendable {
    public typealias Element = Bool
    public func makeAsyncIterator() -> NeverUpdates<Bool> { NeverUpdates() }
  }

  /// See ``ActivityAuthorizationInfo/frequentPushEnablementUpdates``.
  public struct FrequentPushEnablementUpdates: AsyncSequence, Sendable {
    public typealias Element = Bool
    public func makeAsyncIterator() -> NeverUpdates<Bool> { NeverUpdates() }
  }
}

/// The iterator of a sequence in which nothing ever changes on this host: it waits until its
/// task is cancelled, then ends.
public struct NeverUpdates<Element>: AsyncIteratorProtocol {
  public mutating func next() async -> Element? {
    while !Task.isCancelled { try? await Task.sleep(for: .seconds(86_400)) }
    return nil
  }
}
