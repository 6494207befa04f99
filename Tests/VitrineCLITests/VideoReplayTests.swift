import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

extension VideoCardTests {
    /// `vitrine replay` with `script` on the video deck in a 360x240 window; its event log.
    func replay(_ folder: TemporaryFolder, _ script: [String]) throws -> String {
        let path = folder.file("script.jsonl")
        try script.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try VitrineProcess.run(["replay", "--config", folder.file("kiosk.json"), "--script", path, "--size", "360x240",
                                             "--events", "-"], timeout: .seconds(30))
        #expect(result.code == 0, "stderr: \(result.err)")
        return result.out
    }

    @Test func replayScreenshotsShowTheFrameOfTheirMomentAfterLandingAndTheSameBytesTwice() throws {
        try withVideoDeck { folder in
            // Card 0 lands at the start; card 1 (the same clip) lands when the Right key's slide ends.
            var script = ["0.5", "1.5", "4.2"].map { #"{"at":\#($0),"screenshot":"\#(folder.file("start-\($0).png"))"}"# }
            script.append(#"{"at":5,"key":"right"}"#)
            let log = try replay(folder, script + [#"{"at":5.1,"screenshot":"\#(folder.file("sliding.png"))"}"#])
            let landed = try #require(log.split(separator: "\n").last { $0.contains(#""event":"pageChanged","page":1"#) })
            let at = try #require(Double(String(landed.split(separator: ",")[0].dropFirst(5))))
            let later = ["0.5", "1.5", "4.2"].map { #"{"at":\#(at + Double($0)!),"screenshot":"\#(folder.file("landed-\($0).png"))"}"# }
            let second = try replay(folder, script + later)
            #expect(second.contains(#""event":"pageChanged","page":1"#))
            var shots: [RGBAImage] = []
            for time in ["0.5", "1.5", "4.2"] {
                try runFFmpeg(["-ss", time, "-i", folder.file("clip.mp4"), "-frames:v", "1", folder.file("ffmpeg-\(time).png")])
                let theirs = try RGBAImage(contentsOfPNG: folder.file("ffmpeg-\(time).png"))
                for name in ["start-\(time).png", "landed-\(time).png"] {
                    let ours = try RGBAImage(contentsOfPNG: folder.file(name))
                    let difference = meanDifference(ours, theirs)
                    #expect(difference < 8, "\(name): the mean difference from ffmpeg's frame is \(difference) of 255")
                }
                shots.append(try RGBAImage(contentsOfPNG: folder.file("start-\(time).png")))
            }
            // Each moment is its own frame (testsrc2 draws the time): a poster stuck on screen fails here.
            #expect(meanDifference(shots[0], shots[1]) > 1 && meanDifference(shots[1], shots[2]) > 1)
            let first = try ["0.5", "1.5", "4.2"].map { try Data(contentsOf: URL(fileURLWithPath: folder.file("landed-\($0).png"))) }
            _ = try replay(folder, script + later)
            let again = try ["0.5", "1.5", "4.2"].map { try Data(contentsOf: URL(fileURLWithPath: folder.file("landed-\($0).png"))) }
            #expect(first == again, "a second run gives the same bytes")
        }
    }
}
