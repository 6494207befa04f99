/// The plays not yet acknowledged by the broker, in order, and the next play's number.
///
/// Each landed card is recorded with the next `seq` (which runs on across restarts: the queue is saved to disk
/// with it). Plays are handed to the MQTT client while it is connected and leave the queue when the broker
/// acknowledges them (QoS 1). A play handed out stays with the client until then: libmosquitto sends it again
/// itself after a reconnect, so the queue hands each play out once per run and never twice. While the broker is
/// unreachable the queue grows up to ``capacity``; past that the oldest play is dropped and counted, and the
/// count is said once (``takeDroppedReport()``).
public struct PlayQueue: Sendable, Equatable {
    /// How many plays wait at most: at one card every 5 s, about 14 hours without a broker.
    public static let defaultCapacity = 10_000

    /// The most plays kept.
    public let capacity: Int
    /// The number the next play gets.
    public private(set) var nextSeq: Int
    /// The plays not acknowledged, oldest first.
    public private(set) var waiting: [PlayRecord] = []
    /// How many of ``waiting`` (from the front) were handed to the client in this run.
    public private(set) var handedOut = 0
    /// Plays dropped since the last report: how many, and the first and last `seq` dropped.
    private var dropped: (count: Int, first: Int, last: Int)?

    /// An empty queue whose next play is `nextSeq`.
    public init(capacity: Int = PlayQueue.defaultCapacity, nextSeq: Int = 1) {
        self.capacity = max(1, capacity)
        self.nextSeq = max(1, nextSeq)
    }

    public static func == (a: PlayQueue, b: PlayQueue) -> Bool {
        a.capacity == b.capacity && a.nextSeq == b.nextSeq && a.waiting == b.waiting && a.handedOut == b.handedOut
    }

    /// Records a landed card with the next `seq`; drops the oldest play when the queue is full.
    @discardableResult
    public mutating func record(milliseconds: Int64, page: Int, id: String?, reason: String) -> PlayRecord {
        let play = PlayRecord(seq: nextSeq, milliseconds: milliseconds, page: page, id: id, reason: reason)
        nextSeq += 1
        waiting.append(play)
        if waiting.count > capacity {
            let lost = waiting.removeFirst()
            handedOut = max(0, handedOut - 1)
            dropped = (count: (dropped?.count ?? 0) + 1, first: dropped?.first ?? lost.seq, last: lost.seq)
        }
        return play
    }

    /// The plays not handed out yet, in order; from now on they count as handed out.
    public mutating func handOut() -> [PlayRecord] {
        defer { handedOut = waiting.count }
        return Array(waiting[handedOut...])
    }

    /// Plays from `seq` on were not taken by the client after all (it lost the connection): they are handed out
    /// again at the next ``handOut()``.
    public mutating func takeBack(from seq: Int) {
        if let index = waiting.firstIndex(where: { $0.seq == seq }), index < handedOut { handedOut = index }
    }

    /// The broker has play `seq`: it leaves the queue. Returns whether it was waiting.
    @discardableResult
    public mutating func acknowledge(seq: Int) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.seq == seq }) else { return false }
        waiting.remove(at: index)
        if index < handedOut { handedOut -= 1 }
        return true
    }

    /// One line saying how many plays were dropped since the last report, or nil when none were.
    public mutating func takeDroppedReport() -> String? {
        guard let dropped else { return nil }
        self.dropped = nil
        let which = dropped.count == 1 ? "play \(dropped.first) was" : "\(dropped.count) plays (seq \(dropped.first) to \(dropped.last)) were"
        return "mqtt: \(which) dropped while the broker was unreachable: the queue keeps the latest \(capacity)"
    }

    /// The queue as a file: a first line `{"nextSeq":N}`, then one play a line, oldest first.
    public var fileText: String {
        var text = "{\"nextSeq\":\(nextSeq)}\n"
        for play in waiting { text += play.json + "\n" }
        return text
    }

    /// A queue read back from ``fileText``, with every play as not handed out; lines that are not plays are
    /// skipped and counted. `nextSeq` is never below one past the last play read.
    public static func read(_ bytes: [UInt8], capacity: Int = PlayQueue.defaultCapacity) -> (queue: PlayQueue, badLines: Int) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map(Array.init)
        var nextSeq = 1
        var badLines = 0
        if let first = lines.first, let header = try? JSONValue.parse(first), case .number(let n)? = header["nextSeq"],
           n >= 1, n == n.rounded(), n < 9e15 {
            nextSeq = Int(n)
            lines.removeFirst()
        }
        var plays: [PlayRecord] = []
        for line in lines {
            guard let play = PlayRecord.parse(line), play.seq > (plays.last?.seq ?? 0) else { badLines += 1; continue }
            plays.append(play)
        }
        var queue = PlayQueue(capacity: capacity, nextSeq: max(nextSeq, (plays.last?.seq ?? 0) + 1))
        queue.waiting = Array(plays.suffix(queue.capacity))
        return (queue, badLines)
    }
}
