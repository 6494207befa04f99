/// Where a folder deck's cards come from: `"cards": {"folder": "photos", "order": "name"}` in a config, or a
/// folder given where a config file is expected.
public struct FolderSource: Sendable, Equatable {
    /// The folder, resolved against the config's folder as image paths are.
    public var path: String
    /// The order of the cards.
    public var order: FolderOrder
    /// Whether a picture whose sidecar gives no title is titled from its metadata or its file name (`titles`,
    /// the default); false leaves it untitled, a picture alone (photo-frame mode).
    public var titles = true

    /// A folder deck of `path` in `order`.
    public init(path: String, order: FolderOrder = .name) {
        self.path = path
        self.order = order
    }

    /// The watched path that stands for the folder's list of entries (`photos/.`): the file watcher reports it
    /// when an image or a sidecar appears in the folder, goes, or is renamed or written there.
    public var watchKey: PathKey { PathKey(path == "/" ? "/." : path + "/.") }

    /// The path of the entry `name` in the folder.
    public func entryPath(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }
}

/// The order of a folder deck's cards.
public enum FolderOrder: String, Sendable, Equatable, CaseIterable {
    /// By file name, in natural order (``FolderDeck/naturallyPrecedes(_:_:)``): `2.jpg` before `10.jpg`.
    case name
    /// By modification time, oldest first (a new file goes last); the same time by name.
    case modified
}

/// One entry of a folder deck's folder, as the loader found it, and what it read of it.
public struct FolderEntry: Sendable, Equatable {
    /// What the entry is, after following a symbolic link.
    public enum Kind: Sendable, Equatable {
        /// A regular file (or a link to one).
        case file
        /// Anything else: a folder, a FIFO, a device, a socket, a dangling link. Never opened.
        case other
    }

    /// The file name (not a path).
    public var name: String
    /// What it is.
    public var kind: Kind
    /// When it was last modified, in seconds since 1970.
    public var modified: Double
    /// For an image file the deck reads: what its first bytes say (see ``FolderImage``), nil when not read.
    public var image: FolderImage?
    /// For a sidecar the deck reads: its bytes, or why it could not be read; nil when not read.
    public var contents: Result<[UInt8], FolderReadProblem>?
    /// For a sidecar the deck reads: the file's size in bytes when it was opened, nil when unknown. The loader
    /// reads at most one byte past ``Limits/sidecarBytes``, so `contents` does not say how large a larger one is.
    public var size: Int?

    /// An entry; `header` (an image file's first bytes, kept only as a ``FolderImage``) and `contents` are filled
    /// in once the deck says what it needs (``FolderDeck/plan(_:order:)``).
    public init(name: String, kind: Kind = .file, modified: Double = 0, header: [UInt8]? = nil,
                contents: Result<[UInt8], FolderReadProblem>? = nil, size: Int? = nil) {
        self.name = name
        self.kind = kind
        self.modified = modified
        self.image = header.map(FolderImage.init(header:))
        self.contents = contents
        self.size = size
    }
}

/// What the first bytes of a folder deck's image file say, kept instead of the bytes (10,000 headers of 4 KiB
/// would be 40 MB): whether it is an image, why not, and its embedded title.
public struct FolderImage: Sendable, Equatable {
    /// Why the file is not shown (`empty file (0 bytes)`), nil when its first bytes are an image signature.
    public var problem: String?
    /// The title in its metadata (``EmbeddedTitle/title(in:)``).
    public var title: String?

    /// What `header`, the first bytes of a file (all of them when it is shorter than ``FolderDeck/headerBytes``), say.
    public init(header: [UInt8]) {
        if ImageProbe.format(of: header) == nil {
            problem = FolderDeck.notAnImageReason(header)
            title = nil
        } else {
            problem = nil
            title = EmbeddedTitle.title(in: header)
        }
    }

    /// An image that could not be read, for `reason`.
    public init(unreadable reason: String) {
        problem = reason
        title = nil
    }
}

/// Why an entry of a folder could not be read, in words (`not a regular file (a FIFO)`).
public struct FolderReadProblem: Error, Sendable, Equatable {
    /// The reason.
    public var reason: String

    /// A problem with `reason`.
    public init(_ reason: String) { self.reason = reason }
}

/// A folder's entries as the loader listed them.
public struct FolderListing: Sendable, Equatable {
    /// The entries found, in the order the system listed them (the loader passes over hidden names and names that
    /// are neither images nor sidecars; a listing made by hand may hold them, and they are skipped here too).
    public var entries: [FolderEntry]
    /// Whether the folder had more than ``Limits/folderEntries`` entries, the rest not listed.
    public var isCut = false
    /// The names, as the system gave them, that are not UTF-8 (not listed as entries: no path could name them).
    public var undecodableNames: [String] = []
    /// What the loader was asked to read (``FolderDeck/plan(_:order:)`` of `entries`), kept so the entries are
    /// sorted once; nil to work it out again.
    public var plan: (images: [Int], sidecars: [Int])? = nil

