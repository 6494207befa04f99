import Glibc
import Testing
@testable import VitrineCore

/// `text.scale`, `display.scale` and `contrast`: the keys, and what they do to a card's layout and scrim.
@Suite struct ReadabilityTests {
    @Test func theKeysLandInTheDisplayConfig() throws {
        #expect(try decodeConfig(#"{"cards": []}"#).config.display.readability == Readability())
        let (config, warnings) = try decodeConfig(#"{"cards": [], "text": {"scale": 1.5}, "display": {"scale": 2}, "contrast": "high"}"#)
        #expect(warnings.isEmpty)
        #expect(config.display.readability == Readability(textScale: 1.5, displayScale: 2, contrast: .high))
    }

    @Test(arguments: [(#""text": {"scale": 2.5}"#, "text.scale: expected a number from 1 to 2, found 2.5"),
                      (#""display": {"scale": 0}"#, "display.scale: expected a number from 0.5 to 4, found 0"),
                      (#""contrast": "max""#, #"contrast: expected "normal" or "high", found "max""#),
                      (#""text": 1"#, "text: expected an object, found a number")])
    func aBadValueIsOneLineNamingTheKey(member: String, message: String) throws {
        let error = try #require(configError(#"{"cards": [], \#(member)}"#))
        #expect(error.diagnostics.count == 1)
        #expect(error.description == "/kiosk/config.json: " + message)
    }

    func layout(_ readability: Readability, size: PixelSize = PixelSize(width: 1200, height: 800)) -> CardLayout {
        CardLayout(content: CardContent(title: "Ember Mesa", subtitle: "Card 1", imageSize: size), size: size,
                   trailingReserve: 100, readability: readability, measurer: FixedWidthMeasurer())
    }

    @Test func textScaleGrowsTheTitleSubtitleAndScrimButNotThePadding() {
        let normal = layout(Readability()), large = layout(Readability(textScale: 1.5))
        #expect(large.title.pixelSize == 84 && normal.title.pixelSize == 56)
        #expect(large.subtitle?.pixelSize == 51 && normal.subtitle?.pixelSize == 34)
        #expect(large.title.origin.x == normal.title.origin.x)
        guard case .scrim(_, let normalRamp) = normal.displayList.commands[1], case .scrim(_, let largeRamp) = large.displayList.commands[1] else {
            Issue.record("no scrim"); return
        }
        #expect(normalRamp.startRow == 400 && largeRamp.startRow == 200)
        // The scrim reaches as far above the title as it did: its start is as far above the title's top, scaled.
        #expect(Double(Int(large.title.origin.y) - largeRamp.startRow) >= 1.5 * Double(Int(normal.title.origin.y) - normalRamp.startRow) - 60)
    }

    @Test func displayScaleGrowsThePaddingAndTheDots() {
        let normal = layout(Readability()), large = layout(Readability(displayScale: 2))
        #expect(large.title.pixelSize == 112 && large.title.origin.x == 2 * normal.title.origin.x)
        let card = Rect(x: 0, y: 0, width: 1200, height: 800)
        let dots = PageControlLayout(pageCount: 5, currentPage: 0, card: card)
        let bigDots = PageControlLayout(pageCount: 5, currentPage: 0, card: card, readability: Readability(textScale: 1.5))
        #expect(bigDots.pitch == 1.5 * dots.pitch && bigDots.dots[0].diameter == 1.5 * dots.dots[0].diameter)
        #expect(bigDots.frame.maxX == dots.frame.maxX)  // Text scale leaves the padding alone.
    }

    /// WCAG's contrast of white over an sRGB grey `value` (0...255).
    func contrastOfWhite(over value: Double) -> Double {
        let v = value / 255
        let luminance = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        return 1.05 / (luminance + 0.05)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func highContrastGivesWhiteTextAAOnAWhitePictureOnEveryTextRow(textScale: Double) {
        let card = layout(Readability(textScale: textScale, contrast: .high))
        guard case .scrim(_, let ramp) = card.displayList.commands[1] else { Issue.record("no scrim"); return }
        for row in Int(card.title.origin.y)..<card.size.height {
            let white = 255 * (1 - Double(ramp.alpha(row: row)) / 255)  // A white pixel under the scrim.
            #expect(contrastOfWhite(over: white.rounded()) >= 4.5, "row \(row): alpha \(ramp.alpha(row: row))")
        }
        // The normal scrim does not: at the title's top a white picture shows through too brightly.
        let normal = layout(Readability(textScale: textScale))
        guard case .scrim(_, let normalRamp) = normal.displayList.commands[1] else { return }
        let top = Int(normal.title.origin.y)
        #expect(contrastOfWhite(over: (255 * (1 - Double(normalRamp.alpha(row: top)) / 255)).rounded()) < 4.5)
    }

    @Test func theHighContrastOpacityIsTheLeastThatPasses() {
        let alpha = Readability.highContrastOpacity * 255
        #expect(contrastOfWhite(over: 255 - alpha) >= 4.5)
        #expect(contrastOfWhite(over: 255 - (alpha - 1)) < 4.5)
    }
}
