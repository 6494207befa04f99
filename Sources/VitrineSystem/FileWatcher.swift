#if canImport(Glibc)
import Dispatch
import Glibc
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
/// A background thread blocks in `poll` on the inotify descriptor and a wake-up pipe: nothing runs while nothing
/// changes. Changes are gathered and reported on that thread, in one call of `onChange` with every path that
/// changed (``PathKey``s of the paths as given to ``watch(_:)``), once
/// - nothing at all has happened in the watched folders for `debounce` seconds (so the temporary files of a
///   deploy being written next to the watched ones hold the report back), and
/// - no watched file is being written (created or modified, and not yet closed or renamed into place),
/// or at the latest ``maximumDelay`` after the first change, so a folder that never rests is still reported.
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
    /// The folder events watched: a file written and closed, modified, moved in or out, created, deleted, or its
    /// attributes (such as permissions) changed; and the folder itself deleted or moved.
    public static let folderEvents = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM
                                            | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The events watched in a folder that only leads on to watched paths (such as `/srv` for
    /// `/srv/kiosk/current/kiosk.json`): names appearing, going or renamed, and the folder itself going. Added to
    /// what the folder is watched for already (`IN_MASK_ADD`), so a busy folder on the way (`/tmp`, a home folder)
    /// does not wake the watcher for every write in it.
    public static let onTheWayEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The name of the watcher's thread, as `top -H` shows it.
    public static let threadName = "vitrine-watcher"

    private let engine: Engine

    /// Starts watching `paths`; `onChange` runs on the watcher's thread with the paths that changed.
    ///
    /// - Throws: ``FileWatcherError`` when inotify, the wake-up pipe or the thread cannot be set up. A folder that
    ///   cannot be watched does not throw: see ``watch(_:)``, whose problems are in ``initialProblems``.
    public init(paths: some Sequence<PathKey>, debounce: Double = FileWatcher.defaultDebounce,
                onChange: @escaping @Sendable (Set<PathKey>) -> Void) throws(FileWatcherError) {
        engine = try Engine(debounce: debounce, onChange: onChange)
        initialProblems = engine.watch(Set(paths))
        let engine = engine
        do throws(SystemError) {
            try DetachedThread.start(name: FileWatcher.threadName) { engine.run() }
        } catch {
            engine.abandon()
            throw error
        }
    }

    deinit { stop() }

    /// The folders the initial paths could not be watched in.
    public let initialProblems: [FileWatcherError]

    /// The paths being watched, as they were given.
    public var paths: Set<PathKey> { engine.paths }

    /// Watches exactly `paths` from now on (the set of images changes when a config is reloaded).
    ///
    /// Returns a problem for each folder that cannot be watched (such as one that does not exist); the files in
    /// it are not watched, the others are. A missing folder is still waited for: when it appears on its path, it
    /// is watched and its files count as changed.
    @discardableResult
    public func watch(_ paths: some Sequence<PathKey>) -> [FileWatcherError] { engine.watch(Set(paths)) }

    /// Stops the thread and closes the descriptors; changes not yet reported are dropped. Safe to call twice.
    ///
    /// Waits for the thread to end, unless called from `onChange` itself.
    public func stop() { engine.stop() }
}

extension FileWatcher {
    /// The state the watcher thread shares with its owner; every mutable field is guarded by `lock`.
    final class Engine: @unchecked Sendable {
        /// The size of the buffer inotify events are read into: room for many events with long names.
        static let readBufferSize = 64 * 1024
        /// The size of `struct inotify_event` before its name.
        static let eventHeaderSize = 16

        let debounce: Double
        let onChange: @Sendable (Set<PathKey>) -> Void
        let inotify: Int32
        let wakeRead: Int32
        let wakeWrite: Int32
        let finished = DispatchSemaphore(value: 0)
        let lock = Lock()
        /// What each watch descriptor's folder holds of interest (see ``WatchTable``).
        var table = WatchTable()
        var watched: Set<PathKey> = []
        private var stopped = false
        private var thread: pthread_t?

