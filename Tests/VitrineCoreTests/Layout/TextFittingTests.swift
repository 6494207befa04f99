import Testing
@testable import VitrineCore

@Suite struct TextFittingTests {
    let measurer = FixedWidthMeasurer()  // Regular: 5 px a character at size 10.

    @Test func textThatFitsIsUnchanged() {
        #expect(TextFitting.fit("Turtle Rock", maxWidth: 55, weight: .regular, pixelSize: 10, measurer: measurer) == "Turtle Rock")
    }

    @Test func longTextIsShortenedWithAnEllipsisThatFits() {
        let fitted = TextFitting.fit("Silver Salmon Creek", maxWidth: 50, weight: .regular, pixelSize: 10, measurer: measurer)
        #expect(fitted == "Silver Sa…")
        #expect(measurer.width(of: fitted, weight: .regular, pixelSize: 10) <= 50)
        // One more character would not fit.
        #expect(measurer.width(of: "Silver Sal…", weight: .regular, pixelSize: 10) > 50)
    }

    @Test func spacesBeforeTheEllipsisAreDropped() {
        #expect(TextFitting.fit("Twin Lake Trail", maxWidth: 30, weight: .regular, pixelSize: 10, measurer: measurer) == "Twin…")
    }

    @Test func graphemeClustersStayWhole() {
        let text = "Lac E\u{301}meraude 🏔️🏔️🏔️"
        let fitted = TextFitting.fit(text, maxWidth: 40, weight: .regular, pixelSize: 10, measurer: measurer)
        #expect(fitted == "Lac Éme…")
        #expect(fitted.unicodeScalars.contains("\u{301}"))
    }

    @Test func nothingFitsGivesEmptyText() {
        #expect(TextFitting.fit("Icy Bay", maxWidth: 4, weight: .regular, pixelSize: 10, measurer: measurer) == "")
        #expect(TextFitting.fit("Icy Bay", maxWidth: 0, weight: .regular, pixelSize: 10, measurer: measurer) == "")
    }

    @Test func boldIsMeasuredAsBold() {
        // Bold is 6 px a character here: "Hidden Lake" is 66 px bold and 55 px regular.
        #expect(TextFitting.fit("Hidden Lake", maxWidth: 60, weight: .regular, pixelSize: 10, measurer: measurer) == "Hidden Lake")
        #expect(TextFitting.fit("Hidden Lake", maxWidth: 60, weight: .bold, pixelSize: 10, measurer: measurer) == "Hidden La…")
    }
}
