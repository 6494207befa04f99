internal import CSDL2
import Glibc
internal import CSDL2Image
internal import CSDL2TTF
internal import CMalloc
internal import CLazyLink

/// The SDL, SDL_image and SDL_ttf libraries, initialised for the lifetime of this object.
///
/// Create one before any other SDL object and keep it until they are gone. `video` asks for the video subsystem,
/// which needs a display; headless rendering needs none.
public final class SDLLibrary {
    /// Initialises SDL (with video when asked) and SDL_ttf. SDL_image needs no start: it is opened when first used
    /// (CLazyLink), and starts each format as it meets it.
    public init(video: Bool) throws(SDLError) {
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        // The software path must not pull in a GL stack for the window framebuffer.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // Fingers arrive as finger events only; a synthesized mouse would move the card twice.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        // Signals are Vitrine's own (SignalWatcher): SIGTERM must quit even in kiosk mode, where a close does not.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // A kiosk keeps its picture when another window takes the focus.
        SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
        guard SDL_Init(0) == 0 else { throw SDLError.current("SDL_Init") }
        guard TTF_Init() == 0 else {
            let error = SDLError.current("TTF_Init")
            SDL_Quit()
            throw error
        }
        if video {
            do throws(SDLError) {
                try startVideo()
            } catch {
                TTF_Quit()
                SDL_Quit()
                throw error
            }
        }
    }

    /// Starts opening SDL2, SDL_ttf, libsystemd and fontconfig on a thread of their own (CLazyLink): call it once the
    /// environment is set (``skipComposeTable()``, ``skipSessionBusAutolaunch()``), since their constructors run
    /// there. The first call into one of them waits until it is open; without this they open on first call.
    public static func startOpening() {
        vitrine_lazy_link_preload()
    }

    /// Points libX11's compose table at an empty file, unless `XCOMPOSEFILE` is already set: call it first thing,
    /// before any other thread runs (it changes the environment).
    ///
    /// On X11, SDL opens an input method when its video starts, and libX11 then parses the locale's compose table
    /// (about 5,000 lines in UTF-8 locales): measured 21 ms of a 32 ms video start under Xvfb. Compose sequences
    /// only matter for typing text, which a kiosk of cards never asks for; navigation keys do not go through them.
    public static func skipComposeTable() {
        setenv("XCOMPOSEFILE", "/dev/null", 0)
    }

