import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Text in any script: characters the bundled DejaVu faces lack are drawn with system fonts found by fontconfig.
    ///
    /// These tests need the fallback font `make test` and `.ci/run` install: fonts-wqy-microhei (WenQuanYi Micro Hei,
    /// Han and Hangul). The golden frame depends on which faces fontconfig picks, so it holds for machines with the
    /// same Debian font packages; other installed CJK fonts (fonts-noto-cjk, say) could change the pick and the pixels.
    @Suite struct FontFallback {
        /// The title size of a 900 × 600 card, about what the goldens draw.
        static let pixelSize = 42
        /// Lines in scripts DejaVu Sans lacks (Han, Hangul) and one it has (Greek).
        static let samples = ["长城", "경복궁", "Ελλάδα"]
        /// White, as the cards draw text.
        static let white = Color(red: 255, green: 255, blue: 255)

        /// A library of the bundled fonts with the system fallback on or off.
        func library(fallback: Bool = true) -> FontLibrary {
            _ = Fixture.library
            return FontLibrary(paths: Fixture.fontPaths, systemFallback: fallback)
        }

        @Test(arguments: samples, FontWeight.allCases)
        func everyCharacterHasAFontThatProvidesIt(text: String, weight: FontWeight) throws {
            let fonts = library()
            for character in text {
                switch fonts.glyphSource(for: character, weight: weight) {
                case .bundled:
                    #expect(text == "Ελλάδα", "\(character) should need a system font")
                case .system(let face):
                    // The face fontconfig chose really has the glyph, not just its .notdef box.
                    let font = try Font(path: face.path, pixelSize: Self.pixelSize, faceIndex: face.index)
                    #expect(character.unicodeScalars.allSatisfy(font.provides), "\(face) lacks \(character)")
                case .missing:
                    Issue.record("no font provides \(character) (\(weight)); are the test font packages installed?")
                }
            }
        }

        @Test(arguments: ["长城", "경복궁"])
        func fallbackWidthDiffersFromTheBundledBoxes(text: String) throws {
            let width = library().width(of: text, weight: .bold, pixelSize: Self.pixelSize)
            let boxes = library(fallback: false).width(of: text, weight: .bold, pixelSize: Self.pixelSize)
            #expect(width > 0)
            #expect(width != boxes)
            let line = try library().render(text, weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            #expect(line.surface.size.width >= width - 1 && line.surface.size.width > 0)
        }

        @Test func greekIsTheBundledFontsOwn() throws {
            let fonts = library(), bundledOnly = library(fallback: false)
            #expect(fonts.width(of: "Ελλάδα", weight: .bold, pixelSize: Self.pixelSize) > 0)
            #expect(fonts.width(of: "Ελλάδα", weight: .bold, pixelSize: Self.pixelSize)
                    == bundledOnly.width(of: "Ελλάδα", weight: .bold, pixelSize: Self.pixelSize))
            let line = try fonts.render("Ελλάδα", weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            let plain = try fonts.font(.bold, pixelSize: Self.pixelSize).render("Ελλάδα", color: Self.white)
            #expect(line.top == 0)
            #expect(try RGBAImage(line.surface) == RGBAImage(plain))
        }

        @Test func combiningMarksStayWithTheirBase() {
            let fonts = library()
            #expect(fonts.glyphSource(for: "e\u{301}", weight: .regular) == .bundled)  // e + combining acute.
            #expect(fonts.width(of: "Cafe\u{301}", weight: .regular, pixelSize: Self.pixelSize)
                    == library(fallback: false).width(of: "Cafe\u{301}", weight: .regular, pixelSize: Self.pixelSize))
        }

        @Test func coveredTextKeepsItsPixelsNextToFallbackText() throws {
            let fonts = library()
            let alone = try RGBAImage(fonts.render("Abc", weight: .bold, pixelSize: Self.pixelSize, color: Self.white).surface)
            let mixedLine = try fonts.render("Abc长城", weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            let mixed = try RGBAImage(mixedLine.surface)
            #expect(mixed.size.width > alone.size.width)
            #expect(mixedLine.top <= 0 && mixed.size.height - mixedLine.top >= alone.size.height)
            // Rows of the mixed line are shifted down by -top; "Abc" sits where it sits alone.
            for y in 0..<alone.size.height {
                for x in 0..<alone.size.width where mixed[x, y - mixedLine.top] != alone[x, y] {
                    Issue.record("(\(x), \(y)): \(mixed[x, y - mixedLine.top]) within the mixed line, \(alone[x, y]) alone")
                    return
                }
            }
            // And the Han glyphs drew something to the right of it.
            var inked = 0
            for y in 0..<mixed.size.height {
                for x in alone.size.width..<mixed.size.width where mixed[x, y][3] > 0 { inked += 1 }
            }
            #expect(inked > 100)
        }

        @Test func aCharacterNoFontHasIsTheBundledBoxAndTheRestStillDraws() throws {
            let fonts = library()
            let unassigned: Character = "\u{378}"  // Unassigned in the Greek block: no font has it.
            #expect(fonts.glyphSource(for: unassigned, weight: .bold) == .missing)
            let alone = try RGBAImage(fonts.render("Abc", weight: .bold, pixelSize: Self.pixelSize, color: Self.white).surface)
            let line = try fonts.render("Abc\u{378}长城", weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            let image = try RGBAImage(line.surface)
            #expect(image.size.width > fonts.width(of: "Abc长城", weight: .bold, pixelSize: Self.pixelSize) - 1)
            for y in 0..<alone.size.height { for x in 0..<alone.size.width { #expect(image[x, y - line.top] == alone[x, y]) } }
        }

        @Test func withoutFallbackMissingGlyphsAreBoxesAndTextStillDraws() throws {
            let fonts = library(fallback: false)
            #expect(fonts.glyphSource(for: "长", weight: .bold) == .missing)
            let line = try fonts.render("Abc长城", weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            let plain = try fonts.font(.bold, pixelSize: Self.pixelSize).render("Abc长城", color: Self.white)
            #expect(line.top == 0)
            #expect(try RGBAImage(line.surface) == RGBAImage(plain))
        }

        /// A card titled in Chinese, Korean and Greek, subtitled likewise.
        static func multiScriptDeck() -> KioskConfig {
            var config = Fixture.deck()
            config.cards[0].title = "长城 · 경복궁 · Ελλάδα"
            config.cards[0].subtitle = "万里长城 — 서울 — Αθήνα"
            return config
        }

        @Test func aCJKTitleDrawsDifferentlyFromTheBundledBoxes() throws {
            let size = PixelSize(width: 900, height: 600)
            let withFallback = try Fixture.render(Self.multiScriptDeck(), size: size)
            let bundledOnly = try Fixture.render(Self.multiScriptDeck(), size: size, systemFallback: false)
            // The upper half (no text) is the same; the text area at the bottom leading differs.
            for y in 0..<size.height / 2 {
                for x in 0..<size.width where withFallback[x, y] != bundledOnly[x, y] {
                    Issue.record("(\(x), \(y)) differs above the text"); return
                }
            }
            var differing = 0
            for y in size.height * 3 / 4..<size.height {
                for x in 0..<size.width / 2 where withFallback[x, y] != bundledOnly[x, y] { differing += 1 }
            }
            #expect(differing > 500)
        }

        @Test func multiScriptCardMatchesItsGolden() throws {
            let frame = try Fixture.render(Self.multiScriptDeck(), size: PixelSize(width: 900, height: 600))
            let failure = Fixture.snapshots.verify(frame, named: "multi-script-title-900x600")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }
    }
}
