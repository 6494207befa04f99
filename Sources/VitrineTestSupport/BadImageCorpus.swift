import Foundation
import VitrineCore
import VitrineSDL
@_exported import VitrineFixtures

/// A generated set of bad image files (and two awkward but valid ones), written into a folder: the inputs of the
/// tests that prove bad content never crashes the kiosk.
public enum BadImageCorpus {
    /// One file of the corpus and what loading it must give.
    public struct Entry: Sendable {
        /// The file's name in the corpus folder.
        public var name: String
        /// A card title for it.
        public var title: String
        /// A part of the reason loading must fail with; nil when the image must load.
        public var problem: String?
        /// The size a valid image must decode to.
        public var size: PixelSize?
        /// The file's bytes; nil for a file that is not written (missing) and for a folder (`isFolder`).
        var bytes: @Sendable () throws -> [UInt8]?
        /// Whether the name is a folder rather than a file.
        var isFolder = false
    }

    /// The seed of the random bytes, so every run writes the same file.
    public static let randomSeed: UInt64 = 0x5EED_F00D

    /// The colour of the valid images' pixels: a strong red no card rule produces by itself.
    public static let validColor: [UInt8] = [0xD0, 0x20, 0x30, 0xFF]

    /// Every entry, in card order.
    public static let entries: [Entry] = [
        Entry(name: "empty.png", title: "Zero Bytes", problem: "empty file (0 bytes)", bytes: { [] }),
        Entry(name: "truncated.png", title: "Cut In Half", problem: "corrupt PNG data: the file is cut off inside the IDAT chunk", bytes: { try truncatedPNG() }),
        Entry(name: "random.jpg", title: "Random Bytes", problem: "not an image (unrecognized format)", bytes: { randomBytes(count: 4096) }),
        Entry(name: "text.png", title: "Text Named PNG", problem: "not an image (starts with text)",
              bytes: { Array("This is a note, not a picture.\nSaved as .png by mistake.\n".utf8) }),
        Entry(name: "one-pixel.png", title: "One Pixel", size: PixelSize(width: 1, height: 1), bytes: { try validPNG(width: 1, height: 1) }),
        Entry(name: "wide.png", title: "Ten Thousand Wide", size: PixelSize(width: 10_000, height: 10), bytes: { try validPNG(width: 10_000, height: 10) }),
        Entry(name: "bomb.png", title: "Decompression Bomb", problem: "claims 100000x100000 (10000 megapixels), over the 50-megapixel limit",
              bytes: { ImageHeaders.png(width: 100_000, height: 100_000, complete: true) }),
        Entry(name: "stub.jpg", title: "Header Cut Off", problem: "truncated JPEG header",
              bytes: { Array(ImageHeaders.jpeg(width: 800, height: 600).prefix(30)) }),
        Entry(name: "huge-text-chunk.png", title: "A Huge Text Chunk", problem: "the tEXt chunk at byte 33 claims 2147483647 bytes, over the 8 MiB limit",
              bytes: { ImageHeaders.pngWithChunk("tEXt", claimedLength: 0x7FFF_FFFF) }),
        Entry(name: "frame-bomb.gif", title: "A Frame Bigger Than Its Screen", problem: "its first frame claims 65535x65535",
              bytes: { ImageHeaders.gif(screen: (8, 8), frame: (65_535, 65_535)) }),
        Entry(name: "phone.heic", title: "From A Phone", problem: "corrupt HEIF header: no image size (ispe) box",
              bytes: { [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) }),
        Entry(name: "cut.jpg", title: "A Photo Cut Off", problem: "the file is cut off (libjpeg: Premature end of JPEG file)",
              bytes: { try truncatedJPEG() }),
        Entry(name: "many-scans.jpg", title: "Three Thousand Scans", problem: "more than 100 progressive scans, the limit",
              bytes: { ImageHeaders.progressiveJPEG(width: 2000, height: 1500, scans: 3000) }),
        Entry(name: "missing.jpg", title: "Never Copied", problem: "No such file or directory", bytes: { nil }),
        Entry(name: "folder.png", title: "A Folder", problem: "not a regular file (a directory)", bytes: { nil }, isFolder: true),
    ]

    /// Writes the corpus into `folder` (which must exist) and returns each entry with its file's path.
    public static func write(into folder: String) throws -> [(entry: Entry, path: String)] {
        try entries.map { entry in
            let path = folder + "/" + entry.name
            if entry.isFolder {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } else if let bytes = try entry.bytes() {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
            return (entry, path)
        }
    }

    /// A config of one card per written entry, in order, with absolute image paths.
    public static func configJSON(_ written: [(entry: Entry, path: String)]) -> String {
        let cards = written.map { "    {\"title\": \"\($0.entry.title)\", \"subtitle\": \"\($0.entry.name)\", \"image\": \"\($0.path)\"}" }
        return "{\"display\": {\"background\": \"#101014\"},\n \"cards\": [\n" + cards.joined(separator: ",\n") + "\n]}\n"
    }

    /// A valid PNG of `width` x `height` pixels, all ``validColor``.
    static func validPNG(width: Int, height: Int) throws -> [UInt8] {
        let bytes = [[UInt8]](repeating: validColor, count: width * height).flatMap { $0 }
        return try pngBytes(RGBAImage(size: PixelSize(width: width, height: height), bytes: bytes))
    }

    /// A valid 64x48 PNG of noise (so it does not compress to nothing), cut in half: the header is whole, the
    /// image data stops mid-stream.
    static func truncatedPNG() throws -> [UInt8] {
        var random = SplitMix64(seed: randomSeed)
        let size = PixelSize(width: 64, height: 48)
        var bytes: [UInt8] = []
        for _ in 0..<size.width * size.height {
            let bits = random.next()
            bytes += [UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits >> 16), 255]
        }
        let png = try pngBytes(RGBAImage(size: size, bytes: bytes))
        return Array(png.prefix(png.count / 2))
    }

    /// A 64x48 JPEG of noise cut after two thirds: the header and the first rows are whole.
    static func truncatedJPEG() throws -> [UInt8] {
        var random = SplitMix64(seed: randomSeed)
        let size = PixelSize(width: 64, height: 48)
        var rgba: [UInt8] = []
        for _ in 0..<size.width * size.height {
            let bits = random.next()
            rgba += [UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits >> 16), 255]
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-corpus-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Surface(rgba: rgba, size: size).writeJPEG(to: path, quality: 90)
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return Array(jpeg.prefix(jpeg.count * 2 / 3))
    }

    /// `count` seeded random bytes.
    static func randomBytes(count: Int) -> [UInt8] {
        var random = SplitMix64(seed: randomSeed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() >> 24) }
    }

    /// The bytes of `image` written as a PNG by the SDL edge.
    static func pngBytes(_ image: RGBAImage) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-corpus-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
