import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine render`: one frame, headless, into a PNG.
struct RenderCommand {
    static let help = """
        usage: vitrine render [--config PATH] [--page N] [--offset F] [--time T] [--size WxH] [--at TIME]
                             [--wall COLUMNSxROWS --tile COLUMN,ROW] --output FILE.png

        Draws one frame with SDL's software renderer into FILE.png; needs no display. The same inputs give
        the same bytes every time.

        options:
          --config PATH   the deck: a config file, or a folder of images (default Config/kiosk.json)
          --page N        the current card, counted from 0 (default 0)
          --offset F      how far through the config's transition from card N to its neighbour, -1 to 1:
                          0.4 is 40 % of the way to card N+1, -0.4 to card N-1 (default 0). slide: the
                          card moved 0.4 of a page; fade: card N+1 blended 40 % over card N; none: card N
                          until 1, then card N+1. The dots mark card N throughout.
          --time T        card N has been on screen T seconds since it landed: a video card shows the
                          frame of that moment, looped by its length, a Ken Burns card its framing
                          then (default: not landed, so its poster or first frame, its usual framing)
          --size WxH      the frame's size in pixels (default: the config's window size)
          --at TIME       the local time an overlay's clock and date show, YYYY-MM-DDTHH:MM (default: now)
          --wall CxR      draw one screen of a video wall C screens wide and R high, each of --size: the
                          card laid out over the whole wall, this screen showing its part (default: the
                          config's sync.tile; needs --tile)
          --tile C,R      which screen of the wall, counted from 0,0 at the top left
          --output FILE   where to write the PNG
        """

    var configPath = "Config/kiosk.json"
    var page = 0
    var offset = 0.0
    var time: Double?
    var size: PixelSize?
    var output: String?
    var at: LocalTime?
    /// The wall's columns and rows (`--wall`) and this screen's column and row (`--tile`).
    var wall: (columns: Int, rows: Int)?
    var tile: (column: Int, row: Int)?

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> RenderCommand? {
        var reader = ArgumentReader(arguments, command: "render")
        if reader.wantsHelp { print(help); return nil }
        var command = RenderCommand()
        while let flag = reader.next() {
            switch flag {
            case "--config": command.configPath = try reader.value(for: flag)
            case "--page": command.page = try ArgumentReader.integer(reader.value(for: flag), flag: flag)
            case "--offset": command.offset = try ArgumentReader.number(reader.value(for: flag), flag: flag, in: -1...1)
            case "--time": command.time = try ArgumentReader.number(reader.value(for: flag), flag: flag, in: 0...86_400)
            case "--size": command.size = try ArgumentReader.size(reader.value(for: flag), flag: flag)
            case "--output": command.output = try reader.value(for: flag)
            case "--at": command.at = try ArgumentReader.localTime(reader.value(for: flag), flag: flag)
            case "--wall":
                let (columns, rows) = try ArgumentReader.pair(reader.value(for: flag), flag: flag, separator: "x", range: 1...SyncConfig.Tile.largestSide,
                                                              example: "2x2")
                command.wall = (columns, rows)
            case "--tile":
                let (column, row) = try ArgumentReader.pair(reader.value(for: flag), flag: flag, separator: ",",
                                                            range: 0...(SyncConfig.Tile.largestSide - 1), example: "0,1")
                command.tile = (column, row)
            default: throw UsageError(description: "unknown option '\(Limits.shortened(flag))' for 'render'")
            }
        }
        guard let output = command.output else { throw UsageError(description: "render needs --output FILE.png") }
        if let wall = command.wall {
            guard let tile = command.tile else { throw UsageError(description: "--wall \(wall.columns)x\(wall.rows) needs --tile COLUMN,ROW: which screen of the wall to draw") }
            guard tile.column < wall.columns, tile.row < wall.rows else {
                throw UsageError(description: "--tile \(tile.column),\(tile.row) is outside a \(wall.columns)x\(wall.rows) wall "
                                 + "(columns 0 to \(wall.columns - 1), rows 0 to \(wall.rows - 1))")
            }
        }
        // PNG bytes under another picture format's name would mislead whoever opens the file.
        let name = String(output.split(separator: "/").last ?? "")
        let suffix = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? ""
        if ["jpg", "jpeg", "bmp", "gif", "webp", "heic", "avif", "tif", "tiff"].contains(suffix.lowercased()) {
            throw UsageError(description: "render writes PNG, but --output '\(Limits.shortened(output))' names a .\(suffix) file: use a .png name")
        }
        return command
    }

    /// Renders and writes the frame; returns the exit code.
    func execute() -> Int32 {
        let config: KioskConfig
        switch Vitrine.loadConfig(configPath) {
        case .success(let c): config = c
        case .failure(let failure): return failure.code
        }
        let count = config.cards.count
        guard count == 0 ? page == 0 : (0..<count).contains(page) else {
            let range = count == 0 ? "no cards, so only --page 0 (the empty screen)" : "\(count) cards, numbered 0 to \(count - 1)"
            Log.error("--page \(page) is out of range: \(configPath) has \(range)")
            Vitrine.printUsage()
            return ExitCode.usage
        }
        guard let output else { return ExitCode.usage }
        var wallTile = config.sync?.tile
        if let wall, let tile {
            wallTile = SyncConfig.Tile(columns: wall.columns, rows: wall.rows, column: tile.column, row: tile.row)
        } else if let tile {
            guard let configured = config.sync?.tile, tile.column < configured.columns, tile.row < configured.rows else {
                let why = config.sync?.tile.map { "outside the config's \($0.columns)x\($0.rows) wall" } ?? "given without --wall COLUMNSxROWS, and the config has no sync.tile"
                Log.error("--tile \(tile.column),\(tile.row) is \(why)")
                Vitrine.printUsage()
                return ExitCode.usage
            }
            wallTile = SyncConfig.Tile(columns: configured.columns, rows: configured.rows, column: tile.column, row: tile.row)
        }
        do throws(SDLError) {
            let library = try SDLLibrary(video: false)
            return try withExtendedLifetime(library) { () throws(SDLError) -> Int32 in
                let fonts = try FontLibrary.forStyle(config, report: { Log.warning($0) })
                let decor = FrameDecor(config: config, at: at ?? LocalClock.now, names: .system)
                let frame = try HeadlessRenderer.frame(config: config, size: size ?? config.display.window, page: page,
                                                       offset: offset, time: time, fonts: fonts, decor: decor, tile: wallTile,
                                                       report: { Log.warning($0) })
                do throws(SDLError) {
                    try frame.writePNG(to: output)
                } catch {
                    Log.error("cannot write \(output): \(error.message)")
                    return ExitCode.cantCreate
                }
                return ExitCode.ok
            }
        } catch {
            Log.error("\(error)")
            return ExitCode.software
        }
    }
}
