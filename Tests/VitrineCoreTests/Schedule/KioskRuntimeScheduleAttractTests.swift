import Testing
@testable import VitrineCore

/// Attract mode when a schedule changes the card on screen: the card that comes gets its whole interval.
@Suite struct KioskRuntimeScheduleAttractTests {
    typealias F = ScheduleFixture
    static let autoplay = AutoplayConfig(interval: 30, resumeAfterIdle: 30)

    /// The times of the `pageChanged` lines after `t`, with their pages.
    func changes(_ kiosk: EmbeddedKiosk) -> [(t: Double, page: Int)] {
        kiosk.events.compactMap { event in
            switch event.event {
            case .pager(.pageChanged(let page)), .pageShownBySchedule(let page): (event.t, page)
            default: nil
            }
        }
    }

    @Test func aCardThatReplacesOneWhoseWindowClosedStaysItsWholeInterval() {
        // Attract mode moves to card 1 at 30; its window closes at 45, so card 2 comes at 45 and stays 30 s.
        let start = "2026-12-24T10:00"
        var kiosk = F.kiosk([F.card(0), F.card(1, until: "2026-12-24T10:00:45"), F.card(2)], start: start,
                            autoplay: Self.autoplay)
        kiosk.advance(to: 100)
        let got = changes(kiosk)
        #expect(got.map(\.page) == [1, 2, 0])
        let d = PagingTuning.programmaticDuration
        #expect(got.count == 3 && got[2].t >= 75 && got[2].t <= 75 + d + 0.02, "card 2 left at \(got.map(\.t))")
    }

    @Test func aCardBoundFromTheStandbyScreenStaysItsWholeInterval() {
        // Nothing shows until 10:00:45; then cards 0 and 1 open together and card 0 is bound: it stays 30 s.
        let start = "2026-12-24T10:00"
        var kiosk = F.kiosk([F.card(0, from: "2026-12-24T10:00:45"), F.card(1, from: "2026-12-24T10:00:45")], start: start,
                            autoplay: Self.autoplay)
        kiosk.advance(to: 100)
        let got = changes(kiosk)
        #expect(got.map(\.page) == [0, 1])
        let d = PagingTuning.programmaticDuration
        #expect(got.count == 2 && got[1].t >= 75 && got[1].t <= 75 + d + 0.02, "card 0 left at \(got.map(\.t))")
    }
}
