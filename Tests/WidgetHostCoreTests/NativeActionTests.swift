import Foundation
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetHostCore

/// C actions called through libffi in the process that holds the library: typed arguments
/// checked against the declaration before anything is called, statuses, `void` functions, and
/// undeclared actions going to the bundle's `perform` method.
@Suite struct NativeActionTests {
  static let fixture = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/WidgetHostCoreTests/Fixtures/action_bundle.c")

  func load(_ defines: [String] = []) async throws -> any BundleConnection {
    let library = try TestSupport.compileSharedLibrary(
      Self.fixture, defines: defines, name: "libactions.so")
    return try await InProcessLoader().load(
      try BundleSource.open(library.path), services: RecordingServices())
  }

  func perform(
    _ connection: any BundleConnection, _ name: String, _ arguments: [String: JSONValue]
  ) async -> Result<Data, ProviderError> {
    do throws(ProviderError) {
      let context = ProviderContext(
        family: .systemSmall, action: WidgetAction(name: name, arguments: arguments))
      return .success(try await connection.call(.perform, kind: "Actions", context: context))
    } catch {
      return .failure(error)
    }
  }

  /// What the bundle's last call recorded (its timeline's one text).
  func last(_ connection: any BundleConnection) async throws -> String {
    let data = try await connection.call(
      .timeline, kind: "Actions", context: ProviderContext(family: .systemSmall))
    let timeline = try WidgetJSON.decode(Timeline.self, from: data)
    guard case .text(let text) = timeline.entries.first?.view,
      case .verbatim(let string) = text.runs.first?.content
    else { return "" }
    return string
  }

  @Test func everyTypeReachesTheFunctionAsDeclared() async throws {
    let connection = try await load()
    let result = await perform(
      connection, "act_all",
      ["s": .string("héllo wörld"), "i": .number(-42), "d": .number(2.5), "b": .bool(true)])
    #expect(throws: Never.self) { try result.get() }
    #expect(try await last(connection) == "all héllo wörld|-42|2.5|1")
    _ = await perform(
      connection, "act_all",
      [
        "s": .string(""), "i": .number(9_007_199_254_740_992), "d": .number(-0.125),
        "b": .bool(false),
      ])
    #expect(try await last(connection) == "all |9007199254740992|-0.125|0")
    await connection.close()
  }

  @Test func argumentsThatDoNotFitAreRefusedAndNothingIsCalled() async throws {
    let connection = try await load()
    let fine: [String: JSONValue] = [
      "s": .string("x"), "i": .number(1), "d": .number(1), "b": .bool(true),
    ]
    func changed(_ name: String, _ value: JSONValue?) -> [String: JSONValue] {
      var arguments = fine
      arguments[name] = value
      return arguments
    }
    let cases: [([String: JSONValue], String)] = [
      (changed("b", nil), "act_all: missing argument 'b' (bool)"),
      (changed("z", .number(1)), "act_all: no parameter 'z' (its parameters: s, i, d, b)"),
      (
        changed("i", .number(1.5)),
        "act_all: argument 'i' must be an integer (at most 2^53 in size), got 1.5"
      ),
      (
        changed("i", .number(1e300)),
        "act_all: argument 'i' must be an integer (at most 2^53 in size), got 1e+300"
      ),
      (
        changed("s", .number(3)),
        "act_all: argument 's' must be a string (without NUL characters), got 3"
      ),
      (
        changed("s", .string("a\u{0}b")),
        #"act_all: argument 's' must be a string (without NUL characters), got "a\u0000b""#
      ),
      (changed("b", .string("yes")), #"act_all: argument 'b' must be true or false, got "yes""#),
      (changed("d", .null), "act_all: argument 'd' must be a number, got null"),
    ]
    for (arguments, message) in cases {
      let result = await perform(connection, "act_all", arguments)
      #expect(result.map { _ in "" } == .failure(.invalid(message)), "\(arguments)")
    }
    #expect(try await last(connection) == "none", "no refused call reached the function")
    await connection.close()
  }

  @Test func aStatusOtherThanOKIsAFailureAndVoidCannotFail() async throws {
    let connection = try await load()
    #expect(
      await perform(connection, "act_fail", [:]).map { _ in "" }
        == .failure(.failed("act_fail() returned status 3")))
    #expect(try await last(connection) == "fail")
    let void = await perform(connection, "act_void", ["n": .number(7)])
    #expect(throws: Never.self) { try void.get() }
    #expect(try await last(connection) == "void 7")
    await connection.close()
  }

  @Test func anUndeclaredActionGoesToThePerformMethod() async throws {
    let connection = try await load()
    let result = await perform(connection, "SomeIntent", ["value": .bool(true)])
    #expect(throws: Never.self) { try result.get() }
    let recorded = try await last(connection)
    #expect(recorded.hasPrefix("perform "))
    #expect(recorded.contains("'action':{'arguments':{'value':true},'name':'SomeIntent'}"))
    await connection.close()
  }

  @Test func aDeclaredActionTheLibraryDoesNotExportRefusesTheBundle() async throws {
    do {
      let connection = try await load(["MISSING_SYMBOL"])
      await connection.close()
      Issue.record("the bundle loaded")
    } catch let error as BundleError {
      guard case .actionUnavailable(_, let action, let reason) = error else {
        Issue.record("unexpected error: \(error)")
        return
      }
      #expect(action == "act_gone")
      #expect(reason.contains("the library exports no function 'act_gone'"))
    }
  }
}
