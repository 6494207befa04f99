import Testing
@testable import VitrineCore

/// The overlay's patterns: the letters read, the locale's names, and one line for an unknown letter.
@Suite struct ClockPatternTests {
    func format(_ pattern: String, _ time: LocalTime, names: LocaleNames = .english) throws -> String {
        try ClockPattern.parse(pattern).get().format(time, names: names)
    }

    /// Thursday 24 December 2026, 09:05.
    let morning = LocalTime(year: 2026, month: 12, day: 24, hour: 9, minute: 5)!

    @Test func everyLetterShowsItsField() throws {
        #expect(try format("HH:mm", morning) == "09:05")
        #expect(try format("H:m", morning) == "9:5")
        #expect(try format("h:mm a", LocalTime(year: 2026, month: 12, day: 24, hour: 0, minute: 30)!) == "12:30 AM")
        #expect(try format("hh:mm a", LocalTime(year: 2026, month: 12, day: 24, hour: 13, minute: 0)!) == "01:00 PM")
        #expect(try format("EEE d MMM", morning) == "Thu 24 Dec")
        #expect(try format("EEEE, d MMMM yyyy", morning) == "Thursday, 24 December 2026")
        #expect(try format("dd/MM/yy", LocalTime(year: 2027, month: 3, day: 7)!) == "07/03/27")
        #expect(try format("y-M-d", LocalTime(year: 2027, month: 3, day: 7)!) == "2027-3-7")
        #expect(try format("'Open' HH'h' · ''mm''", morning) == "Open 09h · '05'")
    }

    @Test func theLocalesNamesAreUsed() throws {
        let dutch = LocaleNames(weekdays: ["zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"],
                                shortWeekdays: ["zo", "ma", "di", "wo", "do", "vr", "za"],
                                months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september",
                                         "oktober", "november", "december"],
                                shortMonths: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
                                am: "", pm: "")
        #expect(try format("EEE d MMM", morning, names: dutch) == "do 24 dec")
        #expect(try format("EEEE d MMMM", LocalTime(year: 2027, month: 3, day: 7)!, names: dutch) == "zondag 7 maart")
        // Names of the wrong count fall back to English's.
        let broken = LocaleNames(weekdays: ["x"], shortWeekdays: [], months: [], shortMonths: [], am: "AM", pm: "PM")
        #expect(broken == .english)
    }

    @Test(arguments: [
        ("HH:mm:ss", #"unknown pattern letters "ss" in "HH:mm:ss": seconds are not shown, the overlay is redrawn once a minute; use "#),
        ("HHH", #"unknown pattern letters "HHH" in "HHH"; use "#),
        ("QQQ yyyy", #"unknown pattern letters "QQQ" in "QQQ yyyy"; use "#),
        ("EEEEE", #"unknown pattern letters "EEEEE" in "EEEEE"; use "#),
    ])
    func anUnknownLetterIsRefusedNamingIt(pattern: String, start: String) throws {
        let error = try #require(configError(#"{"cards": [], "overlay": {"clock": "\#(pattern)"}}"#))
        #expect(error.diagnostics.count == 1)
        let line = "\(error.diagnostics[0].path): \(error.diagnostics[0].message)"
        #expect(line == "overlay.clock: " + start + ClockPattern.supported)
    }

    @Test func anUnclosedQuoteAndOtherBadValuesAreOneLine() throws {
        func only(_ overlay: String) -> String? {
            configError(#"{"cards": [], "overlay": \#(overlay)}"#).flatMap { $0.diagnostics.count == 1 ? "\($0.diagnostics[0].path): \($0.diagnostics[0].message)" : nil }
        }
        #expect(only(#"{"date": "d 'of MMM"}"#) == #"overlay.date: a quote in "d 'of MMM" is not closed; write '' for a quote"#)
        #expect(only(#"{"clock": ""}"#) == "overlay.clock: expected a non-empty string, found an empty string")
        #expect(only(#"{"position": "center"}"#)
                == #"overlay.position: expected "bottomLeading", "bottom", "bottomTrailing", "topLeading", "top" or "topTrailing", found "center""#)
        #expect(only(#"{"clock": "\#(String(repeating: "H", count: 2) + String(repeating: ":", count: 99))"}"#)
                == "overlay.clock: 101 characters is over the limit of 100 for a pattern")
    }

    @Test func theOverlayIsRead() throws {
        let config = try decodeConfig(#"{"cards": [], "overlay": {"clock": "HH:mm", "date": "EEE d MMM", "position": "bottomLeading"}}"#).config
        let overlay = try #require(config.overlay)
        #expect(overlay.clock?.text == "HH:mm" && overlay.date?.text == "EEE d MMM" && overlay.position == .bottomLeading)
        #expect(try decodeConfig(#"{"cards": [], "overlay": {}}"#).config.overlay?.position == .topTrailing)
        #expect(try decodeConfig(#"{"cards": []}"#).config.overlay == nil)
    }
}
