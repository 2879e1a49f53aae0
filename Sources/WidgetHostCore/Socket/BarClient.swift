import Foundation
import Synchronization
import WidgetControl
import WidgetRendering
import WidgetSchema

/// `widget-host bar`: a status-bar module that shows widgets of a host already running with
/// the socket sink, without a bundle or a worker of its own (docs/status-bars.md, "One host,
/// many bars").
///
/// The client subscribes to the host's stream for its instances and feeds what comes into a
/// ``StatusBarSink``, the same sink `run --format` writes with, so a bar reads the same lines
/// from both. The host does not send live dates' redraws over the socket (socket subscribers
/// draw them themselves), so the client redraws an entry whose live dates
/// (`Text(date, style: .timer)`, `.relative`, `.offset`) change, as the host does for its own
/// sinks, and so with an activity's compact island. Without a host (not started, stopped, restarting) the sink shows
/// ``BarNotice/disconnected(_:)`` and the client connects again, after 1 s, then backing off to
/// every 5 s; an instance the host does not have shows ``BarNotice/unknownInstance(_:known:)``.
/// Clicks (``tap(_:)``) are sent to the host as `tap` requests.
public final class BarClient: Sendable {
  /// How long the client waits before connecting again.
  public struct Retry: Sendable {
    /// Seconds before the first new attempt; each next wait is twice the one before.
    public var first: Double
    /// The longest wait, in seconds.
    public var most: Double

    /// 1 s, then 2 s, 4 s and every 5 s from then on.
    public init(first: Double = 1, most: Double = 5) {
      self.first = first
      self.most = most
    }
  }

  private struct State {
    var stopped = false
    /// The subscription's connection, for ``stop()``.
    var connection: ControlClient?
    /// The number of the entry each instance shows: a redraw of an entry since replaced (or
    /// of the connection before) is dropped, and its redraws end.
    var shown: [String: UInt64] = [:]
    /// The same for each activity, by id: the number of its latest event.
    var shownActivities: [String: UInt64] = [:]
    var entries: UInt64 = 0
  }

