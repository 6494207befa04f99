import Testing
@testable import VitrineSystem

@Suite struct LogFormatTests {
    /// A standard error that is device 64769, inode 1234567.
    static let file: (device: UInt64, inode: UInt64) = (64769, 1_234_567)

    @Test func aJournalStreamNamingStandardErrorMeansTheJournal() {
        #expect(LogFormat.decide(journalStream: "64769:1234567", standardError: Self.file) == .journal)
    }

    @Test(arguments: [
        nil,                   // not under systemd
        "64769:7654321",       // another file on the same device: standard error was redirected
        "1:1234567",           // the same inode number on another device
        "", "64769", "64769:", ":1234567", "64769:1234567:8", "x:y", "-1:1234567", " 64769:1234567",
    ])
    func anythingElseKeepsTheTimestamp(journalStream: String?) {
        #expect(LogFormat.decide(journalStream: journalStream, standardError: Self.file) == .timestamped)
    }

    @Test func aStandardErrorThatCannotBeExaminedKeepsTheTimestamp() {
        #expect(LogFormat.decide(journalStream: "64769:1234567", standardError: nil) == .timestamped)
    }

    @Test func numbersAsLargeAsADevT() {
        let big: (device: UInt64, inode: UInt64) = (UInt64.max, UInt64.max - 1)
        #expect(LogFormat.decide(journalStream: "\(UInt64.max):\(UInt64.max - 1)", standardError: big) == .journal)
    }

    @Test(arguments: [(LogLevel.error, "<3>"), (.warning, "<4>"), (.info, "<6>"), (.debug, "<7>")])
    func journalLinesStartWithThePriorityAndHaveNoTime(level: LogLevel, prefix: String) {
        let line = LogFormat.journal.line(level, "image unavailable: a.jpg", timestamp: { Issue.record("time asked for"); return "" })
        #expect(line == "\(prefix)vitrine: \(level.rawValue): image unavailable: a.jpg\n")
    }

    @Test func timestampedLinesAreAsBefore() {
        let line = LogFormat.timestamped.line(.warning, "image unavailable: a.jpg", timestamp: { "2026-11-30T03:50:12.345Z" })
        #expect(line == "2026-11-30T03:50:12.345Z vitrine: warning: image unavailable: a.jpg\n")
    }

    @Test func everyLineOfAMessageOnSeveralLinesGetsThePriority() {
        #expect(LogFormat.journal.line(.error, "first\nsecond", timestamp: { "" }) == "<3>vitrine: error: first\n<3>second\n")
    }
}
