import Testing
@testable import VitrineCore

/// Attract mode through the runtime on a manual clock, as `vitrine replay` plays it: no window, no sleeping.
@Suite struct KioskRuntimeAutoplayTests {
    static let autoplay = AutoplayConfig(interval: 8, resumeAfterIdle: 30, homeAfterIdle: 120, home: 0)
    static let d = PagingTuning.programmaticDuration

    /// Plays `script` on a 5-card autoplay deck and returns the kiosk.
    func play(_ script: String) throws -> EmbeddedKiosk {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(5), autoplay: Self.autoplay))
        try kiosk.play(ReplayScript.parse(script, file: "script"), windowPoints: RuntimeFixture.pixels,
                       load: RuntimeFixture.loader([:])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
        return kiosk
    }

    /// Whether `t` is `expected`, give or take one fixed step (never before it).
    func near(_ t: Double, _ expected: Double) -> Bool {
        t >= expected - 1e-9 && t <= expected + PagingTuning.fixedStep + 1e-9
    }

    @Test func withNoInputItAdvancesEveryInterval() throws {
        let kiosk = try play(#"{"at":41,"wait":true}"#)
        let changes = RuntimeFixture.pageChanges(kiosk.events)
        #expect(changes.map(\.page) == [1, 2, 3, 4, 0])
        for (k, change) in changes.enumerated() {
            #expect(near(change.t, Double(k + 1) * 8 + Self.d), "change \(k) at \(change.t)")
        }
    }

    @Test func inputPausesItUntilIdleThenItResumesAndGoesHome() throws {
        // Advances at 8 and 16 (pages 1, 2); a key at 20 pages to 3 and pauses. Advancing resumes 30 s after the
        // key (at 50), starting a fresh interval: pages 4, 0, 1 … at 58, 66, … 138. 120 s after the key (140) it
        // goes home to card 0.
        let kiosk = try play("""
            {"at":20,"key":"right"}
            {"at":145,"wait":true}
            """)
        let changes = RuntimeFixture.pageChanges(kiosk.events)
        var expected: [(Double, Int)] = [(8, 1), (16, 2), (20, 3)]
        for (k, start) in stride(from: 58.0, through: 138, by: 8).enumerated() { expected.append((start, [4, 0, 1, 2, 3][k % 5])) }
        expected.append((140, 0))
        #expect(changes.map(\.page) == expected.map(\.1))
        for (change, (start, _)) in zip(changes, expected) {
            #expect(near(change.t, start + Self.d), "page \(change.page) at \(change.t), expected \(start + Self.d)")
        }
        #expect(!kiosk.runtime.isAutoplayPaused)
    }

    @Test func goingHomeAnimatesBackToTheHomeCard() throws {
        // A key at 1 pauses; nothing resumes before home at 121 (resumeAfterIdle 200 here): the deck goes home.
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(5),
                                                               autoplay: AutoplayConfig(interval: 8, resumeAfterIdle: 200, homeAfterIdle: 120, home: 0)))
        kiosk.send(.paging(.key(.last)), at: 1)
        kiosk.advance(to: 130)
        let changes = RuntimeFixture.pageChanges(kiosk.events)
        #expect(changes.map(\.page) == [4, 0])
        #expect(near(changes[1].t, 121 + Self.d))
    }

    @Test func theEventLogIsTheSameRunAfterRun() throws {
        let script = """
            {"at":3,"touch":"down","x":0.8,"y":0.5}
            {"at":3.05,"touch":"move","x":0.5,"y":0.5}
            {"at":3.1,"touch":"up","x":0.4,"y":0.5}
            {"at":70,"wait":true}
            """
        let first = try play(script).events.compactMap(\.jsonLine)
        let second = try play(script).events.compactMap(\.jsonLine)
        #expect(first == second)
        #expect(first.count > 10)
    }

    @Test func betweenTimersTheKioskSleeps() throws {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(5), autoplay: Self.autoplay))
        kiosk.advance(to: 3)
        // At rest between advances (the idle chores done at 2 s): no frames wanted, the next wake is the next advance.
        #expect(!kiosk.runtime.wantsFrames)
        #expect(kiosk.runtime.nextWake == 8)
        let framesBefore = kiosk.frames.count
        kiosk.advance(to: 7.9)
        #expect(kiosk.frames.count == framesBefore, "nothing moves between advances, so nothing is drawn")
    }
}
