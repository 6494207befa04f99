internal import CSystemd
import Dispatch
import Glibc
import Synchronization
import VitrineCore

/// The remote-control socket: a Unix stream socket speaking JSON lines, one request and one reply per line.
///
/// It runs on a Dispatch queue of its own. Each valid request goes to `onCommand` with the client's number, and the
/// loop answers through ``reply(_:_:)``; a request that is not valid is answered here at once. Hostile clients
/// cannot hurt the kiosk: every limit is in ``Limits``, memory is bounded by them, and a client over one is told why
/// (when it can be) and dropped.
public final class ControlServer: Sendable {
    /// One connected client.
    struct Client {
        let fd: Int32
        let source: any DispatchSourceRead
        var buffer: [UInt8] = []
        var tokens = Limits.requestsPerSecond
        var lastRefill: Double
        var lastLine: Double
        /// Reply bytes the client has not taken yet, and the source that waits until it can.
        var outgoing: [UInt8] = []
        var writer: (any DispatchSourceWrite)?
        /// Requests handed to the loop and not answered yet.
        var awaiting = 0
        /// Whether the client has said all it will (it shut its side down, as `socat` and `nc -N` do at the end of
        /// their input): its reading is suspended, and it is closed once every answer it awaits has gone out.
        var hasFinished = false

        /// Whether nothing more is owed to a client that has finished.
        var isDone: Bool { hasFinished && awaiting == 0 && outgoing.isEmpty }

        /// Stops watching the client; its descriptor is closed once Dispatch lets go of it.
        func cancel() {
            writer?.cancel()
            source.cancel()
            if hasFinished { source.resume() }  // Suspended at its end of stream; cancelled first, no event is handled.
        }
    }

    private struct State {
        var listenSource: (any DispatchSourceRead)?
        var clients: [Int: Client] = [:]
        var nextClient = 1
        var idleTimer: (any DispatchSourceTimer)?
        var stopped = false
    }

    /// Where the socket came from, for the log: a path, or systemd's socket activation.
    public let origin: String
    private let listenFD: Int32
    private let ownsPath: String?
    private let queue = DispatchQueue(label: "vitrine.control")
    /// Signalled once the listening socket is closed (and its file removed).
    private let listenClosed = DispatchSemaphore(value: 0)
    private let state = Mutex(State())
    private let onCommand: @Sendable (ControlCommand, Int) -> Void
    private let idleSeconds: Double

    /// The socket systemd passed (socket activation, `vitrine.socket`), if any: `LISTEN_FDS` for this process.
    public static func activatedSocket() -> Int32? {
        sd_listen_fds(1) >= 1 ? SD_LISTEN_FDS_START : nil
    }

    /// Serves the listening socket `fd` (from systemd); `onCommand` runs on the server's queue.
    public init(listening fd: Int32, onCommand: @escaping @Sendable (ControlCommand, Int) -> Void) {
        idleSeconds = Limits.idleSeconds
        listenFD = fd
        ownsPath = nil
        origin = "the socket systemd passed"
        self.onCommand = onCommand
        start()
    }

    /// Makes a socket at `path` (mode 0660: owner and group) and serves it; a stale socket there is replaced,
    /// anything else is refused. `idleSeconds` is for tests: a kiosk keeps ``Limits/idleSeconds``.
    public init(path: String, idleSeconds: Double = Limits.idleSeconds,
                onCommand: @escaping @Sendable (ControlCommand, Int) -> Void) throws(SystemError) {
        self.idleSeconds = idleSeconds
        let address = try UnixSocketAddress(path: path, for: "socket path \(path)")
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else { throw SystemError(operation: "make the control socket \(path) (something else is there)", code: EEXIST) }
            // A socket a crash left behind is replaced; one a running kiosk serves is not taken from it (a second
            // kiosk started by mistake took the first one's remote control, and nothing said so).
            guard !ControlServer.isServed(address) else {
                throw SystemError(operation: "make the control socket \(path)", code: EADDRINUSE, detail: "another process serves it")
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw SystemError.last("socket(\(path))") }
        guard ControlServer.bindPrivately(fd, at: path, address: address), listen(fd, 16) == 0 else {
            let error = SystemError.last("bind(\(path))")
            close(fd)
            throw error
        }
        listenFD = fd
        ownsPath = path
        origin = path
        self.onCommand = onCommand
        start()
    }

