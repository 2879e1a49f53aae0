import Foundation
import Synchronization
import WidgetSchema

/// Runs every instance's timeline by WidgetKit's rules, on an injected clock.
///
/// - The entry shown is the latest whose date has passed (the first if none has).
/// - `.atEnd` asks for a new timeline at the last entry's date, `.after(d)` at `d`, `.never`
///   only on a reload request; never sooner than ``Configuration/minimumReloadInterval`` after
///   the previous fetch.
/// - Instances with the same ``TimelineKey`` share one provider call.
/// - Failures keep what is shown (the last good entry, or the placeholder) and retry with
///   exponential backoff.
/// - When nothing is due the run loop sleeps until the next due time: it never polls.
/// - An instance added with a timeline of an earlier run (``Restored``) shows that timeline's
///   current entry at once, before any provider call; its reload policy then decides when to
///   ask again, and the fresh timeline replaces it.
public actor Scheduler {
  /// Tunables, with WidgetKit-like defaults.
  public struct Configuration: Sendable {
    /// The least time between two timeline fetches of one instance, in seconds.
    public var minimumReloadInterval: TimeInterval = 60
    /// The first retry delay after a failed fetch; doubles per consecutive failure.
    public var firstRetryInterval: TimeInterval = 30
    /// The longest retry delay.
    public var maximumRetryInterval: TimeInterval = 15 * 60
    /// Ask for and show placeholders before the first timeline arrives.
    public var showsPlaceholders = true
    /// Apply provider results in the order the calls were made, whatever order they finish in.
    /// `simulate` sets it: on a virtual clock calls take no time, so the order is the only thing
    /// left to chance, and fixing it makes two simulations print the same. `run` leaves it off,
    /// so a slow bundle never holds back another's results.
    public var appliesResultsInCallOrder = false
    /// Reloads the host makes on its own (policy and retries) per instance in any 24 h window;
    /// nil for unlimited. Reloads requested by apps or clients and the first one are free, as in
    /// WidgetKit. A reload over budget is deferred, never dropped.
    public var budget: Int? = 70
    /// The length of the budget's sliding window.
    public var budgetWindow: TimeInterval = 86_400
    /// Provider calls (timelines and placeholders) in flight at once to one bundle; a reload
    /// due while its bundle has this many waits for one of them to end. Hundreds of calls
    /// started at once gain nothing (they share the same few threads, or one worker) and each
    /// keeps its task and buffers until it ends: the peak a host with thousands of instances
    /// kept resident after its start. One bundle's slow calls never hold back another's.
    public var maximumCallsPerBundle = 16
    /// Timeline calls one bundle gets in any minute (host clock) for requested reloads (the
    /// bundle's own `reload_kind`/`reload_all`, WidgetCenter, a control request, a tap); nil
    /// for unlimited. Past it, a requested reload waits until the minute's first such call is a
    /// minute old, with a `rate-limited` warning: a bundle that asks for a reload from every
    /// reply costs a few calls a minute, not hundreds a second. Requests that come while a call
    /// is in flight are one reload after it (coalesced) and cost one call.
    public var requestedCallsPerMinute: Int? = 60
    /// Bytes of replies one bundle may send in any minute (host clock); nil for unlimited. Past
    /// it, the bundle's reloads (other than each instance's first) wait until the minute's
    /// replies fall below it, with a `rate-limited` warning.
    public var replyBytesPerMinute: Int? = 64 << 20
    /// How long a batch's results may wait for the calls after them: the results so far are
    /// applied before the next call once the batch has run this long since they were last
    /// applied. A call known to be prompt may still be slow for once; the calls batched with it
    /// then wait for it, but what came before it is shown.
    public var batchDelay = Duration.milliseconds(1)
    /// The clock that times a batch's calls against ``batchDelay``: the machine's, whatever the
    /// host clock is, since a call takes real time on a simulated clock too.
    public var batchClock: any Clock<Duration> = ContinuousClock()

    /// The defaults.
    public init() {}
  }

  private enum Shown: Equatable {
    case placeholder
    case timeline(generation: Int, index: Int)
  }

  /// A class, not a struct: the scheduler changes its groups in place (no copy of every group
  /// on every turn), and the groups dictionary holds a reference instead of the whole state, so
  /// its spare buckets stay small. Its fields are declared largest first, the one-byte ones
  /// together, so that none pads another.
  private final class Group {
    let key: TimelineKey
    /// The order groups were added in: groups due at the same time are handled in this order.
    let rank: Int
    /// The instances showing the group's timeline, in the order they were added. Most groups
    /// have one, kept without an array of its own.
    var instances: [String] {
      get { firstInstance.map { [$0] + otherInstances } ?? otherInstances }
      set {
        firstInstance = newValue.first
        otherInstances = Array(newValue.dropFirst())
      }
    }
    private var otherInstances: [String] = []

    /// Whether instance `id` shows the group's timeline (without making the list).
    func shows(_ id: String) -> Bool { firstInstance == id || otherInstances.contains(id) }
    var generation = 0
    var failures = 0
    /// A reload was due and put off (refresh budget or rate limit) since the last timeline: what
    /// shows is older than the widget wanted, so it is marked stale until a timeline comes.
    var overdue = false
    /// Provider calls made for the group (placeholders and timelines).
    var providerCalls = 0
    /// When budgeted reloads were made, oldest first (within the window).
    var ledger: [Date] = []
    /// Kept only until something is shown: a placeholder is never shown after that, and
    /// dropping it halves what an idle instance keeps. Boxed:
    /// the group does not carry an entry's room for the rest of its life.
    var placeholder: Placeholder?
    var current: Showing?
    var timeline: Timeline?
    var shown: Shown?
    /// The date of the group's one valid appointment on the agenda (others are outdated).
    var agendaDate: Date?
    var nextReload: Date?
    var reloadReason: ReloadReason = .initial
    /// A reload asked for while a fetch was in flight, and why: it follows the fetch.
    var requestedDuringFetch: ReloadReason?
    /// On its bundle's list of groups waiting for a free call.
    var waitsForCall = false
    var placeholderRequested = false
    /// The placeholder is to be asked for just before the first timeline.
    var placeholderPending = false
    var placeholderDone = false
    var fetching = false
    /// `timeline` was restored from an earlier run; no fresh one has arrived yet.
    var restored = false
    /// No instance shows the group any more: it left `groups`, and its appointments and calls
    /// are ignored (a flag, where a look-up of its key in `groups` hashed four strings).
    var removed = false
    private var firstInstance: String?

    init(key: TimelineKey, rank: Int, instances: [String]) {
      self.key = key
      self.rank = rank
      self.instances = instances
    }

    /// Has something to show and nothing more to wait for: a fresh timeline, a failure with the
    /// placeholder, or a restored timeline that is not due for a reload.
    func settled(at now: Date) -> Bool {
      if restored { return !fetching && (nextReload.map { $0 > now } ?? true) }
      return timeline != nil || (failures > 0 && placeholderDone)
    }
  }

  /// A placeholder entry, until something is shown.
  private final class Placeholder {
    let entry: Entry

    init(_ entry: Entry) {
      self.entry = entry
    }
  }

  /// The entry a group's instances show now, with what to show it again (to an instance added
  /// later, or marked stale when a reload fails). Not the event itself: the group has the key
  /// and the instances, and this is kept for every group.
  private struct Showing {
    var entry: Entry
    var source: EntrySource
    var validUntil: Date?
    var stale: Bool
    /// From a timeline restored from an earlier run (`restoredEntry`).
    var restored: Bool

    func event(_ key: TimelineKey, instances: [String]) -> SchedulerEvent {
      restored
        ? .restoredEntry(key, instances: instances, entry, validUntil: validUntil, stale: stale)
        : .entry(
          key, instances: instances, entry, source: source, validUntil: validUntil, stale: stale)
    }
  }

  /// A timeline kept from an earlier run (the durable state), to start an instance from.
  public struct Restored: Sendable, Equatable {
    /// The timeline, as it arrived then.
    public var timeline: Timeline
    /// When it arrived.
    public var fetchedAt: Date
    /// It came from another version of the bundle: shown, but replaced at once (a free reload).
    public var outdated: Bool

    /// Creates a restored timeline.
    public init(timeline: Timeline, fetchedAt: Date, outdated: Bool = false) {
      self.timeline = timeline
      self.fetchedAt = fetchedAt
      self.outdated = outdated
    }
  }

  private let clock: any HostClock
  private let provider: any TimelineProviding
  private let configuration: Configuration
  private let ledger: (any BudgetLedger)?
  private let archive: (any TimelineArchive)?
  private let emit: @Sendable (SchedulerEvent) -> Void

  private var groups: [TimelineKey: Group] = [:]
  /// The provider calls of groups no instance shows any more, by key (a key shown again
  /// counts on from there).
  private var callsOfRemovedGroups: [TimelineKey: Int] = [:]
  private var nextRank = 0
  /// When each group next has something to do. A group changed anywhere is scheduled again; an
  /// appointment whose date is not its group's `agendaDate` is outdated and skipped.
  private var agenda = Agenda<Group>()
  /// Per bundle, the groups with a placeholder or reload due while the bundle has no free call,
  /// by rank: as calls end, as many as there are free calls go back on the agenda.
  private var waitingForCall: [String: Agenda<Group>] = [:]
  /// Calls in flight per bundle (``Configuration/maximumCallsPerBundle``); a bundle with none
  /// has no entry, so an empty dictionary means no call in flight.
  private var callsInFlight: [String: Int] = [:]
  private var wakeRequested = false
  /// Set when the run loop's task is cancelled while it sleeps (from its cancellation handler,
  /// off the actor): results arriving after that wake it to stop instead of going on.
  private nonisolated let loopCancelled = Atomic(false)
  private var sleeper: CheckedContinuation<Void, Never>?
  /// While the loop sleeps: the deadline it sleeps until (`.some(nil)`: until woken).
  private var sleepingUntil: Date??
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  private var settledWaiters: [CheckedContinuation<Void, Never>] = []
  /// Set when the run loop ends: results still arriving are dropped without events.
  private var stopped = false
  /// The number the next provider call gets, and the number of the next result to apply (for
  /// ``Configuration/appliesResultsInCallOrder``).
  private var nextCall = 0
  private var nextResult = 0
  private var heldResults: [Int: CallResult] = [:]
  /// Planned reloads not yet noted in the ledger: noted together as the turn that made them
  /// ends (``notePlannedReloads()``).
  private var plannedReloads: [PlannedReload] = []
  /// Each bundle's calls and reply bytes of the last minute, for the rate limits.
  private var rates: [String: BundleRate] = [:]

  /// What a bundle had in the last minute: when each requested timeline call started, and the
  /// reply bytes received (the provider's running total, sampled as each result is applied).
  private struct BundleRate {
    var requestedCalls: [Date] = []
    var byteSamples: [(date: Date, total: Int)] = []
    /// Until when a `rate-limited` warning was written, so that one limit hit warns once.
    var warnedUntil: Date?

    mutating func prune(at now: Date) {
      requestedCalls.removeAll { now.timeIntervalSince($0) >= 60 }
      // The newest sample older than a minute stays: the minute's bytes are counted from it.
      while byteSamples.count > 1, now.timeIntervalSince(byteSamples[1].date) >= 60 {
        byteSamples.removeFirst()
      }
    }

    /// The reply bytes of the last minute (from the newest sample before it), and when the
    /// oldest of them leaves it.
    var bytes: (count: Int, until: Date)? {
      guard let first = byteSamples.first, let last = byteSamples.last, byteSamples.count > 1
      else { return nil }
      return (last.total - first.total, byteSamples[1].date.addingTimeInterval(60))
    }
  }

  private enum CallResult: Sendable {
    case timeline(TimelineKey, Result<Timeline, ProviderFailure>)
    case placeholder(TimelineKey, Result<Entry, ProviderFailure>)
  }

  /// A provider call to make, numbered in the order calls were started.
  private struct Call: Sendable {
    enum Method { case timeline, placeholder }

    let number: Int
    let key: TimelineKey
    let method: Method
  }
  /// Calls of one bundle made together on one task (``make(_:)``).
  private final class Batch {
    var calls: [Call]

    init(_ call: Call) {
      calls = [call]
    }
  }
  /// Per bundle whose calls return promptly, the batch still taking calls: until its task
  /// starts, or until it holds ``batchSize`` calls.
  private var openBatches: [String: Batch] = [:]
  /// Half of a bundle's calls in flight: two batches then take turns, one's calls made while
  /// the other's results are applied.
  private var batchSize: Int { max(1, configuration.maximumCallsPerBundle / 2) }

  /// Creates a scheduler. `emit` is called, in order, from the scheduler's executor. With a
  /// `ledger`, budgets and planned reloads are kept there too, so they survive a restart; with
  /// an `archive`, every timeline is kept there before any of its entries is shown.
  public init(
    clock: any HostClock, provider: any TimelineProviding, configuration: Configuration = .init(),
    ledger: (any BudgetLedger)? = nil, archive: (any TimelineArchive)? = nil,
    emit: @escaping @Sendable (SchedulerEvent) -> Void
  ) {
    self.clock = clock
    self.provider = provider
    self.configuration = configuration
    self.ledger = ledger
    self.archive = archive
    self.emit = emit
  }

  // MARK: Instances and requests

  /// Adds an instance. Its timeline is requested at once, unless an instance with the same key
  /// already has one, which it then shares.
  ///
  /// With `restored` (a timeline of an earlier run, for the same key), the instance starts from
  /// it instead: its current entry is emitted before this returns, no placeholder is asked for,
  /// and the restored timeline's policy decides when to ask for a new one (at once if that time
  /// has passed, still subject to the minimum reload interval and the budget; never for
  /// `.never`). An instance that shares a key already running ignores `restored`.
  public func add(_ instance: WidgetInstance, restoring restored: Restored? = nil) {
    let key = instance.key
    if let group = groups[key] {
      group.instances.append(instance.id)
      if let current = group.current { emit(current.event(key, instances: [instance.id])) }
      return
    }
    let now = clock.now()
    let group = Group(key: key, rank: nextRank, instances: [instance.id])
    group.providerCalls = callsOfRemovedGroups.removeValue(forKey: key) ?? 0
    nextRank += 1
    group.nextReload = now
    group.ledger =
      ledger?.reloads(of: key, since: now.addingTimeInterval(-configuration.budgetWindow)) ?? []
    group.placeholderPending = configuration.showsPlaceholders
    if let restored, !restored.timeline.entries.isEmpty {
      group.timeline = restored.timeline
      group.generation = 1
      group.restored = true
      group.placeholderPending = false
      group.placeholderDone = true
      if restored.outdated {
        group.reloadReason = .initial
      } else {
        group.reloadReason = .policy
        group.nextReload = TimelineMath.nextReload(
          policy: restored.timeline.policy, entries: restored.timeline.entries,
          fetchedAt: restored.fetchedAt, minimumInterval: configuration.minimumReloadInterval)
      }
      showCurrentEntry(key, group, at: now)
    }
    groups[key] = group
    schedule(group, at: now)
    wake()
  }

  /// Removes the instance `id`: it gets no more events. The timeline it shared stays with the
  /// other instances; a timeline no instance shows any more is dropped (a call in flight for it
  /// is ignored when it returns).
  public func remove(instance id: String) {
    guard let group = groups.values.first(where: { $0.shows(id) }) else { return }
    group.instances.removeAll { $0 == id }
    if group.instances.isEmpty {
      groups[group.key] = nil
      group.removed = true
      callsOfRemovedGroups[group.key, default: 0] += group.providerCalls
    }
    wake()
  }

  /// The provider calls (placeholders and timelines) made for each timeline key since the
  /// scheduler started.
  public func providerCalls() -> [TimelineKey: Int] {
    var calls = callsOfRemovedGroups
    for (key, group) in groups { calls[key, default: 0] += group.providerCalls }
    return calls
  }

  /// Asks for new timelines for `kind` of `bundle` (every kind when nil), as
  /// `WidgetCenter.reloadTimelines(ofKind:)` does. A fetch in progress is followed by another.
  public func reload(bundle: String, kind: String?, reason: ReloadReason = .request) {
    let matching = groups.values.filter { group in
      group.key.bundle == bundle && (kind == nil || group.key.kind == kind)
    }
    reload(matching.sorted(by: { $0.rank < $1.rank }), reason: reason)
  }

  /// Reloads the one timeline of `key` (the instances that show it), as after a press of one of
  /// its buttons.
  public func reload(key: TimelineKey, reason: ReloadReason) {
    reload(groups[key].map { [$0] } ?? [], reason: reason)
  }

  private func reload(_ matching: [Group], reason: ReloadReason) {
    let now = clock.now()
    for group in matching {
      if group.fetching {
        group.requestedDuringFetch = reason
      } else {
        group.nextReload = now
        group.reloadReason = reason
        schedule(group, at: now)
      }
    }
    wake()
  }

  /// The earliest time at which something is due, if anything is.
  public var nextDueDate: Date? { nextDue() }

  // MARK: Run loop

  /// Runs until the calling task is cancelled.
  public func run() async {
    while !Task.isCancelled {
      let now = clock.now()
      processDue(at: now)
      if wakeRequested {
        wakeRequested = false
        continue
      }
      let deadline = nextDue()
      sleepingUntil = .some(deadline)
      await sleep(until: deadline)
      sleepingUntil = nil
    }
    sleepingUntil = nil
    stopped = true
  }

  /// Returns once nothing is due at the clock's current time and no provider call is in
  /// flight: what tests wait for after moving a virtual clock.
  public func waitUntilIdle() async {
    if isIdle { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  /// Returns once every instance has a timeline, or has failed and shows its placeholder (or
  /// failed to get one): what `--once` waits for.
  public func waitUntilSettled() async {
    if isSettled || Task.isCancelled { return }
    await withCheckedContinuation { settledWaiters.append($0) }
  }

  /// Asleep (not merely about to wake), nothing in flight, nothing due at the current time.
  /// Resumes everyone waiting in ``waitUntilIdle()`` or ``waitUntilSettled()`` now, settled or
  /// not: for a run being stopped.
  public func releaseWaiters() {
    let waiters = idleWaiters + settledWaiters
    idleWaiters = []
    settledWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  private var isIdle: Bool {
    guard callsInFlight.isEmpty, sleeper != nil, let deadline = sleepingUntil else { return false }
    return deadline.map { $0 > clock.now() } ?? true
  }

  private var isSettled: Bool {
    let now = clock.now()
    return sleeper != nil && groups.values.allSatisfy { $0.settled(at: now) }
  }

  private func resumeWaiters() {
    if isIdle {
      let waiters = idleWaiters
      idleWaiters = []
      for waiter in waiters { waiter.resume() }
    }
    if !settledWaiters.isEmpty, isSettled {
      let waiters = settledWaiters
      settledWaiters = []
      for waiter in waiters { waiter.resume() }
    }
  }

  private func sleep(until deadline: Date?) async {
    let timer = deadline.map { deadline in
      Task { [clock] in
        do {
          try await clock.sleep(until: deadline)
          self.wake()
        } catch {}
      }
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if wakeRequested || Task.isCancelled {
          wakeRequested = false
          continuation.resume()
        } else {
          sleeper = continuation
          resumeWaiters()
        }
      }
    } onCancel: {
      loopCancelled.store(true, ordering: .relaxed)
      Task { await self.wake() }
    }
    timer?.cancel()
  }

  /// After provider results were applied, what the run loop's next turn would do (start what
  /// is now due, or what waited for the calls that ended), done at once on the actor while the
  /// loop sleeps. The loop is woken only when the date it sleeps until must change. Waking it
  /// for every result, as before, cost a thread hand-off (the loop's task enqueued, a parked
  /// thread woken to run it) and a new sleep with its timer task per provider call.
  private func continueAfterResults() {
    guard let deadline = sleepingUntil, sleeper != nil, !wakeRequested,
      !loopCancelled.load(ordering: .relaxed)
    else {
      wake()
      return
    }
    processDue(at: clock.now())
    if nextDue() == deadline {
      resumeWaiters()
    } else {
      wake()
    }
  }

  private func wake() {
    if let sleeper {
      self.sleeper = nil
      sleeper.resume()
    } else {
      wakeRequested = true
    }
  }

  // MARK: Work

  /// Handles every group whose appointment has come, in the order the groups were added, then
  /// the groups that were waiting for the calls freed meanwhile.
  private func processDue(at now: Date) {
    repeat {
      var due: [Group] = []
      while let first = agenda.first, first.date <= now {
        agenda.removeFirst()
        let group = first.item
        guard group.agendaDate == first.date, !group.removed else { continue }
        group.agendaDate = nil
        due.append(group)
      }
      for group in due.sorted(by: { $0.rank < $1.rank }) { process(group, at: now) }
    } while releaseWaitingGroups(at: now)
    notePlannedReloads()
  }

  /// Keeps `plan` for the ledger, to be noted with the others of this turn.
  private func plan(_ plan: PlannedReload) {
    if ledger != nil { plannedReloads.append(plan) }
  }

  /// Notes the planned reloads made so far in the ledger, in one write.
  private func notePlannedReloads() {
    guard let ledger, !plannedReloads.isEmpty else { return }
    ledger.notePlannedReloads(plannedReloads)
    plannedReloads.removeAll()
  }

  private func process(_ group: Group, at now: Date) {
    let key = group.key
    if group.placeholderPending, hasFreeCall(key.bundle) {
      // Asked for in the same turn as the first timeline, and before it: under
      // ``Configuration/appliesResultsInCallOrder`` the placeholder is then always shown first.
      group.placeholderPending = false
      requestPlaceholder(for: key, group)
    }
    // A reload waits while its bundle has no free call, and the first one also while its
    // placeholder does.
    if !group.placeholderPending, !group.fetching, let due = group.nextReload, due <= now,
      hasFreeCall(key.bundle)
    {
      if let (until, limit) = rateDeferral(group, at: now) {
        group.nextReload = until
        plan(PlannedReload(key: key, date: until, reason: "deferred: \(limit)"))
        if rates[key.bundle]?.warnedUntil.map({ $0 < until }) ?? true {
          rates[key.bundle, default: BundleRate()].warnedUntil = until
          emit(.rateLimited(key, instances: group.instances, until: until, limit: limit))
        }
        markOverdue(key, group)
      } else if let deferral = budgetDeferral(group, at: now) {
        group.nextReload = deferral
        plan(PlannedReload(key: key, date: deferral, reason: "deferred: budget spent"))
        emit(
          .deferred(
            key, instances: group.instances, until: deferral, budget: configuration.budget ?? 0))
        markOverdue(key, group)
      } else {
        startFetch(key, group)
      }
    }
    showCurrentEntry(key, group, at: now)
    schedule(group, at: now)
  }

  /// Puts `group` on the agenda at the next time it has something to do: now for a due
  /// placeholder or reload (or, while its bundle has no free call, on the bundle's waiting
  /// list), else its next reload or the next change of its timeline's current entry.
  private func schedule(_ group: Group, at now: Date) {
    var next: Date?
    func consider(_ date: Date?) {
      if let date, next.map({ date < $0 }) ?? true { next = date }
    }
    let reloadDue = !group.fetching && group.nextReload.map { $0 <= now } == true
    if group.placeholderPending || reloadDue {
      if hasFreeCall(group.key.bundle) {
        consider(now)
      } else if !group.waitsForCall {
        group.waitsForCall = true
        waitingForCall[group.key.bundle, default: Agenda()].insert(
          group, at: .distantPast, rank: group.rank)
      }
    } else if !group.fetching {
      consider(group.nextReload)
    }
    if let timeline = group.timeline {
      consider(TimelineMath.nextTransition(of: timeline.entries, after: now))
    }
    guard next != group.agendaDate else { return }
    group.agendaDate = next
    if let next { agenda.insert(group, at: next, rank: group.rank) }
  }

  /// Moves as many waiting groups of each bundle as it has free calls back onto the agenda, now;
  /// true when it moved any.
  private func releaseWaitingGroups(at now: Date) -> Bool {
    // Asked after every result: most of the time no group waits.
    guard !waitingForCall.isEmpty else { return false }
    var released = false
    for bundle in Array(waitingForCall.keys) {
      var free =
        configuration.maximumCallsPerBundle - callsInFlight[bundle, default: 0]
      while free > 0, let first = waitingForCall[bundle]?.removeFirst() {
        let group = first.item
        group.waitsForCall = false
        guard !group.removed else { continue }
        free -= 1
        released = true
        group.agendaDate = nil
        schedule(group, at: now)
      }
      if waitingForCall[bundle]?.count == 0 { waitingForCall[bundle] = nil }
    }
    return released
  }

  /// The date of the earliest valid appointment, outdated ones dropped on the way.
  private func nextDue() -> Date? {
    while let first = agenda.first,
      first.item.agendaDate != first.date || first.item.removed
    {
      agenda.removeFirst()
    }
    return agenda.first?.date
  }

  private func showCurrentEntry(_ key: TimelineKey, _ group: Group, at now: Date) {
    if let timeline = group.timeline,
      let index = TimelineMath.currentIndex(of: timeline.entries, at: now)
    {
      let shown = Shown.timeline(generation: group.generation, index: index)
      guard group.shown != shown else { return }
      group.shown = shown
      group.placeholder = nil
      let validUntil = index + 1 < timeline.entries.count ? timeline.entries[index + 1].date : nil
      show(
        Showing(
          entry: timeline.entries[index], source: .timeline, validUntil: validUntil,
          stale: group.failures > 0 || group.overdue, restored: group.restored), key, group)
    } else if let placeholder = group.placeholder?.entry, group.shown == nil {
      group.shown = .placeholder
      group.placeholder = nil
      show(
        Showing(
          entry: placeholder, source: .placeholder, validUntil: nil, stale: false,
          restored: false), key, group)
    }
  }

  private func show(_ showing: Showing, _ key: TimelineKey, _ group: Group) {
    group.current = showing
    emit(showing.event(key, instances: group.instances))
  }

  /// Marks what `group` shows stale because the reload it was due for is put off: a bar or a
  /// page then shows that it is old news, rather than freezing on it silently.
  private func markOverdue(_ key: TimelineKey, _ group: Group) {
    group.overdue = true
    showStale(key, group)
  }

  /// Shows again, marked stale, the timeline entry `group` shows, unless it already is.
  private func showStale(_ key: TimelineKey, _ group: Group) {
    guard var current = group.current, current.source == .timeline, !current.stale else { return }
    current.stale = true
    show(current, key, group)
  }

  /// Whether the reload now due is over budget; if so, when the budget allows it.
  private func budgetDeferral(_ group: Group, at now: Date) -> Date? {
    guard let budget = configuration.budget, group.reloadReason.isBudgeted else { return nil }
    let windowStart = now.addingTimeInterval(-configuration.budgetWindow)
    // Asked at every reload due: most of the time nothing has left the window, and a look
    // costs less than `removeAll`'s copy-on-write check and partition.
    if group.ledger.contains(where: { $0 <= windowStart }) {
      group.ledger.removeAll { $0 <= windowStart }
    }
    guard group.ledger.count >= budget, let oldest = group.ledger.first else { return nil }
    return oldest.addingTimeInterval(configuration.budgetWindow)
  }

  /// When `group`'s due reload may be made, and the limit that holds it, if a rate limit of
  /// its bundle does (``Configuration/requestedCallsPerMinute``,
  /// ``Configuration/replyBytesPerMinute``); nil when it may be made now.
  private func rateDeferral(_ group: Group, at now: Date) -> (Date, String)? {
    let reason = group.reloadReason
    guard reason != .initial, reason != .bundleUpdated, var rate = rates[group.key.bundle] else {
      return nil
    }
    rate.prune(at: now)
    rates[group.key.bundle] = rate
    if reason == .request || reason == .interaction,
      let limit = configuration.requestedCallsPerMinute,
      rate.requestedCalls.count >= limit, let first = rate.requestedCalls.first
    {
      return (first.addingTimeInterval(60), "\(limit) requested reloads per minute")
    }
    if let limit = configuration.replyBytesPerMinute, let bytes = rate.bytes,
      bytes.count >= limit
    {
      return (bytes.until, "\(limit) bytes of replies per minute")
    }
    return nil
  }

  /// Samples the reply bytes `bundle` has sent so far, for ``Configuration/replyBytesPerMinute``.
  private func noteReplyBytes(of bundle: String, at now: Date) {
    guard configuration.replyBytesPerMinute != nil else { return }
    let total = provider.replyBytes(bundle: bundle)
    var rate = rates[bundle, default: BundleRate()]
    if rate.byteSamples.isEmpty { rate.byteSamples.append((now.addingTimeInterval(-60), 0)) }
    rate.byteSamples.append((now, total))
    rate.prune(at: now)
    rates[bundle] = rate
  }

  private func budgetLeft(_ group: Group, at now: Date) -> Int? {
    guard let budget = configuration.budget else { return nil }
    let start = now.addingTimeInterval(-configuration.budgetWindow)
    return max(0, budget - group.ledger.count { $0 > start })
  }

  private func startFetch(_ key: TimelineKey, _ group: Group) {
    if group.reloadReason.isBudgeted {
      group.ledger.append(clock.now())
      ledger?.recordReload(of: key, at: clock.now(), window: configuration.budgetWindow)
    }
    if group.reloadReason == .request || group.reloadReason == .interaction,
      configuration.requestedCallsPerMinute != nil
    {
      rates[key.bundle, default: BundleRate()].requestedCalls.append(clock.now())
    }
    group.fetching = true
    group.nextReload = nil
    callStarted(key.bundle)
    group.providerCalls += 1
    emit(.reload(key, instances: group.instances, reason: group.reloadReason))
    make(Call(number: takeCallNumber(), key: key, method: .timeline))
  }

  private func hasFreeCall(_ bundle: String) -> Bool {
    callsInFlight[bundle, default: 0] < configuration.maximumCallsPerBundle
  }

  private func callStarted(_ bundle: String) {
    callsInFlight[bundle, default: 0] += 1
  }

  private func callEnded(_ bundle: String) {
    let left = callsInFlight[bundle, default: 1] - 1
    callsInFlight[bundle] = left > 0 ? left : nil
  }

  private func takeCallNumber() -> Int {
    defer { nextCall += 1 }
    return nextCall
  }

  /// Makes `call` in its bundle's open batch, or in a new batch: one that stays open to the
  /// calls that follow only while the bundle's calls are known to return promptly; otherwise
  /// the call has a task of its own.
  ///
  /// Each task of its own starts on the actor and leaves it for the call; while other work
  /// waits on the actor, that hands the actor over to another thread of the pool, woken for it:
  /// on a simulated day of 290,000 calls, 60,000 wake-ups and a fifth of the CPU time. A batch
  /// is one task: its calls are made one after another, and their results applied together in
  /// one turn (``Configuration/batchDelay``). Each call still has its own deadline, from when
  /// it is made.
  private func make(_ call: Call) {
    let bundle = call.key.bundle
    if let open = openBatches[bundle] {
      open.calls.append(call)
      if open.calls.count >= batchSize { openBatches[bundle] = nil }
      return
    }
    let batch = Batch(call)
    if batchSize > 1, provider.callsPromptly(bundle: bundle) { openBatches[bundle] = batch }
    Task { await self.make(batch, of: bundle) }
  }

  /// Makes the calls of `batch`, one after another; their results are applied together, or in
  /// parts when a part took longer than ``Configuration/batchDelay``.
  private func make(_ batch: Batch, of bundle: String) async {
    if openBatches[bundle] === batch { openBatches[bundle] = nil }
    // The last results are applied back here, on the actor: delivered from `results`, the task
    // would leave the actor again to return there.
    deliver(
      await Self.results(
        of: batch.calls, from: provider, for: self, timedBy: configuration.batchClock,
        delay: configuration.batchDelay))
  }

  /// Makes `calls` off the actor, one after another; delivers to `scheduler` the results of a
  /// part that took `delay` or longer on `clock`, and returns the rest.
  private nonisolated static func results<C: Clock<Duration>>(
    of calls: [Call], from provider: any TimelineProviding, for scheduler: Scheduler,
    timedBy clock: C, delay: Duration
  ) async -> [(call: Int, result: CallResult)] {
    var results: [(call: Int, result: CallResult)] = []
    results.reserveCapacity(calls.count)
    var since = clock.now
    for call in calls {
      if !results.isEmpty, since.duration(to: clock.now) >= delay {
        await scheduler.deliver(results)
        results.removeAll(keepingCapacity: true)
        since = clock.now
      }
      results.append((call.number, await result(of: call, from: provider)))
    }
    return results
  }

  /// Makes `call` off the actor.
  private nonisolated static func result(
    of call: Call, from provider: any TimelineProviding
  ) async -> CallResult {
    switch call.method {
    case .timeline: .timeline(call.key, await provider.timeline(for: call.key))
    case .placeholder: .placeholder(call.key, await provider.placeholder(for: call.key))
    }
  }

  /// Applies each result now, or, in call order, once every earlier call's result has been
  /// applied; then does what the results made due. The timelines among the results applied
  /// are kept in the archive first, together: on disk before anything shows them, so a host
  /// killed after this keeps them.
  private func deliver(_ results: [(call: Int, result: CallResult)]) {
    var ready: [CallResult] = []
    if configuration.appliesResultsInCallOrder {
      for (call, result) in results { heldResults[call] = result }
      while let next = heldResults.removeValue(forKey: nextResult) {
        nextResult += 1
        ready.append(next)
      }
    } else {
      ready = results.map(\.result)
    }
    guard !ready.isEmpty else { return }
    let now = clock.now()
    archiveTimelines(in: ready, fetchedAt: now)
    for result in ready { apply(result, at: now) }
    if !stopped { continueAfterResults() }
    notePlannedReloads()
  }

  /// Keeps the timelines among `results` that will be shown in the archive, in one write.
  private func archiveTimelines(in results: [CallResult], fetchedAt now: Date) {
    guard let archive, !stopped else { return }
    var timelines: [(timeline: Timeline, key: TimelineKey, instances: [String])] = []
    for case .timeline(let key, .success(let timeline)) in results {
      if let group = groups[key] { timelines.append((timeline, key, group.instances)) }
    }
    if !timelines.isEmpty { archive.save(timelines, fetchedAt: now) }
  }

  private func apply(_ result: CallResult, at now: Date) {
    switch result {
    case .timeline(let key, let result): finishFetch(key, result, at: now)
    case .placeholder(let key, let result): finishPlaceholder(key, result)
    }
  }

  /// Applies a timeline call's result at `now`; its timeline is already in the archive
  /// (``deliver(_:)``).
  private func finishFetch(
    _ key: TimelineKey, _ result: Result<Timeline, ProviderFailure>, at now: Date
  ) {
    callEnded(key.bundle)
    noteReplyBytes(of: key.bundle, at: now)
    guard !stopped, let group = groups[key] else { return }
    group.fetching = false
    switch result {
    case .success(let timeline):
      group.timeline = timeline
      group.generation += 1
      group.restored = false
      group.failures = 0
      group.overdue = false
      group.reloadReason = .policy
      group.nextReload = TimelineMath.nextReload(
        policy: timeline.policy, entries: timeline.entries, fetchedAt: now,
        minimumInterval: configuration.minimumReloadInterval)
      emit(
        .timeline(
          key, instances: group.instances, timeline, nextReload: group.nextReload,
          budgetLeft: budgetLeft(group, at: now)))
    case .failure(let failure):
      group.failures += 1
      let backoff = min(
        configuration.firstRetryInterval * pow(2, Double(group.failures - 1)),
        configuration.maximumRetryInterval)
      group.nextReload = now.addingTimeInterval(backoff)
      group.reloadReason = .retry
      emit(.failure(key, instances: group.instances, failure))
      // What is shown stays, marked stale: it comes from a timeline that could not be renewed.
      showStale(key, group)
      if group.timeline == nil { requestPlaceholder(for: key, group) }
    }
    if let requested = group.requestedDuringFetch {
      group.requestedDuringFetch = nil
      group.nextReload = now
      group.reloadReason = requested
    }
    plan(PlannedReload(key: key, date: group.nextReload, reason: group.reloadReason.rawValue))
    // The new timeline's current entry is shown at once, right after its `timeline` event.
    showCurrentEntry(key, group, at: now)
    schedule(group, at: now)
  }

  private func requestPlaceholder(for key: TimelineKey, _ group: Group) {
    guard !group.placeholderRequested else { return }
    group.placeholderRequested = true
    callStarted(key.bundle)
    group.providerCalls += 1
    make(Call(number: takeCallNumber(), key: key, method: .placeholder))
  }

  private func finishPlaceholder(_ key: TimelineKey, _ result: Result<Entry, ProviderFailure>) {
    callEnded(key.bundle)
    noteReplyBytes(of: key.bundle, at: clock.now())
    guard !stopped, let group = groups[key] else { return }
    group.placeholderDone = true
    switch result {
    case .success(let entry) where group.shown == nil: group.placeholder = Placeholder(entry)
    case .success: break
    case .failure(let failure): emit(.failure(key, instances: group.instances, failure))
    }
    showCurrentEntry(key, group, at: clock.now())
  }
}

extension ReloadReason {
  /// Reloads the host makes on its own count against the budget; the first one and requested
  /// ones (apps, clients, the bundle's own reload calls) are free.
  var isBudgeted: Bool { self == .policy || self == .retry }
}

/// Where the scheduler keeps each timeline as it arrives (``StateStore`` through
/// ``StateArchive``), so a restarted host can show it before asking the bundle again.
public protocol TimelineArchive: Sendable {
  /// Keeps each of `timelines`, fetched for its key at `fetchedAt`, as the last timeline of its
  /// instances, all in one write: the timelines of a batch of results applied together cost
  /// the disk one sync, not one each. Called before any of their entries is shown; returns once
  /// they are durable. A failure to keep them is the archive's to report: they are shown all
  /// the same.
  func save(
    _ timelines: [(timeline: Timeline, key: TimelineKey, instances: [String])], fetchedAt: Date)
}

/// Where the scheduler keeps budgeted reloads and planned reloads beyond its own memory
/// (``StateStore``), so a restarted host keeps its budgets.
public protocol BudgetLedger: Sendable {
  /// Budgeted reloads of `key` after `since`, oldest first.
  func reloads(of key: TimelineKey, since: Date) -> [Date]
  /// A budgeted reload of `key` at `date`; older than `window` may be forgotten.
  func recordReload(of key: TimelineKey, at date: Date, window: TimeInterval)
  /// When each key of `plans` reloads next and why: the plans of one turn of the scheduler (a
  /// batch of results applied, the groups due at one time), for one write. They are what
  /// `widget-host budget` reports, and a plan lost with the host is made again by the next
  /// one, so ``StateStore`` does not wait for the disk to keep them.
  func notePlannedReloads(_ plans: [PlannedReload])
}

/// When the scheduler plans to reload an instance's timeline next, and why.
public struct PlannedReload: Sendable, Equatable {
  /// The timeline's key.
  public var key: TimelineKey
  /// When; nil: only on request.
  public var date: Date?
  /// Why: `policy`, `retry`, `request`, `initial`, or `deferred: budget spent`.
  public var reason: String

  /// Creates a plan.
  public init(key: TimelineKey, date: Date?, reason: String) {
    self.key = key
    self.date = date
    self.reason = reason
  }
}
