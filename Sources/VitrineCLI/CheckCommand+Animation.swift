import VitrineCore
import VitrineSystem

extension CheckCommand {
    /// Opens each distinct animated picture once (the loader found it animated: ``CardVideo/animation``) and
    /// says what it is, `animation: FILE: cards[0].image: PATH: GIF, 360x240, 4 frames, 2 s a pass, loops
    /// forever`, or why it cannot play (its first frame then shows) at every card that shows it. Its first frame
    /// is checked as a picture like any other (``checkImages(_:)``).
    func checkAnimations(_ config: KioskConfig) -> Findings {
        var findings = Findings()
        var results: [PathKey: String?] = [:]  // Why it cannot be played, nil when it can.
        for (index, card) in config.cards.enumerated() {
            guard let video = card.video, let animation = video.animation else { continue }
            let key = PathKey(video.path)
            let field = "\(Limits.shortened(config.file)): cards[\(index)].image: \(Limits.shortened(video.path))"
            if results[key] == nil {
                do throws(VideoProblem) {
                    // Its frames to the end of a pass: a damaged file plays up to its last good frame.
                    let last = AnimatedPicture.frame(path: video.path, info: animation, sinceLanding: animation.duration - animation.delays[animation.frameCount - 1] / 2,
                                                     covering: PixelSize(width: 1, height: 1))
                    let frame = try last.get()
                    findings.notes.append("animation: \(field): \(CheckCommand.describe(animation))"
                                          + (frame.isDamaged ? " (damaged or cut off: its last good frame shows)" : ""))
                    results[key] = .some(nil)
                } catch {
                    results[key] = .some(error.description)
                }
            }
            // It cannot play (over the limits, no frame FFmpeg can decode): its first frame shows, as the kiosk says.
            if case .some(.some(let reason)) = results[key] { findings.notes.append("animation: \(field): its first frame shows: \(reason)") }
        }
        return findings
    }

    /// `GIF, 360x240, 4 frames, 2 s a pass, loops forever` (or `plays 2 times`, `plays once`).
    static func describe(_ animation: AnimationInfo) -> String {
        let pass = (animation.duration * 100).rounded() / 100
        let length = pass == pass.rounded() ? String(Int(pass)) : String(pass)
        let loops = switch animation.loopCount { case 0: "loops forever"; case 1: "plays once"; default: "plays \(animation.loopCount) times" }
        return "\(animation.format), \(animation.size.width)x\(animation.size.height), \(animation.frameCount) frames, \(length) s a pass, \(loops)"
    }
}

extension CheckCommand {
    /// `notes` without the pictures' `animated: its first frame is shown` where `animations` says the picture plays.
    static func withoutStillNotes(_ notes: [String], animations: [String]) -> [String] {
        let suffix = ": animated: its first frame is shown"
        return notes.filter { note in
            guard note.hasPrefix("note: "), note.hasSuffix(suffix) else { return true }
            let field = "animation: " + note.dropFirst("note: ".count).dropLast(suffix.count) + ": "
            return !animations.contains { $0.hasPrefix(field) && !$0.hasPrefix(field + "its first frame shows") }
        }
    }
}

extension AnimatedPicture {
    /// ``frame(path:info:sinceLanding:covering:background:)`` as a result.
    static func frame(path: String, info: AnimationInfo, sinceLanding: Double, covering: PixelSize) -> Result<Frame, VideoProblem> {
        Result { () throws(VideoProblem) in try frame(path: path, info: info, sinceLanding: sinceLanding, covering: covering) }
    }
}
