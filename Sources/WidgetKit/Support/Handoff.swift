/// A value handed from one task or thread to another exactly once, by code that owns it until
/// then: a reply (the C ABI lets replies be sent from any thread, each once), an intent or the
/// entries a preview's provider gave. Unchecked: the handing over is the caller's contract.
struct Handoff<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}
