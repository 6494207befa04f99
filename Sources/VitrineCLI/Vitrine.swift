import VitrineCore
import VitrineSystem
import VitrineSDL

/// The `vitrine` command: picks the subcommand and turns every failure into a message and an exit code.
enum Vitrine {
    static let usage = """
        usage: vitrine [run] [--config PATH] [--windowed WxH | --fullscreen | --kiosk] [--events PATH|-] [--stats]
                           [--control PATH]
               vitrine render [--config PATH] [--page N] [--offset F] [--size WxH] [--at TIME] --output FILE.png
               vitrine replay [--config PATH] --script FILE.jsonl [--size WxH] [--events PATH|-] [--start TIME]
               vitrine check [--config PATH] [--at TIME]
               vitrine bench [--size WxH] [--cards N] [--frames N]
               vitrine ctl [--control PATH] COMMAND [ARGUMENT] | --stdin
               vitrine help | --help | COMMAND --help

        Shows a deck of feature cards on a kiosk screen.

        commands:
          run       open a window (or the whole screen) and show the deck; the default
          render    draw one frame headless, with the software renderer, into a PNG file
          replay    play scripted input headless on a simulated clock; log events, write screenshots
          check     validate the config and open every image and font; one line per problem
          bench     measure a synthetic deck headless: config load, first frame, transition frame vs memcpy, memory
          ctl       tell a running kiosk what to do through its control socket: next, goto, pause, status, …

        Every command takes --log-level error|warning|info|debug (default info); messages go to standard error,
        one line each, with the time (under journald, with the syslog priority instead). The default config is
        Config/kiosk.json.
        """

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    static func main(_ arguments: [String]) -> Int32 {
        StartupTimeline.mark("main")
        var arguments = arguments
        if let index = arguments.firstIndex(where: { $0 == "--log-level" || $0.hasPrefix("--log-level=") }) {
            let inline = arguments[index].hasPrefix("--log-level=") ? String(arguments[index].dropFirst("--log-level=".count)) : nil
            let value = inline ?? (index + 1 < arguments.count ? arguments[index + 1] : "")
            guard let level = LogLevel(rawValue: value) else {
                Log.error("--log-level takes one of \(LogLevel.allCases.map(\.rawValue).joined(separator: ", ")); got '\(Limits.shortened(value))'")
                printUsage()
                return ExitCode.usage
            }
            Logger.shared.level = level
            arguments.removeSubrange(index...(inline == nil ? min(index + 1, arguments.count - 1) : index))
        }
        var rest = arguments
        let command: String
        if let first = rest.first, !first.hasPrefix("-") {
            command = first
            rest.removeFirst()
        } else {
            command = "run"
        }
        // Only run takes over SIGTERM and SIGINT (StartupSignals); every other command ends on them as usual.
        if command != "run" { StartupSignals.releaseStops() }
        if arguments.first == "--help" || arguments.first == "-h" || command == "help" {
            print(usage)
            return ExitCode.ok
        }
        if arguments.first == "--version" {
            print("vitrine \(VitrineVersion.string) (\(SDLLibrary.versions))")
            return ExitCode.ok
        }
        // HEIC and AVIF are decoded by this very executable in a helper process (HEIFHelper).
        HEIFHelper.executable = "/proc/self/exe"
        do throws(UsageError) {
            switch command {
            case "run": return try RunCommand.parse(rest).map { $0.execute() } ?? ExitCode.ok
            case "render": return try RenderCommand.parse(rest).map { $0.execute() } ?? ExitCode.ok
            case "replay": return try ReplayCommand.parse(rest).map { $0.execute() } ?? ExitCode.ok
            case "check": return try CheckCommand.parse(rest).map { $0.execute() } ?? ExitCode.ok
            case "bench": return try BenchCommand.parse(rest).map { $0.execute() } ?? ExitCode.ok
            case "ctl": return try CtlCommand.parse(rest).map { $0.execute() } ?? ExitCode.ok
            case "decode": return try DecodeCommand.parse(rest).map { $0.execute() } ?? ExitCode.ok
            case HEIFHelper.command: return DecodeCommand.serveHEIF(rest)  // Not in the usage: the kiosk's own helper.
            default: throw UsageError(description: "unknown command '\(Limits.shortened(command))'")
            }
        } catch {
            Log.error("\(error)")
            printUsage()
            return ExitCode.usage
        }
    }

    /// Writes the usage text to standard error, after a usage error.
    static func printUsage() {
        try? FileDescriptor.standardError.write(usage + "\n")
    }

    /// Loads the config at `path`, printing its warnings; on failure prints every problem and gives the exit code.
    static func loadConfig(_ path: String) -> Result<KioskConfig, ExitFailure> {
        reportConfig(Result { () throws(ConfigError) in try KioskConfig.load(path: path) })
    }

    /// Logs the warnings and errors of a config load; on failure gives the exit code to leave with.
    static func reportConfig(_ loaded: Result<(config: KioskConfig, warnings: [ConfigDiagnostic]), ConfigError>) -> Result<KioskConfig, ExitFailure> {
        switch loaded {
        case .success(let (config, warnings)):
            for warning in warnings { Log.warning("\(warning)") }
            return .success(config)
        case .failure(let error):
            for warning in error.warnings { Log.warning("\(warning)") }
            for diagnostic in error.diagnostics { Log.error("\(diagnostic)") }
            return .failure(ExitFailure(code: error.exitCode))
        }
    }
}

extension Vitrine {
    /// Opens the `--events` log at `path` (nil for none); on failure reports it and gives exit 73.
    static func openEventLog(_ path: String?) -> Result<EventLog?, ExitFailure> {
        guard let path else { return .success(nil) }
        do throws(SystemError) {
            return .success(try EventLog(path: path))
        } catch {
            Log.error("cannot write the event log \(path): \(error.reason)")
            return .failure(ExitFailure(code: ExitCode.cantCreate))
        }
    }
}

/// A failure already reported to the user, carrying the exit code to leave with.
struct ExitFailure: Error {
    var code: Int32
}

/// Shorthands for the process's ``Logger``.
enum Log {
    /// Reports an error.
    static func error(_ message: String) { Logger.shared.log(.error, message) }
    /// Reports a warning.
    static func warning(_ message: String) { Logger.shared.log(.warning, message) }
    /// Reports a fact worth knowing.
    static func info(_ message: String) { Logger.shared.log(.info, message) }
}
