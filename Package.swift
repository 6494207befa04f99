// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Vitrine",
    products: [
        .executable(name: "vitrine", targets: ["VitrineCLI"]),
    ],
    targets: [
        // System libraries. SDL2, SDL_ttf, fontconfig and libsystemd are headers only here: CLazyLink opens them
        // on a thread of its own at start, not the dynamic loader before main (LazyLink.c). Never name a Swift
        // target `SDL2`: it would shadow -lSDL2.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // SDL_image's header. Not linked: CLazyLink opens it on first use.
        .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
        // Finds system fonts for the glyphs the bundled faces lack.
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // libjpeg-turbo and libpng, for decoding card pictures at card size with bounded cost (see ImageDecoder).
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // libheif's header, for HEIC and AVIF photos. Not linked: the shim opens libheif.so.1 when the first HEIF file
        // is met (its codecs cost about 2 MiB of PSS at every start otherwise), so no pkg-config link flags here.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        // libudev's header, for a touch screen's LIBINPUT_CALIBRATION_MATRIX. Not linked: the shim opens libudev.so.1.
        .systemLibrary(name: "CUdev", providers: [.apt(["libudev-dev"])]),
        // FFmpeg's headers, for video cards. Not linked: the shim opens libavformat, libavcodec, libswscale and
        // libavutil when the first video is met, so a kiosk without them runs and says once what to install.
        .systemLibrary(name: "CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
        // libwebp's demuxer header, for animated WebP cards. Not linked: the shim opens libwebpdemux.so.2 when the first
        // animated WebP is played, so a kiosk without it runs and says once what to install.
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
        // FriBidi's header, for right-to-left text. Not linked: the shim opens libfribidi.so.0 when a line first needs it.
        .systemLibrary(name: "CFriBidi", providers: [.apt(["libfribidi-dev"])]),
        // Bilinear scaling a row at a time with SDL's own arithmetic, so a JPEG is scaled into its card while it is decoded.
        .systemLibrary(name: "CStretch"),
        // Xlib's error handlers: losing the X server exits with a documented code instead of Xlib's exit 1.
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        // glibc's malloc tuning (mallopt), from the C library itself.
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CPosix"),
        // Tells systemd the kiosk is up (READY=1) and alive (WATCHDOG=1).
        .systemLibrary(name: "CSystemd", providers: [.apt(["libsystemd-dev"])]),
        // The functions of SDL2, SDL_ttf, fontconfig, libsystemd and SDL_image under their own names, the libraries
        // opened with dlopen (LazyLink.c): SDL_image on first use, the others on a thread at start.
        .target(name: "CLazyLink", dependencies: ["CSDL2", "CSDL2Image", "CSDL2TTF", "CFontconfig", "CSystemd"]),
        // Asks the X server (libX11, linked through CX11) whether a window manager runs and where a window really
        // is: fullscreen without a window manager (Window+Cover.swift). C, so Xlib's `Window` stays out of Swift.
        .systemLibrary(name: "CX11Facts"),
        // The first card on an X screen through libxcb alone, while SDL is still being opened (Splash.c).
        .target(name: "CSplash", linkerSettings: [.linkedLibrary("xcb")]),
        // Powers the display down while the kiosk sleeps (DPMS from libXext, or the X screen saver): DisplayPower.swift.
        .systemLibrary(name: "CX11Power", pkgConfig: "xext", providers: [.apt(["libxext-dev"])]),

        // libmosquitto's header, for a fleet member's MQTT client (`mqtt`). Not linked: the shim opens
        // libmosquitto.so.1 when a config with an `mqtt` key starts, so a kiosk without one never loads it.
        .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // libspeechd's header, for a kiosk that speaks its cards (`accessibility`). Not linked: the shim opens
        // libspeechd.so.2 when the first card is spoken, so a kiosk without speech-dispatcher runs silent.
        .systemLibrary(name: "CSpeechd", providers: [.apt(["libspeechd-dev"])]),

        // The pure core: deck model, config, layout, paging, display lists and the kiosk runtime. No SDL, no
        // threads, no I/O: it takes inputs at a time and returns effects.
        .target(name: "VitrineCore", linkerSettings: [.linkedLibrary("m")]),

        // POSIX services, as NIOPosix is to NIOCore: file descriptors and reading files, the inotify watcher,
        // signals, the control socket, the log, the monotonic clock.
        .target(name: "VitrineSystem", dependencies: ["VitrineCore", "CPosix", "CSystemd", "CLazyLink", "CMosquitto", "CUdev", "CFFmpeg", "CSpeechd", "CWebP", "CStretch"]),

        // The thin SDL edge: window, renderer, textures, fonts (with fontconfig fallback), events, display-list execution.
        .target(name: "VitrineSDL", dependencies: ["VitrineCore", "VitrineSystem", "CSDL2", "CSDL2Image", "CSDL2TTF", "CFontconfig", "CSystemd",
                                                   "CMalloc", "CX11", "CX11Facts", "CX11Power", "CJPEG", "CPNG", "CHeif", "CQREncode", "CFriBidi", "CStretch", "CLazyLink", "CSplash"]),

        // The `vitrine` executable: argument parsing and subcommands only.
        .executableTarget(name: "VitrineCLI", dependencies: ["VitrineCore", "VitrineSystem", "VitrineSDL"]),

        // Hand-built image file headers, byte by byte: fixtures for the core's tests and the bad-image corpus.
        .target(name: "VitrineFixtures"),

        // Helpers the SDL and process tests share: screenshot compare, record modes, the bad-image corpus.
        .target(name: "VitrineTestSupport", dependencies: ["VitrineCore", "VitrineSystem", "VitrineSDL", "VitrineFixtures"]),

        .testTarget(name: "VitrineCLITests", dependencies: ["VitrineCore", "VitrineSystem", "VitrineTestSupport", "VitrineFixtures"]),
        // The core's tests link neither SDL nor the system target.
        .testTarget(name: "VitrineCoreTests", dependencies: ["VitrineCore", "VitrineFixtures"]),
        .testTarget(name: "VitrineSystemTests", dependencies: ["VitrineCore", "VitrineSystem", "VitrineFixtures"]),
        .testTarget(
            name: "VitrineSDLTests",
            dependencies: ["VitrineCore", "VitrineSystem", "VitrineSDL", "VitrineTestSupport", "VitrineFixtures"],
            exclude: ["Goldens", "Fixtures"]
        ),
    ]
)
