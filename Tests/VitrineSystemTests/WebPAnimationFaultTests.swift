import Dispatch
import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrineSystem

extension WebPAnimationMaker {
    /// A 192x128 lossy animation of 8 frames (a colour each, a white square moving across), 60 ms each: its frames'
    /// data fill most of the file, so a cut or a flipped bit lands in a frame.
    static func lossy(in folder: String) throws -> String {
        var arguments = ["-loop", "0", "-lossy", "-q", "70"]
        for index in 0..<8 {
            let frame = "\(folder)/lossy\(index).pam"
            try pam(frame, 192, 128) { x, y in
                if (index * 20..<index * 20 + 32).contains(x), (40..<72).contains(y) { return white }
                return (UInt8(index * 30), UInt8(255 - index * 30), UInt8((x + y) % 256), 255)
            }
            arguments += ["-d", "60", frame]
        }
        let path = "\(folder)/lossy.webp"
        try img2webp(arguments + ["-o", path])
        return path
    }

    /// The RIFF chunks of a WebP from byte 12 on: each tag and its whole chunk's bytes (header, payload, padding).
    static func chunks(_ bytes: [UInt8], from start: Int = 12) -> [(tag: String, bytes: ArraySlice<UInt8>)] {
        var found: [(String, ArraySlice<UInt8>)] = [], at = start
        while at + 8 <= bytes.count {
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let end = min(bytes.count, at + 8 + size + size % 2)
            found.append((String(decoding: bytes[at..<at + 4], as: UTF8.self), bytes[at..<end]))
            at = end
        }
        return found
    }

    /// The animation at `path` with its frames played `times` over within one pass, written to `output`: many frames
    /// made from an img2webp file of a few (img2webp takes seconds a frame at 2000x2000 on a loaded machine).
    static func repeated(_ path: String, times: Int, to output: String) throws {
        let parts = chunks([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var body = Array("WEBP".utf8)
        for part in parts where part.tag != "ANMF" { body += part.bytes }
        for _ in 0..<times { for part in parts where part.tag == "ANMF" { body += part.bytes } }
        let size = UInt32(body.count)
        let riff = Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + body
        try Data(riff).write(to: URL(fileURLWithPath: output))
    }

    /// A `width` x `height` PAM at `path`, its upper half `upper` and its lower half `lower`, written a row at a
    /// time (no picture held whole, so the memory test's baseline stays low).
    static func bands(_ path: String, _ width: Int, _ height: Int, upper: Colour, lower: Colour) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw WebPTestError.toolFailed("cannot write \(path)")
        }
        defer { try? file.close() }
        try file.write(contentsOf: Array("P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8))
        for (colour, count) in [(upper, height / 2), (lower, height - height / 2)] {
            let row = Data([colour.r, colour.g, colour.b, colour.a].repeated(width))
            for _ in 0..<count { try file.write(contentsOf: row) }
        }
    }
}

extension Array {
    /// The array `count` times over.
    func repeated(_ count: Int) -> [Element] { Array([[Element]](repeating: self, count: count).joined()) }
}

/// Resident memory of this process and its peak since the peak was last reset, in bytes (`/proc/self/status`).
func residentBytes() -> (now: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func kib(_ key: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(key) } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }
    return (kib("VmRSS:"), kib("VmHWM:"))
}

/// Resets this process's peak resident memory to what it holds now (`clear_refs` 5).
func resetPeakResident() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: img2webpPath), "needs img2webp (package webp; CI installs it)"))
struct WebPAnimationFaultTests {
    /// A reproducible byte generator (xorshift), so a failure names the same corpus every run.
    struct Scrambler {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
    }

    /// What playing one damaged file gave.
    struct Outcome: Sendable {
        var name: String
        var frames = 0
        var damaged = false
        var problems: [String] = []
        var probed: AnimationInfo?
    }

