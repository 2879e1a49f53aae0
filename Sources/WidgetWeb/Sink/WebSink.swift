import Foundation
import Synchronization
import WidgetHostCore
import WidgetRendering
import WidgetSchema

/// The web sink (`run --sink web`): one page that shows every instance as the pixel renderer
/// draws it, in a home-screen grid, kept current over Server-Sent Events, where a click taps the
/// widget as `widget-host tap` does (docs/web.md).
///
/// The stream's events go to every open page as they are written; a page that falls behind by
/// more than ``Limits/queue`` bytes gets the current state in their place, so a stalled viewer
/// never slows the host or the others.
public final class WebSink: EventSink {
  /// What the sink enforces (docs/web.md, "Limits").
  public struct Limits: Sendable {
    /// Most open connections, and most from one address.
    public var connections: UInt32
    public var connectionsPerAddress: UInt32
    /// Most bytes of a request's line and headers, and of its body.
    public var requestHeaders: Int
    public var requestBody: Int
    /// Most bytes queued for one page before it is resynchronized.
    public var queue: Int

    /// Creates limits (by default 256 connections, 192 from one address, 32 KiB of request
    /// headers, 16 KiB of body, 2 MiB queued per page).
    public init(
      connections: UInt32 = 256, connectionsPerAddress: UInt32 = 192,
      requestHeaders: Int = 32 << 10, requestBody: Int = 16 << 10, queue: Int = 2 << 20
    ) {
      self.connections = connections
      self.connectionsPerAddress = connectionsPerAddress
      self.requestHeaders = requestHeaders
      self.requestBody = requestBody
      self.queue = queue
    }
  }

  /// Where the sink listens (port 0 resolved to the port chosen).
  public let address: WebAddress
  private let control: HostControl
  private let token: String?
  private let limits: Limits
  private let renderer: PixelRenderer
  private let server = Mutex<HTTPServer?>(nil)
  /// The stream's header, sent first to every page.
  private let header = Mutex<[UInt8]?>(nil)
  private let keepAlive = Mutex<Task<Void, Never>?>(nil)

  /// The page's address: `http://ADDR:PORT/` (with the token when there is one).
  public var url: String {
    "http://\(address)/" + (token.map { "?token=\(Self.queryEscaped($0))" } ?? "")
  }

