import Testing
@testable import VitrineCore

@Suite struct AnimationClockTests {
    let three = AnimationInfo(format: "GIF", size: PixelSize(width: 10, height: 10), fileDelays: [0.5, 0.25, 1], loopCount: 0)

    @Test func framesChangeAtTheirDelaysAndLoop() {
        let cases: [(Double?, Int, Double)] = [(nil, 0, 0), (0, 0, 0), (0.49, 0, 0), (0.5, 1, 0.5), (0.74, 1, 0.5),
                                               (0.75, 2, 0.75), (1.74, 2, 0.75), (1.75, 0, 1.75), (2.3, 1, 2.25)]
        for (since, index, start) in cases {
            let frame = AnimationClock.frame(sinceLanding: since, of: three)
            #expect(frame.index == index, "at \(String(describing: since))")
            #expect(abs(frame.since - start) < 1e-9, "at \(String(describing: since))")
        }
    }

    @Test func aPlayedOutAnimationKeepsItsLastFrame() {
        let twice = AnimationInfo(format: "GIF", size: three.size, fileDelays: [0.5, 0.25, 1], loopCount: 2)
        #expect(AnimationClock.frame(sinceLanding: 3.0, of: twice).index == 2)
        let end = AnimationClock.frame(sinceLanding: 60, of: twice)
        #expect(end.index == 2 && abs(end.since - 2.5) < 1e-9)
    }

    @Test func tinyOrMissingDelaysShowForATenthOfASecond() {
        let info = AnimationInfo(format: "GIF", size: three.size, fileDelays: [0, 0.01, 0.02, .nan], loopCount: 0)
        #expect(info.delays == [0.1, 0.1, 0.02, 0.1])
        #expect(three.starts == [0, 0.5, 0.75])
    }
}
