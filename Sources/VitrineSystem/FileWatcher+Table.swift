#if canImport(Glibc)
import Glibc
import VitrineCore

extension FileWatcher {
    /// What the watched folders hold of interest, by watch descriptor: the watched files in each, and the names
    /// in each that lead on to a watched path (folders and symbolic links on the way).
    struct WatchTable {
        /// For each folder: the watched file names in it, and the paths (as given) each stands for.
        var files: [Int32: [PathKey: Set<PathKey>]] = [:]
        /// For each folder on the way to a watched path: the names in it the paths go through.
        var components: [Int32: Set<PathKey>] = [:]
        /// For each watched path whose folder is watched: that folder's descriptor. After the watches are set up
        /// again, a path whose folder has another descriptor (another folder now) has changed.
        var folderOf: [PathKey: Int32] = [:]

        /// The paths of `paths` whose folder is another than in `old` (or is not watched in one of them).
        func moved(_ paths: Set<PathKey>, since old: WatchTable) -> Set<PathKey> {
            paths.filter { folderOf[$0] == nil || folderOf[$0] != old.folderOf[$0] }
        }

        /// Every descriptor in use.
        var descriptors: Set<Int32> { Set(files.keys).union(components.keys) }

        /// What an inotify event means for the watched paths.
        enum Meaning: Equatable {
            /// A folder or link on the way to a watched path changed, or events were lost: set the watches up again.
            case pathChanged
            /// Watched files changed; `writing` is true when one is being written (modified and not yet closed),
            /// false when it is complete (closed, renamed into place or away, deleted), nil when it does not say.
            case file(Set<PathKey>, writing: Bool?)
            /// Something else happened in a folder that holds watched files (a deploy's temporary file, say).
            case activity
            /// Nothing of interest.
            case none
        }

