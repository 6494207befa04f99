import VitrineCore

extension KioskConfig {
    /// This config with each card whose picture is animated (a GIF or APNG of more than one frame; see
    /// ``AnimatedPicture/probe(path:)``) marked to play it (``CardVideo/animation``): the runtime then plays it as
    /// it plays a video card. Only files named as pictures that may move are opened, each once.
    ///
    /// A `"duration": "video"` card (``CardVideo/awaitsAnimation``) whose animation plays a finite number of
    /// times lasts that long (held to the 0.5 to 86400 s of a `duration`); one that loops forever, or a picture
    /// that is not animated, keeps the autoplay interval, with one warning in `warnings`.
    ///
    /// An animated WebP without libwebp's demuxer shows its first frame; the first such card gets one warning
    /// saying what to install (``WebPAnimation/missingLibraryMessage``), once for the whole deck.
    func withAnimations(warnings: inout [ConfigDiagnostic]) -> KioskConfig {
        var config = self
        var found: [PathKey: AnimationInfo?] = [:]
        var saidMissing = false
        for index in config.cards.indices {
            let card = config.cards[index]
            let awaiting = card.video?.awaitsAnimation == true
            guard card.video == nil || awaiting, AnimatedPicture.mayBeAnimated(card.image) else { continue }
            let key = PathKey(card.image)
            var animation: AnimationInfo?
            do throws(VideoProblem) {
                if let known = found[key] { animation = known } else { animation = try AnimatedPicture.probe(path: card.image) }
            } catch {
                animation = nil
                if !saidMissing {
                    saidMissing = true
                    warnings.append(ConfigDiagnostic(file: file, path: "cards[\(index)].image",
                                                     message: "\(Limits.shortened(card.image)): \(error.description); its first frame shows"))
                }
            }
            found[key] = .some(animation)
            config.cards[index].video = animation.map { CardVideo(path: card.image, durationFromVideo: awaiting, animation: $0) }
            guard awaiting else { continue }
            let field = "cards[\(index)].duration", name = Limits.shortened(card.image)
            if let animation, animation.loopCount > 0 {
                config.cards[index].schedule.duration = min(max(animation.duration * Double(animation.loopCount), 0.5), 86_400)
            } else {
                let why = animation == nil ? "is not an animated picture" : "loops forever"
                warnings.append(ConfigDiagnostic(file: file, path: field, message: "\"video\": \(name) \(why); the card lasts the autoplay interval"))
            }
        }
        return config
    }
}
