import Testing
@testable import VitrineCore

/// The timing keys in the config: `duration`, `from`, `until`, `hours` and `autoplay.shuffle`.
@Suite struct CardScheduleConfigTests {
    func decode(_ cards: String, autoplay: String = "") throws(ConfigError) -> KioskConfig {
        try KioskConfig.decode(Array(#"{"cards":[\#(cards)]\#(autoplay)}"#.utf8), file: "kiosk.json").config
    }

    func problems(_ cards: String, autoplay: String = "") -> [String] {
        do throws(ConfigError) {
            _ = try decode(cards, autoplay: autoplay)
            return []
        } catch {
            return error.diagnostics.map { "\($0.path): \($0.message)" }
        }
    }

    @Test func theKeysAreRead() throws {
        let config = try decode(#"""
            {"title":"A","image":"a.jpg","duration":12.5,"from":"2026-12-01","until":"2026-12-24T18:00","hours":"mon-fri 09:00-18:00"},
            {"title":"B","image":"b.jpg","hours":["sat 10:00-14:00","sun 11:00-13:00"]},
            {"title":"C","image":"c.jpg"}
            """#, autoplay: #", "autoplay": {"shuffle": 42}"#)
        let a = config.cards[0].schedule
        #expect(a.duration == 12.5)
        #expect(a.from?.description == "2026-12-01T00:00" && a.until?.description == "2026-12-24T18:00")
        #expect(a.hours.count == 1 && config.cards[1].schedule.hours.count == 2)
        #expect(!config.cards[2].schedule.hasWindow)
        #expect(config.autoplay?.shuffle == 42)
        #expect(try decode(#"{"title":"A","image":"a.jpg"}"#, autoplay: #", "autoplay": {"shuffle": true}"#).autoplay?.shuffle == 1)
        #expect(try decode(#"{"title":"A","image":"a.jpg"}"#, autoplay: #", "autoplay": {"shuffle": false}"#).autoplay?.shuffle == nil)
    }

    @Test func badValuesAreOneLineAtTheirKey() {
        let card = #"{"title":"A","image":"a.jpg","#
        #expect(problems(card + #""hours":"funday 09:00-10:00"}"#)
                == [#"cards[0].hours: unknown days "funday": use mon, tue, wed, thu, fri, sat, sun, a range such as mon-fri, or daily"#])
        #expect(problems(card + #""hours":["mon 09:00-10:00","mon 9-5"]}"#)
                == [#"cards[0].hours[1]: "9-5" is not a time range such as 09:00-18:00"#])
        #expect(problems(card + #""hours":[]}"#).first?.hasPrefix("cards[0].hours: expected weekly hours") == true)
        #expect(problems(card + #""from":"2026-02-30"}"#).first?.hasPrefix(#"cards[0].from: expected a local date and time such as "2026-12-24T10:00""#) == true)
        #expect(problems(card + #""from":"2026-12-24T10:00","until":"2026-12-24T10:00"}"#)
                == [#"cards[0].until: 2026-12-24T10:00 is not after from (2026-12-24T10:00): a card shows from "from" up to, not including, "until""#])
        #expect(problems(card + #""until":"2026-12-01","from":"2026-12-24"}"#).first?.hasPrefix("cards[0].from: 2026-12-24T00:00 is not before until") == true)
        #expect(problems(card + #""duration":0}"#) == ["cards[0].duration: expected a number from 0.5 to 86400, found 0"])
        #expect(problems(card + #""hours":"mon 09:00-10:00\nx"}"#).first?.hasPrefix("cards[0].hours: contains a control character") == true)
        #expect(problems(#"{"title":"A","image":"a.jpg"}"#, autoplay: #", "autoplay": {"shuffle": -1}"#)
                == ["autoplay.shuffle: expected true, false or a seed (a whole number from 0 to 9007199254740991), found -1"])
        #expect(problems(#"{"title":"A","image":"a.jpg"}"#, autoplay: #", "autoplay": {"shuffle": "yes"}"#).count == 1)
    }

    @Test func theShowingRuleReadsEachPart() {
        let at = ScheduleFixture.at
        let promo = CardSchedule(from: at("2026-12-01"), until: at("2026-12-24T18:00"))
        #expect(!promo.contains(at("2026-11-30T23:59:59")))
        #expect(promo.contains(at("2026-12-01T00:00")))
        #expect(!promo.contains(at("2026-12-24T18:00")), "until is exclusive")
        #expect(promo.nextBoundary(after: at("2026-11-01")) == at("2026-12-01"))
        #expect(promo.nextBoundary(after: at("2026-12-02")) == at("2026-12-24T18:00"))
        #expect(promo.nextBoundary(after: at("2026-12-25")) == nil)
        let cards = [ScheduleFixture.card(0, hours: ["mon-fri 09:00-18:00"]), ScheduleFixture.card(1), ScheduleFixture.card(2, from: "2027-01-01")]
        #expect(DeckSchedule.showing(cards, at: at("2026-11-30T10:00")) == [0, 1])
        #expect(DeckSchedule.showing(cards, at: at("2026-12-05T10:00")) == [1])
        #expect(DeckSchedule.nextBoundary(cards, after: at("2026-12-05T10:00")) == at("2026-12-07T09:00"))
    }
}