        /// What the event with `mask` for `name` in the folder of `wd` means.
        func meaning(of mask: UInt32, name: PathKey, in wd: Int32) -> Meaning {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return .pathChanged }
            guard files[wd] != nil || components[wd] != nil else { return .none }  // A watch already replaced.
            if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { return .pathChanged }
            if let paths = files[wd]?[name] {
                let writing: Bool? = if mask & UInt32(IN_MODIFY) != 0 {
                    true
                } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE) != 0 {
                    false
                } else {
                    nil
                }
                return .file(paths, writing: writing)
            }
            let appearedOrWent = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
            if mask & appearedOrWent != 0, components[wd]?.contains(name) == true { return .pathChanged }
            if let listings = files[wd]?[FileWatcher.listingName], let meaning = FileWatcher.listingMeaning(of: mask, name: name, listings: listings) {
                return meaning
            }
            return files[wd] != nil ? .activity : .none
        }

        /// The table for `paths`, watching each folder through `addWatch` (once per folder spelling; its second
        /// argument says whether the folder only leads on to watched paths), and the folders of watched files that
        /// could not be watched.
        ///
        /// Every folder on the way is watched too, up to `/` for an absolute path and `.` for a relative one; one
        /// that cannot be (it does not exist yet) is left out quietly, since its parent sees it appear. A path of
        /// `PATH_MAX` bytes or more is a problem at once, with nothing watched for it.
        static func build(for paths: Set<PathKey>,
                          addWatch: (String, _ onTheWayOnly: Bool) -> Result<Int32, FileWatcherError>) -> (WatchTable, [FileWatcherError]) {
            var fileEntries: [FolderKey: [(name: PathKey, path: PathKey)]] = [:]
            var componentEntries: [FolderKey: Set<PathKey>] = [:]
            var problems: [FileWatcherError] = []
            for path in paths {
                // No system call takes a path this long, so no folder on its way is looked at: walking its
                // thousands of folders took minutes and gigabytes (each one a copy of most of the path).
                guard path.path.utf8.count < Int(PATH_MAX) else {
                    problems.append(FileWatcherError(operation: "inotify_add_watch(\(Limits.shortened(path.path)))", code: ENAMETOOLONG,
                                                     detail: "the path is longer than \(PATH_MAX - 1) bytes"))
                    continue
                }
                let (folder, name) = FileWatcher.split(path.path)
                fileEntries[FolderKey(folder), default: []].append((PathKey(name), path))
                var current = folder
                while current != "/" && current != "." && !current.isEmpty {
                    let (parent, component) = FileWatcher.split(current)
                    let (isNew, _) = componentEntries[FolderKey(parent), default: []].insert(PathKey(component))
                    if !isNew { break }  // The rest of the way is already there.
                    current = parent
                }
            }
            var table = WatchTable()
            var descriptors: [FolderKey: Result<Int32, FileWatcherError>] = [:]
            func descriptor(_ folder: FolderKey, onTheWayOnly: Bool = false) -> Result<Int32, FileWatcherError> {
                if let known = descriptors[folder] { return known }
                let result = addWatch(folder.key.path, onTheWayOnly)
                descriptors[folder] = result
                return result
            }
            for (folder, entries) in fileEntries.sorted(by: { WatchTable.shorterFirst($0.key, $1.key) }) {
                switch descriptor(folder) {
                case .success(let wd):
                    // Two spellings of one folder share a descriptor: merge them.
                    for entry in entries {
                        table.files[wd, default: [:]][entry.name, default: []].insert(entry.path)
                        table.folderOf[entry.path] = wd
                    }
                case .failure(let problem):
                    problems.append(problem)
                }
            }
            for (folder, names) in componentEntries.sorted(by: { WatchTable.shorterFirst($0.key, $1.key) }) {
                if case .success(let wd) = descriptor(folder, onTheWayOnly: true) { table.components[wd, default: []].formUnion(names) }
            }
            return (table, problems)
        }

        /// The order folders are watched in, the same every time: shorter paths first, then by bytes. The folders
        /// on the way to one deep path all differ in length, so they are sorted without comparing their bytes.
        static func shorterFirst(_ a: FolderKey, _ b: FolderKey) -> Bool {
            a.count != b.count ? a.count < b.count : a.key < b.key
        }

        /// A folder's path as a key, equal to another only with the same bytes (as ``PathKey``), compared by length
        /// first: the folders on the way to one deep path are each a prefix of the next, and comparing their
        /// bytes from the start made every lookup as long as the path.
        struct FolderKey: Hashable {
            let key: PathKey
            let count: Int

            init(_ path: String) {
                key = PathKey(path)
                count = path.utf8.count
            }

            static func == (a: FolderKey, b: FolderKey) -> Bool { a.count == b.count && a.key == b.key }
            func hash(into hasher: inout Hasher) { key.hash(into: &hasher) }
        }
    }

    /// The changes gathered and not yet reported, and when they may be.
    struct PendingChanges {
        /// The watched paths that changed.
        var changed: Set<PathKey> = []
        /// The watched paths being written now: modified and not yet closed.
        var writing: Set<PathKey> = []
        /// When the first of `changed` came, when anything last happened in the watched folders, and when a file
        /// being written was last written to.
        var firstChange = 0.0, lastActivity = 0.0, lastWrite = 0.0

        /// Records that `paths` changed at `now`; `writing` as in ``WatchTable/Meaning/file(_:writing:)``.
        mutating func record(_ paths: Set<PathKey>, writing: Bool?, at now: Double) {
            if changed.isEmpty { firstChange = now }
            changed.formUnion(paths)
            lastActivity = now
            switch writing {
            case true?:
                self.writing.formUnion(paths)
                lastWrite = now
            case false?: self.writing.subtract(paths)
            case nil: break
            }
        }

        /// Records that something else happened in a watched folder at `now`.
        mutating func recordActivity(at now: Double) { lastActivity = now }

        /// When the changes are to be reported: `debounce` after the folders went quiet with no watched file being
        /// written, at the latest ``FileWatcher/maximumDelay`` after the first change; nil with nothing pending.
        ///
        /// While a watched file is being written (modified and not yet closed), the report waits for it to be
        /// complete however long the writing takes, as long as it goes on: a slow copy (an image rewritten in place
        /// over 15 s) read half-way showed the placeholder until the copy ended. Only a writer that has written
        /// nothing for ``FileWatcher/maximumDelay`` (stalled, or holding the file open), or one still writing
        /// ``FileWatcher/maximumWriteWait`` after the first change, no longer holds the report back.
        func due(debounce: Double) -> Double? {
            guard !changed.isEmpty else { return nil }
            guard writing.isEmpty else {
                return min(max(lastWrite, firstChange) + FileWatcher.maximumDelay, firstChange + FileWatcher.maximumWriteWait)
            }
            // A file written past the maximum delay, now complete: the quiet period still follows its last write.
            return min(lastActivity + debounce, max(firstChange + FileWatcher.maximumDelay, lastWrite + debounce))
        }

        /// The changes, when they are due at `now`, and forgets them.
        mutating func take(now: Double, debounce: Double) -> Set<PathKey>? {
            guard let due = due(debounce: debounce), now + 0.001 >= due else { return nil }
            defer { changed = []; writing = []; lastWrite = 0 }
            return changed
        }
    }
}
#endif
