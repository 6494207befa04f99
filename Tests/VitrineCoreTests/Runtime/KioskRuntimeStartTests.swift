import Testing
@testable import VitrineCore

/// The event log's first line says which card the kiosk starts on.
@Suite struct KioskRuntimeStartTests {
    /// The log lines of `kiosk`.
    func lines(_ kiosk: EmbeddedKiosk) -> [String] { kiosk.events.compactMap(\.jsonLine) }

    @Test func aPlainDeckLogsItsStartOnCardZero() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.advance(to: 1)
        #expect(lines(kiosk) == [#"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#])
    }

    @Test func aShuffledDeckLogsTheCardItStartsOn() {
        var autoplay = AutoplayConfig(interval: 8)
        autoplay.shuffle = 7
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(6), autoplay: autoplay))
        kiosk.advance(to: 1)
        let start = kiosk.runtime.currentCard!
        #expect(start != 0, "seed 7 starts elsewhere than card 0")
        #expect(lines(kiosk) == [#"{"t":0.000,"event":"pageChanged","page":\#(start),"from":null,"reason":"start"}"#])
        kiosk.advance(to: 9)
        #expect(RuntimeFixture.pageChanges(kiosk.events).first?.page != start, "then attract mode moves on from it")
    }

    @Test func theStandbyScreenLogsNoStartCard() {
        var kiosk = ScheduleFixture.kiosk([ScheduleFixture.card(0, hours: ["sat 10:00-11:00"])], start: "2026-11-30T12:00")
        kiosk.advance(to: 1)
        #expect(lines(kiosk) == [#"{"t":0.000,"event":"showing","cards":[]}"#])
    }
}
