import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

extension VideoCardTests {
    /// The hold (Space) stops a real video on its frame in `vitrine replay` and it goes on from there (WCAG 2.2.2).
    @Test func aHeldVideoShowsTheSameBytesAndGoesOnFromItsMomentAfterRelease() throws {
        try withVideoDeck { folder in
            func shot(_ at: Double, _ name: String) -> String { #"{"at":\#(at),"screenshot":"\#(folder.file(name))"}"# }
            _ = try replay(folder, [
                shot(2, "before.png"), #"{"at":2,"key":"space"}"#, shot(2, "held-2.png"), shot(3.5, "held-3.5.png"),
                #"{"at":4,"key":"space"}"#, shot(4.5, "after.png"),
            ])
            func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder.file(name))) }
            #expect(try bytes("held-2.png") == bytes("held-3.5.png"), "held for 1.5 s, the same frame")
            let before = try RGBAImage(contentsOfPNG: folder.file("before.png"))
            let held = try RGBAImage(contentsOfPNG: folder.file("held-3.5.png"))
            let after = try RGBAImage(contentsOfPNG: folder.file("after.png"))
            // Only the button's glyph (pause, then play) differs from the moment before the hold.
            #expect(meanDifference(before, held) == 0)
            #expect(meanDifference(held, after) > 1, "released, it moves again")
            // Held 2 s into the clip for 2 s, released: 4.5 s shows the clip's 2.5 s.
            try runFFmpeg(["-ss", "2.5", "-i", folder.file("clip.mp4"), "-frames:v", "1", folder.file("ffmpeg-2.5.png")])
            let difference = meanDifference(after, try RGBAImage(contentsOfPNG: folder.file("ffmpeg-2.5.png")))
            #expect(difference < 8, "the mean difference from ffmpeg's frame at 2.5 s is \(difference) of 255")
        }
    }
}
