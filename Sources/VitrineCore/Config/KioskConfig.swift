/// A validated kiosk configuration: the cards to show and how to show them.
public struct KioskConfig: Sendable, Equatable {
    /// The cards, in the order they are shown; may be empty.
    public var cards: [CardConfig]
    /// The window and how images fill cards.
    public var display: DisplayConfig
    /// Whether swiping past the last card comes back to the first (and the other way round).
    public var wrap: Bool
    /// Attract mode; nil (the default) leaves it off.
    public var autoplay: AutoplayConfig? = nil
    /// How programmatic moves show (`transition`): slide (the default), fade or none; a drag always slides.
    public var transition: PageTransition = .slide
    /// Reduced motion, the deck's direction and the other accessibility settings (top-level `motion`, …).
    public var accessibility = AccessibilitySettings()
    /// Where to make the remote-control socket (`control.socket`, resolved against the config's folder); nil for none.
    public var controlSocket: String? = nil
    /// How the cards look (`style`): the defaults are Vitrine's look.
    public var style = StyleConfig()
    /// A clock or date over the cards (`overlay`); nil for none.
    public var overlay: OverlayConfig? = nil
    /// The fleet's broker (`mqtt`); nil (the default) for no MQTT client.
    public var mqtt: MQTTConfig? = nil
    /// The group of screens this kiosk moves with (`sync`); nil (the default) for a kiosk that moves alone.
    public var sync: SyncConfig? = nil
    /// For a folder deck, the folder its cards come from (the loader lists it into ``cards``); nil otherwise.
    public var folder: FolderSource? = nil
    /// The path the config came from, as it was given; relative image paths were resolved against its folder.
    public var file: String

    /// Creates a config; everything but the cards and the file has a default.
    public init(cards: [CardConfig], display: DisplayConfig = DisplayConfig(), wrap: Bool = true, file: String) {
        self.cards = cards
        self.display = display
        self.wrap = wrap
        self.file = file
    }
}

/// One feature card: a picture with an optional title and subtitle.
///
/// Its four texts live one after another in one string, which a whole deck shares once loaded
/// (``packing(_:)``): 10,000 cards then keep one allocation for their texts instead of up to three a card (a title
/// or a path over 15 bytes is an allocation of its own, 64-80 bytes with the string's header), and the folder their
/// images share is kept once. Measured at rest (`malloc_stats`): the cards of a 10,000-card deck took 2.3 MiB
/// unpacked, 1.1 MiB packed, 0.8 MiB with the shared folder kept once and the storage a reference (40 bytes a card,
/// not 48). Reading a text makes a `String` of it (an allocation when it is over 15 bytes); nothing reads them per
/// frame.
public struct CardConfig: Sendable, Equatable {
    /// The texts, and where each ends in them.
    private var text: PackedText
    /// The card's schedule and detail, boxed together: most cards have neither, and one reference keeps a card at
    /// 40 bytes (see `CardConfig+Detail.swift`).
    var extras: CardExtras? = nil

    /// When the card shows and for how long (`duration`, `from`, `until`, `hours`); empty: always, for the interval.
    public var schedule: CardSchedule {
        get { extras?.schedule ?? CardSchedule() }
        set { extras = CardExtras.make(schedule: newValue, detail: detail, video: video, direction: direction, motion: motionSettings, lang: lang) }
    }

    /// Creates a card.
    public init(id: String? = nil, title: String, subtitle: String = "", image: String) {
        text = PackedText(id: id, title: title, subtitle: subtitle, image: image)
    }

    /// An optional identifier, for tests and deep links.
    public var id: String? {
        get { text.hasID ? text.part(0) : nil }
        set { text = PackedText(id: newValue, title: title, subtitle: subtitle, image: image) }
    }
    /// The headline; empty for none (then, with no subtitle either, the card is its picture alone).
    public var title: String {
        get { text.part(1) }
        set { text = PackedText(id: id, title: newValue, subtitle: subtitle, image: image) }
    }
    /// The line under the title; empty when there is none.
    public var subtitle: String {
        get { text.part(2) }
        set { text = PackedText(id: id, title: title, subtitle: newValue, image: image) }
    }
    /// The image file: absolute, or relative to the working directory, already resolved against the config's folder.
    public var image: String {
        get { text.part(3) }
        set { text = PackedText(id: id, title: title, subtitle: subtitle, image: newValue) }
    }

