import Dispatch
import Glibc
import VitrineCore
import VitrineSystem

/// Composed cards kept on disk across restarts, so the first picture of a restart is one file read instead of a
/// JPEG decode and a compose.
///
/// The folder is systemd's `$CACHE_DIRECTORY` (`CacheDirectory=`), else `$XDG_CACHE_HOME/vitrine`; with neither
/// set there is no cache (so a test run or a one-off `run` leaves nothing behind in the home folder). An entry (``CardCacheKey``) is a 16-byte header (`VTRC`, the format version, width and
/// height, little-endian) and the card's ARGB8888 rows. Writes go to a temporary file that is synced and then
/// renamed, so a power cut leaves no torn entry; a read checks the header and the exact size. A folder that cannot
/// be made or written, or a full disk, just means no cache. At most ``maximumEntries`` entries are kept.
public final class CardCache: Sendable {
    /// The folder the entries are in.
    public let folder: String

    /// The most entries kept: the newest are kept, the rest removed when one is written.
    public static let maximumEntries = 8
    static let magic: [UInt8] = Array("VTRC".utf8)
    static let headerBytes = 16

    /// The font files the cards are drawn with, each with its identity (or `missing`): a font replaced by an update
    /// shapes titles anew, so its cards are not taken from entries made with the old one.
    let fontShape: [String]

    /// A cache in `folder` (made when missing, with its parents' permission) for cards whose texts are drawn with
    /// the font files `fontFiles`.
    public init(folder: String, fontFiles: [String] = []) {
        self.folder = folder
        fontShape = fontFiles.sorted().map { path in
            guard let font = CardCache.identity(of: path) else { return path + " missing" }
            return "\(path) \(font.device) \(font.inode) \(font.size) \(font.modifiedSeconds).\(font.modifiedNanoseconds)"
        }
    }

    /// The cache folder the environment names, or nil when there is no home for one; `fontFiles` as for
    /// ``init(folder:fontFiles:)``.
    public static func fromEnvironment(fontFiles: [String] = []) -> CardCache? {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        if let systemd = env("CACHE_DIRECTORY") { return CardCache(folder: String(systemd.split(separator: ":").first ?? ""), fontFiles: fontFiles) }
        if let xdg = env("XDG_CACHE_HOME") { return CardCache(folder: xdg + "/vitrine", fontFiles: fontFiles) }
        return nil
    }

