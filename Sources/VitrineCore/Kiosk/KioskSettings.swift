/// Whether Vitrine runs as a desktop window or locked down as a kiosk.
public enum DisplayMode: String, Sendable, Equatable, CaseIterable {
    /// A normal window: Escape and the close button quit.
    case windowed
    /// Fullscreen-desktop, cursor hidden, screensaver off; nothing but the exit chord (or a signal) quits.
    case kiosk
}

/// How the panel is mounted: the clockwise angle by which the picture is turned on the physical screen.
public enum Rotation: Int, Sendable, Equatable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Whether the logical screen's width and height are swapped relative to the panel's.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size of the screen the UI is laid out for, given the physical panel's size.
    public func logicalSize(ofPhysical size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// Where a point on the physical panel (as touch and mouse report it) lies on the logical, upright screen.
    ///
    /// The picture is drawn turned clockwise by the angle, so input is turned back counter-clockwise; a swipe to
    /// the left as the viewer sees it is then a swipe to the left in the layout, and pages forward.
    public func logicalPoint(fromPhysical p: Point, physicalSize size: Size) -> Point {
        switch self {
        case .none: p
        case .clockwise90: Point(x: p.y, y: size.width - p.x)
        case .upsideDown: Point(x: size.width - p.x, y: size.height - p.y)
        case .clockwise270: Point(x: size.height - p.y, y: p.x)
        }
    }

    /// Where a point of the logical, upright screen is drawn on the physical panel (the inverse of
    /// ``logicalPoint(fromPhysical:physicalSize:)``).
    public func physicalPoint(fromLogical p: Point, physicalSize size: Size) -> Point {
        switch self {
        case .none: p
        case .clockwise90: Point(x: size.width - p.y, y: p.x)
        case .upsideDown: Point(x: size.width - p.x, y: size.height - p.y)
        case .clockwise270: Point(x: p.y, y: size.height - p.x)
        }
    }
}

/// A key combination, such as `ctrl+alt+shift+q`: the only key press that quits a locked-down kiosk.
public struct KeyChord: Sendable, Equatable, CustomStringConvertible {
    /// The modifier keys of a chord; left and right count alike.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let ctrl = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let shift = Modifiers(rawValue: 4)
        public static let gui = Modifiers(rawValue: 8)
    }

    /// The modifiers that must be held, exactly.
    public var modifiers: Modifiers
    /// The key's name in lower case, as SDL names keys ("q", "f12", "escape", "delete").
    public var key: String

    private static let modifierNames: [String: Modifiers] = [
        "ctrl": .ctrl, "control": .ctrl, "alt": .alt, "shift": .shift, "super": .gui, "gui": .gui, "meta": .gui, "win": .gui,
    ]

    /// A chord of `modifiers` and `key`.
    public init(modifiers: Modifiers, key: String) {
        self.modifiers = modifiers
        self.key = key.lowercased()
    }

    /// Parses `mod+mod+key`, case-insensitive; nil when it is not a chord (no key, an unknown modifier, two keys).
    public init?(parsing text: String) {
        // Spaces around the parts go; spaces inside a key's name stay ("keypad enter").
        let parts = text.lowercased().split(separator: "+", omittingEmptySubsequences: false).map { part in
            String(String(part.drop(while: { $0 == " " }).reversed()).drop(while: { $0 == " " }).reversed())
        }
        guard let last = parts.last, !last.isEmpty, KeyChord.modifierNames[last] == nil else { return nil }
        var modifiers: Modifiers = []
        for part in parts.dropLast() {
            guard let modifier = KeyChord.modifierNames[part] else { return nil }
            modifiers.insert(modifier)
        }
        self.init(modifiers: modifiers, key: last)
    }

    /// Whether a press of `key` with exactly `modifiers` held is this chord.
    public func matches(key: String, modifiers held: Modifiers) -> Bool {
        key.lowercased() == self.key && held == modifiers
    }

    public var description: String {
        let names: [(Modifiers, String)] = [(.ctrl, "ctrl"), (.alt, "alt"), (.shift, "shift"), (.gui, "super")]
        return (names.filter { modifiers.contains($0.0) }.map(\.1) + [key]).joined(separator: "+")
    }
}

/// Attract mode: advance on a timer while nobody touches the kiosk, and go home after a long idle time.
public struct AutoplayConfig: Sendable, Equatable {
    /// Seconds between advances.
    public var interval: Double
    /// Seconds without input after which advancing resumes.
    public var resumeAfterIdle: Double
    /// Seconds without input after which the kiosk animates back to ``home``; nil never goes home.
    public var homeAfterIdle: Double?
    /// The card to return to, counted from 0.
    public var home: Int
    /// Whether a thin bar shows the time left to the next advance.
    public var progressBar: Bool
    /// The seed of a shuffled order (`"shuffle": true` is seed 1); nil keeps the deck's order.
    public var shuffle: UInt64? = nil

    /// The defaults: every 8 s, resume after 30 s, home never, home card 0, no bar.
    public init(interval: Double = 8, resumeAfterIdle: Double = 30, homeAfterIdle: Double? = nil, home: Int = 0, progressBar: Bool = false) {
        self.interval = interval
        self.resumeAfterIdle = resumeAfterIdle
        self.homeAfterIdle = homeAfterIdle
        self.home = home
        self.progressBar = progressBar
    }
}
