import FoundationEssentials

/// The image file formats the host draws, told apart by their first bytes: what
/// `UIImage(data:)` accepts, and the extension the host gives such an image's file.
public enum ImageFormat: String, Sendable, CaseIterable {
  case png
  case jpeg
  case gif
  case svg

  /// The format of `bytes` (an image file's first bytes at least), or nil for none of them.
  public init?(of bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(4096))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
      self = .gif
    } else if String(decoding: head, as: UTF8.self).contains("<svg") {
      self = .svg
    } else {
      return nil
    }
  }

  /// The file extension the host gives an image of this format.
  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .jpeg: "jpg"
    case .gif: "gif"
    case .svg: "svg"
    }
  }

  /// The pixel size in the first bytes of an image file, if its format is known.
  public static func pixelSize(of bytes: [UInt8]) -> (Int, Int)? {
    func big(_ offset: Int, _ count: Int) -> Int {
      bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
    // PNG: signature, then the IHDR chunk's width and height.
    if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return (big(16, 4), big(20, 4))
    }
    // GIF: little-endian logical screen size.
    if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
      return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }
    // JPEG: the first start-of-frame marker.
    if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
      var offset = 2
      while offset + 9 < bytes.count {
        guard bytes[offset] == 0xFF else { return nil }
        let marker = bytes[offset + 1]
        let length = big(offset + 2, 2)
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
          return (big(offset + 7, 2), big(offset + 5, 2))
        }
        offset += 2 + length
      }
      return nil
    }
    // SVG: width and height attributes in pixels, else the viewBox.
    let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
    guard let open = text.firstRange(of: "<svg") else { return nil }
    let tag = String(text[open.lowerBound...].prefix { $0 != ">" })
    func attribute(_ name: String) -> String? {
      guard let start = tag.firstRange(of: " \(name)=\"") else { return nil }
      return String(tag[start.upperBound...].prefix { $0 != "\"" })
    }
    func pixels(_ value: String?) -> Int? {
      guard let value else { return nil }
      let number = value.hasSuffix("px") ? String(value.dropLast(2)) : value
      return Double(number).map { Int($0.rounded()) }
    }
    if let width = pixels(attribute("width")), let height = pixels(attribute("height")) {
      return (width, height)
    }
    if let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }),
      box.count == 4, let width = Double(box[2]), let height = Double(box[3])
    {
      return (Int(width.rounded()), Int(height.rounded()))
    }
    return nil
  }
}
