import Testing
@testable import VitrineCore

@Suite struct PagerEventJSONTests {
    @Test func encodesEachLoggedEventOnOneLine() {
        #expect(PagerEvent.transitionFinished(from: 2, to: 3, completed: true).jsonLine(t: 0.125)
                == #"{"t":0.125,"event":"transitionFinished","from":2,"to":3,"completed":true}"#)
        #expect(PagerEvent.transitionFinished(from: 2, to: 2, completed: false).jsonLine(t: 1)
                == #"{"t":1.000,"event":"transitionFinished","from":2,"to":2,"completed":false}"#)
        #expect(PagerEvent.transitionStarted(from: 0, to: 4).jsonLine(t: 12.0004)
                == #"{"t":12.000,"event":"transitionStarted","from":0,"to":4}"#)
        #expect(PagerEvent.dragBegan(page: 1).jsonLine(t: 0.0625)
                == #"{"t":0.063,"event":"dragBegan","page":1}"#)
        #expect(PagerEvent.pageChanged(page: 7).jsonLine(t: 3.9996)
                == #"{"t":4.000,"event":"pageChanged","page":7}"#)
    }

    @Test func tapsAreNotLogged() {
        #expect(PagerEvent.tap(at: Point(x: 1, y: 2)).jsonLine(t: 0) == nil)
    }

    @Test func secondsHaveExactlyThreeDecimals() {
        #expect(PagerEvent.formatSeconds(0) == "0.000")
        #expect(PagerEvent.formatSeconds(0.001) == "0.001")
        #expect(PagerEvent.formatSeconds(-0.25) == "-0.250")
        #expect(PagerEvent.formatSeconds(123456.789) == "123456.789")
        #expect(PagerEvent.formatSeconds(.infinity) == "null")
        #expect(PagerEvent.formatSeconds(.nan) == "null")
    }
}
