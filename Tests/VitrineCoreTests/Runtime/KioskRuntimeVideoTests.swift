import Testing
@testable import VitrineCore

/// A video card's clock: it starts when the card lands (`pageChanged`), on the runtime's manual time.
@Suite struct KioskRuntimeVideoTests {
    @Test func theLoopedMomentIsAPureFunctionOfTimeSinceLanding() {
        #expect(VideoClock.presentationTime(sinceLanding: nil, duration: 5) == 0)
        #expect(VideoClock.presentationTime(sinceLanding: 1.5, duration: 5) == 1.5)
        #expect(abs(VideoClock.presentationTime(sinceLanding: 7.25, duration: 5) - 2.25) < 1e-12)
        #expect(VideoClock.presentationTime(sinceLanding: 7.25, duration: nil) == 7.25)
        #expect(VideoClock.presentationTime(sinceLanding: 7.25, duration: 0) == 7.25)
        #expect(VideoClock.presentationTime(sinceLanding: -1, duration: 5) == 0)
    }

    @Test func theClockStartsWhenTheCardLandsNotWhenItIsAskedFor() throws {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.timeSinceLanding(ofCard: 0) == 1)
        #expect(kiosk.runtime.timeSinceLanding(ofCard: 1) == nil)
        kiosk.send(.paging(.key(.next)), at: 2)
        // While the slide brings card 1 in, it shows its poster: no time yet.
        kiosk.advance(to: 2.1)
        #expect(kiosk.runtime.timeSinceLanding(ofCard: 1) == nil)
        kiosk.settle(within: 2)
        let landed = try #require(RuntimeFixture.pageChanges(kiosk.events).last)
        #expect(landed.page == 1)
        kiosk.advance(to: landed.t + 1.5)
        let since = try #require(kiosk.runtime.timeSinceLanding(ofCard: 1))
        #expect(abs(since - 1.5) < 1e-9, "\(since)")
        #expect(kiosk.runtime.timeSinceLanding(ofCard: 0) == nil)
    }

    @Test func theSameInputsGiveTheSameMomentWhateverTheWakes() throws {
        func moment(wakes: [Double]) -> Double? {
            var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
            kiosk.send(.paging(.key(.next)), at: 1)
            for t in wakes { kiosk.advance(to: t) }
            kiosk.advance(to: 6.2)
            return kiosk.runtime.timeSinceLanding(ofCard: 1)
        }
        let smooth = moment(wakes: [])
        #expect(smooth != nil)
        #expect(moment(wakes: [1.01, 1.2, 1.33, 3, 5.9]) == smooth)
    }

    @Test func theVideoToPlayIsTheCardHeadedForWithItsLandingOnceItLands() throws {
        var cards = RuntimeFixture.cards(3)
        cards[1].video = CardVideo(path: "/deck/lobby.mp4")
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards))
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.playingVideo == nil, "a picture card plays nothing")
        #expect(kiosk.runtime.watchedPaths.contains(PathKey("/deck/lobby.mp4")), "a deploy replacing the video is seen")
        kiosk.send(.paging(.key(.next)), at: 2)
        kiosk.advance(to: 2.05)
        // The slide heads for the video card: its frames may be decoded, but its clock has not started.
        let coming = try #require(kiosk.runtime.playingVideo)
        #expect(coming.card == 1 && coming.page == 1 && coming.path == "/deck/lobby.mp4" && coming.clock == nil)
        kiosk.settle(within: 2)
        let landed = try #require(RuntimeFixture.pageChanges(kiosk.events).last)
        let playing = try #require(kiosk.runtime.playingVideo)
        #expect(playing.clock == CardClock(origin: landed.t) && playing.isSameVideo(as: coming))
        // Heading away stops it at once.
        kiosk.send(.paging(.key(.next)), at: landed.t + 3)
        kiosk.advance(to: landed.t + 3.05)
        #expect(kiosk.runtime.playingVideo == nil)
    }
}
