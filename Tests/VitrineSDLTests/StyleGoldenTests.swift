import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Photo-frame mode, each `style` key and the overlay, as frames compared with goldens recorded and looked at.
    @Suite struct StyleGoldens {
        let size = PixelSize(width: 900, height: 600)

        func check(_ name: String, _ config: KioskConfig, page: Int = 1, decor: FrameDecor? = nil, fonts: FontLibrary? = nil) throws {
            _ = Fixture.library
            var problems: [String] = []
            let surface = try HeadlessRenderer.frame(config: config, size: size, page: page, offset: 0,
                                                     fonts: fonts ?? FontLibrary(paths: Fixture.fontPaths),
                                                     decor: decor, report: { problems.append($0) })
            #expect(problems.isEmpty, "rendering reported: \(problems)")
            let failure = Fixture.snapshots.verify(try RGBAImage(surface), named: name)
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        /// The test deck with `style` changed by `change`.
        func styled(_ change: (inout StyleConfig) -> Void) -> KioskConfig {
            var config = Fixture.deck()
            change(&config.style)
            return config
        }

        @Test func aDeckWithNoTitlesAndNoDotsIsThePicturesAlone() throws {
            var config = Fixture.deck(titles: Array(repeating: "", count: 6))
            config.cards = config.cards.map { var card = $0; card.subtitle = ""; return card }
            config.style.dots = false
            try check("photo-frame-900x600", config)
            // Pixel for pixel the picture: the same frame as the card's picture composed with nothing over it.
        }

        @Test func textColourAndPositionMoveTheTextsAndTheGradient() throws {
            let gold = Color(red: 0xFF, green: 0xCC, blue: 0x33)
            try check("style-top-trailing-gold-900x600", styled { $0.textPosition = .topTrailing; $0.textColor = gold })
            try check("style-bottom-centered-900x600", styled { $0.textPosition = .bottom })
            try check("style-top-leading-no-dots-900x600", styled { $0.textPosition = .topLeading; $0.dots = false })
        }

        @Test func aTitleFontFileDrawsTheTitles() throws {
            // The bundled regular face as the titles' font: the title is no longer bold.
            let config = styled { $0.titleFont = .file("\(Fixture.root)/Assets/Fonts/DejaVuSans.ttf") }
            var warnings: [String] = []
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            fonts.useTitleFont(config.style.titleFont, report: { warnings.append($0) })
            #expect(warnings.isEmpty)
            try check("style-title-font-900x600", config, fonts: fonts)
        }

        @Test func aClockOverlayAtTheTopTrailingCorner() throws {
            var config = Fixture.deck()
            config.overlay = try KioskConfig.decode(Array(#"{"cards": [], "overlay": {"clock": "HH:mm", "date": "EEE d MMM"}}"#.utf8),
                                                    file: "x.json").config.overlay
            let decor = FrameDecor(config: config, at: LocalTime(year: 2026, month: 12, day: 24, hour: 9, minute: 41), names: .english)
            #expect(decor.overlay?.clock == "09:41" && decor.overlay?.date == "Thu 24 Dec")
            try check("overlay-clock-900x600", config, decor: decor)
        }

        @Test func aTitleFontThatCannotBeFoundOrOpenedIsOneWarningNamingIt() {
            _ = Fixture.library
            var warnings: [String] = []
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            fonts.useTitleFont(.name("No Such Family Anywhere"), report: { warnings.append($0) })
            fonts.useTitleFont(.file("/nonexistent/Brand.ttf"), report: { warnings.append($0) })
            #expect(warnings.count == 2)
            #expect(warnings.first == #"style.titleFont: no installed font is named "No Such Family Anywhere" (fc-list : family lists them); the titles use the bundled DejaVu Sans Bold"#)
            #expect(warnings.last?.hasPrefix(#"style.titleFont: cannot open the font "/nonexistent/Brand.ttf": "#) == true)
            #expect(warnings.last?.hasSuffix("; the titles use the bundled DejaVu Sans Bold") == true)
            #expect(fonts.paths[.bold] == Fixture.fontPaths[.bold])
        }
    }
}
