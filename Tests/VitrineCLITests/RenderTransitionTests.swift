import Foundation
import Testing
import VitrineTestSupport

/// `vitrine render --offset` follows the config's transition.
@Suite struct RenderTransitionTests {
    /// The PNG bytes `vitrine render` writes for a two-card deck with `transition` at `offset`.
    private func frame(_ transition: String, offset: String, in folder: TemporaryFolder) throws -> Data? {
        let config = try folder.write("\(transition).json", """
            {"transition": "\(transition)", "display": {"window": {"width": 300, "height": 200}},
             "cards": [{"title": "Canyon", "image": "\(Checkout.demoImage("canyon"))"},
                       {"title": "Prairie", "image": "\(Checkout.demoImage("prairie-panorama"))"}]}
            """)
        let output = folder.file("\(transition)-\(offset).png")
        let result = try VitrineProcess.run(["render", "--config", config, "--offset", offset, "--output", output], timeout: .seconds(10))
        #expect(result.code == 0 && result.err.isEmpty, "stderr: \(result.err)")
        return FileManager.default.contents(atPath: output)
    }

    @Test func fadeBlendsSlideMovesAndNoneWaitsForTheEnd() throws {
        try withTemporaryFolder { folder in
            let rest = try #require(try frame("slide", offset: "0", in: folder))
            let slide = try #require(try frame("slide", offset: "0.5", in: folder))
            let fade = try #require(try frame("fade", offset: "0.5", in: folder))
            #expect(fade != rest && fade != slide)
            #expect(try frame("none", offset: "0.5", in: folder) == rest)
            #expect(try frame("fade", offset: "0", in: folder) == rest)
            let end = try frame("slide", offset: "1", in: folder)
            #expect(try frame("fade", offset: "1", in: folder) == end)
            #expect(try frame("none", offset: "1", in: folder) == end)
        }
    }

    @Test func anUnknownTransitionIsOneLineNamingTheKeyAndTheAllowedValues() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("bad.json", #"{"transition": "dissolve", "cards": []}"#)
            let result = try VitrineProcess.run(["render", "--config", config, "--output", folder.file("x.png")], timeout: .seconds(10))
            #expect(result.code == 65)
            let errors = result.messages("error")
            #expect(errors.count == 1 && errors.first?.contains(#"bad.json: transition: expected "slide", "fade" or "none", found "dissolve""#) == true,
                    "\(result.err)")
        }
    }
}
