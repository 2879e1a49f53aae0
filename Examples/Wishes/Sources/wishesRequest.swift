// Seed 000's `wishesRequest`: POSTs to the wishes server and decodes `{"data": {"title",
// "content"}}`. The seed force-unwraps (`fatalError()`, `try!`, `as!`) and never calls back
// when the reply is not UTF-8; here every failure is an error the provider turns into the
// localized fallback, so a bad server can never crash the widget or leave it waiting.
import Foundation
import SwiftUI
import WidgetKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesRequest {
  /// The server. The seed hard-codes its own ("自己的url链接地址"); here the `WISHES_URL`
  /// environment variable of the host chooses it, else a local default that nothing serves
  /// unless you start a server there (so the widget shows its fallback text).
  static var url: URL? {
    URL(string: ProcessInfo.processInfo.environment["WISHES_URL"] ?? "http://127.0.0.1:8787/wishes")
  }

  /// Why a request gave no wishes.
  struct Failure: Error {
    let reason: String
  }

  static func request(completion: @escaping @Sendable (Result<wishesModel, Error>) -> Void) {
    guard let requestUrl = url else {
      completion(.failure(Failure(reason: "WISHES_URL is not a URL")))
      return
    }
    var request = URLRequest(url: requestUrl)
    request.httpMethod = "POST"
    request.timeoutInterval = 10
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    let postString = "type=wishes"  // 自己的参数值
    request.httpBody = postString.data(using: String.Encoding.utf8)
    let task = URLSession.shared.dataTask(with: request) { (data, response, error) in
      if let error {
        completion(.failure(error))
        return
      }
      if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        completion(.failure(Failure(reason: "HTTP \(http.statusCode)")))
        return
      }
      guard let data, let model = modelFromJson(fromData: data) else {
        completion(
          .failure(Failure(reason: "the reply is not {\"data\": {\"title\", \"content\"}}")))
        return
      }
      completion(.success(model))
    }
    task.resume()
  }

  /// The wishes in `{"data": {"title": …, "content": …}}`, or nil when the reply has none.
  static func modelFromJson(fromData data: Data) -> wishesModel? {
    guard let json = try? JSONSerialization.jsonObject(with: data, options: []) as? [String: Any],
      let data = json["data"] as? [String: Any],
      let title = data["title"] as? String,
      let content = data["content"] as? String
    else {
      return nil
    }
    return wishesModel(title: title, content: content)
  }
}