    /// The damaged files made from `whole`: cut off at several points, bits flipped, headers scrambled.
    static func corpus(_ whole: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for percent in [1, 5, 10, 25, 40, 55, 70, 85, 95, 99] {
            files.append(("cut\(percent).webp", Array(whole.prefix(whole.count * percent / 100))))
        }
        for seed in 1...4 as ClosedRange<UInt64> {
            var scrambler = Scrambler(state: seed &* 0x9E37_79B9_7F4A_7C15)
            var flipped = whole
            for _ in 0..<24 {
                let at = 64 + Int(scrambler.next() % UInt64(flipped.count - 64))
                flipped[at] ^= UInt8(1 << (scrambler.next() % 8))
            }
            files.append(("flipped\(seed).webp", flipped))
            var header = whole
            for i in 0..<64 where scrambler.next() % 3 == 0 { header[i] = UInt8(truncatingIfNeeded: scrambler.next()) }
            files.append(("header\(seed).webp", header))
        }
        // The canvas's size fields (VP8X, bytes 24 to 29) saying 8000x8000: the frames fit it, its decode does not fit
        // the memory limit.
        var huge = whole
        for at in [24, 27] { huge[at] = UInt8(7999 & 0xFF); huge[at + 1] = UInt8(7999 >> 8); huge[at + 2] = 0 }
        files.append(("huge.webp", huge))
        files.append(("riff.webp", Array(whole.prefix(10))))
        return files
    }

    /// Plays `path` as a card would (probe, then up to 40 frames, then the frame of a moment).
    static func play(_ path: String, name: String) -> Outcome {
        var outcome = Outcome(name: name)
        do throws(VideoProblem) { outcome.probed = try WebPAnimation.probe(path: path) } catch { outcome.problems.append(error.description) }
        do throws(VideoProblem) {
            let source = try WebPAnimation.source(path: path, card: PixelSize(width: 120, height: 80), since: 0)
            while outcome.frames < 40, try source.nextFrame() != nil { outcome.frames += 1 }
            outcome.damaged = source.isDamaged
        } catch { outcome.problems.append(error.description) }
        do throws(VideoProblem) { _ = try WebPAnimation.frame(path: path, at: 0.3, covering: PixelSize(width: 60, height: 40)) } catch {
            outcome.problems.append(error.description)
        }
        return outcome
    }