    /// Listings are equal when their entries, cut, undecodable names and plans are.
    public static func == (a: FolderListing, b: FolderListing) -> Bool {
        a.entries == b.entries && a.isCut == b.isCut && a.undecodableNames == b.undecodableNames
            && a.plan?.images == b.plan?.images && a.plan?.sidecars == b.plan?.sidecars
    }

    /// A listing of `entries`.
    public init(entries: [FolderEntry], isCut: Bool = false, undecodableNames: [String] = []) {
        self.entries = entries
        self.isCut = isCut
        self.undecodableNames = undecodableNames
    }
}

/// Turns a folder's listing into cards, with no I/O: the rules of a folder deck.
///
/// - Each image file is a card; its `id` is the sidecar's `id`, else the file name.
/// - Its title and subtitle come from the sidecar `NAME.json` next to it (its file name with the extension
///   replaced: `beach.jpg` and `beach.json`), else the title from the picture's metadata (``EmbeddedTitle``), else
///   from the file name (``fileNameTitle(_:)``).
/// - Skipped: hidden names (starting with `.`, which covers rsync's temporary files and `--delay-updates`'
///   `.~tmp~` folder), anything but a regular file, sidecars, names without an image extension, and files whose
///   first bytes are no image signature (``ImageProbe/format(of:)``).
///
/// A loader lists the folder, asks ``plan(_:order:)`` what to read, reads it into the entries, then calls
/// ``cards(from:source:)``.
public enum FolderDeck {
    /// The extensions, in lower case, of the image files a folder deck shows.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "gif", "bmp", "webp", "heic", "heif", "avif"]
    /// The extensions, in lower case, of the video files a folder deck shows as video cards (their first frame the
    /// poster). Their first bytes are read as an image's are, but FFmpeg, not ``ImageProbe``, says what they are.
    public static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm"]
    /// The extension of a sidecar.
    public static let sidecarExtension = "json"
    /// How many bytes of an image file are read first: enough for every signature, and for the Exif block of most
    /// JPEGs (``EmbeddedTitle/bytesWanted(_:)`` asks for more, up to ``Limits/imageMetadataBytes``).
    public static let headerBytes = 4096

    /// What an entry named `name` is to a folder deck, from its name alone.
    public enum Role: Sendable, Equatable {
        /// Possibly an image (its header is read and probed), or a video (``videoExtensions``).
        case image
        /// A sidecar: read when an image has its stem.
        case sidecar
        /// Never read.
        case ignored
    }

    /// What the entry `name` is to the deck: hidden names are ignored, then the extension decides (any case).
    public static func role(of name: String) -> Role {
        guard !name.hasPrefix(".") else { return .ignored }
        let (_, ext) = splitExtension(name)
        guard let ext else { return .ignored }
        if ext == sidecarExtension { return .sidecar }
        return imageExtensions.contains(ext) || videoExtensions.contains(ext) ? .image : .ignored
    }

    /// Whether the entry `name` is a video file by its extension (any case).
    public static func isVideo(_ name: String) -> Bool {
        splitExtension(name).ext.map(videoExtensions.contains) ?? false
    }

    /// What a loader must read: the headers of the image files that may become cards (regular files with an image
    /// extension, in the deck's order, at most ``Limits/folderCards``), and the sidecars those may use.
    public static func plan(_ entries: [FolderEntry], order: FolderOrder) -> (images: [Int], sidecars: [Int]) {
        let images = ordered(entries.indices.filter { entries[$0].kind == .file && role(of: entries[$0].name) == .image },
                             in: entries, order: order)
        let chosen = Array(images.prefix(Limits.folderCards))
        let stems = Set(chosen.map { PathKey(splitExtension(entries[$0].name).stem) })
        let sidecars = entries.indices.filter {
            entries[$0].kind == .file && role(of: entries[$0].name) == .sidecar && stems.contains(PathKey(splitExtension(entries[$0].name).stem))
        }
        return (chosen, sidecars)
    }

