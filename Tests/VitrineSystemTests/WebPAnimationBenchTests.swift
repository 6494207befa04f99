import Foundation
import Testing
import VitrineCore
import VitrineSystem

/// The animated WebP benchmark: figures printed, nothing timed is asserted. Runs only when asked, on a release
/// build: `VITRINE_BENCH=webp swift test -c release --filter WebPAnimationBench` (see Docs/Benchmarks.md).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["VITRINE_BENCH"] == "webp"
                    && FileManager.default.isExecutableFile(atPath: img2webpPath), "VITRINE_BENCH=webp, with img2webp"))
struct WebPAnimationBenchTests {
    /// A 1920x1080 picture with detail everywhere (a gradient under noise, a square at `shift`), a row at a time.
    static func noisy(_ path: String, shift: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw WebPTestError.toolFailed("cannot write \(path)")
        }
        defer { try? file.close() }
        try file.write(contentsOf: Array("P7\nWIDTH 1920\nHEIGHT 1080\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8))
        var state: UInt32 = 2463534242
        for y in 0..<1080 {
            var row = [UInt8](repeating: 255, count: 1920 * 4)
            for x in 0..<1920 {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                let noise = UInt8(truncatingIfNeeded: state) & 31
                let inSquare = (shift..<shift + 400).contains(x) && (300..<700).contains(y)
                row[x * 4] = inSquare ? 250 : UInt8(x * 200 / 1920) &+ noise
                row[x * 4 + 1] = inSquare ? 240 : UInt8(y * 200 / 1080) &+ noise
                row[x * 4 + 2] = UInt8((x + y) % 200) &+ noise
            }
            try file.write(contentsOf: Data(row))
        }
    }

    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    @Test func decodeTimeAFrameAndMemoryOfA1920x1080Animation() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-webp-bench")
        defer { folder.remove() }
        try Self.noisy("\(folder.path)/a.pam", shift: 200)
        try Self.noisy("\(folder.path)/b.pam", shift: 1200)
        try WebPAnimationMaker.img2webp(["-lossy", "-q", "75", "-d", "33", "\(folder.path)/a.pam", "-d", "33", "\(folder.path)/b.pam",
                                         "-o", "\(folder.path)/two.webp"])
        let path = "\(folder.path)/bench.webp"
        try WebPAnimationMaker.repeated("\(folder.path)/two.webp", times: 30, to: path)
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var info: AnimationInfo?
        let probe = try Self.milliseconds { info = try WebPAnimation.probe(path: path) }
        let frames = info?.frameCount ?? 0
        if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0) }
        resetPeakResident()
        let before = residentBytes().now
        let source = try WebPAnimation.source(path: path, card: PixelSize(width: 1200, height: 800), since: 0)
        var times: [Double] = []
        for _ in 0..<frames { times.append(try Self.milliseconds { _ = try source.nextFrame() }) }
        let growth = residentBytes().peak - before
        // Every frame composed, one tiny picture scaled: the decode alone.
        let decodeAll = try Self.milliseconds { _ = try WebPAnimation.frame(path: path, at: 1e6, covering: PixelSize(width: 1, height: 1)) }
        times.sort()
        let median = times[times.count / 2], p90 = times[times.count * 9 / 10]
        let decode = decodeAll / Double(max(1, frames))
        print("""
        webp_bench file \(bytes / 1024) KiB, \(frames) frames of 1920x1080 (lossy, q75)
        webp_probe \(String(format: "%.2f", probe)) ms
        webp_decode_frame \(String(format: "%.2f", decode)) ms
        webp_source_frame_1200x800 median \(String(format: "%.2f", median)) p90 \(String(format: "%.2f", p90)) ms
        webp_scale_frame_1200x800 \(String(format: "%.2f", median - decode)) ms
        webp_peak_rss_growth \(growth / 1_048_576) MiB (from \(before / 1_048_576) MiB, the heap trimmed first)
        """)
    }
}