    /// `cards` with their texts moved into one string that they share: what a loaded deck keeps. The longest
    /// folder (ending in `/`) that all their images are in is kept once, at the start of that string.
    public static func packing(_ cards: [CardConfig]) -> [CardConfig] {
        var total = 0
        for card in cards { total += card.text.byteCount }
        guard total < Int(UInt32.max), cards.count > 1 else { return cards }
        let folder = commonFolder(cards.lazy.map { $0.image })
        let folderBytes = folder.utf8.count
        var storage = folder
        storage.reserveCapacity(total + folderBytes)
        var packed = cards
        for index in packed.indices {
            packed[index].text.append(to: &storage, droppingFromImage: folderBytes)
        }
        let shared = PackedText.Storage(storage, folderBytes: UInt32(folderBytes))
        for index in packed.indices { packed[index].text.storage = shared }
        return packed
    }

    /// The longest folder, ending in `/`, that begins every one of `paths` (as bytes); empty when there is none.
    static func commonFolder(_ paths: some Sequence<String>) -> String {
        var common: [UInt8]?
        for path in paths {
            let bytes = Array(path.utf8)
            guard let known = common else { common = bytes; continue }
            var length = 0
            while length < known.count, length < bytes.count, known[length] == bytes[length] { length += 1 }
            common = Array(known[..<length])
            if length == 0 { break }
        }
        guard let bytes = common, let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(decoding: bytes[...slash], as: UTF8.self)
    }

    /// Cards are equal when their texts are equal as text and their images are the same file: the same path bytes
    /// (``PathKey``), since canonically equivalent names are different files.
    public static func == (a: CardConfig, b: CardConfig) -> Bool {
        guard a.extras == b.extras else { return false }
        if a.text.isSame(as: b.text) { return true }
        return a.id == b.id && a.title == b.title && a.subtitle == b.subtitle && PathKey.same(a.image, b.image)
    }
}

/// A card's four texts (identifier, title, subtitle, image path) one after another in `storage`, which other
/// cards' texts may share: the part `k` runs from `ends[k - 1]` (`start` for the first) to `ends[k]`. An image
/// marked `imageInFolder` begins with the storage's shared folder (its first `folderBytes` bytes), not kept again.
private struct PackedText: Sendable {
    /// Texts that cards share, and how many of their first bytes are the folder their images share.
    final class Storage: Sendable {
        let text: String
        let folderBytes: UInt32

        init(_ text: String, folderBytes: UInt32 = 0) {
            var native = text
            native.makeContiguousUTF8()
            self.text = native
            self.folderBytes = folderBytes
        }

        /// The UTF-8 bytes `bounds` of the text, as a string.
        func string(_ bounds: Range<Int>) -> String {
            var whole = text  // A native string: no copy, and its UTF-8 is contiguous.
            return whole.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[bounds]), as: UTF8.self) }
        }
    }

    var storage: Storage
    var start: UInt32 = 0
    var idEnd: UInt32
    var titleEnd: UInt32
    var subtitleEnd: UInt32
    var imageEnd: UInt32
    var hasID: Bool
    var imageInFolder = false

    init(id: String?, title: String, subtitle: String, image: String) {
        var all = ""
        all.reserveCapacity((id?.utf8.count ?? 0) + title.utf8.count + subtitle.utf8.count + image.utf8.count)
        for part in [id ?? "", title, subtitle, image] { all.append(part) }
        storage = Storage(all)
        idEnd = UInt32(truncatingIfNeeded: id?.utf8.count ?? 0)
        titleEnd = idEnd + UInt32(truncatingIfNeeded: title.utf8.count)
        subtitleEnd = titleEnd + UInt32(truncatingIfNeeded: subtitle.utf8.count)
        imageEnd = subtitleEnd + UInt32(truncatingIfNeeded: image.utf8.count)
        hasID = id != nil
    }

    /// The UTF-8 bytes of the four texts as kept here.
    var byteCount: Int { Int(imageEnd - start) }

    /// Part `k`: 0 the identifier, 1 the title, 2 the subtitle, 3 the image path.
    func part(_ k: Int) -> String {
        let bounds: (UInt32, UInt32)
        switch k {
        case 0: bounds = (start, idEnd)
        case 1: bounds = (idEnd, titleEnd)
        case 2: bounds = (titleEnd, subtitleEnd)
        default:
            if imageInFolder { return storage.string(0..<Int(storage.folderBytes)) + storage.string(Int(subtitleEnd)..<Int(imageEnd)) }
            bounds = (subtitleEnd, imageEnd)
        }
        guard bounds.1 > bounds.0 else { return "" }
        return storage.string(Int(bounds.0)..<Int(bounds.1))
    }

    /// Appends the four texts to `other`, the image without its first `folder` bytes (the shared folder, which
    /// `other` begins with) when it has any, and points the bounds at them there.
    mutating func append(to other: inout String, droppingFromImage folder: Int) {
        let image = part(3)
        let dropped = folder > 0 && image.utf8.count > folder
        var whole = storage.text
        let newStart = UInt32(other.utf8.count)
        whole.withUTF8 { bytes in
            other.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(subtitleEnd)]), as: UTF8.self))
        }
        other.append(dropped ? String(decoding: image.utf8.dropFirst(folder), as: UTF8.self) : image)
        let shift = Int64(newStart) - Int64(start)
        func moved(_ end: UInt32) -> UInt32 { UInt32(Int64(end) + shift) }
        idEnd = moved(idEnd); titleEnd = moved(titleEnd); subtitleEnd = moved(subtitleEnd)
        imageEnd = UInt32(other.utf8.count)
        start = newStart
        imageInFolder = dropped
    }

    /// Whether both are the very same bytes of the very same storage (then equal without reading them).
    func isSame(as other: PackedText) -> Bool {
        storage === other.storage && start == other.start && idEnd == other.idEnd && titleEnd == other.titleEnd
            && subtitleEnd == other.subtitleEnd && imageEnd == other.imageEnd && hasID == other.hasID
            && imageInFolder == other.imageInFolder
    }
}

