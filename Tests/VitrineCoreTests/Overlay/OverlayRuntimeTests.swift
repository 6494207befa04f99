import Testing
@testable import VitrineCore

/// The overlay on the running kiosk: the wall clock's minute in the frame, redrawn at the minute, and an idle kiosk
/// that wakes once a minute for it and no more.
@Suite struct OverlayRuntimeTests {
    /// 2026-12-24T09:59:30, a Thursday.
    let start = LocalTime(year: 2026, month: 12, day: 24, hour: 9, minute: 59, second: 30)!

    func kiosk(overlay: Bool = true) throws -> EmbeddedKiosk {
        var config = RuntimeFixture.config(RuntimeFixture.cards(3))
        if overlay {
            config.overlay = try decodeConfig(#"{"cards": [], "overlay": {"clock": "HH:mm", "date": "EEE d MMM"}}"#).config.overlay
        }
        return EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: start, loadConfig: RuntimeFixture.loader([:]))
    }

    @Test func theFrameShowsTheWallClocksTimeAndChangesAtTheMinute() throws {
        var kiosk = try self.kiosk()
        kiosk.advance(to: 1)
        #expect(kiosk.frames.last?.frame.decor.overlay?.clock == "09:59")
        #expect(kiosk.frames.last?.frame.decor.overlay?.date == "Thu 24 Dec")
        let drawn = kiosk.frames.count
        kiosk.advance(to: 29.9)
        #expect(kiosk.frames.count == drawn)  // Nothing new to draw within the minute.
        kiosk.advance(to: 30)
        #expect(kiosk.frames.count == drawn + 1)
        #expect(kiosk.frames.last?.t == 30)
        #expect(kiosk.frames.last?.frame.decor.overlay?.clock == "10:00")
        #expect(kiosk.runtime.settledFrame.decor.overlay?.clock == "10:00")
    }

    @Test func anIdleKioskWithAClockWakesOnceAMinuteAndNoMore() throws {
        var kiosk = try self.kiosk()
        kiosk.advance(to: 600)  // Settled: the first frame, the idle chores.
        let wakes = kiosk.wakeCount, frames = kiosk.frames.count
        for minute in 1...10 {
            // Each advance wakes the kiosk at the minute boundary it asked for (10:01 … at t = 630, 690, …) and
            // once more at its own end (the test's wake, as an input would be): two, and nothing else.
            kiosk.advance(to: 600 + 60 * Double(minute))
            #expect(kiosk.wakeCount == wakes + 2 * minute, "minute \(minute)")
            #expect(kiosk.frames.count == frames + minute)
            #expect(kiosk.frames.last?.t == 600 + 60 * Double(minute) - 30)
        }
        #expect(kiosk.frames.count == frames + 10)
        // The next wake is the next minute boundary of the wall clock (10:00 was at t = 30).
        #expect(kiosk.runtime.nextWake == 1230)

        var plain = try self.kiosk(overlay: false)
        plain.advance(to: 600)
        #expect(plain.runtime.nextWake == nil)
    }

    @Test func noOverlayBeforeTheClockIsSetOrWithoutAWallClock() throws {
        var config = RuntimeFixture.config(RuntimeFixture.cards(1))
        config.overlay = try decodeConfig(#"{"cards": [], "overlay": {"clock": "HH:mm"}}"#).config.overlay
        var unset = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: LocalTime(year: 1970, month: 1, day: 1, hour: 0, minute: 1),
                                  loadConfig: RuntimeFixture.loader([:]))
        unset.advance(to: 1)
        #expect(unset.frames.last?.frame.decor.overlay == nil)
        var none = RuntimeFixture.kiosk(config)
        none.advance(to: 1)
        #expect(none.frames.last?.frame.decor.overlay == nil)
        #expect(none.runtime.nextWake == nil || none.runtime.nextWake! < 10)
    }

    @Test func theOverlayIsLaidOutInTheFramesDisplayList() {
        let stage = StageLayout(windowPixels: PixelSize(width: 1200, height: 800), fit: .contain)
        let pager = PagerSnapshot(pageCount: 3, currentPage: 0, position: 0, wraps: true)
        let overlay = OverlayText(clock: "10:00", date: "Thu 24 Dec", position: .topTrailing, color: .white)
        let list = DisplayList.frame(stage: stage, pager: pager, background: .black, decor: FrameDecor(overlay: overlay),
                                     measurer: FixedWidthMeasurer())
        let texts = list.commands.compactMap { if case .text(let t, _, let size, let o, _, _) = $0 { (t, size, o) } else { nil } }
        #expect(texts.map(\.0) == ["10:00", "Thu 24 Dec"])
        // Top-trailing: the box 32 px in from the corner, 16 px of inset; "10:00" is 5 × 33.6 → 168 wide at 56 px.
        #expect(texts[0].1 == 56 && texts[0].2 == Point(x: 1200 - 32 - 16 - 168, y: 32 + 16))
        #expect(texts[1].1 == 34 && texts[1].2.y == 32 + 16 + 67 + 4)
        #expect(list.commands.contains { if case .fill(_, OverlayStyle.boxColor) = $0 { true } else { false } })
        // Without a measurer (or an overlay) nothing is added.
        #expect(DisplayList.frame(stage: stage, pager: pager, background: .black, decor: FrameDecor(overlay: overlay)).commands.count
                == DisplayList.frame(stage: stage, pager: pager, background: .black).commands.count)
    }
}
