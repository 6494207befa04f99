import Glibc
import VitrineCore

/// A connection to a kiosk's control socket: sends request lines, reads reply lines.
public final class ControlClient {
    /// How long a reply may take, in seconds (a screenshot of a large screen takes the longest).
    public static let replyTimeout = 10

    private let fd: Int32
    private var pending: [UInt8] = []

    /// Connects to the socket at `path`.
    ///
    /// - Throws: ``SystemError`` from `connect`: `ENOENT` when there is no socket, `ECONNREFUSED` when no kiosk
    ///   listens on it, `EACCES` when this user may not use it.
    public init(path: String) throws(SystemError) {
        let address = try UnixSocketAddress(path: path, for: "connect(\(path))")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError.last("socket") }
        let connected = address.connect(fd)
        guard connected == 0 else {
            let error = SystemError.last("connect(\(path))")
            close(fd)
            throw error
        }
        var timeout = timeval(tv_sec: ControlClient.replyTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends one request line and returns the reply line (without its newline).
    ///
    /// - Throws: ``SystemError`` when the kiosk hangs up, or does not answer within ``replyTimeout`` (`EAGAIN`).
    public func request(_ line: String) throws(SystemError) -> String {
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                // A kiosk that closed the connection (to make room for a new client) has said why before: read it.
                if errno == EPIPE || errno == ECONNRESET { break }
                throw SystemError.last("send")
            }
            sent += n
        }
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return reply
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError.last("recv")
            }
            if n == 0 { throw SystemError(operation: "recv (the kiosk closed the connection)", code: ECONNRESET) }
            pending += chunk[..<n]
        }
    }
}
