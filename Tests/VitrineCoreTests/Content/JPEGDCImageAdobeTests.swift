import Foundation
import Testing
@testable import VitrineCore

/// The Adobe APP14 segment of a progressive JPEG, read by ``JPEGDCImage`` for its colour transform.
@Suite struct JPEGDCImageAdobeTests {
    /// The SDL tests' colour progressive fixture, read from the source tree.
    static let photo: [UInt8] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("VitrineSDLTests/Fixtures")
        return [UInt8]((try? Data(contentsOf: folder.appendingPathComponent("progressive.jpg"))) ?? Data())
    }()

    /// `photo` with `segments` put right after its start-of-image marker.
    static func inserting(_ segments: [UInt8]) -> [UInt8] { Array(photo[0..<2]) + segments + Array(photo[2...]) }

    @Test func aShortAdobeSegmentSaysNothingOfTheColourTransform() throws {
        let plain = try #require(JPEGDCImage.decode(Self.photo), "the fixture's DC scans")
        // "Adobe" and five more bytes: the transform byte (the 12th of the body) is not in it. After it, a segment
        // whose marker byte is 0 (skipped as unknown): the byte right after the short segment's end.
        let short: [UInt8] = [0xFF, 0xEE, 0x00, 0x0C] + Array("Adobe".utf8) + [0, 100, 0, 0, 0] + [0xFF, 0x00, 0x00, 0x02]
        let read = try #require(JPEGDCImage.decode(Self.inserting(short)))
        #expect(read.pixels == plain.pixels, "a short APP14 must not turn the YCbCr picture into RGB")
    }

    @Test func aWholeAdobeSegmentStillSaysRGB() throws {
        let plain = try #require(JPEGDCImage.decode(Self.photo))
        // Transform 0: the three components are R, G and B, so the picture's colours change.
        let rgb: [UInt8] = [0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0]
        let read = try #require(JPEGDCImage.decode(Self.inserting(rgb)))
        #expect(read.pixels != plain.pixels)
        let ycc: [UInt8] = [0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1]
        #expect(try #require(JPEGDCImage.decode(Self.inserting(ycc))).pixels == plain.pixels)
    }
}
