import Testing
import VitrineCore
@testable import VitrineSDL

/// The loop's inbox: what other threads post waits as runtime inputs, merged only where merging loses nothing.
@Suite struct LoopWakerMergeTests {
    @Test func changedFilesAreJoinedAlikeInputsDroppedAndCommandsNeverMerged() {
        var waiting: [RuntimeInput] = []
        for input: RuntimeInput in [.filesChanged([PathKey("/a")]), .cardReady, .control(.next, client: 1), .cardReady,
                                    .filesChanged([PathKey("/b")]), .control(.next, client: 1), .signal(1)] {
            LoopWaker.add(input, to: &waiting)
        }
        #expect(waiting == [.filesChanged([PathKey("/a"), PathKey("/b")]), .cardReady, .control(.next, client: 1),
                            .control(.next, client: 1), .signal(1)])
    }

    @Test func theGroupLinksUpsAndDownsKeepTheirOrder() {
        var waiting: [RuntimeInput] = []
        for input: RuntimeInput in [.group(.linked(true)), .group(.linked(false)), .group(.linked(true))] {
            LoopWaker.add(input, to: &waiting)
        }
        #expect(waiting.last == .group(.linked(true)))
        #expect(waiting.count == 3)
    }
}
