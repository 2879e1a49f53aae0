import Foundation
import WidgetHostCore
import WidgetRendering
import WidgetWeb

/// `web`: fan-out: the web sink (``WebSink``) serving 100 open event streams, as 100 pages
/// would, over TCP on loopback: the delivery lag of an entry at a steady pace, p50 and p99, and
/// the others' throughput beside a page that never reads (target ≥ 95 %, as the socket sink).
struct WebFanOutScenario: Scenario {
  let name = "web"
  let title = "web page fan-out to 100 event streams: lag, and throughput beside a stalled one"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let folder = try environment.folder("web")
    let sample = try await FanOut.sample(in: folder, environment: environment)
    let limits = WebSink.Limits()
    let sink = try WebSink(
      address: WebAddress(host: "127.0.0.1", port: 0), control: HostControl(), token: nil,
      dates: DateText(localeIdentifier: "en_US", timeZone: TimeZone(identifier: "UTC")!),
      limits: limits)
    defer { sink.close() }
    // Its queue, then the sockets' buffers, which grow to a few MiB on loopback.
    let bytes = try sample.jsonBytes().count + 16
    let fill = (limits.queue + 8 << 20) / bytes
    let port = sink.address.port
    return try FanOut(environment: environment, sample: sample, sink: sink, fill: fill) {
      try Subscriber.connectWeb(port: port)
    }.measure(name: name, title: title)
  }
}
