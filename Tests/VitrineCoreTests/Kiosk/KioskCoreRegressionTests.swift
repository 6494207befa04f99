import Testing
@testable import VitrineCore

/// Regression tests for bugs the kiosk core once had.
@Suite struct KioskCoreRegressionTests {
    /// `ConfigError.diagnostics` promises document order; the autoplay.home check runs after the whole walk.
    @Test
    func autoplayHomeErrorIsReportedInDocumentOrder() {
        let text = #"{"autoplay": {"home": 7}, "cards": [{"title": "A", "image": "a.jpg"}], "display": {"rotation": 45}}"#
        let found = configError(text)?.diagnostics.map(\.path)
        #expect(found == ["autoplay.home", "display.rotation"])
    }

    /// Autoplay's advance is the program's request, yet `isUserInput` calls `.key(.next)` a person's: a loop that
    /// notes every user input it handles pauses attract mode with attract mode's own advance.
    @Test
    func autoplaysOwnAdvanceIsNotUserInput() throws {
        var autoplay = Autoplay(config: AutoplayConfig(interval: 8, resumeAfterIdle: 30), start: 0)
        let due = autoplay.due(at: 8, currentPage: 0, pageCount: 5, wraps: true, pagerIdle: true)
        let request = try #require(due)
        #expect(!KioskSession.isUserInput(request))
    }

    @Test
    func aLoopThatNotesEveryUserInputKeepsAdvancing() {
        var session = KioskSession(pageCount: 5, wraps: true, stage: KioskSessionHarness.hiDPIStage)
        var autoplay = Autoplay(config: AutoplayConfig(interval: 8, resumeAfterIdle: 30), start: 0)
        var pages: [Int] = []
        for n in 1...(60 * 120) {
            let t = Double(n) / 120
            for case .pageChanged(let page) in session.step(to: t) { pages.append(page) }
            if let input = autoplay.due(at: t, currentPage: session.pager.currentPage, pageCount: 5, wraps: true,
                                        pagerIdle: session.isIdle) {
                if KioskSession.isUserInput(input) { autoplay.noteInput(at: t) }
                _ = session.handle(input, at: t)
            }
        }
        #expect(pages == [1, 2, 3, 4, 0, 1, 2])
    }
}
