import Foundation
import Testing
import VitrineTestSupport

/// `vitrine check` on a group member: it says the group's topic.
@Suite struct CheckSyncTests {
    @Test func checkSaysTheGroupTopic() throws {
        try withTemporaryFolder { folder in
            let card = #"{"title":"A","image":"\#(Checkout.demoImage("canyon"))"}"#
            let config = try folder.write("deck.json", #"{"cards":[\#(card)],"mqtt":{"broker":"mqtt://broker.lan","prefix":"shop"},"sync":{"group":"lobby","lead":0.4}}"#)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 0)
            #expect(result.out == """
                note: sync: moves with group "lobby" on shop/group/lobby/cmd, transitions 0.400 s after a command
                ok: 1 card, 1 image, 2 fonts

                """, "\(result.out)")
        }
    }
}
