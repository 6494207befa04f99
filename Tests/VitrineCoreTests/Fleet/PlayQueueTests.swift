import Testing
@testable import VitrineCore

/// The plays waiting for the broker: numbering, handing out once, dropping the oldest, the file.
@Suite struct PlayQueueTests {
    @Test func seqRunsOnAndEachPlayIsHandedOutOnce() {
        var queue = PlayQueue(nextSeq: 41)
        queue.record(milliseconds: 0, page: 1, id: "a", reason: "start")
        queue.record(milliseconds: 1, page: 2, id: nil, reason: "autoplay")
        #expect(queue.handOut().map(\.seq) == [41, 42])
        #expect(queue.handOut().isEmpty)
        queue.record(milliseconds: 2, page: 3, id: nil, reason: "swipe")
        #expect(queue.handOut().map(\.seq) == [43])
        queue.acknowledge(seq: 42)
        #expect(queue.waiting.map(\.seq) == [41, 43])
        #expect(queue.handOut().isEmpty)
        queue.takeBack(from: 43)
        #expect(queue.handOut().map(\.seq) == [43])
    }

    @Test func aFullQueueDropsTheOldestAndSaysHowManyOnce() {
        var queue = PlayQueue(capacity: 3)
        for page in 0..<5 { queue.record(milliseconds: Int64(page), page: page, id: nil, reason: "autoplay") }
        #expect(queue.waiting.map(\.seq) == [3, 4, 5])
        #expect(queue.takeDroppedReport() == "mqtt: 2 plays (seq 1 to 2) were dropped while the broker was unreachable: the queue keeps the latest 3")
        #expect(queue.takeDroppedReport() == nil)
        #expect(queue.nextSeq == 6)
    }

    @Test func theFileKeepsTheNextSeqAndThePlays() {
        var queue = PlayQueue()
        queue.record(milliseconds: 1_796_119_200_000, page: 3, id: "lobby", reason: "autoplay")
        queue.record(milliseconds: 1_796_119_201_250, page: 4, id: nil, reason: "swipe")
        queue.acknowledge(seq: 1)
        #expect(queue.fileText == """
            {"nextSeq":3}
            {"seq":2,"time":"2026-12-01T10:00:01.250Z","page":4,"id":null,"reason":"swipe"}

            """)
        let (read, bad) = PlayQueue.read(Array(queue.fileText.utf8))
        #expect(bad == 0)
        #expect(read == queue)
        // Every play read back is handed out again at the next connection.
        var again = read
        #expect(again.handOut().map(\.seq) == [2])
    }

    @Test func aDamagedFileKeepsWhatCanBeRead() {
        let text = "{\"nextSeq\":9}\n{\"seq\":7,\"time\":\"2026-12-01T10:00:00.000Z\",\"page\":0,\"id\":null,\"reason\":\"start\"}\nnot a play\n{\"seq\":12,"
        let (queue, bad) = PlayQueue.read(Array(text.utf8))
        #expect(bad == 2)
        #expect(queue.waiting.map(\.seq) == [7])
        #expect(queue.nextSeq == 9)
        #expect(PlayQueue.read([]).queue.nextSeq == 1)
        // A header lost: seq goes on past the last play read, never back.
        let headless = PlayQueue.read(Array("{\"seq\":30,\"time\":\"2026-12-01T10:00:00.000Z\",\"page\":0,\"id\":null,\"reason\":\"start\"}\n".utf8))
        #expect(headless.queue.nextSeq == 31)
    }

    @Test func timesAreUTCWithMilliseconds() {
        #expect(PlayRecord.utcText(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(PlayRecord.utcText(milliseconds: 1_796_119_200_007) == "2026-12-01T10:00:00.007Z")
        #expect(PlayRecord.parseUTC("2026-12-01T10:00:00.007Z") == 1_796_119_200_007)
        #expect(PlayRecord.parseUTC("2026-12-01T10:00:00Z") == nil)
    }
}
