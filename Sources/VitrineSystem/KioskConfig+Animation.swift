import VitrineCore

extension KioskConfig {
    /// This config with each card whose picture is animated (a GIF or APNG of more than one frame; see
    /// ``AnimatedPicture/probe(path:)``) marked to play it (``CardVideo/animation``): the runtime then plays it as
    /// it plays a video card. Only files named as pictures that may move are opened, each once.
    func withAnimations() -> KioskConfig {
        var config = self
        var found: [PathKey: AnimationInfo?] = [:]
        for index in config.cards.indices {
            let card = config.cards[index]
            guard card.video == nil, AnimatedPicture.mayBeAnimated(card.image) else { continue }
            let key = PathKey(card.image)
            let animation = found[key] ?? ((try? AnimatedPicture.probe(path: card.image)) ?? nil)
            found[key] = .some(animation)
            guard let animation else { continue }
            config.cards[index].video = CardVideo(path: card.image, animation: animation)
        }
        return config
    }
}
