import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// A corpus of damaged videos made here from a real ffmpeg clip (cut off at several points, bits flipped, headers
/// scrambled) played through the decode thread as a window plays them: none crashes or hangs, memory stays
/// bounded, each ends with its last good frame or a reason, and `check` names each.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: videoTestFFmpeg), "needs ffmpeg (CI installs it)"))
struct VideoFaultTests {
    /// A reproducible byte generator (xorshift), so a failure names the same corpus every run.
    struct Scrambler {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
    }

    /// The damaged files made from `clip` (an MP4 and an MKV of the same clip), by name.
    static func corpus(from clips: [String: Data]) -> [(name: String, bytes: Data)] {
        var files: [(String, Data)] = []
        for (clipName, whole) in clips.sorted(by: { $0.key < $1.key }) {
            let stem = (clipName as NSString).deletingPathExtension, ext = (clipName as NSString).pathExtension
            for percent in [10, 50, 90] {
                files.append(("\(stem)-cut\(percent).\(ext)", whole.prefix(whole.count * percent / 100)))
            }
            for seed in [1, 2] as [UInt64] {
                var bytes = [UInt8](whole), scrambler = Scrambler(state: seed &* 0x9E37_79B9_7F4A_7C15)
                for _ in 0..<64 {
                    let at = 1024 + Int(scrambler.next() % UInt64(bytes.count - 1024))
                    bytes[at] ^= UInt8(1 << (scrambler.next() % 8))
                }
                files.append(("\(stem)-flipped\(seed).\(ext)", Data(bytes)))
                var header = [UInt8](whole)
                for i in 0..<min(256, header.count) where scrambler.next() % 3 == 0 { header[i] = UInt8(truncatingIfNeeded: scrambler.next()) }
                files.append(("\(stem)-header\(seed).\(ext)", Data(header)))
            }
        }
        return files
    }

    /// Resident memory of this process, in MiB.
    static func residentMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }

    @Test func aDamagedCorpusNeverCrashesHangsOrGrowsAndCheckNamesEachFile() throws {
        try withTemporaryFolder { folder in
            for ext in ["mp4", "mkv"] {
                try VideoPlaybackTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=15:duration=2", "-pix_fmt", "yuv420p",
                                               "-c:v", "libx264", "-g", "10", folder.file("clip.\(ext)")])
            }
            let clips = try Dictionary(uniqueKeysWithValues: ["clip.mp4", "clip.mkv"].map { ($0, try Data(contentsOf: URL(fileURLWithPath: folder.file($0)))) })
            let corpus = Self.corpus(from: clips)
            for (name, bytes) in corpus { try bytes.write(to: URL(fileURLWithPath: folder.file(name))) }
            let before = Self.residentMiB()
            var peak = before
            for (name, _) in corpus {
                let path = folder.file(name)
                let pump = FramePump(label: "vitrine.video", open: { () throws(VideoProblem) -> any FrameSource in
                    try VideoFrameSource(path: path, card: PixelSize(width: 360, height: 240))
                }, onFrame: {})
                // Two passes at most: a looping file is played through once more and then left.
                var shown = 0, last: Double?
                let finished = XvfbSession.eventually(15) {
                    while let (frame, _) = pump.take(dueBy: .infinity) {
                        shown += 1
                        last = frame.time
                    }
                    peak = max(peak, Self.residentMiB())
                    return pump.isDone || (last ?? 0) > 4
                }
                #expect(finished, "\(name) hung: \(shown) frames in 15 s")
                #expect(pump.stop(waitingUpTo: 5), "\(name): the decode thread did not end")
                // Either frames came (the last good one stays) or a reason why none could (the poster stays).
                #expect(shown > 0 || pump.problem != nil, "\(name): no frame and no reason")
            }
            #expect(peak - before < 64, "memory grew from \(before) to \(peak) MiB over the corpus")

            let cards = corpus.map { #"{"title": "\#($0.name)", "video": "\#($0.name)"}"# }.joined(separator: ", ")
            _ = try folder.write("kiosk.json", #"{"cards": [\#(cards)]}"#)
            let check = try VitrineProcess.run(["check", "--config", folder.file("kiosk.json")], timeout: .seconds(60))
            for (index, file) in corpus.enumerated() {
                let named = check.out.split(separator: "\n").contains { $0.contains("cards[\(index)].video: \(folder.file(file.name)): ") }
                #expect(named, "check does not name \(file.name): \(check.out)")
            }
        }
    }
}
