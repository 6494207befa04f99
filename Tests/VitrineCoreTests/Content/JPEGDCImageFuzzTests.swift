import Foundation
import Testing
@testable import VitrineCore
import VitrineFixtures

/// Damaged and hostile variants of real JPEGs through ``JPEGDCImage`` and ``ExifThumbnail``: each must give nil or
/// a picture (a range inside the file) without trapping, from a seeded generator so every failure replays.
@Suite struct JPEGDCImageFuzzTests {
    /// The JPEG fixtures of the SDL tests, read from the source tree, and files built byte by byte.
    static let seeds: [(name: String, bytes: [UInt8])] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("VitrineSDLTests/Fixtures")
        let files = ["progressive.jpg", "progressive-grey.jpg", "progressive-420-restarts.jpg", "progressive-photo.jpg",
                     "cmyk-adobe.jpg"]
        var seeds = files.compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, [UInt8]($0)) }
        }
        seeds.append(("built progressive", ImageHeaders.progressiveJPEG(width: 40, height: 24, scans: 2)))
        seeds.append(("built baseline", ImageHeaders.flatJPEG(width: 16, height: 16) { x, y in [UInt8(x * 90), 128, 200] }))
        let exif = ExifThumbnailTests.jpeg(thumbnail: ExifThumbnailTests.thumbnail, little: true).bytes
        seeds.append(("built Exif", exif))
        return seeds
    }()

    /// A segment: where its marker is, the marker, and where it ends (the entropy-coded data after SOS included).
    struct Segment { var at: Int, marker: UInt8, end: Int }

    /// The segments of `bytes`, as far as they parse.
    static func segments(_ bytes: [UInt8]) -> [Segment] {
        var found: [Segment] = [], at = 2
        while at + 3 < bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            var end = at + 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
            guard end > at + 2, end <= bytes.count else { break }
            if marker == 0xDA {
                while end + 1 < bytes.count, !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1])) {
                    end += 1
                }
            }
            found.append(Segment(at: at, marker: marker, end: end))
            at = end
        }
        return found
    }

    /// One damaged variant of `bytes`, chosen by `random`.
    static func variant(of bytes: [UInt8], _ segments: [Segment], _ random: inout SplitMix64) -> [UInt8] {
        var out = bytes
        guard !out.isEmpty else { return out }
        func put(_ value: Int, at offset: Int, width: Int = 1) {
            for i in 0..<width where offset + i < out.count && offset + i >= 0 {
                out[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - i)))
            }
        }
        func pick(_ markers: ClosedRange<UInt8>) -> Segment? {
            let matching = segments.filter { markers.contains($0.marker) }
            return matching.isEmpty ? nil : matching[random.next(0, matching.count)]
        }
        let extremes = [0, 1, 2, 3, 0x7F, 0x80, 0xFE, 0xFF, 0xFFFF, 0xFFFE, 0x8000]
        switch random.next(0, 14) {
        case 0:  // Cut at a marker, or just after one.
            if let s = pick(0x00...0xFF) { out = Array(out[..<min(out.count, s.at + random.next(0, 6))]) }
        case 1:  // Cut anywhere.
            out = Array(out[..<random.next(0, out.count)])
        case 2:  // One or several bits flipped.
            for _ in 0..<random.next(1, 9) { out[random.next(0, out.count)] ^= UInt8(1 << random.next(0, 8)) }
        case 3:  // Bytes set to 0x00 or 0xFF.
            for _ in 0..<random.next(1, 5) { out[random.next(0, out.count)] = random.next(0, 2) == 0 ? 0 : 0xFF }
        case 4:  // A segment's length.
            if let s = pick(0x00...0xFF) { put([0, 1, 2, 3, 0xFFFF, random.next(0, 0x10000)][random.next(0, 6)], at: s.at + 2, width: 2) }
        case 5:  // SOF's precision, height, width.
            if let s = pick(0xC0...0xCF) {
                let field = [(4, 2), (6, 2), (3, 0)][random.next(0, 3)]
                let value = [0, 1, 7, 8, 9, 12, 16, 255, 65535, 8192, 32768][random.next(0, 11)]
                field.1 == 0 ? put(value, at: s.at + 4) : put(value, at: s.at + 2 + field.0 + 1, width: 2)
            }
        case 6:  // SOF's component count, ids, sampling factors and tables.
            if let s = pick(0xC0...0xCF) {
                if random.next(0, 3) == 0 {
                    put([0, 2, 4, 5, 255][random.next(0, 5)], at: s.at + 9)
                } else {
                    let c = s.at + 10 + 3 * random.next(0, 4)
                    put([0, 0x11, 0x44, 0x41, 0x14, 0xFF, 0x0F, 0xF0, 0x22, 0x12][random.next(0, 10)], at: c + random.next(0, 3))
                }
            }
        case 7:  // DHT's code counts and table classes.
            if let s = pick(0xC4...0xC4) {
                let field = s.at + 4 + random.next(0, 17)
                put([255, 0, 1, 0x13, 0x04, 0xFF][random.next(0, 6)], at: field)
            }
        case 8:  // DRI.
            if let s = pick(0xDD...0xDD) {
                put([0, 1, 2, 0xFFFF][random.next(0, 4)], at: s.at + 4, width: 2)
            } else if let s = pick(0xDA...0xDA) {
                let dri: [UInt8] = [0xFF, 0xDD, 0, 4, 0, UInt8(random.next(0, 3))]
                out.insert(contentsOf: dri, at: s.at)
            }
        case 9:  // SOS's selectors, tables, spectral selection and approximation.
            if let s = pick(0xDA...0xDA) {
                let offset = s.at + 4 + random.next(0, 10)
                put([0, 1, 4, 5, 0xFF, 0x33, 0xF0, 0x0F, 0x3F, 0x10][random.next(0, 10)], at: offset)
            }
        case 10:  // A segment twice.
            if let s = pick(0x00...0xFF) {
                let copies = random.next(1, 4)
                for _ in 0..<copies { out.insert(contentsOf: bytes[s.at..<s.end], at: s.end) }
            }
        case 11:  // A segment removed.
            if let s = pick(0x00...0xFF) { out.removeSubrange(s.at..<s.end) }
        case 12:  // DQT's values, 8- or 16-bit.
            if let s = pick(0xDB...0xDB) {
                put([0x00, 0x10, 0x13, 0xFF][random.next(0, 4)], at: s.at + 4)
                put(extremes[random.next(0, extremes.count)], at: s.at + 5, width: 2)
            }
        default:  // A field anywhere set to an extreme.
            put(extremes[random.next(0, extremes.count)], at: random.next(0, out.count), width: random.next(1, 3))
        }
        return out
    }

    /// `name`'s bytes with `changes` (offset, byte) made.
    static func fixture(_ name: String, _ changes: [(Int, UInt8)] = []) -> [UInt8] {
        var bytes = seeds.first { $0.name == name }!.bytes
        for (offset, value) in changes { bytes[offset] = value }
        return bytes
    }

    /// Found by the fuzzer (progressive.jpg with its width set to 65535, before cut-off scans were refused): DC
    /// terms far out of a sample's range overflowed the YCbCr conversion's Int32 arithmetic. Here one 8x8
    /// YCbCr block whose three DC terms are 2047 with a quantisation step of 255.
    @Test func hugeDCTermsDoNotOverflowTheColourConversion() throws {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0, 0x43, 0, 0xFF] + [UInt8](repeating: 1, count: 63)
            + [0xFF, 0xC2, 0, 0x11, 8, 0, 8, 0, 8, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]
            + [0xFF, 0xC4, 0, 0x14, 0x00, 1] + [UInt8](repeating: 0, count: 15) + [11]  // Code "0": size 11.
            + [0xFF, 0xDA, 0, 0x0C, 3, 1, 0, 2, 0, 3, 0, 0, 0, 0]
            + [0x7F, 0xF7, 0xFF, 0x00, 0x7F, 0xFF, 0x00, 0xFF, 0xD9]  // "0" + 2047 in 11 bits, three times.
        let picture = try #require(JPEGDCImage.decode(bytes))
        #expect(picture.pixels == [0xFFFF_7AFF])  // Y, Cb, Cr 255: clamped.
    }

    /// A `side` x `side` (16000 unless told) progressive file's header and DC table, then `scans`.
    static func bigGrey(side: Int = 16000, components: Int = 1, frames: Int = 1, then scans: [UInt8]) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + ImageHeaders.bigEndian(body.count + 2, 2) + body }
        let sof = segment(0xC2, [8] + ImageHeaders.bigEndian(side, 2) + ImageHeaders.bigEndian(side, 2) + [UInt8(components)] + (0..<components).flatMap { [UInt8($0 + 1), 0x11, 0] })
        return [0xFF, 0xD8] + [[UInt8]](repeating: sof, count: frames).flatMap { $0 }
            + segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00]) + scans + [0xFF, 0xD9]
    }

    /// Scans of no component each visited every MCU of the frame for nothing (4 M here): 8 bytes a scan, so
    /// 400 of them (3 KB) took 1.6 G steps, minutes of the main loop.
    @Test func aScanOfNoComponentIsRefused() {
        let empty: [UInt8] = [0xFF, 0xDA, 0, 6, 0, 0, 0x3F, 0]
        let result = JPEGDCImage.decodeCountingWork(Self.bigGrey(then: [[UInt8]](repeating: empty, count: 5).flatMap { $0 }))
        #expect(result.picture?.size == nil)
        #expect(result.work < 10_000_000)
    }

    /// Frame headers after the first added their components and planes to it (each 3 x 16 MB here).
    @Test func aSecondFrameHeaderIsRefused() {
        let result = JPEGDCImage.decodeCountingWork(Self.bigGrey(components: 3, frames: 2, then: []))
        #expect(result.picture?.size == nil)
        #expect(result.work < 20_000_000)
    }

    /// One component named 255 times in a scan multiplied the work of a DC scan 255 times.
    @Test func aComponentTwiceInAScanIsRefused() {
        let scan: [UInt8] = [0xFF, 0xDA, 0, 12, 4, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0]
        let result = JPEGDCImage.decodeCountingWork(Self.bigGrey(then: scan))
        #expect(result.picture?.size == nil)
        #expect(result.work < 10_000_000)
    }

    /// A frame past ``ImageLimits/maximumPixels`` (16000x16000, 256 MP) had its 4 M-entry plane allocated.
    @Test func aFramePastThePixelLimitIsRefused() {
        let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0, 0, 0xFF]
        let result = JPEGDCImage.decodeCountingWork(Self.bigGrey(then: scan))
        #expect(result.picture?.size == nil)
        #expect(result.work == 0)
    }

    /// A DC scan of one byte for 7000x7000 pixels: the decoder read zeros at the marker for the other 765,624
    /// blocks, and gave a picture of one flat colour made up from nothing.
    @Test func aScanCutShortIsRefused() {
        let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0, 0, 0x00]  // 8 blocks of difference 0.
        let result = JPEGDCImage.decodeCountingWork(Self.bigGrey(side: 7000, then: scan))
        #expect(result.picture?.size == nil)
        #expect(result.work < 1_000_000)
    }

    @Test func damagedFilesGiveNilOrAPictureWithoutTrapping() {
        var random = SplitMix64(seed: 0x5EED_D0C)
        var decoded = 0, total = 0
        for seed in Self.seeds {
            let segments = Self.segments(seed.bytes)
            // The big photo costs more a decode: fewer of its variants keep the test quick.
            let count = seed.bytes.count > 10_000 ? 500 : 3_000
            for _ in 0..<count {
                var bytes = Self.variant(of: seed.bytes, segments, &random)
                if random.next(0, 4) == 0 { bytes = Self.variant(of: bytes, Self.segments(bytes), &random) }
                total += 1
                if let picture = JPEGDCImage.decode(bytes) {
                    decoded += 1
                    #expect(picture.pixels.count == picture.size.width * picture.size.height)
                    #expect(picture.size.width * picture.size.height <= ImageLimits.maximumPixels / 64)
                }
                if let range = ExifThumbnail.range(in: bytes) {
                    #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count)
                }
            }
        }
        #expect(total >= 20_000)
        #expect(decoded > 0)
    }
}