    /// The identity of the image file at `path`, or nil when it cannot be looked at.
    public static func identity(of path: String) -> ImageIdentity? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return ImageIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                             modifiedSeconds: Int64(status.st_mtim.tv_sec), modifiedNanoseconds: Int64(status.st_mtim.tv_nsec))
    }

    /// Everything besides the image that shapes `composer`'s card: its texts and geometry, and the fonts.
    func shape(_ composer: CardComposer) -> [String] {
        [composer.card.image, composer.card.title, composer.card.subtitle, composer.card.direction.rawValue, "\(composer.pageCount)", "\(composer.size.width)x\(composer.size.height)",
         "\(composer.pointScale)", "\(composer.exifOrientation)", "\(composer.readability)",
         "\(composer.background.red),\(composer.background.green),\(composer.background.blue)", composer.look.cacheShape] + fontShape
    }

    /// The entry's path for `composer`'s card, when its image can be looked at.
    func path(for composer: CardComposer) -> String? {
        CardCache.identity(of: composer.card.image).map { folder + "/" + CardCacheKey.fileName(for: $0, shape: shape(composer)) }
    }

    /// Whether any entry is for the image file at `path` as it is now (a cheap look at the folder).
    public func holdsCard(forImage path: String) -> Bool {
        guard let identity = CardCache.identity(of: path) else { return false }
        let prefix = CardCacheKey.prefix(for: identity) + "-"
        return entries().contains { $0.hasPrefix(prefix) }
    }

    /// The cached card for `composer`, or nil when there is none or it does not check out.
    ///
    /// The entry is mapped, not read: its pixels stay the page cache's (no copy, and no fresh memory to fault in
    /// while the display opens), mapped at once (`MAP_POPULATE`), and the surface keeps the mapping until it goes.
    /// Entries are only ever replaced by a rename, never rewritten in place, so a mapped one does not change.
    public func card(for composer: CardComposer) -> Surface? {
        mappedCard(for: composer).flatMap(surface)
    }

    /// A cached card's pixels, mapped: ARGB8888 rows of ``size``, ``pitch`` bytes apart, from ``pixels``.
    public struct MappedCard {
        let mapping: MappedFile
        public let size: PixelSize
        public var pitch: Int { size.width * 4 }
        public var pixels: UnsafeRawPointer { UnsafeRawPointer(mapping.base + CardCache.headerBytes) }
    }

    /// The cached card for `composer`, mapped (as for ``card(for:)``) but not made a surface: reading it needs no
    /// SDL. Nil when there is none or it does not check out.
    public func mappedCard(for composer: CardComposer) -> MappedCard? {
        guard let path = path(for: composer) else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let rowBytes = composer.size.width * 4
        let length = CardCache.headerBytes + rowBytes * composer.size.height
        var status = stat()
        // Longer or shorter than its header says: not ours.
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == length,
              let mapping = MappedFile(descriptor: descriptor, length: length) else { return nil }
        let header = UnsafeRawBufferPointer(start: mapping.base, count: CardCache.headerBytes)
        guard Array(header[0..<4]) == CardCache.magic, littleEndian(Array(header), 4) == CardCacheKey.formatVersion,
              littleEndian(Array(header), 8) == composer.size.width, littleEndian(Array(header), 12) == composer.size.height
        else { return nil }
        return MappedCard(mapping: mapping, size: composer.size)
    }

    /// A surface of `card`'s pixels, which keeps the mapping.
    public func surface(_ card: MappedCard) -> Surface? {
        Surface(argb8888: card.mapping.base + CardCache.headerBytes, size: card.size, pitch: card.pitch, heldBy: card.mapping)
    }

    /// Writes `surface` as `composer`'s card with ``FileDescriptor/replaceAtomically(_:replacing:permissions:write:)``:
    /// a new temporary file (`O_EXCL | O_NOFOLLOW`, so a link or a FIFO planted at its name is never followed or
    /// opened), synced, then renamed over the entry; a symbolic link, a FIFO or anything but a regular file at the
    /// entry's path is left alone. Then keeps the newest ``maximumEntries``. Gives the failure, if any, for tests:
    /// the kiosk ignores it (no cache is fine), and no partial entry is ever left.
    @discardableResult
    public func store(_ surface: Surface, for composer: CardComposer) -> SystemError? {
        guard surface.size == composer.size, let path = path(for: composer) else { return nil }
        mkdir(folder, 0o755)
        var header = CardCache.magic
        for value in [CardCacheKey.formatVersion, composer.size.width, composer.size.height] {
            header += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        do throws(SystemError) {
            try FileDescriptor.replaceAtomically(path) { _, file throws(SystemError) in
                let failure = header.withUnsafeBytes { bytes -> SystemError? in
                    do throws(SystemError) { try file.write(bytes) } catch { return error }
                    return nil
                }
                if let failure { throw failure }
                try surface.forEachRow { row throws(SystemError) in try file.write(row) }
            }
        } catch {
            return error
        }
        prune()
        return nil
    }

    /// Writes `surface` in the background (utility priority), so the first picture never waits for the disk.
    public func storeLater(_ surface: Surface, for composer: CardComposer) {
        let held = UncheckedBox(surface)
        DispatchQueue.global(qos: .utility).async { [self] in store(held.value, for: composer) }
    }

    /// The names of the entries in the folder.
    func entries() -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix("card-") || name.hasPrefix(".card-") { names.append(name) }
        }
        return names
    }

    /// Removes all but the newest ``maximumEntries`` entries, and temporary files a killed writer left.
    func prune() {
        var dated: [(name: String, time: Int)] = []
        for name in entries() {
            var status = stat()
            guard stat(folder + "/" + name, &status) == 0 else { continue }
            // A writer killed mid-write leaves its temporary file: `.card-….XXXX` (older kiosks: `card-….tmp.PID`).
            if name.hasPrefix(".") || name.contains(".tmp.") {
                if time(nil) - status.st_mtim.tv_sec > 60 { unlink(folder + "/" + name) }
                continue
            }
            dated.append((name, Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)))
        }
        for old in dated.sorted(by: { $0.time > $1.time }).dropFirst(CardCache.maximumEntries) { unlink(folder + "/" + old.name) }
    }

    private func littleEndian(_ bytes: [UInt8], _ at: Int) -> Int {
        bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

/// A file mapped read-only and private, unmapped when this object goes.
final class MappedFile {
    let base: UnsafeMutableRawPointer
    let length: Int

    /// Maps the first `length` bytes of `descriptor`, with every page mapped at once; nil when that fails.
    init?(descriptor: Int32, length: Int) {
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), base != MAP_FAILED else { return nil }
        self.base = base
        self.length = length
    }

    deinit { munmap(base, length) }
}

/// Hands a value that is only read to another thread.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
