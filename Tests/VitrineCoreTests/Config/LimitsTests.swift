import Foundation
import Testing
@testable import VitrineCore

/// Every named limit (``Limits``), at the limit and one past it.
@Suite struct LimitsTests {
    /// A config of one card with `title`, `subtitle` and the window `width`x`height`.
    func config(title: String = "A", subtitle: String = "", width: Int = 1200, height: Int = 800) -> String {
        func json(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
        return #"{"display": {"window": {"width": \#(width), "height": \#(height)}}, "cards": [{"title": \#(json(title)), "#
            + #""subtitle": \#(json(subtitle)), "image": "a.jpg"}]}"#
    }

    @Test func titlesAndSubtitlesUpToTheLimitAreAccepted() throws {
        let atLimit = String(repeating: "é", count: Limits.textScalars)  // 1,000 bytes, 500 characters.
        let (loaded, _) = try decodeConfig(config(title: atLimit, subtitle: atLimit))
        #expect(loaded.cards.first?.title == atLimit)
        #expect(loaded.cards.first?.subtitle == atLimit)
    }

    @Test func aTitleOrSubtitleOnePastTheLimitIsRefusedAtItsPath() {
        let past = String(repeating: "x", count: Limits.textScalars + 1)
        #expect(configError(config(title: past))?.diagnostics.map(\.description)
                == ["/kiosk/config.json: cards[0].title: 501 characters is over the limit of 500"])
        #expect(configError(config(subtitle: past))?.diagnostics.map(\.description)
                == ["/kiosk/config.json: cards[0].subtitle: 501 characters is over the limit of 500"])
    }

    @Test func aHugeTitleIsRefusedAndNotEchoed() {
        let error = configError(config(title: String(repeating: "x", count: 2_000_000)))
        #expect(error?.diagnostics.map(\.message) == ["2000000 characters is over the limit of 500"])
    }

    @Test func windowsUpToEightKAreAccepted() throws {
        #expect(try decodeConfig(config(width: 7680, height: 4320)).config.display.window == PixelSize(width: 7680, height: 4320))
        // 8192 on a side is allowed while the area stays within 7680x4320's.
        #expect(try decodeConfig(config(width: 8192, height: 4050)).config.display.window == PixelSize(width: 8192, height: 4050))
    }

    @Test func aWindowPastASideOrTheAreaIsRefused() {
        #expect(configError(config(width: 8193, height: 1))?.diagnostics.map(\.message)
                == ["expected a whole number from 1 to 8192, found 8193"])
        #expect(configError(config(width: 7681, height: 4320))?.diagnostics.map(\.description)
                == ["/kiosk/config.json: display.window: 7681x4320 is 33.2 megapixels, over the limit of 33.2 (7680x4320)"])
        #expect(configError(config(width: 8192, height: 8192))?.diagnostics.map(\.message)
                == ["8192x8192 is 67.1 megapixels, over the limit of 33.2 (7680x4320)"])
    }

    @Test func aValueUpToTheMessageLimitIsQuotedWhole() {
        let atLimit = String(repeating: "k", count: Limits.messageValueScalars)
        #expect(Limits.shortened(atLimit) == atLimit)
        #expect(ConfigValidator.quoted(atLimit) == "\"\(atLimit)\"")
    }

    @Test func aValuePastTheMessageLimitIsShortenedInTheMiddle() {
        let past = String(repeating: "a", count: 60) + "MIDDLE" + String(repeating: "z", count: 60)
        let short = Limits.shortened(past)
        #expect(short == String(repeating: "a", count: 60) + "…" + String(repeating: "z", count: 59))
        #expect(short.unicodeScalars.count == Limits.messageValueScalars)
    }

    @Test func controlCharactersAreEscapedSoAProblemIsOneLine() {
        #expect(Limits.shortened("a\nb\tc\r\u{0}\u{7F}\u{85}") == #"a\nb\tc\r\u0000\u007F\u0085"#)
        #expect(ConfigValidator.quoted("say \"hi\"\\") == #""say \"hi\"\\""#)
        // An unknown key of two megabytes with a line break in it: one short line.
        let key = String(repeating: "k", count: 1_000_000) + "\n" + String(repeating: "k", count: 1_000_000)
        let (_, warnings) = try! decodeConfig(#"{"cards": [], "\#(key.replacingOccurrences(of: "\n", with: "\\n"))": 1}"#)
        let line = warnings.first?.description ?? ""
        #expect(!line.contains("\n"))
        #expect(line.count < 600, "\(line.count) characters")
    }
}