    deinit { stop() }

    private func start() {
        _ = fcntl(listenFD, F_SETFL, fcntl(listenFD, F_GETFL) | O_NONBLOCK)
        let (fd, queue, path, closed) = (listenFD, queue, ownsPath, listenClosed)
        // The sources are made inside the lock and live only in the state: the compiler sees no other use of them.
        state.withLock { state in
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [self] in acceptClients() }
            // A descriptor is closed only once Dispatch no longer watches it.
            source.setCancelHandler {
                close(fd)
                if let path { unlink(path) }
                closed.signal()
            }
            source.resume()
            state.listenSource = source
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let period = min(1, idleSeconds / 2)
            timer.schedule(deadline: .now() + period, repeating: period)
            timer.setEventHandler { [self] in dropIdleClients() }
            timer.resume()
            state.idleTimer = timer
        }
    }

    /// Stops serving: closes every client and the socket (removing a socket file it made); safe to call twice.
    /// Waits for work on the server's queue to end, so no command arrives afterwards.
    public func stop() {
        let wasRunning = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            state.listenSource?.cancel()
            state.idleTimer?.cancel()
            for (_, client) in state.clients {
                client.cancel()
            }
            state.clients = [:]
            return true
        }
        guard wasRunning else { return }
        listenClosed.wait()
        queue.sync {}
    }

    /// How many clients are connected now, each holding one of the ``Limits/clients`` places.
    var connectedClients: Int { state.withLock { $0.clients.count } }

    /// Sends `reply` to client `id`, if it is still connected; from any thread.
    public func reply(_ id: Int, _ reply: ControlReply) {
        let line = Array((reply.jsonLine + "\n").utf8)
        queue.async { [self] in
            state.withLock { state in
                if let awaiting = state.clients[id]?.awaiting, awaiting > 0 { state.clients[id]!.awaiting = awaiting - 1 }
            }
            send(line, to: id)
        }
    }

    /// The monotonic time now, in seconds.
    private static var now: Double { MonotonicClock.seconds }

    /// Takes up to ``Limits/acceptsPerEvent`` waiting connections; when every place is taken, each newcomer gets the
    /// place of the client ``placeToFree(among:)`` names, which is told why and closed.
    private func acceptClients() {
        for _ in 0..<Limits.acceptsPerEvent {
            // accept4 is a GNU extension Swift's Glibc module leaves out: accept, then set the flags.
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let queue = queue
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                if state.clients.count >= Limits.clients, let id = Self.placeToFree(among: state.clients),
                   let client = state.clients.removeValue(forKey: id) {
                    // Said only between whole replies; a client with half a reply waiting just goes.
                    if client.outgoing.isEmpty {
                        let line = Array((ControlReply.failure(Self.placeGivenUp).jsonLine + "\n").utf8)
                        _ = line.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    }
                    client.cancel()
                }
                let id = state.nextClient
                state.nextClient += 1
                let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
                source.setEventHandler { [self] in read(from: id) }
                // Closed once Dispatch no longer watches it (its writer, if any, is cancelled first).
                source.setCancelHandler { close(fd) }
                source.resume()
                state.clients[id] = Client(fd: fd, source: source, lastRefill: Self.now, lastLine: Self.now)
                return true
            }
            if !admitted { close(fd) }
        }
    }

    /// Reads what client `id` sent, until nothing more waits, and handles each whole line.
    ///
    /// It reads until the socket is empty, not one chunk an event: Dispatch on Linux reports a hang-up once, with the
    /// bytes sent before it, and not again once those are read. A client that sent half a line and hung up before it
    /// was accepted was never dropped, and held its place until the idle limit (measured: after 25 rounds of hostile
    /// clients, 14 of the 16 places were held by clients long gone, and every newcomer was told "too many clients").
    /// At most ``readsPerEvent`` chunks are read at a time, so one client cannot keep the others waiting; when it
    /// stops there, an end of stream or a hang-up is looked for here.
    private func read(from id: Int) {
        guard let fd = state.withLock({ $0.clients[id]?.fd }) else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<Self.readsPerEvent {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 {
                finish(id, fd: fd)
                return
            }
            if count < 0 && errno != EAGAIN && errno != EINTR {
                drop(id)
                return
            }
            guard count > 0 else { return }
            guard take(chunk[..<count], from: id) else { return }
        }
        // Stopped with bytes still waiting, which Dispatch reports again, unless the client is gone altogether:
        // after a hang-up it reports nothing more (100 KiB of blank lines and a close held a place until the idle
        // limit).
        var next: UInt8 = 0
        if recv(fd, &next, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 {
            finish(id, fd: fd)
        } else if Self.isGone(fd) {
            drop(id)
        }
    }

    /// Whether the client at `fd` is gone altogether (closed, not just its side shut down): the socket says hang-up.
    private static func isGone(_ fd: Int32) -> Bool {
        var gone = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&gone, 1, 0) < 0 || gone.revents & Int16(POLLHUP) != 0
    }

    /// Client `id` has sent all it will (end of stream): what it half sent is forgotten, and it is closed now, or,
    /// when it still reads, once the answers it awaits have gone out (a request piped through `socat` still gets its
    /// answer).
    private func finish(_ id: Int, fd: Int32) {
        // A client gone altogether takes no answer.
        guard !Self.isGone(fd) else {
            drop(id)
            return
        }
        let done = state.withLock { state -> Bool in
            guard state.clients[id] != nil, !state.clients[id]!.hasFinished else { return false }
            state.clients[id]!.hasFinished = true
            state.clients[id]!.buffer = []
            // Level-triggered, the end of stream would be reported over and over; resumed only to be cancelled.
            state.clients[id]!.source.suspend()
            return state.clients[id]!.isDone
        }
        if done { drop(id) }
    }

    /// Chunks of a client read at one event: 64 KiB, eight longest lines.
    static let readsPerEvent = 16

    /// Handles the whole lines `bytes` completes from client `id`; false once the client is dropped.
    ///
    /// The lines are cut out in one pass and the bytes they took are removed once: removing each line from the front
    /// of the buffer as it was found moved the rest every time, and a chunk of 4,096 blank lines cost 8 MB of moves
    /// (measured in a debug build on a loaded machine: about a second for each client's 64 KiB, so eight clients
    /// that sent 100 KiB of blank lines and hung up held their places for 8 to 10 s).
    private func take(_ bytes: ArraySlice<UInt8>, from id: Int) -> Bool {
        var lines: [[UInt8]] = []
        var tooLong = false
        let connected = state.withLock { state -> Bool in
            guard state.clients[id] != nil else { return false }
            // Taken out of the state, so it is changed in place rather than copied.
            var pending = state.clients[id]!.buffer
            state.clients[id]!.buffer = []
            // What waited had no newline: only the new bytes are searched.
            let searchFrom = pending.count
            pending += bytes
            var start = 0
            pending.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                while let found = memchr(base + max(start, searchFrom), Int32(UInt8(ascii: "\n")), bytes.count - max(start, searchFrom)) {
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    // A blank line asks nothing (``handle(_:from:)`` would pass over it).
                    if newline > start { lines.append(Array(bytes[start..<newline])) }
                    start = newline + 1
                }
            }
            pending.removeFirst(start)
            tooLong = pending.count > Limits.lineBytes
            state.clients[id]!.buffer = pending
            return true
        }
        guard connected else { return false }
        for line in lines { handle(line, from: id) }
        if tooLong || lines.contains(where: { $0.count > Limits.lineBytes }) {
            send(Array((ControlReply.failure("request line longer than \(Limits.lineBytes) bytes").jsonLine + "\n").utf8), to: id)
            drop(id)
            return false
        }
        return state.withLock { $0.clients[id] != nil }
    }

    /// Handles one request line from client `id`: rate, then syntax, then the loop.
    private func handle(_ raw: [UInt8], from id: Int) {
        var line = raw
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty, line.count <= Limits.lineBytes else { return }
        let allowed = state.withLock { state -> Bool in
            guard state.clients[id] != nil else { return false }
            let now = Self.now
            let elapsed = now - state.clients[id]!.lastRefill
            state.clients[id]!.tokens = min(Limits.requestsPerSecond, state.clients[id]!.tokens + elapsed * Limits.requestsPerSecond)
            state.clients[id]!.lastRefill = now
            state.clients[id]!.lastLine = now
            guard state.clients[id]!.tokens >= 1 else { return false }
            state.clients[id]!.tokens -= 1
            return true
        }
        guard allowed else {
            send(Array((ControlReply.failure("too many requests: at most \(Int(Limits.requestsPerSecond)) a second").jsonLine + "\n").utf8), to: id)
            return
        }
        do throws(ControlError) {
            let command = try ControlCommand.parse(line)
            state.withLock { state in
                if state.clients[id] != nil { state.clients[id]!.awaiting += 1 }
            }
            onCommand(command, id)
        } catch {
            send(Array((ControlReply.failure(error.message).jsonLine + "\n").utf8), to: id)
        }
    }

    /// Writes `line` to client `id`. What the client cannot take yet waits (a client may send many requests before it
    /// reads the replies); one that lets more than ``Limits/pendingReplyBytes`` pile up is dropped.
    private func send(_ line: [UInt8], to id: Int) {
        let queue = queue
        let over = state.withLock { state -> Bool in
            guard var client = state.clients[id] else { return false }
            defer { state.clients[id] = client }
            if client.outgoing.isEmpty {
                let written = line.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written == line.count { return client.isDone }
                if written < 0 && errno != EAGAIN && errno != EWOULDBLOCK { return true }
                client.outgoing = Array(line[max(0, written)...])
                let writer = DispatchSource.makeWriteSource(fileDescriptor: client.fd, queue: queue)
                writer.setEventHandler { [self] in flush(id) }
                writer.resume()
                client.writer = writer
                return false
            }
            client.outgoing += line
            return client.outgoing.count > Limits.pendingReplyBytes
        }
        if over { drop(id) }  // Too much waits, or it finished and this was the last answer it awaited.
    }

    /// Writes what waits for client `id`, as far as it takes it.
    private func flush(_ id: Int) {
        let over = state.withLock { state -> Bool in
            guard var client = state.clients[id] else { return false }
            defer { state.clients[id] = client }
            let written = client.outgoing.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
            client.outgoing.removeFirst(written)
            if client.outgoing.isEmpty {
                client.writer?.cancel()
                client.writer = nil
            }
            return client.isDone
        }
        if over { drop(id) }  // It failed, or it finished and has all its answers.
    }

    /// Closes client `id`.
    private func drop(_ id: Int) {
        state.withLock { state in
            guard let client = state.clients.removeValue(forKey: id) else { return }
            client.cancel()
        }
    }

    /// Drops the clients that sent no whole line for ``Limits/idleSeconds``.
    private func dropIdleClients() {
        let now = Self.now
        let idle = state.withLock { state in state.clients.filter { now - $0.value.lastLine > idleSeconds }.map(\.key) }
        for id in idle { drop(id) }
    }
}
