#if canImport(Glibc)
import Dispatch
import Glibc
import Synchronization
import VitrineCore

/// Why the watcher could not start, or could not watch a folder: the call that failed, with its argument
/// (`inotify_add_watch(Config)`), and the `errno` it left.
public typealias FileWatcherError = SystemError

/// Watches a set of files with inotify and reports, once their folders are quiet and no watched file is being
/// written, which of them changed.
///
/// It watches the folders that hold the files, not the files themselves, so a file replaced by a rename (as
/// editors, rsync and deploy tools do), deleted, created or re-permissioned is seen. It also watches every folder
/// on the way to them, so it follows a path wherever it leads now: when a folder or a symbolic link on the way is
/// created, deleted, or renamed over (a new release folder moved into place, a `current -> releases/r2` link
/// swapped with `mv -T`), the watches are set up again on what the path names now, and the paths that lead to
/// another folder than before count as changed (see `FileWatcher+Table.swift`).
///
/// A Dispatch read source on the inotify descriptor wakes the watcher's queue only when events arrive, and a timer
/// source ends the quiet period: nothing runs while nothing changes. Changes are gathered and reported on that
/// queue, in one call of `onChange` with every path that changed (``PathKey``s of the paths as given to ``watch(_:)``), once
/// - nothing at all has happened in the watched folders for `debounce` seconds (so the temporary files of a
///   deploy being written next to the watched ones hold the report back), and
/// - no watched file is being written (created or modified, and not yet closed or renamed into place),
/// or at the latest ``maximumDelay`` after the first change, so a folder that never rests is still reported; while
/// a watched file is still being written to, at the latest ``maximumDelay`` after its last write (see
/// `PendingChanges.due`).
///
/// The watcher stops on ``stop()`` or when it is released.
public final class FileWatcher: Sendable {
    /// How long the watched folders must be quiet before a change is reported: long enough to gather the burst of
    /// events one save makes, short enough to feel immediate.
    public static let defaultDebounce = 0.2
    /// The longest a change waits while the folders stay busy or a watched file stays open for writing, in
    /// seconds: a deploy of many files over several seconds gives one report, and a folder that never rests is
    /// still reported.
    public static let maximumDelay = 10.0
    /// The longest a change waits for a watched file that is still being written to, in seconds: 5 minutes, for
    /// a large picture copied slowly; a file still written to after that is reported as it is.
    public static let maximumWriteWait = 300.0
    /// The folder events watched: a file written and closed, modified, moved in or out, created, deleted, or its
    /// attributes (such as permissions) changed; and the folder itself deleted or moved.
    public static let folderEvents = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM
                                            | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The events watched in a folder that only leads on to watched paths (such as `/srv` for
    /// `/srv/kiosk/current/kiosk.json`): names appearing, going or renamed, and the folder itself going. Added to
    /// what the folder is watched for already (`IN_MASK_ADD`), so a busy folder on the way (`/tmp`, a home folder)
    /// does not wake the watcher for every write in it.
    public static let onTheWayEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The label of the watcher's Dispatch queue.
    public static let queueLabel = "vitrine.watcher"

    private let engine: Engine

    /// Starts watching `paths`; `onChange` runs on the watcher's thread with the paths that changed.
    ///
    /// The paths were read before they are watched (the first card's picture is decoded while the kiosk starts):
    /// a file changed in between would give no event, and a picture read half-written would stay so for good. So
    /// once the watches are in place, every path whose file (or folder, for a listing) changed at or after
    /// `changedSince` is reported as changed, as if the change had been seen (nil: none is). By default that is
    /// ``firstReadTime``, set by `run` before it reads anything.
    ///
    /// - Throws: ``FileWatcherError`` when inotify, the wake-up pipe or the thread cannot be set up. A folder that
    ///   cannot be watched does not throw: see ``watch(_:)``, whose problems are in ``initialProblems``.
    public init(paths: some Sequence<PathKey>, debounce: Double = FileWatcher.defaultDebounce,
                changedSince: timespec? = FileWatcher.firstReadTime,
                onChange: @escaping @Sendable (Set<PathKey>) -> Void) throws(FileWatcherError) {
        engine = try Engine(debounce: debounce, onChange: onChange)
        let paths = Set(paths)
        initialProblems = engine.watch(paths)
        engine.start()
        if let changedSince { engine.recordChanges(in: paths, since: changedSince) }
    }

    /// When the process began reading the files it goes on to watch, if it said so (``markFirstRead()``).
    public static var firstReadTime: timespec? {
        let nanoseconds = firstRead.load(ordering: .relaxed)
        return nanoseconds == 0 ? nil : timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    /// Notes now as ``firstReadTime``, once: call it before the first file to be watched is read.
    public static func markFirstRead() {
        let now = readMark()
        _ = firstRead.compareExchange(expected: 0, desired: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec), ordering: .relaxed)
    }

    /// Now, as a file's change time is compared with it: the fine real-time clock, not the coarse one.
    ///
    /// A file written before this moment has a change time at or before it, whether the kernel stamped it from the
    /// coarse clock (up to a tick behind) or, as kernels with multigrain timestamps do once a file's times have been
    /// read, from the fine one. Read from the coarse clock, the mark was up to a tick behind such a stamp: a deck
    /// written a moment before `run` started was taken as changed and reloaded once for nothing (2,000 of 2,000
    /// files written just before the mark on a 6.18 kernel; a deploy test then counted two reloads for one deploy).
    static func readMark() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }

