import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine replay`: scripted input at simulated time, headless.
struct ReplayCommand {
    static let help = """
        usage: vitrine replay [--config PATH] --script FILE.jsonl [--size WxH] [--events PATH|-] [--start TIME]

        Plays scripted input on a manual clock, headless (software renderer, no display), until the last line and
        then until the deck comes to rest. It runs the same kiosk runtime as `vitrine run`: attract mode, reloads
        and timers happen as in a window. The same script gives the same event log and the same screenshots on
        every run.

        Script lines are JSON objects, one per line, in time order:
          {"at":0.10,"touch":"down","x":0.8,"y":0.5}     touch down|move|up, coordinates 0 to 1
          {"at":0.10,"mouse":"move","x":960,"y":400}     mouse down|move|up, window points
          {"at":1.0,"key":"right"}                       right left pageup pagedown home end 1..9 escape
          {"at":1.0,"wheel":{"dx":-1,"dy":0}}            wheel in notches: +dx right, +dy up (away)
          {"at":1.0,"wheel":{"dx":0.4,"dy":0}}           a fractional delta is a trackpad's precise one
          {"at":1.0,"page":3}                            ask for card 3 (from 0), animated
          {"at":1.2,"screenshot":"frame.png"}            write the frame at that time
          {"at":3.0,"reload":"other.json"}               reload the deck from that config, as a hot reload
          {"at":60,"wait":true}                          let time pass to 60 s (attract mode runs meanwhile)
          {"at":2.0,"control":{"cmd":"goto","id":"x"}}   a remote-control command, as vitrine ctl sends it

        Wheel lines: whole notches page, one page per burst (a click within 0.15 s of the last
        one in the same direction adds nothing). A fractional delta opens a trackpad stream: the
        card follows it, 30 notches to a page and at most one page, and settles as after a
        release once no delta has come for 0.08 s; every delta until then belongs to the stream.
        Deltas under 0.1 notch are ignored. Send one line per report (for example every 1/120 s).

        options:
          --config PATH   the deck: a config file, or a folder of images (default Config/kiosk.json)
          --script FILE   the script to play
          --size WxH      the window size in pixels (default: the config's window size)
          --start TIME    the local wall time at which the replay's clock begins, such as 2026-12-24T08:00,
                          for cards with from, until or hours; the wall clock then runs in the local time
                          zone (TZ), daylight-saving changes included, as in a window; without it there is
                          no wall clock, and schedules are not applied (as on a kiosk whose clock is not set)
          --events PATH   write paging events as JSON lines to PATH (- for standard output):
                          dragBegan, transitionStarted, transitionRetargeted, transitionFinished,
                          pageChanged, deckReloaded, showing (the cards inside their schedule)
        """

    var configPath = "Config/kiosk.json"
    var scriptPath: String?
    var size: PixelSize?
    var eventsPath: String?
    var start: LocalTime?

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReplayCommand? {
        var reader = ArgumentReader(arguments, command: "replay")
        if reader.wantsHelp { print(help); return nil }
        var command = ReplayCommand()
        while let flag = reader.next() {
            switch flag {
            case "--config": command.configPath = try reader.value(for: flag)
            case "--script": command.scriptPath = try reader.value(for: flag)
            case "--size": command.size = try ArgumentReader.size(reader.value(for: flag), flag: flag)
            case "--events": command.eventsPath = try reader.value(for: flag, allowingDash: true)
            case "--start": command.start = try ArgumentReader.localTime(reader.value(for: flag), flag: flag)
            default: throw UsageError(description: "unknown option '\(Limits.shortened(flag))' for 'replay'")
            }
        }
        guard command.scriptPath != nil else { throw UsageError(description: "replay needs --script FILE.jsonl") }
        return command
    }

    /// Plays the script; returns the exit code.
    func execute() -> Int32 {
        guard let scriptPath else { return ExitCode.usage }
        let config: KioskConfig
        switch Vitrine.loadConfig(configPath) {
        case .success(let c): config = c
        case .failure(let failure): return failure.code
        }
        let data: [UInt8]
        do throws(SystemError) {
            data = try FileDescriptor.readFile(atPath: scriptPath)
        } catch {
            Log.error("\(scriptPath): cannot read the replay script: \(error.reason)")
            return ExitCode.noInput
        }
        let script: ReplayScript
        do throws(ReplayScriptError) {
            script = try ReplayScript.parse(String(decoding: data, as: UTF8.self), file: scriptPath)
        } catch {
            Log.error("\(error)")
            return ExitCode.dataError
        }
        let events: EventLog?
        switch Vitrine.openEventLog(eventsPath) {
        case .success(let log): events = log
        case .failure(let failure): return failure.code
        }
        do throws(SDLError) {
            let library = try SDLLibrary(video: false)
            return try withExtendedLifetime(library) { () throws(SDLError) -> Int32 in
                let runner = try ReplayRunner(config: config, size: size ?? config.display.window,
                                              fonts: FontLibrary.forStyle(config, report: { Log.warning($0) }), events: events, localStart: start,
                                              wallClock: start.map { LocalClock.wallClock(startingAt: $0) },
                                              report: { Log.warning($0) })
                var failedWrite = false
                try runner.run(script) { (surface, path, step) throws(SDLError) in
                    do throws(SDLError) {
                        try surface.writePNG(to: path)
                    } catch {
                        Log.error("\(scriptPath): line \(step.line): cannot write \(path): \(error.message)")
                        failedWrite = true
                    }
                }
                return failedWrite ? ExitCode.cantCreate : ExitCode.ok
            }
        } catch {
            Log.error("\(error)")
            return ExitCode.software
        }
    }
}
