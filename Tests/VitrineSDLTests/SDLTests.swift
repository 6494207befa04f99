import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

/// Every test that touches SDL, one at a time: SDL and FreeType keep process-wide state.
@Suite(.serialized) struct SDLTests {}

/// Paths and shared set-up for the SDL tests.
enum Fixture {
    /// The checkout's root folder.
    static let root = VitrineProcess.root
    /// The bundled fonts.
    static let fontPaths: [FontWeight: String] = BundledFonts.fileNames.mapValues { "\(root)/Assets/Fonts/\($0)" }
    /// The golden images and failure artifacts.
    static let snapshots = SnapshotVerifier(goldens: "\(root)/Tests/VitrineSDLTests/Goldens", artifacts: "\(root)/artifacts")
    /// The headless library, initialised once for the whole run and kept (SDL_Quit is not worth a race).
    nonisolated(unsafe) static let library: SDLLibrary = try! SDLLibrary(video: false)

    /// The test deck: the demo images with fixed titles, so edits to the demo config do not move the goldens.
    static func deck(fit: FitMode = .contain, titles: [String]? = nil) -> KioskConfig {
        let names = ["ember-mesa", "alpine-lake", "misty-hills", "tall-waterfall", "prairie-panorama", "starry-lake"]
        let defaultTitles = ["Ember Mesa", "Lac Émeraude", "Greymantle Ridges",
                             "The Extraordinarily Long Winding Trail Above Silvermist Lake and the Seven Falls",
                             "Goldgrass Prairie", "Starwater Tarn"]
        let cards = names.enumerated().map { i, name in
            CardConfig(title: (titles ?? defaultTitles)[i], subtitle: "Card \(i + 1) of \(names.count)", image: "\(root)/Assets/Demo/\(name).jpg")
        }
        var config = KioskConfig(cards: cards, file: "\(root)/Tests/fixture.json")
        config.display.fit = fit
        config.display.background = Color(red: 0x10, green: 0x10, blue: 0x14)
        return config
    }

    /// Renders a frame exactly as `vitrine render` does; with `systemFallback` off, only the bundled fonts draw.
    static func render(_ config: KioskConfig, size: PixelSize, page: Int = 0, offset: Double = 0, systemFallback: Bool = true) throws -> RGBAImage {
        _ = library
        var problems: [String] = []
        let fonts = FontLibrary(paths: fontPaths, systemFallback: systemFallback)
        let surface = try HeadlessRenderer.frame(config: config, size: size, page: page, offset: offset,
                                                 fonts: fonts, report: { problems.append($0) })
        #expect(problems.isEmpty, "rendering reported: \(problems)")
        return try RGBAImage(surface)
    }
}
