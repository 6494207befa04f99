import Glibc
import Synchronization
import VitrineCore

/// What the image files of folder decks said when they were last read (``FolderImage``), by path and by what the
/// file was then (device, inode, size, modification and change times): a reload of a folder deck opens only the
/// files that are new or changed, and asks `stat` about the rest.
///
/// Shared by every load in the process (they run on the config thread at start, then on the loop's), so it is
/// guarded by a lock. It holds at most ``capacity`` entries; past that it starts again empty.
final class FolderImageCache: Sendable {
    /// The cache every folder deck load uses.
    static let shared = FolderImageCache()
    /// The most entries kept: two full decks (a deploy swapping one folder for another).
    static let capacity = 2 * Limits.folderCards

    /// What a file was when it was read: a file replaced or rewritten differs in one of these.
    struct Identity: Equatable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64
        var modified: timespec, changed: timespec

        /// The identity `status` describes.
        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = status.st_mtim
            changed = status.st_ctim
        }

        static func == (a: Identity, b: Identity) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    private struct State {
        var entries: [PathKey: (identity: Identity, image: FolderImage)] = [:]
        /// How many lookups found their file unchanged, for the tests.
        var hits = 0
    }

    private let state = Mutex(State())

    /// What the file at `path` said when it was last read, if it is still the file `identity` describes.
    func image(at path: PathKey, identity: Identity) -> FolderImage? {
        state.withLock { state in
            guard let entry = state.entries[path], entry.identity == identity else { return nil }
            state.hits += 1
            return entry.image
        }
    }

    /// Keeps what the file at `path`, which was `identity`, said.
    func store(_ image: FolderImage, at path: PathKey, identity: Identity) {
        state.withLock { state in
            if state.entries.count >= FolderImageCache.capacity && state.entries[path] == nil { state.entries = [:] }
            state.entries[path] = (identity, image)
        }
    }

    /// How many lookups so far found their file unchanged.
    var hits: Int { state.withLock { $0.hits } }
}