/// How the kiosk window looks.
public struct DisplayConfig: Sendable, Equatable {
    /// The default window size, 1200x800 (3:2, like the cards).
    public static let defaultWindow = PixelSize(width: 1200, height: 800)
    /// The widths and heights a window may have, in pixels.
    public static let windowDimensionRange = 1...Limits.windowSide

    /// The window size in pixels when not fullscreen.
    public var window: PixelSize
    /// How an image fills its card.
    public var fit: FitMode
    /// The colour behind the cards (opaque).
    public var background: Color
    /// Whether the window covers the whole screen.
    public var fullscreen: Bool
    /// Windowed, or a locked-down kiosk.
    public var mode: DisplayMode = .windowed
    /// The screen to use, counted from 0, when there is more than one.
    public var displayIndex: Int = 0
    /// The only key press that quits kiosk mode; nil for none (then only signals stop it).
    public var exitChord: KeyChord? = nil
    /// How the panel is mounted.
    public var rotation: Rotation = .none
    /// Which SDL renderer draws the window.
    public var renderer: RendererChoice = .auto
    /// Whether a photo's Exif orientation turns it upright (phones store portraits sideways and say so there).
    public var exifOrientation = true
    /// Whether a video playing in the window is decoded with VA-API where a device and driver for it are present
    /// (`display.hardwareDecoding`); software decoding either way when they are not.
    public var hardwareDecoding = true
    /// The hours the screen is awake (`display.awake`); outside them it sleeps. nil (the default): never sleeps.
    public var awake: WeeklyHours? = nil
    /// Seconds a sleeping screen stays awake after the last touch, key or `wake` command (`display.wakeFor`).
    public var wakeFor: Double = DisplayConfig.defaultWakeFor
    /// `display.scale`, `text.scale` and `contrast` (see `KioskSchema+Readability.swift`).
    public var readability = Readability()
    /// The commands run as the screen sleeps and wakes (`display.onSleep`, `onWake`, `hookTimeout`).
    public var hooks = PowerHooks()
    /// The touch screen's calibration (`display.touchMatrix`, else udev's); nil: none.
    public var touchMatrix: TouchMatrix? = nil

    /// Creates a display config; every field has a default.
    public init(window: PixelSize = DisplayConfig.defaultWindow, fit: FitMode = .contain,
                background: Color = .black, fullscreen: Bool = false) {
        self.window = window
        self.fit = fit
        self.background = background
        self.fullscreen = fullscreen
    }
}

/// How an image is scaled into a card whose aspect ratio differs from its own.
public enum FitMode: String, Sendable, Equatable, CaseIterable {
    /// The whole image shows, letterboxed with the background colour.
    case contain
    /// The image fills the card, cropped at its edges.
    case cover
}

/// Which SDL renderer draws the window; screenshots and replays always use the software renderer.
public enum RendererChoice: String, Sendable, Equatable, CaseIterable {
    /// The measured best default: the software renderer (see the README's Benchmarks).
    case auto
    /// SDL's software renderer into the window surface, with no GL stack loaded.
    case software
    /// The first hardware-accelerated renderer SDL offers (OpenGL, GLES), with vsync.
    case accelerated

    /// Whether this choice draws with the software renderer.
    public var usesSoftware: Bool { self != .accelerated }
}
