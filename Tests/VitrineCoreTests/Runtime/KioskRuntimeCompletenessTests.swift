import Testing
@testable import VitrineCore

/// A reload of a changed config whose pictures are not all there waits for them, at most
/// ``KioskRuntime/completionWait``, keeping the last deck and its pictures.
@Suite struct KioskRuntimeCompletenessTests {
    static let file = "/deck/kiosk.json"

    /// A kiosk of two cards whose reloads read three `b` cards, with `missing` of their pictures not there.
    static func kiosk(missing: Set<PathKey>) -> EmbeddedKiosk {
        let new = RuntimeFixture.config(RuntimeFixture.cards(3, prefix: "b"))
        return EmbeddedKiosk(config: RuntimeFixture.config(RuntimeFixture.cards(2)), pixels: RuntimeFixture.pixels) { _ in
            .success(LoadedConfig(config: new, missingImages: missing))
        }
    }

    static func reloads(_ kiosk: EmbeddedKiosk) -> [Double] {
        kiosk.events.compactMap { if case .deckReloaded = $0.event { $0.t } else { nil } }
    }

    @Test func aChangedConfigWithAPictureMissingKeepsTheLastDeckUntilTheWaitIsOver() {
        var kiosk = Self.kiosk(missing: ["/deck/b1.jpg"])
        kiosk.advance(to: 0.1)
        kiosk.send(.filesChanged([PathKey(Self.file), "/deck/a0.jpg"]), at: 1)
        #expect(Self.reloads(kiosk).isEmpty)
        #expect(kiosk.runtime.config.cards.count == 2)
        #expect(!kiosk.otherEffects.contains { if case .forgetImages = $0 { true } else { false } }, "the cards keep their pictures")
        #expect(kiosk.reports == ["/deck/kiosk.json: the new deck names 1 picture(s) not there yet, such as /deck/b1.jpg; keeping the last deck for up to 10 s while they arrive"])
        #expect(kiosk.watched.contains("/deck/b1.jpg"), "the missing picture is watched, so its arrival reloads")
        #expect(kiosk.runtime.timerDeadline == 11)
        kiosk.advance(to: 10.9)
        #expect(Self.reloads(kiosk).isEmpty)
        // The wait is over: the new deck shows, with a placeholder for what is still missing.
        kiosk.advance(to: 11)
        #expect(Self.reloads(kiosk) == [11])
        #expect(kiosk.runtime.config.cards.count == 3)
        #expect(kiosk.otherEffects.contains(.forgetImages([PathKey(Self.file), "/deck/a0.jpg"])))
        #expect(kiosk.runtime.timerDeadline == nil)
    }

    @Test func aPictureDeletedUnderAnUnchangedConfigIsNotWaitedFor() {
        var kiosk = Self.kiosk(missing: ["/deck/b1.jpg"])
        kiosk.send(.filesChanged(["/deck/b1.jpg"]), at: 1)
        #expect(Self.reloads(kiosk) == [1])
        #expect(kiosk.reports.isEmpty)
    }

    @Test func aCompleteDeckIsTakenAtOnce() {
        var kiosk = Self.kiosk(missing: [])
        kiosk.send(.filesChanged([PathKey(Self.file)]), at: 1)
        #expect(Self.reloads(kiosk) == [1])
        #expect(kiosk.otherEffects.contains(.forgetImages([PathKey(Self.file)])))
    }

    @Test func aFullReloadWhileWaitingTakesTheDeckAndEndsTheWait() {
        var kiosk = Self.kiosk(missing: ["/deck/b1.jpg"])
        kiosk.send(.filesChanged([PathKey(Self.file)]), at: 1)
        kiosk.send(.reloadRequested, at: 2)
        #expect(Self.reloads(kiosk) == [2])
        #expect(kiosk.runtime.timerDeadline == nil)
        kiosk.advance(to: 20)
        #expect(Self.reloads(kiosk) == [2], "no second reload when the old wait would have ended")
    }
}
