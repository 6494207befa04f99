import VitrineCore
import VitrineSystem

extension CheckCommand {
    /// Opens each distinct video once with the kiosk's decoder (``VideoDecoder``: its limits, and a first frame
    /// decoded at card size) and says what it is, `video: FILE: cards[0].video: PATH: mov,mp4,m4a,3gp,3g2,mj2,
    /// h264, 360x240, 10 fps, 5 s; in a window: software (no VA-API device (…); no V4L2 …)`, or why it cannot be played, as a
    /// problem at every card that uses it.
    func checkVideos(_ config: KioskConfig) -> Findings {
        var findings = Findings()
        var results: [PathKey: String?] = [:]  // Why it cannot be played, nil when it can.
        for (index, card) in config.cards.enumerated() {
            guard let video = card.video, video.animation == nil else { continue }  // CheckCommand+Animation.swift
            let key = PathKey(video.path)
            let field = "\(Limits.shortened(config.file)): cards[\(index)].video: \(Limits.shortened(video.path))"
            if results[key] == nil {
                findings.total += 1
                do throws(VideoProblem) {
                    let decoder = try VideoDecoder(path: video.path)
                    let size = decoder.coveringSize(PixelSize(width: config.display.window.width, height: config.display.window.height))
                    guard decoder.frame(at: 0, size: size) != nil else {
                        throw VideoProblem.unplayable("no frame of this \(decoder.info.codec) video could be decoded")
                    }
                    // Which decoder a window plays it with: VA-API, or software and why (VideoDecoder+Hardware.swift).
                    let player = VideoHardware.decoderName(forVideoAt: video.path, hardwareDecoding: config.display.hardwareDecoding)
                    findings.notes.append("video: \(field): \(decoder.info.description)"
                                          + (decoder.isDamaged ? " (damaged or cut off: its last good frame shows)" : "")
                                          + (player.map { "; in a window: \($0)" } ?? ""))
                    results[key] = .some(nil)
                    findings.usable += 1
                } catch {
                    results[key] = .some(error.description)
                }
            }
            if case .some(.some(let reason)) = results[key] { findings.problems.append("\(field): \(reason)") }
        }
        return findings
    }

    /// Whether `card`'s `image` is its video itself (a video card without a poster): checked as a video, not a
    /// picture. An animated picture's first frame is checked as a picture.
    static func imageIsItsVideo(_ card: CardConfig) -> Bool { card.video.map { !$0.hasPoster && $0.animation == nil } ?? false }
}

extension CheckCommand {
    /// The line that describes a video wall's screen: "wall: tile 0,1 of a 2x2 wall: this screen shows its part
    /// of one card laid out over 4 screens (2400x1600 for screens of 1200x800)", or why the wall is too large for
    /// screens of the config's window size.
    static func wallLine(_ tile: SyncConfig.Tile, window: PixelSize) -> String {
        let wall = WallTile(tile, screenPixels: window)
        let screens = tile.columns * tile.rows
        guard wall.fitsLimits else { return "wall: \(tile): \(wall.tooLarge) (at the config's window size)" }
        return "wall: \(tile): this screen shows its part of one card laid out over \(screens) screen\(screens == 1 ? "" : "s") "
            + "(\(wall.wallPixels) for screens of \(window))"
    }
}
