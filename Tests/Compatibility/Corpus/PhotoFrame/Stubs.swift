// swift-format-ignore-file
//
//  Stubs.swift
//  The app's shared photo store, stubbed: the app saves the photo of the day into its App Group
//  container as a PNG; here a landscape is drawn and saved into a folder of its own.
//

import Foundation

enum SharedPhotoStore {
    struct Photo {
        let caption: String
        let place: String
        let likes: Int
    }

    static let today = Photo(caption: "Golden hour", place: "Big Sur", likes: 128)

    /// Where the app saved today's photo.
    static func latestPhotoURL() -> URL? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PhotoFrameShared")
        let url = folder.appendingPathComponent("latest.png")
        if !FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? landscapePNG(width: 96, height: 64).write(to: url, options: .atomic)
        }
        return url
    }

    /// A small landscape: a sky fading to orange, a sun, green hills.
    static func landscapePNG(width: Int, height: Int) -> Data {
        var rows: [UInt8] = []
        for y in 0..<height {
            rows.append(0)  // no filter
            for x in 0..<width {
                let t = Double(y) / Double(height)
                var pixel = (r: 90 + 165 * t, g: 150 + 40 * t, b: 230 - 130 * t)
                let dx = Double(x - width * 3 / 4), dy = Double(y - height / 3)
                if dx * dx + dy * dy < 64 { pixel = (255, 214, 90) }
                let hill = Double(height) * 0.7 + 6 * sin(Double(x) / 9)
                if Double(y) > hill { pixel = (70, 140 - 30 * t, 60) }
                rows += [UInt8(pixel.r), UInt8(pixel.g), UInt8(pixel.b)]
            }
        }
        func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(UInt32(body.count)) + typed + be32(crc32(typed))
        }
        // zlib: one stored (uncompressed) deflate block, then the Adler-32 of the rows.
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in rows { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(rows.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8),
                             UInt8(~length & 0xFF), UInt8(~length >> 8)] + rows + be32(b << 16 | a)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(png)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
