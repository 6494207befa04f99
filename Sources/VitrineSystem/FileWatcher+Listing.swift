#if canImport(Glibc)
import Glibc
import VitrineCore

extension FileWatcher {
    /// The name that, watched in a folder (`photos/.`, ``FolderSource/watchKey``), stands for the folder's list
    /// of entries: a folder deck's images and sidecars appearing, going, renamed or written there.
    static let listingName: PathKey = "."

    /// The folder `rsync --delay-updates` gathers a deploy's files in before it renames them all into place, and
    /// removes at the end: while it is in a folder deck's folder, the report waits as for a file being written
    /// (at most ``maximumDelay``), so a deploy that first deletes the old files is one reload, not two.
    static let rsyncStagingName: PathKey = ".~tmp~"

    /// What an event with `mask` for `name` means in a folder whose list of entries is watched as `listings`:
    /// an entry a folder deck reads (an image or a sidecar by name, ``FolderDeck/role(of:)``; never a hidden one,
    /// such as rsync's temporary files or its `.~tmp~` folder) that was created, written, renamed in or out, or
    /// deleted changes the listings and the entry's own path; nil for anything else (then the event counts only
    /// as activity in the folder).
    ///
    /// `writing` is true while the file is being written (modified and not yet closed), false once it is complete
    /// (closed after writing, renamed into place or away, deleted), and nil when the event does not say (created:
    /// a link or a hard link is complete at once, a file being copied is modified next).
    static func listingMeaning(of mask: UInt32, name: PathKey, listings: Set<PathKey>) -> WatchTable.Meaning? {
        if name == rsyncStagingName, mask & UInt32(IN_ISDIR) != 0 {
            // rsync --delay-updates' staging folder: while it is there a deploy is under way, as a file being written.
            let appeared = mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
            guard appeared || mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 else { return nil }
            return .file(Set(listings.map { PathKey(String($0.path.dropLast()) + name.path) }), writing: appeared)
        }
        guard mask & UInt32(IN_ISDIR) == 0, !name.path.isEmpty, FolderDeck.role(of: name.path) != .ignored else { return nil }
        let writing: Bool?
        if mask & UInt32(IN_MODIFY) != 0 {
            writing = true
        } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE) != 0 {
            writing = false
        } else if mask & UInt32(IN_CREATE) != 0 {
            writing = nil
        } else {
            return nil
        }
        var paths = listings
        for listing in listings { paths.insert(PathKey(String(listing.path.dropLast()) + name.path)) }
        return .file(paths, writing: writing)
    }
}
#endif
