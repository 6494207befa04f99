internal import CPosix
import Glibc

/// A helper process that does one risky job for the kiosk (a HEIC or AVIF decode) and hands back its result on its
/// standard output: spawned with `posix_spawn` (no shell), standard input and error `/dev/null`, the kiosk's
/// signals back at their defaults; read with a deadline and a stop, and killed (SIGKILL) when either passes. Its
/// memory is its own: what it takes is never the kiosk's, and it gives all of it back when it exits.
public final class HelperProcess {
    /// The process id, until it is reaped.
    private var pid: pid_t
    /// The read end of its standard output (non-blocking), or -1 once closed.
    private var output: Int32

    /// How a ``read(into:count:deadline:stop:)`` ended.
    public enum ReadEnd: Error, Equatable, Sendable {
        /// All the bytes asked for were read.
        case done
        /// The helper closed its output first (it exited or crashed), after `count` bytes.
        case ended(count: Int)
        /// The deadline passed.
        case timedOut
        /// `stop` said to give up.
        case stopped
    }

    private init(pid: pid_t, output: Int32) {
        self.pid = pid
        self.output = output
    }

    deinit { _ = finish(kill: true) }

    /// Starts `command` (its first word an absolute path) with its standard output on a pipe read by this object.
    public static func spawn(_ command: [String]) -> Result<HelperProcess, SystemError> {
        guard !command.isEmpty else { return .failure(SystemError(operation: "posix_spawn", code: ENOENT)) }
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { return .failure(SystemError(operation: "pipe", code: errno)) }
        let spawned = ChildSpawn.spawn(command, output: ends[1], errorToOutput: false, ownProcessGroup: false, searchPath: false)
        close(ends[1])
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let error):
            close(ends[0])
            return .failure(error)
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return .success(HelperProcess(pid: pid, output: ends[0]))
    }

    /// Reads exactly `count` bytes of the helper's output into `buffer`, waiting at most until `deadline`
    /// (``MonotonicClock`` seconds) and asking `stop` every 50 ms.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int, deadline: Double, stop: () -> Bool) -> ReadEnd {
        var got = 0
        while got < count {
            guard output >= 0 else { return .ended(count: got) }
            let n = Glibc.read(output, buffer + got, count - got)
            if n > 0 { got += n; continue }
            if n == 0 { return .ended(count: got) }
            guard errno == EAGAIN || errno == EINTR else { return .ended(count: got) }
            if stop() { return .stopped }
            let left = deadline - MonotonicClock.seconds
            if left <= 0 { return .timedOut }
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Int32(min(50, max(1, left * 1000))))
        }
        return .done
    }

    /// Reads one line of at most `limit` bytes (without its newline), as ``read(into:count:deadline:stop:)`` does;
    /// nil with the reason it ended when no whole line came.
    public func readLine(limit: Int, deadline: Double, stop: () -> Bool) -> Result<String, ReadEnd> {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < limit {
            let end = read(into: &byte, count: 1, deadline: deadline, stop: stop)
            guard end == .done else { return .failure(end == .ended(count: 0) ? HelperProcess.ReadEnd.ended(count: line.count) : end) }
            if byte == UInt8(ascii: "\n") { return .success(String(decoding: line, as: UTF8.self)) }
            line.append(byte)
        }
        return .failure(.ended(count: line.count))
    }

    /// Ends the helper (SIGKILL unless it has exited already), reaps it and gives how it ended: its exit status,
    /// or 128 plus the signal that ended it.
    @discardableResult
    public func finish(kill shouldKill: Bool = false) -> Int32 {
        if output >= 0 {
            close(output)
            output = -1
        }
        guard pid > 0 else { return -1 }
        if shouldKill { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
