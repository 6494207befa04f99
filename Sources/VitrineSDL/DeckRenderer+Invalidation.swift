import VitrineCore

/// Letting go of composed cards: a new stage, a lost renderer, a reloaded deck, replaced pictures.
extension DeckRenderer {
    /// Takes a new page geometry; composed cards are dropped when the card's pixel size changed.
    public func setStage(_ newStage: StageLayout) {
        if newStage.cardRect.width != stage.cardRect.width || newStage.cardRect.height != stage.cardRect.height
            || newStage.pointScale != stage.pointScale || newStage.readability != stage.readability {
            composed.removeAll()
            stale.removeAll()
            forgetPreviews()
            kenBurns.forget()
        }
        if newStage != stage {
            resting = nil  // The window's frame was made anew, or the card is elsewhere in it.
            lastRestFrame = nil
        }
        stage = newStage
    }

    /// Drops every composed card, as when the renderer lost its target textures.
    public func invalidate() {
        kenBurns.forget()
        composed.removeAll()
        stale.removeAll()
        forgetPreviews()
        resting = nil
        lastRestFrame = nil
        upright = nil
    }

    /// Takes a reloaded deck: composed cards are kept only where the card at that index is unchanged (all are
    /// dropped when the count changed, since the page control's width shapes the title).
    ///
    /// A card that changed only its texts (a title edit) keeps its old composition as its stand-in (``stale``)
    /// until it is composed anew: its picture stays on screen, as the old frame did, rather than going to a
    /// preview. Changed pictures were let go before (``invalidate(imagePaths:)``).
    public func replaceCards(_ newCards: [CardConfig]) {
        restoreRestingCard(wanted: true)  // The frame still shows it: it is kept as any composed card is.
        lastRestFrame = nil
        if newCards.count != cards.count {
            stale.removeAll()
            for (index, texture) in composed where cards.indices.contains(index) {
                let page = newCards.firstIndex(where: { $0 == cards[index] })
                    ?? newCards.indices.first { PathKey.same(newCards[$0].image, cards[index].image) && stale[$0] == nil }
                if let page { stale[page] = texture }
            }
            composed.removeAll()
            forgetPreviews()
        } else {
            for (index, texture) in composed where newCards[index] != cards[index] && PathKey.same(newCards[index].image, cards[index].image) {
                stale[index] = texture
            }
            composed = composed.filter { newCards[$0.key] == cards[$0.key] }
            forgetPreviews { newCards[$0] != cards[$0] }
        }
        cards = newCards
    }

    /// Drops the composed cards that show any of `imagePaths`, so their images are read again when next drawn.
    public func invalidate(imagePaths: Set<PathKey>) {
        // A video replaced while it plays is opened again, where its clock is.
        if let playback, imagePaths.contains(PathKey(playback.playing.path)) { stopVideo() }
        if let card = resting, imagePaths.contains(PathKey(cards[card.index].image)) { resting = nil }
        kenBurns.forget { imagePaths.contains(PathKey(cards[$0].image)) }
        composed = composed.filter { !imagePaths.contains(PathKey(cards[$0.key].image)) }
        stale = stale.filter { !imagePaths.contains(PathKey(cards[$0.key].image)) }
        forgetPreviews { imagePaths.contains(PathKey(cards[$0].image)) }
        preparer?.forget(imagePaths: imagePaths)
    }

    /// Drops card `index`'s composed texture, if it has one.
    public func invalidate(card index: Int) {
        if resting?.index == index { resting = nil }
        kenBurns.forget { $0 == index }
        composed[index] = nil
        stale[index] = nil
        forgetPreviews { $0 == index }
    }

    /// Takes `texture` as card `index`'s, read back from the screen.
    func adoptRestored(_ texture: Texture, index: Int) {
        composed[index] = texture
        composedSinceTrim = true
    }

    /// Whether card `index` currently holds a composed texture.
    public func isComposed(_ index: Int) -> Bool { composed[index] != nil }

    /// Whether card `index` is the card at rest that the window's frame holds instead of a texture (see ``RestingCard``).
    public func isHeldByFrame(_ index: Int) -> Bool { resting?.index == index }

    /// The number of cards that currently hold a composed texture.
    public var composedCount: Int { composed.count }
}
