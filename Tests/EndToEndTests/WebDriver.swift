import Foundation
import TestSupport

/// Headless Chromium driven through chromedriver's WebDriver protocol (W3C): the browser the
/// web page's tests open it in (Debian's chromium and chromium-driver).
final class WebDriver {
  private let driver: Process
  private let port: UInt16
  private let session: String

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts chromedriver and a headless Chromium with a `width`×`height` window drawn at
  /// `scale` device pixels per CSS pixel.
  init(width: Int = 1200, height: Int = 800, scale: Int = 2) throws {
    port = try WebClient.freePort()
    driver = Process()
    driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
    driver.arguments = ["--port=\(port)"]
    driver.standardOutput = FileHandle.nullDevice
    driver.standardError = FileHandle.nullDevice
    try driver.run()
    var ready = false
    for _ in 0..<200 {
      if let status = try? WebClient.request("GET", "/status", port: port), status.status == 200 {
        ready = true
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    guard ready else {
      kill(driver.processIdentifier, SIGKILL)
      driver.waitUntilExit()
      throw Failure(description: "chromedriver did not start on port \(port)")
    }
    let profile = TestSupport.temporaryDirectory("chromium").path
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "goog:chromeOptions": [
            "binary": "/usr/bin/chromium",
            "args": [
              "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--hide-scrollbars", "--window-size=\(width),\(height)",
              "--force-device-scale-factor=\(scale)", "--user-data-dir=\(profile)",
              "--force-color-profile=srgb",
            ],
          ],
        ]
      ]
    ]
    do {
      let reply = try Self.call(port, "POST", "/session", capabilities)
      guard let value = reply as? [String: Any], let id = value["sessionId"] as? String else {
        throw Failure(description: "chromedriver gave no session: \(reply)")
      }
      session = id
    } catch {
      kill(driver.processIdentifier, SIGKILL)
      driver.waitUntilExit()
      throw error
    }
  }

  deinit {
    _ = try? Self.call(port, "DELETE", "/session/\(session)", nil)
    stop(driver)
  }

  /// Ends chromedriver. It inherits the test process's blocked signals, SIGTERM among them, so it
  /// is killed (its browser is gone with the session).
  private func stop(_ process: Process) {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Opens `url`.
  func open(_ url: String) throws {
    _ = try call("POST", "/url", ["url": url])
  }

  /// Runs `script` (a function body) in the page and returns its result.
  func run(_ script: String, _ arguments: [Any] = []) throws -> Any {
    try call("POST", "/execute/sync", ["script": script, "args": arguments])
  }

  /// Waits until `script` returns true.
  func waitUntil(_ script: String, timeout: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if (try? run(script)) as? Bool == true { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return false
  }

  /// The viewport as a PNG.
  func screenshot() throws -> [UInt8] {
    guard let text = try call("GET", "/screenshot", nil) as? String,
      let data = Data(base64Encoded: text)
    else { throw Failure(description: "no screenshot") }
    return Array(data)
  }

  /// A real click (pointer down and up) at `x`,`y` CSS pixels of the viewport.
  func click(x: Double, y: Double) throws {
    let pointer: [String: Any] = [
      "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
      "actions": [
        ["type": "pointerMove", "duration": 0, "origin": "viewport", "x": Int(x), "y": Int(y)],
        ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
      ],
    ]
    _ = try call("POST", "/actions", ["actions": [pointer]])
  }

  private func call(_ method: String, _ path: String, _ body: Any?) throws -> Any {
    try Self.call(port, method, "/session/\(session)\(path)", body)
  }

  private static func call(_ port: UInt16, _ method: String, _ path: String, _ body: Any?) throws
    -> Any
  {
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
    let response = try WebClient.request(
      method, path, port: port, headers: ["Content-Type": "application/json"],
      body: Array(data), timeout: 60)
    let decoded = try JSONSerialization.jsonObject(with: Data(response.body))
    guard let object = decoded as? [String: Any] else {
      throw Failure(description: "chromedriver: \(response.text)")
    }
    if response.status != 200 {
      throw Failure(
        description: "chromedriver \(method) \(path): \(response.status) \(response.text)")
    }
    return object["value"] ?? NSNull()
  }
}
