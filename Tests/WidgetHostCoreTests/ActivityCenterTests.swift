import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetRendering
import WidgetSchema
import WidgetSupport

@testable import WidgetHostCore

/// The life of Live Activities on a virtual clock: stale, the eight-hour end, each dismissal
/// policy, the update limit and a restart from the store, with a bundle that draws the state's
/// `text` (and `stale` when it is).
@Suite struct ActivityCenterTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static let manifest = BundleManifest(
    id: "delivery", version: "1", library: "libD.so", kinds: [],
    activities: [ActivityManifest(attributesType: "Order")])

  /// Draws `lockScreen` as the state's `text`, `compactTrailing` as `n`.
  final class Drawer: BundleConnection {
    let description = BundleDescription(kinds: [])
    let calls = Mutex(0)

    func call(_ method: ProviderMethod, kind: String, context: ProviderContext)
      async throws(ProviderError) -> Data
    {
      calls.withLock { $0 += 1 }
      guard method == .activity, kind == "Order", let activity = context.activity,
        case .object(let state) = activity.state, case .string(let text)? = state["text"]
      else { throw .failed("not an Order") }
      var lockScreen = ViewNode.text(TextNode(runs: [.verbatim(activity.isStale ? "stale" : text)]))
      if case .string(let due)? = state["timer"], let date = RFC3339.date(from: due) {
        lockScreen = .text(TextNode(runs: [.verbatim("due "), .date(date, style: .timer)]))
      }
      let views = ActivityViews(
        lockScreen: lockScreen, compactTrailing: .text(TextNode(runs: [.verbatim("n")])))
      return try! WidgetJSON.encode(views)
    }

    func close() async {}
  }

  final class Recorder: EventSink {
    let events = Mutex<[ActivityEvent]>([])
    let refreshes = Mutex<[ActivityEvent]>([])
    func refresh(activity: ActivityEvent) { refreshes.withLock { $0.append(activity) } }
    func begin(_ header: StreamHeader) {}
    func write(_ event: StreamEvent) {
      if case .activity(let activity) = event.payload { events.withLock { $0.append(activity) } }
    }
    func end() {}
  }

  struct Fixture {
    let clock: VirtualClock
    let recorder = Recorder()
    let center: ActivityCenter
    let store: StateStore

    init(store: StateStore? = nil, clock: VirtualClock = VirtualClock(start: start)) throws {
      self.clock = clock
      self.store = try store ?? StateStore(directory: TestSupport.temporaryDirectory("act").path)
      let provider = BundleTimelineProvider(deadlines: HostOptions.Deadlines()) { _, _ in }
      provider.add(Drawer(), for: "delivery")
      let dates = DateText(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
      let stream = EventStream(clock: clock, sinks: [recorder])
      center = ActivityCenter(
        manifests: [ActivityCenterTests.manifest], provider: provider, stream: stream,
        renderer: Renderer(dates: dates), clock: clock, store: self.store)
    }

    var events: [ActivityEvent] { recorder.events.withLock { $0 } }

    /// Waits until `count` events were written.
    func waitFor(_ count: Int) async throws -> Bool {
      try await TestSupport.eventually(within: 10) { events.count >= count }
    }
  }

  static func content(_ text: String, stale: Date? = nil) -> ActivityContentState {
    ActivityContentState(state: .object(["text": .string(text)]), staleDate: stale)
  }

  @Test func aStaleDateRedrawsItStaleAndFreshContentMakesItActive() async throws {
    let fixture = try Fixture()
    let info = try await fixture.center.start(
      attributesType: "Order", attributes: .object([:]),
      content: Self.content("on its way", stale: Self.start.addingTimeInterval(60)))
    #expect(info.status == .active)
    fixture.clock.advance(by: 60)
    #expect(try await fixture.waitFor(2))
    #expect(fixture.events.map(\.event) == [.started, .stale])
    #expect(fixture.events[1].presentations?.lockScreen.lines.joined().contains("stale") == true)
    #expect(fixture.events[1].presentations?.compactText == "n")
    let fresh = try await fixture.center.update(id: info.id, content: Self.content("here"))
    #expect(fresh.status == .active)
  }

  @Test func aCountdownIsRedrawnEachSecondUntilTheContentChanges() async throws {
    let fixture = try Fixture()
    let due = RFC3339.string(from: Self.start.addingTimeInterval(90))
    let info = try await fixture.center.start(
      attributesType: "Order", attributes: .object([:]),
      content: ActivityContentState(state: .object(["timer": .string(due), "text": .string("")])))
    #expect(
      fixture.events.first?.presentations?.lockScreen.lines.joined().contains("due 1:30") == true)
    for second in 1...2 {
      fixture.clock.advance(by: 1)
      #expect(
        try await TestSupport.eventually(within: 10) {
          fixture.recorder.refreshes.withLock { $0.count } >= second
        })
    }
    let texts = fixture.recorder.refreshes.withLock { $0 }.map {
      $0.presentations?.lockScreen.lines.joined() ?? ""
    }
    #expect(texts[0].contains("due 1:29") && texts[1].contains("due 1:28"), "\(texts)")
    // New content without a countdown stops the redraws.
    _ = try await fixture.center.update(id: info.id, content: Self.content("here"))
    fixture.clock.advance(by: 5)
    try await Task.sleep(for: .milliseconds(50))
    #expect(fixture.recorder.refreshes.withLock { $0.count } == 2)
  }

  @Test func anActivityEndsAfterEightHoursAndGoesFourHoursLater() async throws {
    let fixture = try Fixture()
    let info = try await fixture.center.start(
      attributesType: "Order", attributes: .object([:]), content: Self.content("x"))
    fixture.clock.advance(by: 8 * 3600)
    #expect(try await fixture.waitFor(2))
    let ended = fixture.events[1]
    #expect(ended.event == .ended)
    #expect(ended.activity.ended == Self.start.addingTimeInterval(8 * 3600))
    #expect(ended.activity.dismissAt == Self.start.addingTimeInterval(12 * 3600))
    #expect(fixture.store.activities().map(\.status) == [.ended])
    fixture.clock.advance(by: 4 * 3600 - 1)
    try await Task.sleep(for: .milliseconds(50))
    #expect(fixture.events.count == 2, "not dismissed a second early")
    fixture.clock.advance(by: 1)
    #expect(try await fixture.waitFor(3))
    #expect(fixture.events[2].event == .dismissed)
    #expect(fixture.events[2].activity.id == info.id)
    #expect(fixture.store.activities().isEmpty)
    #expect(fixture.center.list().isEmpty)
  }

  @Test func dismissalPolicies() async throws {
    let fixture = try Fixture()
    func started() async throws -> String {
      try await fixture.center.start(
        attributesType: "Order", attributes: .object([:]), content: Self.content("x")
      ).id
    }
    let now = Self.start
    let immediate = try await fixture.center.end(
      id: try await started(), content: nil, dismissalPolicy: .immediate)
    #expect(immediate.dismissAt == now)
    let later = try await fixture.center.end(
      id: try await started(), content: Self.content("done"),
      dismissalPolicy: .after(now.addingTimeInterval(600)))
    #expect(later.dismissAt == now.addingTimeInterval(600))
    let capped = try await fixture.center.end(
      id: try await started(), content: nil,
      dismissalPolicy: .after(now.addingTimeInterval(86_400)))
    #expect(capped.dismissAt == now.addingTimeInterval(4 * 3600), "at most four hours")
    #expect(try await fixture.waitFor(7))
    #expect(fixture.events.filter { $0.event == .dismissed }.map(\.activity.id) == [immediate.id])
    fixture.clock.advance(by: 600)
    #expect(try await fixture.waitFor(8))
    #expect(fixture.events.last?.activity.id == later.id)
    #expect(fixture.center.list().map(\.id) == [capped.id])
    // An ended activity takes no more changes.
    await #expect(throws: ControlError.self) {
      _ = try await fixture.center.update(id: capped.id, content: Self.content("y"))
    }
  }

  /// Clearing (the web page's Clear button) dismisses at once: an active activity ends first,
  /// an ended one waiting for its dismissal goes now; each is forgotten by the store.
  @Test func aClearedActivityIsDismissedAtOnce() async throws {
    let fixture = try Fixture()
    let active = try await fixture.center.start(
      attributesType: "Order", attributes: .object([:]), content: Self.content("x"))
    let waiting = try await fixture.center.start(
      attributesType: "Order", attributes: .object([:]), content: Self.content("y"))
    _ = try await fixture.center.end(id: waiting.id, content: nil, dismissalPolicy: .default)
    #expect(try await fixture.center.clear(id: active.id).status == .dismissed)
    #expect(try await fixture.center.clear(id: waiting.id).status == .dismissed)
    #expect(fixture.center.list().isEmpty)
    #expect(fixture.store.activities().isEmpty)
    let changes = { (id: String) in
      fixture.events.filter { $0.activity.id == id }.map(\.event)
    }
    #expect(changes(active.id) == [.started, .ended, .dismissed])
    #expect(changes(waiting.id) == [.started, .ended, .dismissed])
    do throws(ControlError) {
      _ = try await fixture.center.clear(id: active.id)
      Issue.record("a cleared activity was cleared again")
    } catch {
      #expect(error.code == "unknown-activity")
    }
  }

  @Test func updatesComeInBurstsOfTenThenOneASecond() async throws {
    let fixture = try Fixture()
    let id = try await fixture.center.start(
      attributesType: "Order", attributes: .object([:]), content: Self.content("x")
    ).id
    for n in 0..<10 { _ = try await fixture.center.update(id: id, content: Self.content("\(n)")) }
    do throws(ControlError) {
      _ = try await fixture.center.update(id: id, content: Self.content("too many"))
      Issue.record("the eleventh update was taken")
    } catch {
      #expect(error.code == "rate-limited")
      #expect(error.description.contains("(next in 1.0 s)"), "\(error)")
    }
    fixture.clock.advance(by: 1)
    _ = try await fixture.center.update(id: id, content: Self.content("again"))
    #expect(fixture.center.list().first?.content == Self.content("again"))
  }

  @Test func limitsAndUnknownTypesAreRefused() async throws {
    let fixture = try Fixture()
    func refusal(_ body: () async throws -> Void) async -> String? {
      do {
        try await body()
        return nil
      } catch let error as ControlError {
        return error.code
      } catch {
        return "\(error)"
      }
    }
    #expect(
      await refusal {
        _ = try await fixture.center.start(
          attributesType: "Pizza", attributes: .object([:]), content: Self.content("x"))
      } == "unknown-activity-type")
    #expect(
      await refusal {
        _ = try await fixture.center.start(
          attributesType: "Order", attributes: .string(String(repeating: "a", count: 4095)),
          content: Self.content("x"))
      } == "payload-too-large")
    #expect(
      await refusal {
        _ = try await fixture.center.start(
          attributesType: "Order", attributes: .object([:]),
          content: ActivityContentState(state: .string("no text")))
      } == "provider-failed", "the bundle's failure, and nothing kept")
    #expect(fixture.store.activities().isEmpty)
    for _ in 0..<ActivityLimits.maximumActivePerBundle {
      _ = try await fixture.center.start(
        attributesType: "Order", attributes: .object([:]), content: Self.content("x"))
    }
    #expect(
      await refusal {
        _ = try await fixture.center.start(
          attributesType: "Order", attributes: .object([:]), content: Self.content("x"))
      } == "too-many-activities")
  }

  @Test func aRestartShowsKeptActivitiesAndDropsThoseWhoseTimePassed() async throws {
    let first = try Fixture()
    let kept = try await first.center.start(
      attributesType: "Order", attributes: .object(["n": .number(1)]), content: Self.content("x"))
    let gone = try await first.center.start(
      attributesType: "Order", attributes: .object([:]), content: Self.content("y"))
    _ = try await first.center.end(
      id: gone.id, content: nil, dismissalPolicy: .after(Self.start.addingTimeInterval(60)))
    first.center.stop()

    // Two minutes later, a new host with the same store.
    let second = try Fixture(
      store: first.store, clock: VirtualClock(start: Self.start.addingTimeInterval(120)))
    await second.center.restore()
    #expect(second.events.map(\.event) == [.started])
    #expect(second.events.first?.restored == true)
    #expect(second.events.first?.activity.id == kept.id)
    #expect(second.events.first?.activity.attributes == .object(["n": .number(1)]))
    #expect(second.store.activities().map(\.id) == [kept.id])
  }
}