        init(debounce: Double, onChange: @escaping @Sendable (Set<PathKey>) -> Void) throws(FileWatcherError) {
            self.debounce = max(0, debounce)
            self.onChange = onChange
            inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard inotify >= 0 else { throw FileWatcherError(operation: "inotify_init1", code: errno) }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                let code = errno
                close(inotify)
                throw FileWatcherError(operation: "pipe", code: code)
            }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            wakeRead = ends[0]
            wakeWrite = ends[1]
        }

        var paths: Set<PathKey> { lock.withLock { watched } }

        func watch(_ paths: Set<PathKey>) -> [FileWatcherError] {
            lock.withLock {
                guard !stopped else { return [] }
                watched = paths
                return rearm()
            }
        }

        func stop() {
            let wait: Bool = lock.withLock {
                guard !stopped else { return false }
                stopped = true
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
                return thread.map { pthread_equal($0, pthread_self()) == 0 } ?? true
            }
            if wait { finished.wait(); finished.signal() }
        }

        /// Gives up before the thread ever ran: closes the descriptors and counts as stopped.
        func abandon() {
            lock.withLock {
                stopped = true
                closeDescriptors()
            }
            finished.signal()
        }

        /// Closes inotify and both ends of the wake-up pipe; call holding `lock`, once.
        private func closeDescriptors() {
            close(inotify); close(wakeRead); close(wakeWrite)
        }

        /// The thread's loop: wait for events, gather the changed paths, report them when the folders are quiet
        /// and no watched file is being written.
        func run() {
            lock.withLock { thread = pthread_self() }
            defer {
                lock.withLock { closeDescriptors() }
                finished.signal()
            }
            var buffer = [UInt8](repeating: 0, count: Engine.readBufferSize)
            var state = PendingChanges()
            while true {
                var timeout: Int32 = -1
                if let due = state.due(debounce: debounce) {
                    timeout = Int32(max(0, (due - MonotonicClock.seconds) * 1000).rounded(.up))
                }
                var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 2, timeout)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if fds[1].revents != 0 { return }
                if ready == 0 {
                    if let changed = state.take(now: MonotonicClock.seconds, debounce: debounce) { onChange(changed) }
                    continue
                }
                if fds[0].revents & Int16(POLLIN) != 0 {
                    drain(into: &buffer, state: &state)
                } else if fds[0].revents != 0 {
                    return
                }
            }
        }

        /// Reads every event waiting on the inotify descriptor into `state`.
        private func drain(into buffer: inout [UInt8], state: inout PendingChanges) {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                let now = MonotonicClock.seconds
                lock.withLock {
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
                            switch table.meaning(of: mask, name: name, in: wd) {
                            case .pathChanged:
                                rearmNeeded = true
                            case .file(let paths, let writing):
                                state.record(paths, writing: writing, at: now)
                            case .activity:
                                state.recordActivity(at: now)
                            case .none:
                                break
                            }
                        }
                        if rearmNeeded {
                            // A folder or link on the way moved: watch what the paths name now. The paths whose
                            // folder is another one now changed (all of them when events were lost).
                            let old = table
                            _ = rearm()
                            state.record(overflowed ? watched : table.moved(watched, since: old), writing: nil, at: now)
                        }
                    }
                }
            }
        }

        /// Sets the watches up for `watched` again, on what each path names now; call holding `lock`.
        private func rearm() -> [FileWatcherError] {
            let (newTable, problems) = WatchTable.build(for: watched) { folder, onTheWayOnly in
                let events = onTheWayOnly ? FileWatcher.onTheWayEvents | UInt32(IN_MASK_ADD) : FileWatcher.folderEvents
                let wd = inotify_add_watch(inotify, folder, events | UInt32(IN_ONLYDIR))
                return wd >= 0 ? .success(wd) : .failure(FileWatcherError(operation: "inotify_add_watch(\(folder))", code: errno))
            }
            for wd in table.descriptors where !newTable.descriptors.contains(wd) { inotify_rm_watch(inotify, wd) }
            table = newTable
            return problems
        }
    }

    /// The folder to watch for `path` and the file name to look for in it: `("a/b", "c.json")` for `a/b/c.json`,
    /// `(".", "c.json")` for `c.json`, `("/", "c.json")` for `/c.json`.
    static func split(_ path: String) -> (folder: String, name: String) {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let name = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
        let folder = String(decoding: bytes[..<slash], as: UTF8.self)
        return (folder.isEmpty ? "/" : folder, name)
    }
}
#endif
