internal import CSpeechd
import Dispatch
import Glibc
import Synchronization
import VitrineCore

/// The kiosk's voice: speaks what the runtime asks (``KioskEffect/speak(_:)``) through speech-dispatcher, on the
/// queue `vitrine.speech`, so the loop never waits on its socket.
///
/// libspeechd is opened on first use (`CSpeechd`'s shim); without it, or without a daemon to talk to, the kiosk
/// runs silent and says once, in one line, why. A daemon that stops answering is one warning too: the connection is
/// dropped and made again for the next card. Each request cancels what is still being said (`CANCEL self`), then
/// sets the language, voice and rate and queues the texts at `SPD_TEXT` priority; a request overtaken by a newer
/// one before its turn on the queue is skipped.
public final class Speaker: Sendable {
    private struct State {
        /// Counts requests, so one overtaken on the queue is skipped.
        var generation = 0
    }

    /// The connection, touched only on ``queue``.
    private final class Connection: @unchecked Sendable {
        var handle: UnsafeMutablePointer<SPDConnection>?
        /// Whether the kiosk has said why it is silent since it last spoke.
        var warned = false
    }

    private let queue = DispatchQueue(label: "vitrine.speech")
    private let state = Mutex(State())
    private let connection = Connection()
    private let report: @Sendable (String) -> Void

    /// A speaker that says why it is silent with `report` (from its queue).
    public init(report: @escaping @Sendable (String) -> Void) {
        self.report = report
    }

    deinit {
        let connection = self.connection
        queue.sync {
            if let handle = connection.handle, let api = vitrine_speechd() { api.pointee.close!(handle) }
            connection.handle = nil
        }
    }

    /// Cancels what is being said, then says `request`'s utterances in order; returns at once.
    public func speak(_ request: SpeechRequest) {
        let generation = state.withLock { state in
            state.generation += 1
            return state.generation
        }
        queue.async { [self] in
            guard state.withLock({ $0.generation }) == generation, let (api, handle) = connect() else { return }
            var ok = api.pointee.cancel!(handle) == 0
            var lang = ""
            for utterance in request.utterances where ok {
                guard state.withLock({ $0.generation }) == generation else { return }
                if utterance.lang != lang {
                    lang = utterance.lang
                    ok = api.pointee.set_language!(handle, lang) == 0
                    if ok, let voice = request.voice { ok = api.pointee.set_synthesis_voice!(handle, voice) == 0 }
                    if ok { ok = api.pointee.set_voice_rate!(handle, Int32(max(-100, min(100, request.rate)))) == 0 }
                }
                if ok { ok = api.pointee.say!(handle, SPD_TEXT, utterance.text) >= 0 }
            }
            if ok { connection.warned = false } else { lost() }
        }
    }

    /// Cancels what is being said; returns at once.
    public func stop() {
        state.withLock { $0.generation += 1 }
        queue.async { [self] in
            guard let handle = connection.handle, let api = vitrine_speechd() else { return }
            if api.pointee.cancel!(handle) != 0 { lost() }
        }
    }

    /// Waits until every request so far is carried out (for tests and shutdown).
    public func waitUntilIdle() { queue.sync {} }

    /// The connection, made if there is none; nil (having said why, once) when libspeechd or the daemon is missing.
    private func connect() -> (UnsafePointer<vitrine_speechd_api>, UnsafeMutablePointer<SPDConnection>)? {
        guard let api = vitrine_speechd() else {
            warn("speech: libspeechd.so.2 not found: the kiosk is silent; install speech-dispatcher (and espeak-ng) for it to speak")
            return nil
        }
        if let handle = connection.handle { return (api, handle) }
        var error: UnsafeMutablePointer<CChar>?
        guard let handle = vitrine_speechd_open(api, &error) else {
            let why = error.map { String(cString: $0) } ?? "no reason given"
            free(error)
            warn("speech: cannot reach speech-dispatcher (\(Self.oneLine(why))): the kiosk is silent; start speech-dispatcher or set SPEECHD_ADDRESS")
            return nil
        }
        connection.handle = handle
        return (api, handle)
    }

    /// The daemon stopped answering: drop the connection (made again for the next request) and say so once.
    private func lost() {
        if let handle = connection.handle, let api = vitrine_speechd() { api.pointee.close!(handle) }
        connection.handle = nil
        warn("speech: speech-dispatcher stopped answering: the kiosk is silent until it answers again")
    }

    /// Reports `message` unless the kiosk already said why it is silent.
    private func warn(_ message: String) {
        guard !connection.warned else { return }
        connection.warned = true
        report(message)
    }

    /// `text` on one line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 }).trimmingSpaces
    }
}

private extension String {
    /// The string without spaces at either end.
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