/// A countdown's redraw that comes after its activity changed or was dismissed (its timer fired
/// as the change was made) is dropped by the stream: it would draw the old state again, or
/// bring a dismissed banner back (a picture file, a bar block).
@Suite struct ActivityRedrawOrderTests {
  @Test func aRedrawOfAStateNoLongerShownIsDropped() {
    let recorder = ActivityCenterTests.Recorder()
    let stream = EventStream(
      clock: VirtualClock(start: Date(timeIntervalSince1970: 1_800_000_000)), sinks: [recorder])
    func info(_ state: String, _ status: ActivityStatus = .active) -> ActivityInfo {
      ActivityInfo(
        id: "A", bundle: "b", attributesType: "T", attributes: .object([:]),
        content: ActivityContentState(state: .object(["s": .string(state)])), status: status,
        started: Date(timeIntervalSince1970: 1_800_000_000))
    }
    let first = ActivityEvent(event: .started, activity: info("one"))
    stream.emit(.activity(first))
    stream.refresh(activity: first)
    #expect(recorder.refreshes.withLock { $0.count } == 1, "the shown state is redrawn")
    stream.emit(.activity(ActivityEvent(event: .updated, activity: info("two"))))
    stream.refresh(activity: first)
    #expect(recorder.refreshes.withLock { $0.count } == 1, "an older state is not")
    let second = ActivityEvent(event: .updated, activity: info("two"))
    stream.refresh(activity: second)
    #expect(recorder.refreshes.withLock { $0.count } == 2)
    stream.emit(.activity(ActivityEvent(event: .dismissed, activity: info("two", .dismissed))))
    stream.refresh(activity: second)
    #expect(recorder.refreshes.withLock { $0.count } == 2, "a dismissed one is not")
  }
}
