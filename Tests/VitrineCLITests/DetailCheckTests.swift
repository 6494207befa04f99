import Foundation
import Testing
import VitrineTestSupport

/// `vitrine check` on a card's `detail`: a bad one is one line naming the key, and the config fails.
@Suite struct DetailCheckTests {
    @Test func aBadDetailFailsCheckWithOneLineEach() throws {
        let demo = VitrineProcess.root + "/Assets/Demo/ember-mesa.jpg"
        try withTemporaryFolder { folder in
            let config = try folder.write("detail.json", """
                {"cards": [
                  {"title": "A", "image": "\(demo)", "detail": {"text": "Fine.", "link": "https://example.org/a"}},
                  {"title": "B", "image": "\(demo)", "detail": {"link": "javascript:alert(1)"}},
                  {"title": "C", "image": "\(demo)", "detail": {"text": "\(String(repeating: "x", count: 2001))"}}
                ]}
                """)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(!result.timedOut)
            #expect(result.code == 65)
            #expect(result.out == """
                \(config): cards[1].detail.link: expected a link starting with "https://" or "http://" and a host, found "javascript:alert(1)"
                \(config): cards[2].detail.text: 2001 characters is over the limit of 2000
                failed: 2 problems in the config

                """)
        }
    }
}
