import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine check`: validates the config and opens every image and font the deck needs, without showing anything.
struct CheckCommand {
    static let help = """
        usage: vitrine check [--config PATH] [--at YYYY-MM-DDTHH:MM]

        Checks a deck before it goes on a kiosk: validates the config, then opens every card's image (its
        header, the \(ImageLimits.maximumPixels / 1_000_000)-megapixel limit and a full decode) and the bundled fonts. Needs no display.

        Prints one line per problem on standard output, as FILE: FIELD: REASON, then a one-line summary. Only
        regular files are read: a FIFO, a device or a directory is named at once, never opened for reading. A
        folder given as the config is a deck of its images; in a folder deck, a bad sidecar and a file that is
        no picture are problems, as in a config (run shows the card with its fallback title, or leaves the
        file out), and an unknown sidecar key is a warning.
        Exits 0 when everything can be shown, 65 when something cannot, 66 when the config file cannot be read.

        options:
          --config PATH   the deck: a config file, or a folder of images (default Config/kiosk.json)
          --at TIME       also print which cards would show at that local time (their from, until and hours):
                          one line, "showing at 2026-12-24T10:00: 0, 2, 5" (indices from 0; "none" when none)
        """

    var configPath = "Config/kiosk.json"
    /// The local time `--at` asks about, if any.
    var at: LocalTime?

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> CheckCommand? {
        var reader = ArgumentReader(arguments, command: "check")
        if reader.wantsHelp { print(help); return nil }
        var command = CheckCommand()
        while let flag = reader.next() {
            switch flag {
            case "--config": command.configPath = try reader.value(for: flag)
            case "--at": command.at = try ArgumentReader.localTime(reader.value(for: flag), flag: flag)
            default: throw UsageError(description: "unknown option '\(Limits.shortened(flag))' for 'check'")
            }
        }
        return command
    }

    /// Checks everything and prints the problems; returns the exit code.
    func execute() -> Int32 {
        let config: KioskConfig
        let deckProblems: [String]  // A folder deck's: what run only warns about, but a config would be refused for.
        do throws(ConfigError) {
            let (loaded, warnings) = try KioskConfig.load(path: configPath)
            for warning in warnings where !warning.failsCheck { Log.warning("\(warning)") }
            deckProblems = warnings.filter(\.failsCheck).map(\.description) + (loaded.mqtt?.problems(configFile: configPath) ?? [])
            config = loaded
        } catch {
            for warning in error.warnings { Log.warning("\(warning)") }
            for diagnostic in error.diagnostics { print("\(diagnostic)") }
            print("failed: \(CheckCommand.count(error.diagnostics.count, "problem")) in the config")
            return error.exitCode
        }
        do throws(SDLError) {
            let library = try SDLLibrary(video: false)
            return withExtendedLifetime(library) { () -> Int32 in
                let images = checkImages(config)
                let videos = checkVideos(config)
                let animations = checkAnimations(config)
                let fonts = checkFonts()
                if let font = config.style.titleFont, case .failure(let problem) = FontLibrary.titleFontFile(font) {
                    Log.warning("\(Limits.shortened(config.file)): \(FontLibrary.titleFontWarning(problem))")
                }
                let problems = deckProblems + images.problems + videos.problems + animations.problems + fonts.problems
                for problem in problems { print(problem) }
                for note in CheckCommand.withoutStillNotes(images.notes, animations: animations.notes) + videos.notes + animations.notes { print(note) }
                if let line = CheckCommand.groupLine(config) { print(line) }
                if let at { print(CheckCommand.showingLine(config, at: at)) }
                if let tile = config.sync?.tile { print(CheckCommand.wallLine(tile, window: config.display.window)) }
                let cards = CheckCommand.count(config.cards.count, "card")
                if problems.isEmpty {
                    let videoCount = videos.total > 0 ? ", \(CheckCommand.count(videos.total, "video"))" : ""
                    print("ok: \(cards), \(CheckCommand.count(images.total, "image"))\(videoCount), \(CheckCommand.count(fonts.total, "font"))")
                    return ExitCode.ok
                }
                let videoCount = videos.total > 0 ? ", \(videos.usable) of \(CheckCommand.count(videos.total, "video")) usable" : ""
                print("failed: \(CheckCommand.count(problems.count, "problem")) (\(cards), \(images.usable) of "
                      + "\(CheckCommand.count(images.total, "image")) usable\(videoCount), \(fonts.usable) of \(CheckCommand.count(fonts.total, "font")) usable)")
                return ExitCode.dataError
            }
        } catch {
            Log.error("\(error)")
            return ExitCode.software
        }
    }

    /// What checking a group of files found: one line per problem, and how many files were usable out of how many.
    struct Findings {
        var problems: [String] = []
        /// What the kiosk does to usable files, one `note:` line each.
        var notes: [String] = []
        var usable = 0
        var total = 0
    }

    /// Decodes each distinct image once with the kiosk's decoder and limits (``ImageDecoder``, at the card size of
    /// the configured window); a problem is reported for every card that uses a bad image, at that card's field,
    /// and what the kiosk does to a usable one (turn it, convert CMYK, composite transparency) as a `note:` line.
    func checkImages(_ config: KioskConfig) -> Findings {
        var findings = Findings()
        var results: [PathKey: String?] = [:]  // Path (bytes: NFC and NFD are two files) to why it cannot be shown, nil when it can.
        // A video wall's screen decodes for the wall's card (WallLayout.swift), as run does.
        let card = StageLayout(screenPixels: config.display.window, fit: config.display.fit, tile: config.sync?.tile).cardRect
        let options = DecodeOptions(covering: ImageRequest(path: "", size: PixelSize(width: card.width, height: card.height)).cardSize,
                                    exifOrientation: config.display.exifOrientation)
        for (index, card) in config.cards.enumerated() where !CheckCommand.imageIsItsVideo(card) {
            if results[PathKey(card.image)] == nil {
                do throws(SDLError) {
                    let decoded = try ImageDecoder.decode(path: card.image, options: options)
                    for note in decoded.notes { findings.notes.append("note: \(Limits.shortened(config.file)): cards[\(index)].image: \(Limits.shortened(card.image)): \(note)") }
                    results[PathKey(card.image)] = .some(nil)
                    findings.usable += 1
                } catch {
                    results[PathKey(card.image)] = .some(error.message)
                }
                findings.total += 1
            }
            if case .some(.some(let reason)) = results[PathKey(card.image)] {
                findings.problems.append("\(Limits.shortened(config.file)): cards[\(index)].image: \(Limits.shortened(card.image)): \(reason)")
            }
        }
        return findings
    }

    /// Finds the bundled fonts and opens each at the title's size, rendering a line with it.
    func checkFonts() -> Findings {
        var findings = Findings(total: BundledFonts.fileNames.count)
        let paths: [FontWeight: String]
        do throws(SDLError) {
            paths = try BundledFonts.locate()
        } catch {
            findings.problems.append("Assets/Fonts: (folder): \(error.message)")
            return findings
        }
        for path in paths.values.sorted() {
            do throws(SDLError) {
                let font = try Font(path: path, pixelSize: Int(CardStyle.titleSize))
                _ = try font.render("Ember Mesa", color: .white)
                findings.usable += 1
            } catch {
                findings.problems.append("\(path): (file): \(error.message)")
            }
        }
        return findings
    }

    /// The `--at` line: `showing at 2026-12-24T10:00: 0, 2, 5`, or `…: none`, by the runtime's own rule
    /// (``DeckSchedule/showing(_:at:)``).
    static func showingLine(_ config: KioskConfig, at time: LocalTime) -> String {
        let showing = DeckSchedule.showing(config.cards, at: time)
        return "showing at \(time): " + (showing.isEmpty ? "none" : showing.map(String.init).joined(separator: ", "))
    }

    /// `n` and the noun, plural unless `n` is 1: "1 card", "3 images".
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