  /// Listens on `address` and starts serving. Any address but loopback needs a `token`, which
  /// every request must then carry (`?token=` or `Authorization: Bearer`).
  public init(
    address: WebAddress, control: HostControl, token: String?, dates: DateText,
    limits: Limits = Limits()
  ) throws(HTTPServerError) {
    if !address.isLoopback && token == nil {
      throw HTTPServerError(
        description:
          "--sink web:\(address) is reachable from other machines: give --token-file FILE")
    }
    self.control = control
    self.token = token
    self.limits = limits
    renderer = PixelRenderer(dates: dates)
    do { try PixelRenderer.checkLibraries() } catch {
      throw HTTPServerError(description: "the page draws widgets as pixels: \(error.message)")
    }
    let serverLimits = HTTPServer.Limits(
      connections: limits.connections, connectionsPerAddress: limits.connectionsPerAddress,
      requestMemory: limits.requestHeaders, body: limits.requestBody)
    let routes = Routes()
    let started = try HTTPServer(address: address.host, port: address.port, limits: serverLimits) {
      request in routes.respond(to: request)
    }
    self.address = WebAddress(host: address.host, port: started.port)
    server.withLock { $0 = started }
    routes.sink.withLock { $0.sink = self }
    // A comment every 15 s: a page that went away is noticed, and proxies keep the stream.
    let task = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(15))
        self?.broadcast(Array(": keep-alive\n\n".utf8))
      }
    }
    keepAlive.withLock { $0 = task }
  }

  /// The routes hold the sink weakly: the server it owns never keeps it alive.
  private final class Routes: Sendable {
    struct Weak: Sendable { weak var sink: WebSink? }
    let sink = Mutex(Weak())
    func respond(to request: HTTPRequest) -> HTTPReply {
      guard let sink = sink.withLock({ $0.sink }) else { return .now(.text(503, "starting")) }
      return sink.respond(to: request)
    }
  }

  /// Stops serving: open pages' streams end. Safe to call more than once.
  public func close() {
    keepAlive.withLock { $0 }?.cancel()
    let running = server.withLock { server in
      defer { server = nil }
      return server
    }
    running?.stop()
  }

  deinit { close() }

  // MARK: EventSink

  public func begin(_ header: StreamHeader) {
    let bytes = Self.message(header.jsonBytes())
    self.header.withLock { $0 = bytes }
    broadcast(bytes)
  }

  public func write(_ event: StreamEvent) {
    guard let json = try? event.jsonBytes() else { return }
    broadcast(Self.message(json, id: event.seq))
  }

  public func refresh(instance: String?, entry: EntryEvent) {
    guard let instance, let json = try? WidgetJSON.encode(WebRedrawn(instance: instance)) else {
      return
    }
    broadcast(Self.message(Array(json)))
  }

  public func refresh(activity: ActivityEvent) {
    guard let json = try? WidgetJSON.encode(WebRedrawn(activity: activity.activity.id)) else {
      return
    }
    broadcast(Self.message(Array(json)))
  }

  public func end() { close() }

  private func broadcast(_ bytes: [UInt8]) {
    server.withLock { $0 }?.broadcast(bytes)
  }

  /// One Server-Sent Events message of `json`.
  static func message(_ json: [UInt8], id: UInt64? = nil) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(json.count + 32)
    if let id { bytes += Array("id: \(id)\n".utf8) }
    bytes += Array("data: ".utf8)
    bytes += json
    bytes += Array("\n\n".utf8)
    return bytes
  }

  /// What a page that opens the stream (or falls behind) gets first: the header and every
  /// instance's current entry, as a socket subscriber does.
  private func currentState(dropped: Int) -> [UInt8] {
    var bytes = Array("retry: 1000\n\n".utf8)
    if dropped > 0, let json = try? WidgetJSON.encode(LaggedNotice(dropped: dropped)) {
      bytes += Self.message(Array(json))
    }
    bytes += header.withLock { $0 } ?? []
    for event in (try? control.currentEntries()) ?? [] {
      if let json = try? event.jsonBytes() { bytes += Self.message(json, id: event.seq) }
    }
    return bytes
  }

  // MARK: Requests

  private func respond(to request: HTTPRequest) -> HTTPReply {
    if let refusal = refusal(of: request) { return .now(refusal) }
    switch request.path {
    case "/api/home":
      return get(request) { self.home() }
    case "/api/events":
      guard Self.isRead(request.method) else { return .now(Self.notAllowed("GET, HEAD")) }
      let stream = HTTPStream(
        contentType: "text/event-stream; charset=utf-8", limit: limits.queue,
        first: currentState(dropped: 0)
      ) { [weak self] dropped in self?.currentState(dropped: max(dropped, 1)) ?? [] }
      return .now(.stream(stream))
    case "/api/picture":
      guard Self.isRead(request.method) else { return .now(Self.notAllowed("GET, HEAD")) }
      return .later { self.picture(request.arguments) }
    case "/api/activity-picture":
      guard Self.isRead(request.method) else { return .now(Self.notAllowed("GET, HEAD")) }
      return .later { self.activityPicture(request.arguments) }
    case "/api/tap":
      guard request.method == "POST" else { return .now(Self.notAllowed("POST")) }
      return tap(request)
    case "/api/activity-clear":
      guard request.method == "POST" else { return .now(Self.notAllowed("POST")) }
      return clearActivity(request)
    default:
      guard let asset = PageAssets.asset(at: request.path) else {
        return .now(.text(404, "no such page: \(request.path)"))
      }
      return get(request) { .full(status: 200, type: asset.type, body: asset.body) }
    }
  }

  private static func isRead(_ method: String) -> Bool { method == "GET" || method == "HEAD" }

  private func get(_ request: HTTPRequest, _ answer: () -> HTTPResponse) -> HTTPReply {
    Self.isRead(request.method) ? .now(answer()) : .now(Self.notAllowed("GET, HEAD"))
  }

  private static func notAllowed(_ allowed: String) -> HTTPResponse {
    .text(405, "method not allowed here (allowed: \(allowed))", headers: [("Allow", allowed)])
  }

  /// Why `request` is refused before it is routed: a missing or wrong token, or (on loopback
  /// without a token) a `Host` that is not this machine, which is what a page on another site
  /// that rebinds its name to 127.0.0.1 would send.
  private func refusal(of request: HTTPRequest) -> HTTPResponse? {
    if let token {
      let given =
        request.arguments["token"]
        ?? request.headers["authorization"].flatMap { value in
          value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
        }
      guard let given, Self.equalInConstantTime(given, token) else {
        return .text(
          401, "a token is needed: open the page's address with ?token=…",
          headers: [("WWW-Authenticate", "Bearer")])
      }
      return nil
    }
    let host = request.headers["host"] ?? ""
    let local = ["127.0.0.1", "localhost", "[::1]", address.host]
    guard local.contains(where: { host == "\($0):\(address.port)" }) else {
      return .text(421, "this host serves \(address), not '\(host)'")
    }
    return nil
  }

  private static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for index in 0..<min(x.count, y.count) { difference |= x[index] ^ y[index] }
    return difference == 0
  }

  private static func queryEscaped(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  private func home() -> HTTPResponse {
    do {
      let instances = try control.list().map {
        WebInstance(
          instance: $0.instance, bundle: $0.bundle, kind: $0.kind, family: $0.family,
          page: $0.page ?? 1)
      }
      return Self.json(200, WebHome(instances: instances))
    } catch {
      return Self.failure(error)
    }
  }

  /// The `appearance` and `scale` arguments of a picture request, or the 400 response naming
  /// the one that is wrong.
  private static func look(_ arguments: [String: String]) -> Look {
    let appearance = arguments["appearance"].map { Appearance(rawValue: $0) } ?? .light
    guard let appearance else {
      return .refused(
        .text(400, "appearance must be light or dark, got '\(arguments["appearance"] ?? "")'"))
    }
    let scale = arguments["scale"].map { Int($0) } ?? 2
    guard let scale, PixelRenderer.scales.contains(scale) else {
      return .refused(.text(400, "scale must be 1, 2 or 3, got '\(arguments["scale"] ?? "")'"))
    }
    return .drawn(appearance, scale)
  }

  /// How a picture is asked to be drawn, or why not.
  private enum Look {
    case drawn(Appearance, Int)
    case refused(HTTPResponse)
  }

  /// `GET /api/activity-picture?activity=ID[&presentation=lockScreen|expanded|compactLeading|
  /// compactTrailing|minimal][&appearance=light|dark][&scale=1|2|3]`: a Live Activity's
  /// presentation (the banner by default) drawn now, as PNG.
  private func activityPicture(_ arguments: [String: String]) -> HTTPResponse {
    guard let id = arguments["activity"], !id.isEmpty else {
      return .text(400, "give the activity: /api/activity-picture?activity=ID")
    }
    let presentation =
      arguments["presentation"].map { ActivityPresentation(rawValue: $0) } ?? .lockScreen
    guard let presentation else {
      return .text(
        400,
        "presentation must be one of "
          + ActivityPresentation.allCases.map(\.rawValue).joined(separator: ", ")
          + ", got '\(arguments["presentation"] ?? "")'")
    }
    let appearance: Appearance
    let scale: Int
    switch Self.look(arguments) {
    case .drawn(let look, let size): (appearance, scale) = (look, size)
    case .refused(let response): return response
    }
    return Self.png(naming: "activity \(id)") {
      let (_, view) = try control.shownActivity(id, presentation: presentation)
      return try renderer.render(
        view, canvas: .activity(presentation), now: Date(), scale: scale, format: .png,
        appearance: appearance)
    }
  }

  /// The PNG `draw` makes, or the failure that stopped it: the control's (a 4xx), or the
  /// renderer's (500, naming `what` was drawn).
  private static func png(naming what: String, _ draw: () throws -> PixelImage) -> HTTPResponse {
    do {
      return .full(status: 200, type: "image/png", body: try draw().data)
    } catch let error as ControlError {
      return failure(error)
    } catch let error as PixelRenderError {
      return .text(500, "cannot draw \(what): \(error.message)")
    } catch {
      return .text(500, "cannot draw \(what): \(error)")
    }
  }

  /// `GET /api/picture?instance=ID[&appearance=light|dark][&scale=1|2|3]`: the instance's
  /// current entry drawn now by the pixel renderer, as PNG.
  private func picture(_ arguments: [String: String]) -> HTTPResponse {
    guard let id = arguments["instance"], !id.isEmpty else {
      return .text(400, "give the instance: /api/picture?instance=ID")
    }
    let appearance: Appearance
    let scale: Int
    switch Self.look(arguments) {
    case .drawn(let look, let size): (appearance, scale) = (look, size)
    case .refused(let response): return response
    }
    return Self.png(naming: id) {
      let (entry, view) = try control.shown(id)
      return try renderer.render(
        view, family: entry.family, now: Date(), scale: scale, format: .png,
        mode: entry.renderingMode, appearance: appearance)
    }
  }

  /// `POST /api/activity-clear` with a ``WebActivityClear``: the banner's Clear button, which
  /// ends and dismisses the activity (``HostControl/clearActivity(id:)``).
  private func clearActivity(_ request: HTTPRequest) -> HTTPReply {
    if let refusal = Self.refusingAllButJSON(request) { return .now(refusal) }
    let clear: WebActivityClear
    do {
      clear = try JSONDecoder().decode(WebActivityClear.self, from: Data(request.body))
    } catch {
      return .now(.text(400, "a clear is {\"activity\": ID}: \(Self.reason(error))"))
    }
    return .later {
      do {
        let info = try await self.control.clearActivity(id: clear.activity)
        return Self.json(200, ControlReply(id: nil, result: ControlResult(activity: info)))
      } catch let error as ControlError {
        return Self.failure(error)
      } catch {
        return .text(500, "\(error)")
      }
    }
  }

  /// A 415 for a request whose body is not JSON: a page on another site can send a form or
  /// text without asking; JSON it cannot.
  private static func refusingAllButJSON(_ request: HTTPRequest) -> HTTPResponse? {
    let type = request.headers["content-type"] ?? ""
    guard
      type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) != "application/json"
    else { return nil }
    return .text(415, "send the request as application/json, got '\(type)'")
  }

  /// `POST /api/tap` with a ``WebTap``: the region of the instance's picture under the click
  /// (the topmost `Link`, button or toggle there), else its widgetURL, tapped through
  /// ``HostControl/tap(instance:region:x:y:)`` as `widget-host tap` does.
  private func tap(_ request: HTTPRequest) -> HTTPReply {
    if let refusal = Self.refusingAllButJSON(request) { return .now(refusal) }
    let click: WebTap
    do {
      click = try JSONDecoder().decode(WebTap.self, from: Data(request.body))
    } catch {
      return .now(
        .text(
          400, "a tap is {\"instance\": ID, \"x\": POINTS, \"y\": POINTS}: \(Self.reason(error))"))
    }
    guard click.x.isFinite, click.y.isFinite else {
      return .now(.text(400, "x and y must be finite numbers of points"))
    }
    return .later {
      do {
        let (entry, view) = try self.control.shown(click.instance)
        let regions = (try? self.renderer.regions(view, family: entry.family, now: Date())) ?? []
        let hit = regions.last { $0.contains(x: click.x, y: click.y) }
        guard hit != nil || entry.url != nil else {
          throw ControlError.nothingToOpen(click.instance)
        }
        let outcome = try await self.control.tap(instance: click.instance, region: hit?.id)
        return Self.json(200, ControlReply(id: nil, result: ControlResult(tapped: outcome)))
      } catch let error as ControlError {
        return Self.failure(error)
      } catch {
        return .text(500, "\(error)")
      }
    }
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    case DecodingError.dataCorrupted: "not valid JSON"
    default: "\(error)"
    }
  }

  private static func failure(_ error: ControlError) -> HTTPResponse {
    let status: UInt32 =
      switch error {
      case .unknownInstance, .unknownRegion: 404
      case .activity(let code, _) where code == "unknown-activity": 404
      case .notRunning: 503
      case .actionFailed: 502
      default: 409
      }
    return json(status, ControlReply(id: nil, error: ControlFailure(error)))
  }

  private static func json(_ status: UInt32, _ value: some Encodable) -> HTTPResponse {
    let body = (try? WidgetJSON.encode(value)).map { Array($0) } ?? Array("{}".utf8)
    return .full(status: status, type: "application/json", body: body)
  }
}