    /// Keeps libdbus from starting a session bus for SDL when there is none: call it first thing, before any other
    /// thread runs (it changes the environment).
    ///
    /// SDL connects to the D-Bus session bus when it starts (for screensaver inhibition and input methods). With
    /// no `DBUS_SESSION_BUS_ADDRESS` and no user bus at `$XDG_RUNTIME_DIR/bus` (a kiosk started by a system unit,
    /// or from `xinit`), libdbus "autolaunches": it forks and runs `dbus-launch`, which starts a bus daemon when
    /// it is installed. That fork came before anything else in start-up: `SDL_Init` took 0.9-9.6 ms under Xvfb
    /// without `dbus-launch` installed, 0.1 ms with this. An address of an unknown transport makes the connection
    /// fail at once, and SDL goes on without D-Bus, as when autolaunching fails. A session bus that is there is used.
    public static func skipSessionBusAutolaunch() {
        guard getenv("DBUS_SESSION_BUS_ADDRESS") == nil else { return }
        if let runtime = getenv("XDG_RUNTIME_DIR"), access(String(cString: runtime) + "/bus", F_OK) == 0 { return }
        setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 1)
    }

    /// Starts SDL's video subsystem, which opens the display: the part of start-up that other work (decoding the
    /// first card, see ``FirstCard``) can overlap, since images and fonts need no display.
    ///
    /// Fails when SDL finds no screen, including when it silently falls back to a driver that shows nothing.
    public func startVideo() throws(SDLError) {
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else { throw SDLError.current("SDL_Init(video)") }
        if let driver = SDLLibrary.fallbackDriverInUse() {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw SDLError(operation: "SDL_Init(video)", message: "SDL found no screen and fell back to its '\(driver)' driver, which shows nothing")
        }
    }

    /// How many displays SDL's video subsystem reports, once ``startVideo()`` succeeded (X11: each output of the
    /// screen; KMS/DRM: each connected connector).
    public var displayCount: Int { max(0, Int(SDL_GetNumVideoDisplays())) }

    deinit {
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    /// The name of SDL's current video driver when it is one that shows nothing (offscreen, dummy) and the user did
    /// not ask for it with `SDL_VIDEODRIVER`; with no display at all, SDL falls back to these silently.
    private static func fallbackDriverInUse() -> String? {
        guard let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) else { return nil }
        let requested = (getenv("SDL_VIDEODRIVER").map { String(cString: $0) } ?? "").lowercased()
        guard ["offscreen", "dummy"].contains(name), !requested.contains(name) else { return nil }
        return name
    }

    /// Gives the heap's free memory back to the system; returns whether there was any.
    ///
    /// Decoded pictures (6-9 MB each) come and go on the heap and leave it fragmented, keeping the process about
    /// 8 MiB larger after paging. Giving every one its own mapping (`M_MMAP_THRESHOLD`) fixes that but costs a
    /// fresh, zeroed mapping per picture (measured: ~20 % slower card builds), so the app trims once it is idle.
    @discardableResult
    public static func returnFreeMemory() -> Bool {
        malloc_trim(0) == 1  // 1: some memory went back.
    }

    /// Pictures up to this many bytes are allocated on the heap, not each in a mapping of its own: a 4K picture
    /// (3840x2160 ARGB, 33.2 MB) fits, so no picture pays for a fresh zeroed mapping. 32 MiB is glibc's maximum.
    public static let heapPictureLimit: Int32 = 32 << 20

    /// Free memory at the top of any heap beyond this many bytes goes back to the system at once: about a quarter
    /// of one 1200x800 card.
    public static let heapTrimThreshold: Int32 = 1 << 20

    /// Sets the C heap up for pictures that come and go: call it once, first thing, in a long-running process.
    ///
    /// glibc raises its mapping threshold to the size of the last large block freed, and with it the amount a heap
    /// keeps at its top (twice that). Pictures decoded on other threads land in those threads' heaps, whose tops
    /// `malloc_trim` never gives back: measured, a process holding 9 MiB of free heap after the first card was
    /// decoded ahead of the window. Fixed limits stop both.
    ///
    /// glibc also gives threads new heaps (arenas) as they contend, up to eight per core, and each keeps the pages
    /// it touched: Dispatch's worker threads come and go with load (a burst of control clients on a busy machine
    /// grew the kiosk's private memory by 10 % where a quiet one grew by 2 %). Two arenas (``heapArenas``) bound that.
    /// Returns whether glibc took the settings.
    @discardableResult
    public static func tuneHeap() -> Bool {
        mallopt(M_MMAP_THRESHOLD, heapPictureLimit) == 1 && mallopt(M_TRIM_THRESHOLD, heapTrimThreshold) == 1
            && mallopt(M_ARENA_MAX, heapArenas) == 1
    }

    /// The most heaps glibc makes: one for the loop's thread and one the worker threads share.
    public static let heapArenas: Int32 = 2

    /// Why SDL_image cannot be used, or nil when it can: it is opened on first use (CLazyLink), and a system without
    /// it has BMP and WebP files unsupported, not corrupt.
    static var imageLibraryMissing: String? {
        vitrine_sdl_image_available() != 0 ? nil : String(cString: SDL_GetError())
    }

    /// The linked library versions, as "SDL 2.26.5, SDL_image 2.6.3, SDL_ttf 2.20.1" ("SDL_image missing" when it
    /// cannot be opened).
    public static var versions: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        let img = IMG_Linked_Version().pointee
        let ttf = TTF_Linked_Version().pointee
        let image = img.major == 0 ? "SDL_image missing" : "SDL_image \(img.major).\(img.minor).\(img.patch)"
        return "SDL \(v.major).\(v.minor).\(v.patch), \(image), "
            + "SDL_ttf \(ttf.major).\(ttf.minor).\(ttf.patch)"
    }
}
