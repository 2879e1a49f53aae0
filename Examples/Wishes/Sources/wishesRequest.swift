// Seed 000's `wishesRequest`: POSTs to the wishes server and decodes `{"data": {"title",
// "content"}}`. The seed hard-codes its server and force-unwraps (`fatalError()` when the URL
// does not parse, `try!`, `as!`) and never calls back when the reply is not UTF-8; here the
// server is the instance's configured `url`, and every failure (a value that is not an http(s)
// URL, no server, an HTTP error, a reply of another shape) is an error the provider turns into
// the localized fallback, so a bad configuration or server can never crash the widget or leave
// it waiting.
import Foundation
import SwiftUI
import WidgetKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesRequest {
  /// Why a request gave no wishes.
  struct Failure: Error {
    let reason: String
  }

  /// POSTs to `url` (the configuration's "Server URL"; the seed hard-codes its own,
  /// "自己的url链接地址") and calls back once with the wishes or why there are none.
  static func request(
    url: String?, completion: @escaping @Sendable (Result<wishesModel, Error>) -> Void
  ) {
    guard let url, let requestUrl = URL(string: url),
      let scheme = requestUrl.scheme?.lowercased(), scheme == "http" || scheme == "https",
      !(requestUrl.host ?? "").isEmpty
    else {
      completion(.failure(Failure(reason: "the server URL '\(url ?? "")' is not an http(s) URL")))
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
