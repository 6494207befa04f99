import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The FeatureCard rules checked on rendered pixels, against an image whose every pixel is known.
    @Suite struct CardPixels {
        static let size = PixelSize(width: 300, height: 200)

        /// The colour of the synthetic test image at (x, y): distinct in every channel, never 0 or 255 flat.
        static func imagePixel(_ x: Int, _ y: Int) -> [UInt8] {
            [UInt8((x * 7 + 20) % 256), UInt8((y * 5 + 40) % 256), UInt8((x + 3 * y + 60) % 256), 255]
        }

        /// Renders one card whose image is exactly the card's size, so aspect fill copies it pixel for pixel.
        func renderSyntheticCard() throws -> RGBAImage {
            _ = Fixture.library
            var bytes: [UInt8] = []
            for y in 0..<Self.size.height { for x in 0..<Self.size.width { bytes += Self.imagePixel(x, y) } }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-synthetic-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try RGBAImage(size: Self.size, bytes: bytes).writePNG(to: path)
            let config = KioskConfig(cards: [CardConfig(title: "Known Pixels", subtitle: "synthetic", image: path)], file: "synthetic.json")
            return try Fixture.render(config, size: Self.size)
        }

        /// A PNG whose right half is transparent shows the letterbox colour (`display.background`) there, not black.
        @Test func transparentPixelsShowTheBackgroundColour() throws {
            _ = Fixture.library
            let path = "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/interlaced-alpha.png"  // Red, its right half clear.
            var config = KioskConfig(cards: [CardConfig(title: "Clear", subtitle: "", image: path)], file: "alpha.json")
            config.display.background = Color(red: 0x30, green: 0x60, blue: 0x90)
            let frame = try Fixture.render(config, size: Self.size)
            #expect(frame[Self.size.width - 10, 10] == [0x30, 0x60, 0x90, 255])
            #expect(frame[10, 10] == [255, 0, 0, 255])
        }

        @Test func bottomRowIsFourTenthsOfTheImage() throws {
            let frame = try renderSyntheticCard()
            let y = Self.size.height - 1
            for x in 0..<Self.size.width {
                let expected = Self.imagePixel(x, y)
                let actual = frame[x, y]
                for c in 0..<3 {
                    #expect(abs(Double(actual[c]) - 0.4 * Double(expected[c])) <= 1.0, "channel \(c) at (\(x), \(y)): \(actual) vs 0.4 × \(expected)")
                }
            }
        }

        @Test func upperHalfIsTheImageUntouched() throws {
            let frame = try renderSyntheticCard()
            for y in 0..<Self.size.height / 2 {
                for x in 0..<Self.size.width where frame[x, y] != Self.imagePixel(x, y) {
                    Issue.record("(\(x), \(y)): \(frame[x, y]) differs from the image's \(Self.imagePixel(x, y))")
                    return
                }
            }
        }

        @Test func lowerHalfDarkensRowByRowAsTheRampSays() throws {
            let frame = try renderSyntheticCard()
            let ramp = GradientRamp(height: Self.size.height)
            let x = Self.size.width / 2  // Between the title's end and the dots on the rows checked below.
            for y in stride(from: 100, to: 150, by: 7) {
                let keep = 1 - Double(ramp.alpha(row: y)) / 255
                let expected = Self.imagePixel(x, y), actual = frame[x, y]
                for c in 0..<3 {
                    #expect(abs(Double(actual[c]) - keep * Double(expected[c])) <= 1.0, "row \(y) channel \(c)")
                }
            }
        }

        @Test func titleIsWhiteTextAtTheBottomLeading() throws {
            let frame = try renderSyntheticCard()
            // The bold title's glyph cores are pure white somewhere in the bottom-left quarter, above the subtitle.
            var whites = 0
            for y in Self.size.height / 2..<Self.size.height {
                for x in 0..<Self.size.width / 2 where frame[x, y] == [255, 255, 255, 255] { whites += 1 }
            }
            #expect(whites > 50)
            // And nowhere in the upper half.
            for y in 0..<Self.size.height / 2 { for x in 0..<Self.size.width { #expect(frame[x, y] != [255, 255, 255, 255]) } }
        }
    }
}