    /// The cards `listing` makes for the folder deck `source`, in its order, and a line for each problem found
    /// on the way (a bad sidecar, a file that is not an image, cards left out past a limit); each problem names
    /// its file, and the card it concerns still shows, with its fallback title. What a config would be refused
    /// for (a bad sidecar, a file that is no picture) fails `check` (``ConfigDiagnostic/failsCheck``).
    public static func cards(from listing: FolderListing, source: FolderSource) -> (cards: [CardConfig], problems: [ConfigDiagnostic]) {
        let entries = listing.entries
        var problems: [ConfigDiagnostic] = []
        if listing.isCut {
            problems.append(ConfigDiagnostic(file: source.path, path: "(folder)",
                                             message: "more than \(Limits.folderEntries) entries; only the first \(Limits.folderEntries) listed are looked at"))
        }
        for name in listing.undecodableNames {
            problems.append(ConfigDiagnostic(file: source.entryPath(name), path: "(file)", message: "the name is not UTF-8; left out",
                                             failsCheck: true))
        }
        let allImages = entries.indices.filter { entries[$0].kind == .file && role(of: entries[$0].name) == .image }.count
        if allImages > Limits.folderCards {
            problems.append(ConfigDiagnostic(file: source.path, path: "(folder)", message: "\(allImages) image files is over the limit of "
                                             + "\(Limits.folderCards) cards; the first \(Limits.folderCards) in \(source.order.rawValue) order are shown"))
        }
        let (images, sidecarIndices) = listing.plan ?? plan(entries, order: source.order)
        var sidecars: [PathKey: Int] = [:]
        for index in sidecarIndices { sidecars[PathKey(splitExtension(entries[index].name).stem)] = index }
        var parsed: [Int: SidecarText?] = [:]  // Each sidecar parsed (and its problems reported) once.
        var cards: [CardConfig] = []
        cards.reserveCapacity(images.count)
        for index in images {
            let entry = entries[index]
            let path = source.entryPath(entry.name)
            let isVideo = isVideo(entry.name)
            guard let image = entry.image, image.problem == nil || isVideo else {
                let reason = entry.image?.problem ?? "could not be read"
                problems.append(ConfigDiagnostic(file: path, path: "(file)", message: "left out: \(reason)", failsCheck: true))
                continue
            }
            var sidecar: SidecarText?
            if let sidecarIndex = sidecars[PathKey(splitExtension(entry.name).stem)] {
                if let known = parsed[sidecarIndex] {
                    sidecar = known
                } else {
                    let sidecarEntry = entries[sidecarIndex]
                    let result = parseSidecar(sidecarEntry.contents, size: sidecarEntry.size, file: source.entryPath(sidecarEntry.name))
                    problems += result.problems
                    parsed[sidecarIndex] = .some(result.text)
                    sidecar = result.text
                }
            }
            let embedded = isVideo ? nil : image.title
            let title = sidecar?.title ?? (source.titles ? embedded ?? fileNameTitle(entry.name) : "")
            var card = CardConfig(id: sidecar?.id ?? entry.name, title: title, subtitle: sidecar?.subtitle ?? "", image: path)
            if isVideo { card.video = CardVideo(path: path) }  // Its first frame is its poster.
            card.schedule = sidecar?.schedule ?? CardSchedule()
            card.detail = sidecar?.detail
            card.motionSettings = sidecar?.motion ?? CardMotionSettings()
            card.direction = sidecar?.direction ?? .auto
            card.lang = sidecar?.lang
            cards.append(card)
        }
        return (cards, problems)
    }

    /// Why a file with an image extension is not shown: what its first bytes are instead.
    static func notAnImageReason(_ header: [UInt8]) -> String {
        do throws(ImageProblem) {
            _ = try ImageProbe.probe(header, isWholeFile: header.count < headerBytes)
            return "not an image"
        } catch {
            return "\(error)"
        }
    }

    /// `indices` of `entries` in the deck's `order`: by ``naturallyPrecedes(_:_:)`` of their names, or by
    /// modification time and then name.
    static func ordered(_ indices: [Int], in entries: [FolderEntry], order: FolderOrder) -> [Int] {
        // Each name's scalars once, rather than once per comparison.
        let keys = indices.map { (index: $0, scalars: Array(entries[$0].name.unicodeScalars)) }
        let sorted: [(index: Int, scalars: [Unicode.Scalar])]
        switch order {
        case .name:
            sorted = keys.sorted { naturallyPrecedes($0.scalars, $1.scalars) }
        case .modified:
            sorted = keys.sorted {
                let (a, b) = (entries[$0.index].modified, entries[$1.index].modified)
                return a != b ? a < b : naturallyPrecedes($0.scalars, $1.scalars)
            }
        }
        return sorted.map(\.index)
    }

    /// `name` split at its last dot into a stem and a lower-case extension (nil when there is no dot after the
    /// first character, or nothing after it).
    static func splitExtension(_ name: String) -> (stem: String, ext: String?) {
        let scalars = name.unicodeScalars
        guard let dot = scalars.lastIndex(of: "."), dot != scalars.startIndex, scalars.index(after: dot) != scalars.endIndex else {
            return (name, nil)
        }
        let ext = String(scalars[scalars.index(after: dot)...])
        let lower = ext.unicodeScalars.allSatisfy(\.isASCII) ? ext.lowercased() : ext
        return (String(scalars[..<dot]), lower)
    }
}

extension KioskConfig {
    /// The deck of the folder at `path`, given where a config file is expected: every setting at its default, the
    /// cards (none yet: the loader lists the folder) in name order.
    public static func folderDeck(_ path: String) -> KioskConfig {
        var config = KioskConfig(cards: [], file: path)
        config.folder = FolderSource(path: resolve(path, inFolder: ""), order: .name)
        return config
    }

    /// Whether this deck is a folder given where a config file is expected (so there is no config file).
    public var isFolderOnly: Bool {
        folder.map { PathKey(KioskConfig.resolve(file, inFolder: "")) == PathKey($0.path) } ?? false
    }
}
