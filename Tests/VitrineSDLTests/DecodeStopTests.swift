import Testing
import VitrineCore
import VitrineFixtures
@testable import VitrineSDL

extension SDLTests {
    /// Giving up on a decode: a ``DecodeStop`` pulled, and the PNG time limit (the JPEG one is libjpeg's progress
    /// monitor, the same check).
    @Suite struct DecodeStopping {
        @Test func theHandBuiltBlackPNGDecodesBlack() throws {
            _ = Fixture.library
            for depth in [8, 16] {
                let decoded = try ImageDecoder.decode(ImageHeaders.blackPNG(width: 300, height: 200, bitDepth: depth))
                #expect(decoded.surface.size == PixelSize(width: 300, height: 200))
                #expect(ImageDecoding.corners(decoded.surface) == Array(repeating: 0xFF00_0000, count: 4))
            }
        }

        @Test func aStoppedDecodeOfAnyFormatIsRefusedAsAbandoned() throws {
            _ = Fixture.library
            let stop = DecodeStop()
            let png = ImageHeaders.blackPNG(width: 300, height: 200), jpeg = try ImageDecoding.quadrantJPEG()
            #expect(throws: Never.self) { try ImageDecoder.decode(png, stop: stop) }
            stop.stop()
            for bytes in [png, jpeg] {
                #expect { try ImageDecoder.decode(bytes, stop: stop) } throws: { "\($0)".contains("decoding was abandoned") }
            }
            // Inside the decoders too: libjpeg's progress monitor and the PNG row loop ask the stop.
            #expect { try JPEGDecoder.decode(jpeg, covering: nil, stop: stop) } throws: { "\($0)".contains("decoding was abandoned") }
            #expect { try PNGDecoder.decode(png, covering: nil, stop: stop) } throws: { "\($0)".contains("decoding was abandoned") }
            // Another owner's decodes go on.
            #expect(throws: Never.self) { try ImageDecoder.decode(png, stop: DecodeStop()) }
        }

        /// A valid PNG whose zlib stream goes on with zeros after its last row: libpng inflated all of them before
        /// giving the last row (124.9 s of CPU for a 60 GiB tail), checked against the time limit only between
        /// rows. The rows are all that is needed: reading stops once they are decoded.
        @Test(arguments: [(16, 16, false), (16, 16, true), (5, 3, true), (1, 1, true)])
        func aPNGStopsReadingOnceItsRowsAreDecoded(width: Int, height: Int, interlaced: Bool) throws {
            _ = Fixture.library
            let png = ImageHeaders.blackPNG(width: width, height: height, interlaced: interlaced, trailingZeros: 64 << 20)  // About 400 KB.
            let reading = PNGDecoder.Reading()
            let decoded = try PNGDecoder.decode(png, covering: nil, reading: reading)
            #expect(decoded.surface.size == PixelSize(width: width, height: height))
            #expect(ImageDecoding.pixel(decoded.surface, 0, 0) == 0xFF00_0000 && ImageDecoding.pixel(decoded.surface, width - 1, height - 1) == 0xFF00_0000)
            #expect(reading.bytes < 16 * 1024, "read \(reading.bytes) of the file's \(png.count) bytes")
            #expect(decoded.notes.isEmpty)
        }

        /// An interlaced PNG shrunk to its card is summed into its boxes pass by pass: it took the whole picture at
        /// 4 bytes a pixel (a 4900x4900 one peaked 97 MiB above the process's start). One whose picture or boxes
        /// would not fit is shrunk further, and one that fits no way is refused before anything is allocated.
        @Test func anInterlacedPNGShrunkNeedsMemoryForItsBoxesNotTheWholePicture() throws {
            _ = Fixture.library
            let png = ImageHeaders.blackPNG(width: 600, height: 400, interlaced: true)  // 938 KiB decoded whole.
            let card = try PNGDecoder.decode(png, covering: PixelSize(width: 150, height: 100), memoryBytes: 512 * 1024)
            #expect(card.surface.size == PixelSize(width: 150, height: 100))
            #expect(ImageDecoding.corners(card.surface) == Array(repeating: 0xFF00_0000, count: 4))
            // 150x100 of 4 bytes, 6 bytes of sums a box, two rows of 600 pixels and the file.
            #expect(card.decodeBytes == 150 * 100 * 10 + 600 * 8 + png.count)
            // Whole it needs 938 KiB: over 512 (and so are boxes of 2, 10 bytes each for 300x200), it is shrunk by 3.
            let whole = try PNGDecoder.decode(png, covering: nil, memoryBytes: 512 * 1024)
            #expect(whole.surface.size == PixelSize(width: 200, height: 134) && whole.decodeBytes <= 512 * 1024)
            #expect(try PNGDecoder.decode(png, covering: nil, memoryBytes: 1024 * 1024).surface.size == PixelSize(width: 600, height: 400))
            #expect { try PNGDecoder.decode(png, covering: nil, memoryBytes: 4 * 1024) } throws: {
                "\($0)".hasPrefix("decoding this PNG needs about 0 MiB (600x400), over the 0 MiB decode memory limit")
            }
        }

        /// The file, read whole into memory, counts beside the boxes: a 4900x4900 interlaced PNG of 50 MB shrunk
        /// by 2 for a 1920x1280 card needs 92 MiB of boxes, 140 with its file.
        @Test func anInterlacedPNGsFileCountsBesideItsBoxes() throws {
            _ = Fixture.library
            let text = Array("Comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 400 * 1024)
            let png = ImageHeaders.inserting(chunk: "tEXt", text, into: ImageHeaders.blackPNG(width: 600, height: 400, interlaced: true))
            // 150x100 boxes of 10 bytes are 146 KiB, within 512 KiB; with the 404 KiB file they are not: shrunk by 5.
            let shrunk = try PNGDecoder.decode(png, covering: PixelSize(width: 150, height: 100), memoryBytes: 512 * 1024)
            #expect(shrunk.surface.size == PixelSize(width: 120, height: 80))
            #expect(shrunk.decodeBytes > png.count && shrunk.decodeBytes <= 512 * 1024)
            let small = try PNGDecoder.decode(png, covering: PixelSize(width: 150, height: 100), memoryBytes: 1024 * 1024)
            #expect(small.surface.size == PixelSize(width: 150, height: 100))
        }

        /// Within a row too: a row of 2 megapixels (6 MB inflated) is not read to its end once past the limit.
        @Test func aPNGPastItsTimeLimitStopsWithinARow() throws {
            _ = Fixture.library
            let png = ImageHeaders.blackPNG(width: 2_000_000, height: 1)
            let reading = PNGDecoder.Reading()
            #expect { try PNGDecoder.decode(png, covering: nil, seconds: 0, reading: reading) } throws: {
                "\($0)" == "decoding took longer than 0 s, the limit, and was abandoned"
            }
            #expect(reading.bytes < 16 * 1024, "read \(reading.bytes) of the file's \(png.count) bytes")
        }

        @Test func aPNGOverItsTimeLimitIsRefusedNamingTheLimit() throws {
            _ = Fixture.library
            let png = ImageHeaders.blackPNG(width: 600, height: 400)
            #expect(throws: Never.self) { try PNGDecoder.decode(png, covering: nil) }
            #expect { try PNGDecoder.decode(png, covering: nil, seconds: 0) } throws: {
                "\($0)" == "decoding took longer than 0 s, the limit, and was abandoned"
            }
        }
    }
}
