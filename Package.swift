// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Vitrine",
    products: [
        .executable(name: "vitrine", targets: ["VitrineCLI"]),
    ],
    targets: [
        // System libraries, found through pkg-config. Never name a Swift target `SDL2`: it would shadow -lSDL2.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
        // Finds system fonts for the glyphs the bundled faces lack.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // libjpeg-turbo and libpng, for decoding card pictures at card size with bounded cost (see ImageDecoder).
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // glibc's malloc tuning (mallopt), from the C library itself.
        .systemLibrary(name: "CMalloc"),
        // Tells systemd the kiosk is up (READY=1) and alive (WATCHDOG=1).
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),

        // The pure core: deck model, config, layout, paging, display lists. Never imports SDL.
        .target(name: "VitrineCore", linkerSettings: [.linkedLibrary("m")]),

        // The thin SDL edge: window, renderer, textures, fonts (with fontconfig fallback), events, display-list execution.
        .target(name: "VitrineSDL", dependencies: ["VitrineCore", "CSDL2", "CSDL2Image", "CSDL2TTF", "CFontconfig", "CSystemd", "CMalloc", "CJPEG", "CPNG"]),

        // The `vitrine` executable: argument parsing and subcommands only.
        .executableTarget(name: "VitrineCLI", dependencies: ["VitrineCore", "VitrineSDL"]),

        // Helpers the tests share: screenshot compare, record modes, scripted input, manual clock.
        .target(name: "VitrineTestSupport", dependencies: ["VitrineCore", "VitrineSDL"]),

        .testTarget(name: "VitrineCLITests", dependencies: ["VitrineCore", "VitrineTestSupport"]),
        .testTarget(name: "VitrineCoreTests", dependencies: ["VitrineCore", "VitrineTestSupport"]),
        .testTarget(
            name: "VitrineSDLTests",
            dependencies: ["VitrineCore", "VitrineSDL", "VitrineTestSupport"],
            exclude: ["Goldens", "Fixtures"]
        ),
    ]
)
