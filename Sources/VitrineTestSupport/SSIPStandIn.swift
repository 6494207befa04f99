import Foundation
import Glibc
import VitrineSystem

/// A stand-in for speech-dispatcher: a Unix socket that speaks enough SSIP (the Speech Synthesis Interface
/// Protocol) for libspeechd, and remembers what it was asked. Point a kiosk at it with
/// `SPEECHD_ADDRESS=unix_socket:PATH` (``address``).
///
/// Each request is a line ending in CRLF; each reply is `CODE OK …` (2xx), multi-line replies `CODE-…` first.
/// `SPEAK` answers 230 and takes the text's lines up to a line holding a single `.` (a leading `..` is a `.`), then
/// answers 225 with a message id. ``commands`` keeps, in order: `SPEAK <text>`, `CANCEL`, `STOP`, `LANGUAGE <tag>`,
/// `VOICE <name>`, `RATE <n>` and `CLIENT_NAME <name>`; other requests are answered and not kept.
public final class SSIPStandIn: @unchecked Sendable {
    /// The socket's path.
    public let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var kept: [String] = []
    private var clients: [Int32] = []
    private var closed = false

    /// `SPEECHD_ADDRESS`'s value for this stand-in.
    public var address: String { "unix_socket:" + path }

    /// What the clients asked so far, in order (see the type's summary).
    public var commands: [String] { lock.withLock { kept } }

    /// A stand-in listening at `path` (removed first if it exists).
    public init(path: String) throws {
        self.path = path
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw XvfbError.missing("socket: \(String(cString: strerror(errno)))") }
        let address = try UnixSocketAddress(path: path, for: "bind")
        guard address.bind(listener) == 0, listen(listener, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(listener)
            throw XvfbError.missing("cannot listen on \(path): \(reason)")
        }
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Stops listening and drops every client (as a daemon that dies would).
    public func stop() {
        let fds: [Int32] = lock.withLock {
            guard !closed else { return [] }
            closed = true
            return [listener] + clients
        }
        for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        if !fds.isEmpty { Glibc.close(listener) }
        unlink(path)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let open: Bool = lock.withLock {
                if !closed { clients.append(client) }
                return !closed
            }
            guard open else { Glibc.close(client); return }
            Thread { [self] in serve(client) }.start()
        }
    }

    /// Answers one client until it goes.
    private func serve(_ fd: Int32) {
        defer { Glibc.close(fd) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var speaking: [String]? = nil
        var messageID = 0
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return }
            buffer += chunk[0..<count]
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if line.hasSuffix("\r") { line.removeLast() }
                if var text = speaking {
                    if line == "." {
                        speaking = nil
                        messageID += 1
                        keep("SPEAK " + text.joined(separator: "\n"))
                        guard send(fd, "225-\(messageID)\r\n225 OK MESSAGE QUEUED\r\n") else { return }
                    } else {
                        text.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
                        speaking = text
                    }
                    continue
                }
                guard let reply = answer(line, speaking: &speaking), send(fd, reply) else { return }
            }
        }
    }

    /// The reply to request `line`, or nil to hang up.
    private func answer(_ line: String, speaking: inout [String]?) -> String? {
        let words = line.split(separator: " ", maxSplits: 3).map(String.init)
        let command = words.first?.uppercased() ?? ""
        switch command {
        case "SPEAK":
            speaking = []
            return "230 OK RECEIVING DATA\r\n"
        case "CANCEL":
            keep("CANCEL")
            return "210 OK CANCELED\r\n"
        case "STOP":
            keep("STOP")
            return "210 OK STOPPED\r\n"
        case "QUIT":
            return nil
        case "SET" where words.count >= 4:
            let value = words[3]
            switch words[2].uppercased() {
            case "CLIENT_NAME": keep("CLIENT_NAME " + value); return "208 OK CLIENT NAME SET\r\n"
            case "LANGUAGE": keep("LANGUAGE " + value); return "201 OK LANGUAGE SET\r\n"
            case "SYNTHESIS_VOICE": keep("VOICE " + value); return "209 OK VOICE SET\r\n"
            case "RATE": keep("RATE " + value); return "203 OK RATE SET\r\n"
            case "PRIORITY": return "202 OK PRIORITY SET\r\n"
            default: return "200 OK SET\r\n"
            }
        case "HISTORY":
            return "245-1\r\n245 OK CLIENT ID SENT\r\n"
        default:
            return "200 OK\r\n"
        }
    }

    private func keep(_ entry: String) { lock.withLock { kept.append(entry) } }

    /// Writes `reply` whole; false when the client went.
    private func send(_ fd: Int32, _ reply: String) -> Bool {
        var bytes = Array(reply.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