    /// ``firstReadTime`` in nanoseconds since the epoch; 0 for none.
    private static let firstRead = Atomic<Int64>(0)

    deinit { stop() }

    /// The folders the initial paths could not be watched in.
    public let initialProblems: [FileWatcherError]

    /// The paths being watched, as they were given.
    public var paths: Set<PathKey> { engine.paths }

    /// Watches exactly `paths` from now on (the set of images changes when a config is reloaded).
    ///
    /// Returns a problem for each folder that cannot be watched (such as one that does not exist); the files in
    /// it are not watched, the others are.
    @discardableResult
    public func watch(_ paths: some Sequence<PathKey>) -> [FileWatcherError] { engine.watch(Set(paths)) }

    /// Stops watching and closes the inotify descriptor; changes not yet reported are dropped. Safe to call twice.
    ///
    /// Waits until no `onChange` runs any more, unless called from `onChange` itself.
    public func stop() { engine.stop() }
}

extension FileWatcher {
    /// The watcher's work on a Dispatch queue: a read source on the inotify descriptor and a timer for the quiet
    /// period. Everything it changes is in one `Mutex`.
    final class Engine: Sendable {
        /// The size of the buffer inotify events are read into: room for many events with long names.
        static let readBufferSize = 64 * 1024
        /// The size of `struct inotify_event` before its name.
        static let eventHeaderSize = 16

        /// What the engine knows, guarded by its mutex.
        struct State {
            var table = WatchTable()
            var watched: Set<PathKey> = []
            var pending = PendingChanges()
            var stopped = false
            var reader: (any DispatchSourceRead)?
            var timer: (any DispatchSourceTimer)?
        }

        let debounce: Double
        let onChange: @Sendable (Set<PathKey>) -> Void
        let inotify: Int32
        private let queue = DispatchQueue(label: FileWatcher.queueLabel)
        private let queueKey = DispatchSpecificKey<Bool>()
        /// Signalled once the inotify descriptor is closed.
        private let closed = DispatchSemaphore(value: 0)
        private let state = Mutex(State())

        init(debounce: Double, onChange: @escaping @Sendable (Set<PathKey>) -> Void) throws(FileWatcherError) {
            self.debounce = max(0, debounce)
            self.onChange = onChange
            inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard inotify >= 0 else { throw FileWatcherError(operation: "inotify_init1", code: errno) }
            queue.setSpecific(key: queueKey, value: true)
        }

        /// Starts reading events.
        func start() {
            let (fd, queue, closed) = (inotify, queue, closed)
            // The sources are made inside the lock and live only in the state.
            state.withLock { state in
                guard !state.stopped else { return }
                let reader = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
                reader.setEventHandler { [self] in drain() }
                // The descriptor is closed only once Dispatch no longer watches it.
                reader.setCancelHandler {
                    close(fd)
                    closed.signal()
                }
                reader.resume()
                state.reader = reader
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.setEventHandler { [self] in reportIfQuiet() }
                timer.resume()
                state.timer = timer
            }
        }

        var paths: Set<PathKey> { state.withLock { $0.watched } }

        func watch(_ paths: Set<PathKey>) -> [FileWatcherError] {
            let fd = inotify
            return state.withLock { state in
                guard !state.stopped else { return [] }
                state.watched = paths
                return Engine.rearm(&state, inotify: fd)
            }
        }

        func stop() {
            let started = state.withLock { state -> Bool? in
                guard !state.stopped else { return nil }
                state.stopped = true
                state.timer?.cancel()
                guard let reader = state.reader else { return false }
                reader.cancel()
                return true
            }
            guard let started else { return }
            guard started else {
                close(inotify)  // Never started: no source watches it.
                return
            }
            // From `onChange` (on the queue) the cancel handler cannot run before this returns: do not wait for it.
            if DispatchQueue.getSpecific(key: queueKey) == true { return }
            closed.wait()
            queue.sync {}
        }

