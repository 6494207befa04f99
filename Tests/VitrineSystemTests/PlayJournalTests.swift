import Glibc
import Testing
import VitrineCore
@testable import VitrineSystem

/// The plays kept on disk: written whole in folders made as needed, read back, and a file that cannot be read.
@Suite struct PlayJournalTests {
    @Test func playsAndTheNextSeqSurviveARestart() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-journal-tests")
        defer { folder.remove() }
        let journal = PlayJournal(path: folder.path + "/state/vitrine/plays-k1.jsonl")
        #expect(journal.load().queue == PlayQueue())
        #expect(journal.load().problem == nil)
        var queue = PlayQueue()
        queue.record(milliseconds: 1_796_119_200_000, page: 0, id: "a", reason: "start")
        queue.record(milliseconds: 1_796_119_205_000, page: 1, id: nil, reason: "autoplay")
        queue.acknowledge(seq: 1)
        #expect(journal.save(queue) == nil)
        let (loaded, problem) = journal.load()
        #expect(problem == nil)
        #expect(loaded.nextSeq == 3)
        #expect(loaded.waiting.map(\.seq) == [2])
    }

    @Test func aFolderThatCannotBeMadeIsOneLine() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-journal-tests")
        defer { folder.remove() }
        let blocker = folder.path + "/file"
        close(open(blocker, O_CREAT | O_WRONLY, 0o644))
        let line = PlayJournal(path: blocker + "/plays-k1.jsonl").save(PlayQueue())
        #expect(line?.hasPrefix("mqtt: cannot keep the plays on disk: ") == true, "\(line ?? "")")
    }

    @Test func theStateFolderFollowsSystemdThenXDG() {
        let systemd = ["STATE_DIRECTORY": "/var/lib/vitrine:/other", "XDG_STATE_HOME": "/x", "HOME": "/home/a"]
        #expect(PlayJournal(id: "k1", environment: { systemd[$0] }).path == "/var/lib/vitrine/plays-k1.jsonl")
        let xdg = ["STATE_DIRECTORY": "", "XDG_STATE_HOME": "/home/a/.state", "HOME": "/home/a"]
        #expect(PlayJournal(id: "k1", environment: { xdg[$0] }).path == "/home/a/.state/vitrine/plays-k1.jsonl")
        #expect(PlayJournal(id: "k1", environment: { ["HOME": "/home/a"][$0] }).path == "/home/a/.local/state/vitrine/plays-k1.jsonl")
    }
}
