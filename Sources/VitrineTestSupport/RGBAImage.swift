import VitrineCore
import VitrineSDL

/// A picture as plain RGBA bytes, row by row: what snapshot comparisons work on.
public struct RGBAImage: Equatable, Sendable {
    /// The size in pixels.
    public var size: PixelSize
    /// Four bytes per pixel, R, G, B, A, rows top to bottom.
    public var bytes: [UInt8]

    /// An image of the given size and bytes.
    public init(size: PixelSize, bytes: [UInt8]) {
        self.size = size
        self.bytes = bytes
    }

    /// The pixels of an SDL surface as a PNG of it stores them: colour only, alpha 255.
    public init(_ surface: Surface) throws(SDLError) {
        self.init(size: surface.size, bytes: try surface.rgbaBytes(opaque: true))
    }

    /// Decodes the PNG at `path`.
    public init(contentsOfPNG path: String) throws(SDLError) {
        try self.init(Surface.load(path: path))
    }

    /// Writes the image as an RGB PNG.
    public func writePNG(to path: String) throws(SDLError) {
        try Surface(rgba: bytes, size: size).writePNG(to: path)
    }

    /// The channels of pixel (x, y): red, green, blue, alpha.
    public subscript(x: Int, y: Int) -> [UInt8] {
        let i = (y * size.width + x) * 4
        return Array(bytes[i..<i + 4])
    }
}

extension RGBAImage {
    /// The mean difference per colour channel, 0-255, from `other` over the top `percent` % of the rows (a card's
    /// picture above its gradient and title at the default 45); 255 when the sizes differ.
    public func meanDifference(from other: RGBAImage, topPercent percent: Int = 45) -> Double {
        guard size == other.size else { return 255 }
        let rows = size.height * percent / 100
        var total = 0, count = 0
        for i in 0..<(rows * size.width * 4) where i % 4 != 3 {
            total += abs(Int(bytes[i]) - Int(other.bytes[i]))
            count += 1
        }
        return count == 0 ? 0 : Double(total) / Double(count)
    }
}