        /// Reports the changes gathered once the quiet period has passed; otherwise sets the timer for when it will.
        private func reportIfQuiet() {
            let now = MonotonicClock.seconds
            let changed = state.withLock { state -> Set<PathKey>? in
                guard !state.stopped else { return nil }
                let changed = state.pending.take(now: now, debounce: debounce)
                Engine.schedule(&state, debounce: debounce, now: now)
                return changed
            }
            if let changed { onChange(changed) }
        }

        /// Records as changed each of `paths` whose file (a listing: its folder) changed at or after `since`, by its
        /// status change time, which a write, a rename into place and a new file all set.
        func recordChanges(in paths: Set<PathKey>, since: timespec) {
            let changed = paths.filter { path in
                var status = stat()
                guard stat(path.path, &status) == 0 else { return false }
                let time = status.st_ctim
                return time.tv_sec > since.tv_sec || (time.tv_sec == since.tv_sec && time.tv_nsec >= since.tv_nsec)
            }
            guard !changed.isEmpty else { return }
            let now = MonotonicClock.seconds
            state.withLock { state in
                guard !state.stopped else { return }
                state.pending.record(changed, writing: nil, at: now)
                Engine.schedule(&state, debounce: debounce, now: now)
            }
        }

        /// Sets the timer for the moment the pending changes are due (or far away when none are).
        private static func schedule(_ state: inout State, debounce: Double, now: Double) {
            guard let timer = state.timer else { return }
            if let due = state.pending.due(debounce: debounce) {
                timer.schedule(deadline: .now() + max(0, due - now))
            } else {
                timer.schedule(deadline: .distantFuture)
            }
        }

        /// Reads every event waiting on the inotify descriptor and records what they mean.
        private func drain() {
            var buffer = [UInt8](repeating: 0, count: Engine.readBufferSize)
            let fd = inotify
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                let now = MonotonicClock.seconds
                state.withLock { state in
                    guard !state.stopped else { return }
                    buffer.withUnsafeBytes { bytes in
                        var offset = 0
                        var rearmNeeded = false, overflowed = false
                        while offset + Engine.eventHeaderSize <= count {
                            let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                            let nameBytes = bytes[(offset + Engine.eventHeaderSize)..<min(count, offset + Engine.eventHeaderSize + length)]
                            offset += Engine.eventHeaderSize + length
                            let name = PathKey(bytes: nameBytes.prefix { $0 != 0 })
                            if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                            switch state.table.meaning(of: mask, name: name, in: wd) {
                            case .pathChanged:
                                rearmNeeded = true
                            case .file(let paths, let writing):
                                state.pending.record(paths, writing: writing, at: now)
                            case .activity:
                                state.pending.recordActivity(at: now)
                            case .none:
                                break
                            }
                        }
                        if rearmNeeded {
                            // A folder or link on the way moved: watch what the paths name now. The paths whose
                            // folder is another one now changed (all of them when events were lost).
                            let old = state.table
                            _ = Engine.rearm(&state, inotify: fd)
                            state.pending.record(overflowed ? state.watched : state.table.moved(state.watched, since: old),
                                                 writing: nil, at: now)
                        }
                    }
                }
            }
            state.withLock { Engine.schedule(&$0, debounce: debounce, now: MonotonicClock.seconds) }
        }

        /// Watches the folders the watched paths need now, and no others.
        private static func rearm(_ state: inout State, inotify: Int32) -> [FileWatcherError] {
            let (newTable, problems) = WatchTable.build(for: state.watched) { folder, onTheWayOnly in
                let events = onTheWayOnly ? FileWatcher.onTheWayEvents | UInt32(IN_MASK_ADD) : FileWatcher.folderEvents
                let wd = inotify_add_watch(inotify, folder, events | UInt32(IN_ONLYDIR))
                guard wd >= 0 else {
                    let code = errno
                    return .failure(FileWatcherError(operation: "inotify_add_watch(\(Limits.shortened(folder)))", code: code))
                }
                return .success(wd)
            }
            for wd in state.table.descriptors where !newTable.descriptors.contains(wd) { inotify_rm_watch(inotify, wd) }
            state.table = newTable
            return problems
        }
    }

    static func split(_ path: String) -> (folder: String, name: String) {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let name = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
        let folder = String(decoding: bytes[..<slash], as: UTF8.self)
        return (folder.isEmpty ? "/" : folder, name)
    }
}
#endif
