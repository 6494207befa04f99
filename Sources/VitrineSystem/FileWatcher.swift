#if canImport(Glibc)
import Dispatch
import Glibc

/// Why the watcher could not start, or could not watch a folder: the call that failed, with its argument
/// (`inotify_add_watch(Config)`), and the `errno` it left.
public typealias FileWatcherError = SystemError

/// Watches a set of files with inotify and reports, after a quiet moment, which of them changed.
///
/// It watches the folders that hold the files, not the files themselves, so a file replaced by a rename (as
/// editors, rsync and deploy tools do), deleted, created or re-permissioned is seen, and events for other files
/// in those folders are ignored. A background thread blocks in `poll` on the inotify descriptor and a wake-up
/// pipe: nothing runs while nothing changes. Events are coalesced: `onChange` runs on that thread once the
/// watched files have been quiet for `debounce` seconds (or at the latest ``maximumDelay`` after the first
/// change), with every path that changed, spelt as it was given to ``watch(_:)``.
///
/// The watcher stops on ``stop()`` or when it is released. Symbolic links are not followed: a change to a
/// link's target in another folder is not seen.
public final class FileWatcher: Sendable {
    /// How long the watched files must be quiet before a change is reported: long enough to gather the burst of
    /// events one save makes, short enough to feel immediate.
    public static let defaultDebounce = 0.2
    /// The longest a change waits while events keep coming, in seconds, so a steady stream is still reported.
    public static let maximumDelay = 1.0
    /// The folder events that can mean a watched file changed: written and closed, moved in or out, created,
    /// deleted, or its attributes (such as permissions) changed.
    public static let folderEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
    /// The name of the watcher's thread, as `top -H` shows it.
    public static let threadName = "vitrine-watcher"

    private let engine: Engine

    /// Starts watching `paths`; `onChange` runs on the watcher's thread with the paths that changed.
    ///
    /// - Throws: ``FileWatcherError`` when inotify, the wake-up pipe or the thread cannot be set up. A folder that
    ///   cannot be watched does not throw: see ``watch(_:)``, whose problems are in ``initialProblems``.
    public init(paths: some Sequence<String>, debounce: Double = FileWatcher.defaultDebounce,
                onChange: @escaping @Sendable (Set<String>) -> Void) throws(FileWatcherError) {
        engine = try Engine(debounce: debounce, onChange: onChange)
        initialProblems = engine.watch(Array(paths))
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
    public var paths: Set<String> { engine.paths }

    /// Watches exactly `paths` from now on (the set of images changes when a config is reloaded).
    ///
    /// Returns a problem for each folder that cannot be watched (such as one that does not exist); the files in
    /// it are not watched, the others are.
    @discardableResult
    public func watch(_ paths: some Sequence<String>) -> [FileWatcherError] { engine.watch(Array(paths)) }

    /// Stops the thread and closes the descriptors; changes not yet reported are dropped. Safe to call twice.
    ///
    /// Waits for the thread to end, unless called from `onChange` itself.
    public func stop() { engine.stop() }
}

extension FileWatcher {
    /// The state the watcher thread shares with its owner; every mutable field is guarded by `lock`.
    private final class Engine: @unchecked Sendable {
        /// The size of the buffer inotify events are read into: room for many events with long names.
        static let readBufferSize = 64 * 1024
        /// The size of `struct inotify_event` before its name.
        static let eventHeaderSize = 16

        let debounce: Double
        let onChange: @Sendable (Set<String>) -> Void
        let inotify: Int32
        let wakeRead: Int32
        let wakeWrite: Int32
        let finished = DispatchSemaphore(value: 0)
        let lock = Lock()
        /// For each watched folder's descriptor: the watched file names in it and the paths they were given as.
        private var folders: [Int32: [String: Set<String>]] = [:]
        private var watched: Set<String> = []
        private var stopped = false
        private var thread: pthread_t?

        init(debounce: Double, onChange: @escaping @Sendable (Set<String>) -> Void) throws(FileWatcherError) {
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

        var paths: Set<String> { lock.withLock { watched } }

        func watch(_ paths: [String]) -> [FileWatcherError] {
            var byFolder: [String: [(name: String, path: String)]] = [:]
            for path in paths {
                let (folder, name) = FileWatcher.split(path)
                byFolder[folder, default: []].append((name, path))
            }
            return lock.withLock {
                guard !stopped else { return [] }
                var problems: [FileWatcherError] = []
                var table: [Int32: [String: Set<String>]] = [:]
                for (folder, files) in byFolder.sorted(by: { $0.key < $1.key }) {
                    let wd = inotify_add_watch(inotify, folder, FileWatcher.folderEvents | UInt32(IN_ONLYDIR))
                    guard wd >= 0 else {
                        problems.append(FileWatcherError(operation: "inotify_add_watch(\(folder))", code: errno))
                        continue
                    }
                    // Two spellings of one folder share a descriptor: merge them.
                    for file in files { table[wd, default: [:]][file.name, default: []].insert(file.path) }
                }
                for wd in folders.keys where table[wd] == nil { inotify_rm_watch(inotify, wd) }
                folders = table
                watched = Set(paths)
                return problems
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

        /// The thread's loop: wait for events, gather the changed paths, report them when the files are quiet.
        func run() {
            lock.withLock { thread = pthread_self() }
            defer {
                lock.withLock { closeDescriptors() }
                finished.signal()
            }
            var buffer = [UInt8](repeating: 0, count: Engine.readBufferSize)
            var pending: Set<String> = []
            var firstChange = 0.0, lastChange = 0.0
            while true {
                var timeout: Int32 = -1
                if !pending.isEmpty {
                    let due = min(lastChange + debounce, firstChange + FileWatcher.maximumDelay)
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
                    if !pending.isEmpty { onChange(pending) }
                    pending = []
                    continue
                }
                if fds[0].revents & Int16(POLLIN) != 0 {
                    let changed = drain(into: &buffer)
                    if !changed.isEmpty {
                        let now = MonotonicClock.seconds
                        if pending.isEmpty { firstChange = now }
                        lastChange = now
                        pending.formUnion(changed)
                    }
                } else if fds[0].revents != 0 {
                    return
                }
            }
        }

        /// Reads every event waiting on the inotify descriptor and returns the watched paths they touch.
        private func drain(into buffer: inout [UInt8]) -> Set<String> {
            var changed: Set<String> = []
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                guard count > 0 else { return changed }
                lock.withLock {
                    buffer.withUnsafeBytes { bytes in
                        var offset = 0
                        while offset + Engine.eventHeaderSize <= count {
                            let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                            let nameBytes = bytes[(offset + Engine.eventHeaderSize)..<min(count, offset + Engine.eventHeaderSize + length)]
                            offset += Engine.eventHeaderSize + length
                            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                                changed.formUnion(watched)  // Events were lost: assume everything changed.
                                continue
                            }
                            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                            if let paths = folders[wd]?[name] { changed.formUnion(paths) }
                        }
                    }
                }
            }
        }
    }

    /// The folder to watch for `path` and the file name to look for in it: `("a/b", "c.json")` for `a/b/c.json`,
    /// `(".", "c.json")` for `c.json`, `("/", "c.json")` for `/c.json`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, name)
    }
}
#endif
