import Dispatch
import Glibc
import VitrineCore

extension DeckReloader {
    /// The longest a reload waits for images a new config names that do not exist yet, in seconds: the old deck
    /// stays meanwhile; after it, the new deck shows, with placeholders for what is still missing.
    public static let completionWait = FileWatcher.maximumDelay

    /// Holds back a watcher-driven reload whose valid `new` config names images that do not exist yet, as when a
    /// deploy delivers the config before its pictures: keeps the last good deck, watches the missing images so
    /// their arrival reloads, and wakes the owner when ``completionWait`` is over. Nil when nothing is missing or
    /// the wait is over (the reload goes ahead), or when not watching.
    ///
    /// An image deleted under an unchanged config is not waited for: it shows the placeholder at once, as before.
    func waitForMissingImages(of new: KioskConfig, changed: Set<PathKey>) -> ReloadOutcome? {
        guard let watcher, let wake else { return nil }
        let old = Set(config.cards.map { PathKey($0.image) })
        var missing = Set<PathKey>()
        for image in Set(new.cards.map({ PathKey($0.image) })) where !old.contains(image) || changed.contains(image) {
            if access(image.path, F_OK) != 0 && errno == ENOENT { missing.insert(image) }
        }
        let deleted = missing.filter { old.contains($0) && changed.contains($0) && !changed.contains(PathKey(config.file)) }
        missing.subtract(deleted)
        let now = MonotonicClock.seconds
        guard !missing.isEmpty, now - (waitingSince ?? now) < DeckReloader.completionWait - 0.05 else {
            waitingSince = nil
            return nil
        }
        if waitingSince == nil {
            waitingSince = now
            report("\(Limits.shortened(new.file)): the new deck names \(missing.count) image(s) not there yet, such as "
                   + "\(Limits.shortened(missing.min()!.path)); keeping the last deck for up to "
                   + "\(Int(DeckReloader.completionWait)) s while they arrive")
            DispatchQueue.global().asyncAfter(deadline: .now() + DeckReloader.completionWait) { wake() }
        }
        inbox.add(changed)  // Read again with whatever arrives next, or when the wait is over.
        reportWatchProblems(watcher.watch(watchedPaths.union(new.cards.map { PathKey($0.image) })))
        return .waiting(missing: missing.count)
    }
}
