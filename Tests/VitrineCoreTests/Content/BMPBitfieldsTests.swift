import Testing
import VitrineFixtures
@testable import VitrineCore

@Suite struct BMPBitfieldsTests {
    /// Left half red, right half blue, in the given masks' own bits.
    func halves(bits: Int, masks: [UInt32], topDown: Bool = false, red: UInt32, blue: UInt32) -> [UInt8] {
        ImageHeaders.bitfieldsBMP(width: 4, height: 2, bits: bits, masks: masks, topDown: topDown) { x, _ in x < 2 ? red : blue }
    }

    @Test func tenBitChannelsAndFourFourFourAreRead() throws {
        let ten = try #require(try BMPBitfields.decode(halves(bits: 32, masks: [0x3FF0_0000, 0x000F_FC00, 0x0000_03FF], red: 0x3FF0_0000, blue: 0x3FF)))
        #expect(ten.size == PixelSize(width: 4, height: 2))
        #expect(ten.pixels == [0xFFFF_0000, 0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF, 0xFFFF_0000, 0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF])
        #expect(!ten.hasAlpha)
        let small = try #require(try BMPBitfields.decode(halves(bits: 16, masks: [0x0F00, 0x00F0, 0x000F], red: 0x0800, blue: 0x000F)))
        #expect(small.pixels[0] == 0xFF88_0000)  // 8 of 15 is 136.
        #expect(small.pixels[3] == 0xFF00_00FF)
    }

    @Test func anAlphaMaskGivesAlphaUnlessEveryPixelIsZeroThere() throws {
        let masks: [UInt32] = [0xFF00_0000, 0x00FF_0000, 0x0000_FF00, 0x0000_00FF]
        let alpha = try #require(try BMPBitfields.decode(halves(bits: 32, masks: masks, red: 0xFF00_0080, blue: 0x0000_FFFF)))
        #expect(alpha.hasAlpha)
        #expect(alpha.pixels[0] == 0x80FF_0000)
        let zero = try #require(try BMPBitfields.decode(halves(bits: 32, masks: masks, red: 0xFF00_0000, blue: 0x0000_FF00)))
        #expect(!zero.hasAlpha)
        #expect(zero.pixels[0] == 0xFFFF_0000)
    }

    /// 32-bit pixels whose unused fourth byte holds leftovers (0x12 for red, 0 for blue), as some writers leave it.
    func leftovers(headerSize: Int, compression: Int, masks: [UInt32]) -> [UInt8] {
        ImageHeaders.bitfieldsBMP(width: 4, height: 2, bits: 32, masks: masks, compression: compression, headerSize: headerSize) { x, _ in
            x < 2 ? 0x12FF_0000 : 0x0000_00FF
        }
    }

    @Test func withoutAnAlphaMaskTheFourthByteIsNotAlpha() throws {
        let opaque: [UInt32] = [0xFFFF_0000, 0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF]
        let rgb: [UInt32] = [0xFF_0000, 0xFF00, 0xFF]
        // BI_BITFIELDS with three masks after a 40-byte header (bmpsuite's rgb32bf.bmp), in a 52-byte V2 header, and
        // in a 56-byte V3 and a 108-byte V4 header whose alpha mask is zero.
        for (size, masks) in [(40, rgb), (52, rgb), (56, rgb + [0]), (108, rgb + [0])] {
            let picture = try #require(try BMPBitfields.decode(leftovers(headerSize: size, compression: 3, masks: masks)), "header \(size)")
            #expect(Array(picture.pixels.prefix(4)) == opaque && !picture.hasAlpha, "BI_BITFIELDS, header \(size)")
        }
        // BI_RGB with a V3, V4 or V5 header whose alpha mask is zero: SDL_image read the fourth byte as alpha (the
        // blue half black); ImageMagick shows it opaque.
        for size in [56, 108, 124] {
            let picture = try #require(try BMPBitfields.decode(leftovers(headerSize: size, compression: 0, masks: [0, 0, 0, 0])), "header \(size)")
            #expect(Array(picture.pixels.prefix(4)) == opaque && !picture.hasAlpha, "BI_RGB, header \(size)")
        }
    }

    @Test func anAlphaMaskInAV3V4OrV5HeaderIsApplied() throws {
        for (size, compression) in [(56, 3), (108, 3), (124, 3), (56, 0), (108, 0), (124, 0)] {
            // BI_RGB's layout is fixed (X8R8G8B8) whatever the header's colour masks say; only its alpha mask counts.
            let masks: [UInt32] = compression == 3 ? [0xFF, 0xFF00, 0xFF_0000, 0xFF00_0000] : [0, 0, 0, 0xFF00_0000]
            let bytes = ImageHeaders.bitfieldsBMP(width: 2, height: 1, bits: 32, masks: masks, compression: compression, headerSize: size) { x, _ in
                x == 0 ? 0x80FF_0000 : 0xFF00_00FF
            }
            let picture = try #require(try BMPBitfields.decode(bytes), "header \(size), compression \(compression)")
            #expect(picture.hasAlpha, "header \(size), compression \(compression)")
            #expect(picture.pixels == (compression == 3 ? [0x8000_00FF, 0xFFFF_0000] : [0x80FF_0000, 0xFF00_00FF]),
                    "header \(size), compression \(compression)")
        }
    }

    @Test func rowsRunBottomUpUnlessTheHeightIsNegative() throws {
        for topDown in [false, true] {
            let bytes = ImageHeaders.bitfieldsBMP(width: 1, height: 2, bits: 32, masks: [0xFF_0000, 0xFF00, 0xFF], topDown: topDown) { _, y in
                y == 0 ? 0xFF_0000 : 0xFF
            }
            #expect(try BMPBitfields.decode(bytes)?.pixels == [0xFFFF_0000, 0xFF00_00FF], "top-down: \(topDown)")
        }
    }

    @Test func otherBMPsAreLeftToSDLAndCutOffPixelsAreCorrupt() throws {
        #expect(try BMPBitfields.decode(ImageHeaders.bmp(width: 4, height: 2) + [UInt8](repeating: 0, count: 32)) == nil)
        let bytes = halves(bits: 32, masks: [0x3FF0_0000, 0x000F_FC00, 0x0000_03FF], red: 0, blue: 0)
        #expect(throws: ImageProblem.corruptData(.bmp, "the pixel data is cut off")) { try BMPBitfields.decode(Array(bytes.dropLast(4))) }
    }
}
