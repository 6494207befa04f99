import Testing
@testable import VitrineCore

/// The detail panel's layout: a pure rule of the card's size, the text and the link.
@Suite struct DetailPanelLayoutTests {
    /// Every character 10 pixels wide, lines 20 pixels high, whatever the size.
    struct Monospace: TextMeasuring {
        func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * 10 }
        func lineHeight(weight: FontWeight, pixelSize: Int) -> Int { 20 }
    }

    static let stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)

    /// A checkerboard QR matrix of `side` modules.
    static func checkers(_ side: Int) -> QRMatrix {
        QRMatrix(side: side, dark: (0..<side * side).map { ($0 / side + $0 % side) % 2 == 0 })!
    }

    @Test func textWrapsAtSpacesBreaksLongWordsAndKeepsParagraphs() {
        let lines = TextWrapping.wrap("one two three four\n\nabcdefghijklmno end", maxWidth: 100, weight: .regular,
                                      pixelSize: 17, measurer: Monospace())
        #expect(lines == ["one two", "three four", "", "abcdefghij", "klmno end"])
    }

    @Test func thePanelLeavesTheTitleInViewAndTheCodeTakesTheTrailingSide() throws {
        let layout = DetailPanelLayout(detail: CardDetail(text: "Text", link: "https://example.org/"), stage: Self.stage, measurer: Monospace())
        // 900x600 is 1.5x the reference: 24 px padding; the title, gap and subtitle lines take 20 + 3 + 20 px below.
        #expect(layout.panel == PixelRect(x: 24, y: 24, width: 852, height: 600 - 72 - 43))
        let slot = try #require(layout.codeSlot)
        #expect(slot.x + slot.width == layout.panel.x + layout.panel.width - 24 && slot.width == slot.height)
        #expect(layout.textArea.x + layout.textArea.width + 24 == slot.x)
        #expect(layout.contains(Point(x: 450, y: 300)) && !layout.contains(Point(x: 450, y: 560)))
    }

    @Test func theCodeIsWholePixelModulesInAWhiteBoxWithAtLeastFourModulesOfQuietZone() throws {
        let code = Self.checkers(25)
        let slot = PixelRect(x: 10, y: 20, width: 170, height: 170)
        let commands = DetailPanelLayout.codeCommands(code, in: slot)
        // 25 + 8 modules; 170 / 33 = 5 pixels a module; the 165-pixel box is centered in the slot.
        #expect(commands.first == .fill(PixelRect(x: 12, y: 22, width: 165, height: 165), .white))
        let modules = commands.dropFirst().compactMap { command -> PixelRect? in
            guard case .fill(let rect, .black) = command else { return nil }
            return rect
        }
        #expect(modules.count == commands.count - 1)
        #expect(modules.allSatisfy { $0.height == 5 && $0.width % 5 == 0 && ($0.x - 32) % 5 == 0 && ($0.y - 42) % 5 == 0 })
        #expect(modules.map(\.x).min() == 12 + 20 && modules.map(\.y).min() == 22 + 20)  // Four modules of white.
        #expect(modules.map { $0.x + $0.width }.max() == 12 + 165 - 20 && modules.map { $0.y + $0.height }.max() == 22 + 165 - 20)
        #expect(modules.reduce(0) { $0 + $1.width / 5 } == 313)  // Every dark module of the checkerboard, once.
    }

    @Test func aSlotTooSmallStillGetsOnePixelModulesAndTheWholeQuietZone() {
        let commands = DetailPanelLayout.codeCommands(Self.checkers(21), in: PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(commands.first == .fill(PixelRect(x: -9, y: -9, width: 29, height: 29), .white))
    }

    @Test func withoutACodeThePanelHasNoBoxAndLongTextIsClippedAndScrolls() {
        let text = (1...40).map { "Line \($0)" }.joined(separator: "\n")
        let layout = DetailPanelLayout(detail: CardDetail(text: text, link: "https://example.org/"), stage: Self.stage, measurer: Monospace())
        let commands = layout.commands(scroll: 0, code: nil)
        #expect(!commands.contains(.fill(layout.codeSlot!, .white)))
        #expect(!commands.contains { if case .fill(_, .white) = $0 { true } else { false } })
        #expect(commands[1] == .clip(layout.textArea) && commands.last == .clip(nil))
        #expect(layout.scrollLimit == Double(39 * layout.linePitch + 20 - layout.textArea.height))
        let scrolled = layout.commands(scroll: 1e9, code: nil)  // Past the end: held at the last line.
        guard case .text(let last, _, _, let origin, _, _)? = scrolled.dropLast().last else { Issue.record("no text"); return }
        #expect(last == "Line 40" && Int(origin.y) + 20 == layout.textArea.y + layout.textArea.height)
    }
}
