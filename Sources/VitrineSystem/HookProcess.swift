internal import CPosix
import Glibc

/// One run of a command as a power hook: spawned with `posix_spawnp` (no shell) in a process group of its own,
/// standard input `/dev/null`, standard output and error into one pipe read line by line, stopped at its timeout
/// (SIGTERM to the whole group, then SIGKILL ``HookProcess/killGrace`` seconds later).
public enum HookProcess {
    /// How long a hook stopped at its timeout gets between SIGTERM and SIGKILL: 2 s, time for `cec-ctl` or a
    /// script to let go of a device; a process that ignores SIGTERM is gone 2 s later.
    public static let killGrace = 2.0
    /// How often the run looks for the process's end while it has nothing to read: 20 ms, a few wake-ups a
    /// second on a thread of its own, and a hook's end noticed within a frame or two.
    static let pollInterval: Int32 = 20
    /// The most lines of a run's output logged: 20; the rest are counted in one line.
    public static let outputLines = 20
    /// The longest output line logged, in bytes: 300; a longer one is cut there.
    public static let lineBytes = 300

    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        /// It exited with status 0.
        case succeeded
        /// The program was not found (`posix_spawnp` said ENOENT).
        case notFound
        /// It could not be started for another reason (the `errno`).
        case notStarted(Int32)
        /// It exited with a status other than 0.
        case exited(Int32)
        /// A signal not sent by the runner ended it.
        case killed(signal: Int32)
        /// It ran past its timeout and was stopped.
        case timedOut
    }

    /// Runs `command` to its end or its `timeout`, handing each output line (cut at ``lineBytes``, at most
    /// ``outputLines`` and then one line counting the rest) to `output`. Blocks the calling thread.
    public static func run(_ command: [String], timeout: Double, output: @escaping (String) -> Void) -> Outcome {
        var fds: [Int32] = [-1, -1]
        // Neither end goes to the child as it is (it gets the write end as 1 and 2), nor to any other program, even
        // one another thread starts while this pipe is made.
        guard pipe2(&fds, O_CLOEXEC) == 0 else { return .notStarted(errno) }
        let spawned = spawn(command, writingTo: fds[1])
        close(fds[1])
        let pid: pid_t
        switch spawned {
        case .failure(let error):
            close(fds[0])
            return error.code == ENOENT ? .notFound : .notStarted(error.code)
        case .success(let child):
            pid = child
        }
        var lines = OutputLines(output: output)
        var readEnd: Int32? = fds[0]
        let start = MonotonicClock.seconds
        var stopAt: Double? = nil  // When SIGKILL follows the SIGTERM already sent.
        while true {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                if let fd = readEnd {
                    // What it wrote before it ended; a child it left behind holding the pipe is not waited for.
                    while lines.drain(fd, waiting: 0) == .read {}
                    close(fd)
                }
                lines.finish()
                if stopAt != nil { return .timedOut }
                if status & 0x7F == 0 {
                    let code = (status >> 8) & 0xFF
                    return code == 0 ? .succeeded : .exited(code)
                }
                return .killed(signal: status & 0x7F)
            }
            if done < 0 && errno != EINTR {
                if let fd = readEnd { close(fd) }
                lines.finish()
                return .notStarted(errno)
            }
            let now = MonotonicClock.seconds
            if stopAt == nil, now - start >= timeout {
                kill(-pid, SIGTERM)
                stopAt = now + killGrace
            } else if let at = stopAt, now >= at {
                kill(-pid, SIGKILL)
                stopAt = .infinity
            }
            if let fd = readEnd {
                if lines.drain(fd, waiting: pollInterval) == .end {
                    close(fd)
                    readEnd = nil
                }
            } else {
                poll(nil, 0, pollInterval)
            }
        }
    }

    /// Starts `command` with standard input `/dev/null` and standard output and error on `output`, in a process
    /// group of its own, with the signals the kiosk ignores or handles back at their defaults and none blocked.
    static func spawn(_ command: [String], writingTo output: Int32) -> Result<pid_t, SystemError> {
        ChildSpawn.spawn(command, output: output, errorToOutput: true, ownProcessGroup: true, searchPath: true)
    }
}

/// A run's output cut into lines, each handed on as it completes, within the bounds of ``HookProcess``.
struct OutputLines {
    let output: (String) -> Void
    /// The bytes of the line not finished yet (at most ``HookProcess/lineBytes``).
    private var partial: [UInt8] = []
    /// Whether the line being read was already cut (its rest is dropped up to the newline).
    private var cut = false
    private var logged = 0
    private var dropped = 0

    init(output: @escaping (String) -> Void) { self.output = output }

    /// What one ``drain(_:waiting:)`` found.
    enum Drained { case read, nothing, end }

    /// Reads what `fd` has within `waiting` milliseconds.
    mutating func drain(_ fd: Int32, waiting: Int32) -> Drained {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, waiting) > 0 else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? .nothing : .end }
        if count == 0 { return .end }
        for byte in buffer[..<count] { take(byte) }
        return .read
    }

    private mutating func take(_ byte: UInt8) {
        if byte == UInt8(ascii: "\n") {
            if !cut { emit() }
            cut = false
            return
        }
        guard !cut else { return }
        partial.append(byte)
        if partial.count >= HookProcess.lineBytes {
            emit()
            cut = true
        }
    }

    private mutating func emit() {
        defer { partial.removeAll(keepingCapacity: true) }
        guard logged < HookProcess.outputLines else {
            dropped += 1
            return
        }
        logged += 1
        output(String(decoding: partial, as: UTF8.self))
    }

    /// Hands on the last line if it had no newline, and counts the lines not logged.
    mutating func finish() {
        if !partial.isEmpty, !cut { emit() }
        partial.removeAll()
        if dropped > 0 { output("(\(dropped) more lines of output not logged)") }
        dropped = 0
    }
}
