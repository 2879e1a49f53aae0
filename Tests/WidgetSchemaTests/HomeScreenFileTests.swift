import Foundation
import Testing

@testable import WidgetSchema

/// The home-screen file's one definition (docs/home-screen.md): its checked reader, and the
/// Codable conformance that makes the same checks. The host's use of it (instances, origins,
/// the messages of a bad file) is tested in WidgetHostCoreTests' `HomeScreenTests`.
@Suite struct HomeScreenFileTests {
  static let example = """
    {"instances": [
      {"id": "left", "kind": "Animals", "family": "systemSmall",
       "parameters": {"color": "red", "count": 3, "gone": null}},
      {"kind": "Clock", "renderingMode": "accented", "page": 2}
    ]}
    """

  static let expected = HomeScreenFile(instances: [
    HomeScreenFile.Instance(
      id: "left", kind: "Animals", family: .systemSmall,
      parameters: ["color": .string("red"), "count": .number(3)]),
    HomeScreenFile.Instance(kind: "Clock", renderingMode: .accented, page: 2),
  ])

  @Test func theCheckedReaderAndJSONDecoderReadTheSameFile() throws {
    #expect(try HomeScreenFile.decode(Data(Self.example.utf8), file: "home.json") == Self.expected)
    #expect(
      try JSONDecoder().decode(HomeScreenFile.self, from: Data(Self.example.utf8))
        == Self.expected)
  }

  @Test func anEncodedFileReadsBackAndLeavesOutWhatIsUnset() throws {
    let data = try WidgetJSON.encode(Self.expected)
    #expect(try HomeScreenFile.decode(data, file: "encoded") == Self.expected)
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text
        == #"{"instances":[{"family":"systemSmall","id":"left","kind":"Animals","#
        + #""parameters":{"color":"red","count":3}},{"kind":"Clock","page":2,"#
        + #""renderingMode":"accented"}]}"#)
  }

  @Test(arguments: [
    (#"{"instances": [{"kind": "K", "famly": "x"}]}"#, "instances[0].famly: unknown field"),
    (#"{"instances": [{"kind": ""}]}"#, "instances[0].kind: must not be empty"),
    (#"{"instances": [{"kind": "K", "page": 0}]}"#, "instances[0].page: expected a page number"),
    (#"{"instances": {}}"#, "instances: expected an array"),
  ])
  func jsonDecoderRefusesWhatTheReaderRefusesWithItsMessage(_ json: String, _ message: String) {
    #expect(throws: HomeScreenError.self) {
      _ = try HomeScreenFile.decode(Data(json.utf8), file: "home.json")
    }
    #expect {
      _ = try JSONDecoder().decode(HomeScreenFile.self, from: Data(json.utf8))
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription.hasPrefix(message)
    }
  }

  @Test func anInstanceAloneNamesItsFieldsWithoutAPath() throws {
    #expect {
      _ = try JSONDecoder().decode(
        HomeScreenFile.Instance.self, from: Data(#"{"kind": "K", "family": "big"}"#.utf8))
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription.hasPrefix("family: unknown family 'big'")
    }
    #expect(
      throws: HomeScreenError(
        file: "config.json", path: "instance[2]", message: "expected an object")
    ) {
      _ = try HomeScreenFile.Instance.decode(.number(1), path: "instance[2]", file: "config.json")
    }
  }
}
