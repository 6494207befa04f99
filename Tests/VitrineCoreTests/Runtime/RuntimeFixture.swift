@testable import VitrineCore

/// Decks and kiosks for the runtime's tests: no files, no screen; configs are read from a table.
enum RuntimeFixture {
    /// The one-line problems `KioskConfig.decode` finds in `json`, read as the file `k.json`; empty when it decodes.
    static func configErrors(_ json: String) -> [String] {
        do {
            _ = try KioskConfig.decode(Array(json.utf8), file: "k.json")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// The drawable: 900x600 pixels at one pixel per point, so a page is 900 points wide.
    static let pixels = PixelSize(width: 900, height: 600)

    /// Cards `A0`, `A1`, … with ids `a0`, `a1`, … and images `/deck/a0.jpg`, ….
    static func cards(_ count: Int, prefix: String = "a") -> [CardConfig] {
        (0..<count).map { CardConfig(id: "\(prefix)\($0)", title: "\(prefix.uppercased())\($0)", image: "/deck/\(prefix)\($0).jpg") }
    }

    /// A config of `cards` at `/deck/kiosk.json`.
    static func config(_ cards: [CardConfig], autoplay: AutoplayConfig? = nil, mode: DisplayMode = .windowed,
                       exitChord: KeyChord? = nil) -> KioskConfig {
        var config = KioskConfig(cards: cards, file: "/deck/kiosk.json")
        config.autoplay = autoplay
        config.display.mode = mode
        config.display.exitChord = exitChord
        return config
    }

    /// A kiosk on a manual clock whose reloads read `files` (a missing path is an unreadable file).
    static func kiosk(_ config: KioskConfig, files: [String: KioskConfig] = [:], heartbeat: Double? = nil) -> EmbeddedKiosk {
        EmbeddedKiosk(config: config, pixels: pixels, heartbeatPeriod: heartbeat, loadConfig: loader(files))
    }

    /// Reads configs from `files`.
    static func loader(_ files: [String: KioskConfig]) -> EmbeddedKiosk.ConfigLoader {
        { path in
            guard let config = files[path] else { return .failure(.unreadable(path: path, reason: "No such file or directory")) }
            return .success(LoadedConfig(config: config))
        }
    }

    /// The `pageChanged` lines of `events`: time and page.
    static func pageChanges(_ events: [TimedKioskEvent]) -> [(t: Double, page: Int)] {
        events.compactMap { event in
            switch event.event {
            case .pager(.pageChanged(let page)): (event.t, page)
            case .pageMovedByReload(_, let page): (event.t, page)
            default: nil
            }
        }
    }
}