  private let endpoint: SocketEndpoint
  private let token: String?
  private let replyTimeout: Double
  private let instances: [String]
  private let sink: any StatusBarSink
  private let errors: any OutputTarget
  private let renderer: Renderer
  private let retry: Retry
  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)

  /// A client of the host on `endpoint` (authenticating with `token` when given; requests wait
  /// `replyTimeout` seconds for their reply) that shows `instances` on `sink`, with `dates`
  /// formatting the entries' dates as the host's do. Connection problems go to `errors`, one
  /// line each time the state changes.
  public init(
    endpoint: SocketEndpoint, token: String? = nil,
    replyTimeout: Double = ControlClient.defaultReplyTimeout, instances: [String],
    sink: any StatusBarSink, errors: any OutputTarget, dates: DateText, retry: Retry = Retry()
  ) {
    self.endpoint = endpoint
    self.token = token
    self.replyTimeout = replyTimeout
    self.instances = instances
    self.sink = sink
    self.errors = errors
    renderer = Renderer(dates: dates)
    self.retry = retry
  }

  /// Shows the instances until the task is cancelled (or ``stop()`` is called), connecting
  /// again whenever the host goes away.
  public func run() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        let thread = Thread { [self] in
          serve()
          finished.resume()
        }
        thread.name = "widget-host bar"
        thread.start()
      }
    } onCancel: {
      stop()
    }
  }

  /// Ends ``run()`` from any thread.
  public func stop() {
    let connection = state.withLock { state in
      state.stopped = true
      state.shown = [:]
      state.shownActivities = [:]
      return state.connection
    }
    connection?.cancel()
    wake.signal()
  }

  /// Acts on a click on one of the instances as a click in the host would
  /// (``I3BarClicks/handle(_:errors:shown:tap:)``), over a connection of its own: asks the host
  /// what the instance shows, then taps it. Returns the URL opened; a failure is written to
  /// `errors` as one line.
  @discardableResult
  public func tap(_ click: I3BarClicks.Click) -> String? {
    var connection: ControlClient?
    let connect = { [self] () throws(ControlClient.Failure) -> ControlClient in
      if let connection { return connection }
      let made = try ControlClient(endpoint: endpoint, token: token, replyTimeout: replyTimeout)
      connection = made
      return made
    }
    return I3BarClicks.handle(
      click, errors: errors,
      shown: { (id) throws(ControlClient.Failure) in
        try connect().request(ControlRequest(request: "list")).instances?.first {
          $0.instance == id
        }?.entry
      },
      tap: { (id, region) throws(ControlClient.Failure) in
        var request = ControlRequest(request: "tap", instance: id)
        request.region = region
        return try connect().request(request).url ?? ""
      })
  }

  private var isStopped: Bool { state.withLock { $0.stopped } }

  /// The connection loop, on a thread of its own.
  private func serve() {
    sink.begin(StreamHeader(host: WidgetHost.version, started: Date()))
    var delay = retry.first
    // The problem that began the outage, once it is shown and written; nil while connected.
    var reported: String?
    while !isStopped {
      let problem: String
      do throws(ControlClient.Failure) {
        let client = try ControlClient(
          endpoint: endpoint, token: token, replyTimeout: replyTimeout)
        let registered = state.withLock { state in
          if !state.stopped { state.connection = client }
          return !state.stopped
        }
        guard registered else { break }
        let known = try client.request(ControlRequest(request: "list")).instances?.map(\.instance)
        if reported != nil { errors.write("widget-host: connected to the host on \(endpoint)\n") }
        reported = nil
        delay = retry.first
        sink.connected()
        for id in instances where !(known ?? []).contains(id) {
          let notice = BarNotice.unknownInstance(id, known: known ?? [])
          errors.write("widget-host: \(notice.detail) on \(endpoint)\n")
          sink.show(notice, instances: [id])
        }
        try client.watch(instances: instances) { line, _ in
          if case .event(let event) = line { receive(event) }
        }
        problem = "the host on \(endpoint) stopped"
      } catch {
        problem = error.description
      }
      let stopped = state.withLock { state in
        state.connection = nil
        state.shown = [:]
        state.shownActivities = [:]
        return state.stopped
      }
      if stopped { break }
      // Shown and written once an outage: the attempts after the first fail alike.
      if reported == nil {
        sink.show(.disconnected(problem), instances: instances)
        errors.write("widget-host: \(problem); connecting again until it is back\n")
        reported = problem
      }
      _ = wake.wait(timeout: .now() + delay)
      delay = min(delay * 2, retry.most)
    }
  }

  /// One event of the subscription: to the sink, and an entry with live dates redrawn as they
  /// change.
  private func receive(_ event: StreamEvent) {
    // A client of no instance shows the host's Live Activities only (`bar --activities`).
    if instances.isEmpty, case .entry = event.payload { return }
    if case .activity(let activity) = event.payload {
      receive(activity, event)
      return
    }
    guard case .entry(let entry) = event.payload, let instance = event.instance else {
      sink.write(event)
      return
    }
    let view = EventRouter.displayedView(of: entry.view, source: entry.source)
    state.withLock { state in
      state.entries += 1
      let number = state.entries
      state.shown[instance] = number
      sink.write(event)
      guard !state.stopped,
        let first = renderer.render(view, family: entry.family, now: event.time).nextLiveChange
      else { return }
      redraw(entry, view, of: instance, number: number, at: first)
    }
  }

  /// An `activity` event: to the sink, and its compact island redrawn as its live dates
  /// (a delivery's `.timer` countdown) change, until the next event of the activity.
  private func receive(_ activity: ActivityEvent, _ event: StreamEvent) {
    state.withLock { state in
      state.entries += 1
      let number = state.entries
      state.shownActivities[activity.activity.id] = number
      sink.write(event)
      guard !state.stopped, let presentations = activity.presentations,
        let first = ActivityCenter.redrawingCompact(
          presentations, at: event.time, renderer: renderer
        ).nextChange
      else { return }
      redraw(activity, number: number, at: first)
    }
  }

  /// Redraws `activity`'s compact island at `date`, and again each time its text changes,
  /// until another event of the activity (event number `number`) replaces it.
  private func redraw(_ activity: ActivityEvent, number: UInt64, at date: Date) {
    guard let presentations = activity.presentations else { return }
    let wait = max(0, date.timeIntervalSinceNow)
    DispatchQueue.global().asyncAfter(wallDeadline: .now() + wait) { [self] in
      let drawn = ActivityCenter.redrawingCompact(presentations, at: Date(), renderer: renderer)
      var redrawn = activity
      redrawn.presentations = drawn.presentations
      state.withLock { state in
        guard state.shownActivities[activity.activity.id] == number else { return }
        sink.refresh(activity: redrawn)
        if let next = drawn.nextChange { redraw(activity, number: number, at: next) }
      }
    }
  }

  /// Redraws `entry` (drawn as `view`) of `instance`, entry number `number`, at `date`, and
  /// again each time its live dates change, until another entry replaces it. On Dispatch's
  /// timers, not in tasks: a redraw is due at a wall-clock time, and never waits for a task
  /// pool that others keep busy.
  private func redraw(
    _ entry: EntryEvent, _ view: ViewNode, of instance: String, number: UInt64, at date: Date
  ) {
    let wait = max(0, date.timeIntervalSinceNow)
    DispatchQueue.global().asyncAfter(wallDeadline: .now() + wait) { [self] in
      let rendered = renderer.render(view, family: entry.family, now: Date())
      var redrawn = entry
      redrawn.lines = rendered.lines
      redrawn.spans = rendered.spans
      redrawn.regions = rendered.regions
      redrawn.url = rendered.url
      state.withLock { state in
        guard state.shown[instance] == number else { return }
        sink.refresh(instance: instance, entry: redrawn)
        if let next = rendered.nextLiveChange {
          redraw(entry, view, of: instance, number: number, at: next)
        }
      }
    }
  }
}
