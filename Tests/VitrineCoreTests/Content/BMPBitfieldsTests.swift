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
