import Testing
import VitrineCore
import VitrineFixtures
@testable import VitrineSDL

extension SDLTests {
    /// Pictures decoded whole (GIF, BMP, WebP) are held to the decode memory limit at 8 bytes a pixel and their file, before any
    /// decoding: small files that claim 16 megapixels took 121 to 249 MiB (``ImageLimits/wholeDecodeBytesPerPixel``).
    @Suite struct WholeDecodeLimit {
        static func le(_ value: Int, _ count: Int) -> [UInt8] { ImageHeaders.littleEndian(value, count) }

        /// A GIF of `width` x `height` with a two-colour table whose one frame covers the screen (its LZW data: a
        /// clear code, one pixel, the end).
        static func gif(_ width: Int, _ height: Int) -> [UInt8] {
            Array("GIF89a".utf8) + le(width, 2) + le(height, 2) + [0x80, 0, 0] + [255, 0, 0, 0, 0, 255]
                + [0x2C] + le(0, 2) + le(0, 2) + le(width, 2) + le(height, 2) + [0] + [2, 2, 0x44, 0x01, 0, 0x3B]
        }

        /// An 8-bit RLE BMP of `width` x `height` whose data is only an end-of-bitmap code: a few bytes for any size.
        static func rleBMP(_ width: Int, _ height: Int) -> [UInt8] {
            let palette: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0]
            let data: [UInt8] = [0, 1]
            let offset = 14 + 40 + palette.count
            let info = le(40, 4) + le(width, 4) + le(height, 4) + le(1, 2) + le(8, 2) + le(1, 4) + le(data.count, 4)
                + le(2835, 4) + le(2835, 4) + le(2, 4) + le(0, 4)
            return Array("BM".utf8) + le(offset + data.count, 4) + [0, 0, 0, 0] + le(offset, 4) + info + palette + data
        }

        static func refusal(_ bytes: [UInt8]) -> String? {
            do throws(ImageProblem) {
                _ = try ImageDecoder.decode(bytes)
                return nil
            } catch {
                return error.description
            }
        }

        @Test(arguments: [("GIF", gif(4000, 4000)), ("BMP", rleBMP(4000, 4000)),
                          ("WebP", ImageHeaders.webp(.lossless, width: 4000, height: 4000))])
        func aSixteenMegapixelPictureDecodedWholeIsRefusedBeforeDecoding(format: String, bytes: [UInt8]) {
            _ = Fixture.library
            let reason = Self.refusal(bytes)
            #expect(reason?.hasPrefix("decoding this \(format) needs about ") == true, "\(reason ?? "accepted")")
            #expect(reason?.contains("(4000x4000, decoded whole at 8 bytes a pixel, and its 0 KiB file), over the 64 MiB decode memory limit") == true,
                    "\(reason ?? "accepted")")
        }

        @Test func aPictureUnderTheLimitIsDecoded() throws {
            _ = Fixture.library
            // 2800x2800 at 8 bytes a pixel is 60 MiB: decoded (the rest of the RLE picture is the first colour).
            let decoded = try ImageDecoder.decode(Self.rleBMP(2800, 2800))
            #expect(decoded.surface.size == PixelSize(width: 2800, height: 2800))
            #expect(decoded.decodeBytes > 0 && decoded.decodeBytes <= ImageLimits.decodeMemoryBytes)
            #expect(Self.refusal(Self.gif(2600, 2600))?.contains("decode memory limit") != true)
            #expect(Self.refusal(Self.rleBMP(3000, 3000))?.contains("over the 64 MiB decode memory limit") == true)
        }
    }
}
