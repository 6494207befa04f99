import Foundation
import Testing
import VitrineTestSupport

@Suite struct BenchCommandTests {
    /// The figures `vitrine bench` prints, in order, with their units.
    static let figures = [("config_load", "ms"), ("first_frame", "ms"), ("first_frame_cached", "ms"), ("transition_frame", "ms"), ("fade_frame", "ms"), ("swipe_from_rest_frame", "ms"), ("swipe_from_idle_frame", "ms"),
                          ("memcpy_frame", "ms"), ("frame_over_memcpy", "x"), ("fade_over_memcpy", "x"), ("peak_rss", "MiB"), ("decode_1800x1200", "ms"),
                          ("decode_1800x1200_sdl_image", "ms"), ("decode_6000x4000", "ms"), ("decode_6000x4000_sdl_image", "ms"),
                          ("title_latin", "ms"), ("title_hebrew", "ms"), ("title_arabic", "ms"), ("title_mixed", "ms"), ("title_devanagari", "ms"),
                          ("title_emoji", "ms")]

    @Test func smallBenchPrintsEveryFigureWithNumbersAndUnits() throws {
        // The bench gets a temporary folder of its own as TMPDIR, so what it leaves behind is told apart from what
        // other tests running beside it make in the shared one (SyntheticDeckTests makes `vitrine-bench-test-*`).
        try withTemporaryFolder { tmp in
            let result = try VitrineProcess.run(["bench", "--size", "320x200", "--cards", "3", "--frames", "5", "--decodes", "1"],
                                                environment: VitrineProcess.noDisplay.merging(["TMPDIR": tmp.path]) { $1 },
                                                timeout: .seconds(60))
            #expect(!result.timedOut)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(result.err.isEmpty, "the synthetic deck draws without warnings: \(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("# vitrine bench: 320x200, 3 cards") == true, "\(lines)")
            let rows = lines.filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
            #expect(rows.map { $0.first ?? "" } == Self.figures.map(\.0), "\(result.out)")
            for (row, (name, unit)) in zip(rows, Self.figures) {
                #expect(row.count == 4, "\(name): \(row)")
                guard row.count == 4, let median = Double(row[1]), let p90 = Double(row[2]) else {
                    Issue.record("\(name) has no numbers: \(row)")
                    continue
                }
                #expect(row[3] == unit, "\(name)")
                #expect(median > 0 && median.isFinite, "\(name): \(median)")
                #expect(p90 >= median, "\(name): the 90th percentile \(p90) is below the median \(median)")
            }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? ["(unreadable)"]
            #expect(left.isEmpty, "the temporary deck was left behind: \(left)")
        }
    }

    @Test(arguments: [["--cards", "0"], ["--cards", "many"], ["--frames", "0"], ["--frames", "-3"], ["--size", "320"],
                      ["--size", "0x10"], ["--cards"], ["--turbo"], ["extra"]])
    func badArgumentsAreUsageErrors(_ arguments: [String]) throws {
        let result = try VitrineProcess.run(["bench"] + arguments, timeout: .seconds(10))
        #expect(result.code == 64, "\(arguments): stderr: \(result.err)")
        #expect(result.out.isEmpty)
        #expect(result.messages("error").count == 1, "\(result.err)")
        #expect(result.err.contains(VitrineProcess.usageFirstLine))
    }

    @Test func helpDescribesEveryFigure() throws {
        let result = try VitrineProcess.run(["bench", "--help"], timeout: .seconds(10))
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("usage: vitrine bench"))
        for (name, _) in Self.figures { #expect(result.out.contains(name)) }
    }
}
