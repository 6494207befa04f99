import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine run`: the kiosk itself.
struct RunCommand {
    static let help = """
        usage: vitrine run [--config PATH] [--windowed WxH | --fullscreen | --kiosk] [--events PATH|-] [--stats]
                           [--control PATH] [--display N]

        Opens a window, or covers the screen, and shows the deck. Escape or closing the window quits. SIGINT and
        SIGTERM quit cleanly (exit 0); SIGHUP reloads the config.

        options:
          --config PATH     the deck: a config file, or a folder of images (default Config/kiosk.json)
          --windowed WxH    a window of this many points (default: the config's window size)
          --fullscreen      cover the whole screen
          --kiosk           lock down: fullscreen on the configured display, no cursor, no screensaver; no key
                            or close request quits but the config's display.exitChord (as display.mode "kiosk")
          --display N       the display to open the window on or cover, counted from 0 (default: the config's
                            display.index, else 0); one that does not exist stops the run (exit 69)
          --events PATH     write paging events as JSON lines to PATH (- for standard output)
          --control PATH    make a control socket at PATH (mode 0660) for 'vitrine ctl' (or the config's
                            control.socket; systemd's socket comes first when it passes one)
          --stats           log frame statistics on exit and on SIGUSR1: frames drawn, frame time p50 and p99
                            (building, drawing and presenting one frame), frames over the \(budgetMilliseconds) ms
                            budget (and how many of them after the first second), time from process start to the
                            first frame, peak resident memory; and the same for the frames drawn while cards moved

        Swipe or drag with the mouse to page; ←/→ and PageUp/PageDown step, Home/End go to the ends, 1 to 9 go to
        that card; the wheel pages (one page per burst of clicks) and a trackpad swipe drags the card (one page
        per swipe); tap the dots to step or jump (quick taps add up like key presses).
        """

    /// The `--stats` frame budget, the kiosk's frame interval, in milliseconds for the help.
    static let budgetMilliseconds = String(cFormat: "%.1f", KioskApp.fallbackFrameInterval * 1000)

    var configPath = "Config/kiosk.json"
    var windowSize: PixelSize?
    var fullscreen: Bool?
    var eventsPath: String?
    var kiosk = false
    var stats = false
    var controlPath: String?
    /// `--display N`: the display to use, over the config's `display.index`.
    var displayIndex: Int?

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> RunCommand? {
        var reader = ArgumentReader(arguments, command: "run")
        if reader.wantsHelp { print(help); return nil }
        var command = RunCommand()
        while let flag = reader.next() {
            switch flag {
            case "--config": command.configPath = try reader.value(for: flag)
            case "--windowed": command.windowSize = try ArgumentReader.size(reader.value(for: flag), flag: flag)
            case "--fullscreen": command.fullscreen = true
            case "--kiosk": command.kiosk = true
            case "--stats": command.stats = true
            case "--control": command.controlPath = try reader.value(for: flag)
            case "--display": command.displayIndex = try ArgumentReader.displayIndex(reader.value(for: flag), flag: flag)
            case "--events": command.eventsPath = try reader.value(for: flag, allowingDash: true)
            default: throw UsageError(description: "unknown option '\(Limits.shortened(flag))' for 'run'")
            }
        }
        if command.fullscreen == true && command.windowSize != nil {
            throw UsageError(description: "--windowed and --fullscreen cannot be used together")
        }
        if command.kiosk && command.windowSize != nil {
            throw UsageError(description: "--windowed and --kiosk cannot be used together: a kiosk covers the screen")
        }
        return command
    }

    /// Opens the window and runs until it closes; returns the exit code. The start-up order is a plan
    /// (``StartupPlan``) that ``RunStartup`` carries out step by step, closing what it opened in reverse on the way out.
    func execute() -> Int32 {
        RunStartup(self).run()
    }
}
