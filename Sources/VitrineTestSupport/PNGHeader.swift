import Foundation

/// The start of a PNG file: its signature and the size in its IHDR chunk; nil when the bytes are not a PNG.
public struct PNGHeader: Equatable {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image's width in pixels.
    public var width: Int
    /// The image's height in pixels.
    public var height: Int

    /// The header at the start of `data`.
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        // Signature, then the first chunk: length 13, type "IHDR", width and height big-endian.
        guard bytes.count == 24, Array(bytes[0..<8]) == Self.signature,
              Array(bytes[8..<12]) == [0, 0, 0, 13], Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = bigEndian(16)
        height = bigEndian(20)
    }

    /// A header for an image of that size, to compare with one read.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The header of the PNG file at `path`, or nil when it is missing or not a PNG.
    public init?(contentsOf path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data)
    }
}
