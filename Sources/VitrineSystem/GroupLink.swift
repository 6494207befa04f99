import Glibc
import Synchronization
import VitrineCore

/// A group member's side of its group topic (`sync`): reads what arrives into runtime inputs, and stamps what
/// the runtime sends with this member's id and a sequence number. Safe from any thread.
///
/// Stamps travel as milliseconds UTC; the runtime keeps local wall time, so both directions go through the
/// zone's offset at the moment. The sequence number is the wall clock's milliseconds (or one more than the last,
/// if that is not more), so it runs on across restarts and a member's older commands are told from newer ones.
public final class GroupLink: Sendable {
    /// The group's topic.
    public let topic: String
    /// This member's id, the commands' `from`.
    public let sender: String
    private let state = Mutex<(seq: Int64, warnings: WarningLimiter)>((0, WarningLimiter()))
    /// The wall clock's milliseconds when the link was made: this member's own commands of this run are numbered
    /// from it (those of an earlier run, retained by the broker, are taken like anyone's).
    private let started: Int64
    /// `sync.lead`: a bare command starts this long after it arrives.
    private let lead: Double

    /// The link of member `sender` to `sync`'s group under `prefix`.
    public init(_ sync: SyncConfig, prefix: String, sender: String) {
        topic = sync.topic(prefix: prefix)
        self.sender = sender
        lead = sync.lead
        started = GroupLink.wallMilliseconds
    }

    /// Milliseconds since 1970 UTC now.
    static var wallMilliseconds: Int64 {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec / 1_000_000)
    }

    /// Local wall time minus UTC now, in seconds.
    static var localOffset: Double {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        let epoch = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
        return (LocalClock.localTime(atEpoch: epoch).seconds - epoch).rounded()
    }

    /// The input for a message that arrived on the group topic, a bare one stamped `sync.lead` from now; nil for
    /// this member's own (it carried it out already) and for a refused one, which is logged as a rate-limited
    /// warning.
    public func received(_ payload: UnsafeRawBufferPointer) -> RuntimeInput? {
        guard payload.count <= GroupCommand.messageBytes else {
            refuse("the message is \(payload.count) bytes, over the limit of \(GroupCommand.messageBytes)")
            return nil
        }
        let offset = GroupLink.localOffset
        switch GroupCommand.parse(Array(payload), localOffset: offset) {
        case .success(var command):
            // A bare command is stamped here, as it arrives: the loop's own delay to take it (a frame being drawn)
            // must not move its start.
            if command.start == nil { command.start = Double(GroupLink.wallMilliseconds) / 1000 + offset + lead }
            let own = command.sender == sender && (command.seq ?? 0) >= started
            return own ? nil : .group(.command(command))
        case .failure(let refusal):
            refuse(refusal.message)
            return nil
        }
    }

    /// The message for `command`, sent by the runtime: stamped with this member's id and its next number.
    public func message(for command: GroupCommand) -> FleetMessage {
        var command = command
        command.sender = sender
        command.seq = state.withLock { state in
            state.seq = max(state.seq + 1, GroupLink.wallMilliseconds, started)
            return state.seq
        }
        // Retained: a member that starts or reconnects learns where the group's timeline stands.
        return FleetMessage(topic: topic, payload: command.json(localOffset: GroupLink.localOffset), qos: 1, retain: true)
    }

    private func refuse(_ reason: String) {
        let line = state.withLock { $0.warnings.line("mqtt: refused a message on \(topic): \(reason)", at: MonotonicClock.seconds) }
        if let line { Logger.shared.log(.warning, line) }
    }
}