    @Test func aDamagedCorpusNeverCrashesOrHangsAndSaysWhyInOneLine() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-webp-faults")
        defer { folder.remove() }
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: WebPAnimationMaker.lossy(in: folder.path))))
        let corpus = Self.corpus(whole)
        for (name, bytes) in corpus { try Data(bytes).write(to: URL(fileURLWithPath: "\(folder.path)/\(name)")) }
        // Played on a thread of its own, waited for with a deadline: a hang fails the test instead of stalling it.
        let outcomes = Mutex<[Outcome]>([])
        let done = DispatchSemaphore(value: 0)
        let path = folder.path
        DispatchQueue.global().async {
            for (name, _) in corpus {
                let outcome = Self.play("\(path)/\(name)", name: name)
                outcomes.withLock { $0.append(outcome) }
            }
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 60) == .success
        let played = outcomes.withLock { $0 }
        #expect(finished, "hung after \(played.map(\.name))")
        guard finished else { return }
        for outcome in played {
            // Frames, or a reason: never neither.
            #expect(outcome.frames > 0 || !outcome.problems.isEmpty, "\(outcome.name): no frame and no reason")
            for problem in outcome.problems {
                #expect(!problem.contains("\n") && problem.hasPrefix("\(outcome.name): "), "\(outcome.name): \(problem)")
            }
        }
        let named = Dictionary(uniqueKeysWithValues: played.map { ($0.name, $0) })
        // Cut off mid-way: the frames before the cut, damaged; the probe describes those frames.
        for name in ["cut55.webp", "cut85.webp", "cut95.webp"] {
            let outcome = try #require(named[name])
            #expect(outcome.frames > 0 && outcome.damaged, "\(name): \(outcome.frames) frames, damaged \(outcome.damaged)")
            let frames = outcome.probed?.frameCount ?? 0
            #expect(frames > 0 && frames < 8, "\(name): probed \(frames) frames")
        }
        // Too short for a single frame: a reason.
        for name in ["cut1.webp", "cut5.webp"] {
            #expect(named[name]?.problems.first?.contains("has no whole frame") == true, "\(named[name]?.problems ?? [])")
        }
        #expect(named["riff.webp"]?.problems.first == "riff.webp: not a WebP libwebp can read (10 bytes)")
        // A canvas claiming too much is refused before decoding, saying why.
        #expect(named["huge.webp"]?.problems.count == 3 && named["huge.webp"]?.problems.allSatisfy { $0.contains("decode memory limit") } == true,
                "\(named["huge.webp"]?.problems ?? [])")
        // The whole file plays without damage.
        let intact = Self.play("\(path)/lossy.webp", name: "lossy.webp")
        #expect(intact.frames == 40 && !intact.damaged && intact.problems.isEmpty)
    }

    @Test func aFrameThatCannotBeDecodedEndsTheFramesThereDamaged() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-webp-bad-frame")
        defer { folder.remove() }
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: WebPAnimationMaker.lossy(in: folder.path))))
        // The fourth frame's VP8 data cut to half, its chunk sizes saying so: its chunks are whole and consistent,
        // its data ends before its picture does.
        var body = Array("WEBP".utf8), frame = 0
        for part in WebPAnimationMaker.chunks(whole) {
            defer { if part.tag == "ANMF" { frame += 1 } }
            guard part.tag == "ANMF", frame == 3 else { body += part.bytes; continue }
            let chunk = Array(part.bytes)
            func le(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
            var payload = Array(chunk[8..<24])
            for inner in WebPAnimationMaker.chunks(chunk, from: 24) {
                guard inner.tag == "VP8 " else { payload += inner.bytes; continue }
                let data = Array(inner.bytes.dropFirst(8))
                payload += Array("VP8 ".utf8) + le(data.count / 2 & ~1) + data.prefix(data.count / 2 & ~1)
            }
            body += Array("ANMF".utf8) + le(payload.count) + payload
        }
        let bytes = Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: body.count >> (8 * $0)) } + body
        let path = "\(folder.path)/bad.webp"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try WebPAnimation.probe(path: path)?.frameCount == 8)
        let source = try WebPAnimation.source(path: path, card: PixelSize(width: 48, height: 32), since: 0)
        let (given, ended) = try frames(of: source, limit: 20)
        #expect(ended && given.count == 3 && source.isDamaged)
        // The moment of a frame past it shows the last good one.
        let third = try WebPAnimation.frame(path: path, at: 0.13, covering: PixelSize(width: 48, height: 32))
        let later = try WebPAnimation.frame(path: path, at: 0.4, covering: PixelSize(width: 48, height: 32))
        let same = third.pixels == later.pixels
        #expect(same)
    }

    @Test func aLargeLongAnimationDecodesWithinOneCanvasesMemory() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-webp-memory")
        defer { folder.remove() }
        let red: WebPAnimationMaker.Colour = (255, 0, 0, 255), blue: WebPAnimationMaker.Colour = (0, 0, 255, 255)
        try WebPAnimationMaker.bands("\(folder.path)/a.pam", 2000, 2000, upper: red, lower: blue)
        try WebPAnimationMaker.bands("\(folder.path)/b.pam", 2000, 2000, upper: blue, lower: red)
        try WebPAnimationMaker.img2webp(["-d", "40", "\(folder.path)/a.pam", "-d", "40", "\(folder.path)/b.pam", "-o", "\(folder.path)/two.webp"])
        let path = "\(folder.path)/long.webp"
        try WebPAnimationMaker.repeated("\(folder.path)/two.webp", times: 50, to: path)
        let info = try #require(try WebPAnimation.probe(path: path))
        #expect(info.frameCount == 100 && info.size == PixelSize(width: 2000, height: 2000))
        // Heap memory freed before (the test's own buffers) given back, so libwebp's canvases count when touched.
        if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0) }
        resetPeakResident()
        let before = residentBytes().now
        let source = try WebPAnimation.source(path: path, card: PixelSize(width: 150, height: 100), since: 0)
        var colours: [UInt32?] = []
        while colours.count < 100, let frame = try source.nextFrame() { colours.append(pixel(frame, 75, 10)) }
        let growth = residentBytes().peak - before
        let allFrames = 100 * 2000 * 2000 * 4
        print("webp animation memory: 100 frames of 2000x2000 (\(allFrames / 1_048_576) MiB decoded), peak resident growth \(growth / 1_048_576) MiB")
        #expect(colours.count == 100 && colours.first == argb(red) && colours.last == argb(blue))
        // One canvas and the one libwebp keeps are 30.5 MiB; all frames would be 1,526 MiB.
        #expect(growth < 128 * 1_048_576, "grew \(growth / 1_048_576) MiB")
    }
}
