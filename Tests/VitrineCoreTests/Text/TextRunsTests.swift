import Testing
@testable import VitrineCore

/// Splitting a line into runs of one level, script and face, and putting them in visual order.
@Suite struct TextRunsTests {
    /// The runs' texts and directions, leftmost first.
    func visual(_ text: String, levels: [UInt8]?, faces: [Int] = [], paragraph: TextDirection = .leftToRight) -> [String] {
        TextRuns(Array(text), levels: levels, faces: faces, paragraph: paragraph).visual.map { "\($0.text)|\($0.direction.rawValue)|\($0.script)" }
    }

    @Test func aLatinLineIsOneRun() {
        #expect(visual("Ember Mesa 2", levels: nil) == ["Ember Mesa 2|ltr|Latn"])
    }

    @Test func mixedTextInALeftToRightParagraph() {
        // "Price سلام 123" as FriBidi levels it: the Arabic word at 1, the rest at 0.
        let levels: [UInt8] = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0]
        #expect(visual("Price سلام 123", levels: levels) == ["Price |ltr|Latn", "سلام|rtl|Arab", " 123|ltr|Arab"])
    }

    @Test func numbersInARightToLeftParagraphStayInTheirPlaceAndOrder() {
        // "سلام 123 كتاب" at paragraph level 1: the number at 2. Visual: the last word leftmost, then the number
        // read left to right, then the first word.
        let text = "سلام 123 كتاب"
        let levels: [UInt8] = [1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1]
        #expect(visual(text, levels: levels, paragraph: .rightToLeft) == [" كتاب|rtl|Arab", "123|ltr|Arab", "سلام |rtl|Arab"])
    }

    @Test func aFaceChangeSplitsARun() {
        #expect(visual("Abc长城", levels: nil, faces: [0, 0, 0, 1, 1]) == ["Abc|ltr|Latn", "长城|ltr|Hani"])
    }

    @Test func commonCharactersAtTheStartTakeTheFirstScript() {
        #expect(TextRuns.resolvedScripts(Array("«שלום» 2")).map(\.rawValue) == ["Hebr", "Hebr", "Hebr", "Hebr", "Hebr", "Hebr", "Hebr", "Hebr"])
        #expect(TextRuns.resolvedScripts(Array("123")).map(\.rawValue) == ["Zyyy", "Zyyy", "Zyyy"])
    }

    @Test func devanagariMarksStayInTheirWord() {
        #expect(visual("उत्तर प्रदेश", levels: nil) == ["उत्तर प्रदेश|ltr|Deva"])
    }

    @Test func reorderingReversesFromTheHighestLevelDown() {
        func run(_ text: String, _ level: UInt8) -> TextRuns.Run { .init(text: text, start: 0, level: level, script: .common, face: 0) }
        let runs = [run("a", 0), run("b", 1), run("c", 2), run("d", 1), run("e", 0)]
        #expect(TextRuns.reordered(runs).map(\.text) == ["a", "d", "c", "b", "e"])
    }

    @Test func paragraphDirectionFromTheFirstStrongCharacter() {
        #expect(ParagraphDirection.auto.resolved(for: "123 שלום abc") == .rightToLeft)
        #expect(ParagraphDirection.auto.resolved(for: "Price سلام") == .leftToRight)
        #expect(ParagraphDirection.auto.resolved(for: "123 …") == .leftToRight)
        #expect(ParagraphDirection.rightToLeft.resolved(for: "abc") == .rightToLeft)
        #expect(!ParagraphDirection.auto.needsBidi("Ember Mesa"))
        #expect(ParagraphDirection.auto.needsBidi("Ember سلام"))
        #expect(ParagraphDirection.rightToLeft.needsBidi("abc"))
    }

    @Test func roughLevelsWithoutFriBidi() {
        #expect(TextRuns.roughLevels(Array("ab سل cd"), paragraph: .leftToRight) == [0, 0, 0, 1, 1, 0, 0, 0])
        #expect(TextRuns.roughLevels(Array("سل م"), paragraph: .rightToLeft) == [1, 1, 1, 1])
    }

    @Test func scriptsByBlock() {
        #expect(TextScript.of("a") == TextScript(rawValue: "Latn"))
        #expect(TextScript.of("ש") == TextScript(rawValue: "Hebr"))
        #expect(TextScript.of("\u{94D}") == TextScript(rawValue: "Deva"))  // Virama, a mark in its script's block.
        #expect(TextScript.of("\u{301}") == .inherited)
        #expect(TextScript.of("7") == .common)
        #expect(TextScript.of("😀") == .common)
    }
}

/// Fitting a right-to-left line: measured in its paragraph direction, the ellipsis at the logical end.
@Suite struct DirectionalFittingTests {
    /// Counts characters like ``FixedWidthMeasurer`` and remembers the directions it was asked to lay text out in.
    final class Recorder: TextMeasuring {
        var directions: Set<ParagraphDirection> = []
        func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * 10 }
        func lineHeight(weight: FontWeight, pixelSize: Int) -> Int { 12 }
        func width(of text: String, weight: FontWeight, pixelSize: Int, direction: ParagraphDirection) -> Int {
            directions.insert(direction)
            return width(of: text, weight: weight, pixelSize: pixelSize)
        }
    }

    @Test func aRightToLeftTitleIsMeasuredRightToLeftAndKeepsItsDirectionWhenShortened() {
        let recorder = Recorder()
        // "123 " first: a line whose first strong character comes after a number, so a prefix could lose it.
        let layout = CardLayout(content: CardContent(title: "123 المسجد الأقصى في القدس", subtitle: "", imageSize: nil),
                                size: PixelSize(width: 240, height: 160), trailingReserve: 0, measurer: recorder)
        #expect(layout.title.direction == .rightToLeft)
        #expect(layout.title.text.hasSuffix(TextFitting.ellipsis) && layout.title.text.hasPrefix("123 ال"))
        #expect(recorder.directions == [.rightToLeft, .auto])  // The title right to left; the notice as it comes.
        guard let text = layout.displayList.commands.first(where: { if case .text(_, .bold, _, _, _, _) = $0 { true } else { false } }),
              case .text(_, _, _, _, _, let direction) = text else { Issue.record("no title"); return }
        #expect(direction == .rightToLeft)
    }
}
