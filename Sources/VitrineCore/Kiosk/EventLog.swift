import Foundation

/// The `--events` log: one JSON object per line with `"t"` and `"event"`, to a file or standard output.
public final class EventLog {
    private let handle: FileHandle
    private let ownsHandle: Bool

    /// A log to `path`, created or truncated; `-` is standard output.
    public init(path: String) throws {
        if path == "-" {
            handle = .standardOutput
            ownsHandle = false
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            ownsHandle = true
        }
    }

    deinit {
        if ownsHandle { try? handle.close() }
    }

    /// Writes the pager's events that belong in the log (taps do not), stamped `t` seconds.
    public func write(_ events: [PagerEvent], t: Double) {
        let lines = events.compactMap { $0.jsonLine(t: t) }
        guard !lines.isEmpty else { return }
        handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Writes that the deck was reloaded from its config and now has `cards` cards, stamped `t` seconds.
    public func writeDeckReloaded(cards: Int, t: Double) {
        handle.write(Data((EventLog.deckReloadedLine(cards: cards, t: t) + "\n").utf8))
    }

    /// The `deckReloaded` line, in the pager events' format: `{"t":3.250,"event":"deckReloaded","cards":6}`.
    public static func deckReloadedLine(cards: Int, t: Double) -> String {
        "{\"t\":\(PagerEvent.formatSeconds(t)),\"event\":\"deckReloaded\",\"cards\":\(cards)}"
    }
}
