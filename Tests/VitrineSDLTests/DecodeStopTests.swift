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
