import Foundation
import Testing
import VitrineTestSupport

/// `vitrine replay` of a folder deck on its manual clock: a reload to the folder with files added before the card
/// on screen keeps that card on screen, without a transition.
@Suite struct FolderReplayTests {
    /// A folder `name` in `folder` holding a copy of a demo picture for each file name in `files`.
    func photos(_ folder: TemporaryFolder, _ name: String, _ files: [(String, String)]) throws -> String {
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        for (file, picture) in files { try FileManager.default.copyItem(atPath: Checkout.demoImage(picture), toPath: "\(path)/\(file)") }
        return path
    }

    @Test func filesAddedBeforeTheCurrentCardDoNotMoveIt() throws {
        try withTemporaryFolder { folder in
            let before = try photos(folder, "v1", [("b.jpg", "ember-mesa"), ("d.jpg", "alpine-lake"), ("f.jpg", "canyon")])
            let after = try photos(folder, "v2", [("a.jpg", "misty-hills"), ("b.jpg", "ember-mesa"), ("c.jpg", "starry-lake"),
                                                  ("d.jpg", "alpine-lake"), ("f.jpg", "canyon")])
            let shot = folder.file("shot.png")
            let script = folder.file("script.jsonl")
            try """
                {"at":0.5,"key":"right"}
                {"at":2,"reload":"\(after)"}
                {"at":3,"screenshot":"\(shot)"}
                """.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["replay", "--config", before + "/", "--script", script, "--size", "300x200", "--events", "-"],
                                                timeout: .seconds(30))
            #expect(result.code == 0, "\(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            // d.jpg was card 1 and is card 3 now: its number changes, nothing moves.
            #expect(lines.suffix(2) == [#"{"t":2.000,"event":"pageChanged","page":3,"from":1,"reason":"reload"}"#,
                                        #"{"t":2.000,"event":"deckReloaded","cards":5}"#], "\(result.out)")
            // The frame a second later is the new deck's card 3, at rest.
            let reference = folder.file("reference.png")
            let render = try VitrineProcess.run(["render", "--config", after, "--page", "3", "--size", "300x200", "--output", reference],
                                                timeout: .seconds(30))
            #expect(render.code == 0, "\(render.err)")
            let (shotBytes, referenceBytes) = (FileManager.default.contents(atPath: shot), FileManager.default.contents(atPath: reference))
            #expect(shotBytes != nil && shotBytes == referenceBytes)
        }
    }
}
