import VitrineCore
import VitrineSystem

extension DeckRenderer {
    /// The face card `index` of a deck of `pageCount` is drawn with (``CardFace``); nil when nothing of it can be
    /// drawn.
    ///
    /// Previews are made on the preparer's queue ahead of any composition, for every card the frame keeps (those
    /// on screen and beside it, ``prepareKept(errors:)``), and taken as they come (each wakes the loop), so a card
    /// paged to already has one. A card that must be drawn before its preview came (it came on screen faster than
    /// the queue got to it: a jump to a far card, a reload landing on a new picture, paging faster than a preview
    /// is made) has it made here, on the loop's thread, for that card alone: a few milliseconds (a 6000x4000
    /// progressive JPEG's DC scans: 13-17 ms of CPU optimised, 0.15-0.3 s on a loaded machine; never more than one
    /// decode's time limit), during which the screen keeps its last frame rather than show the card empty. It is
    /// logged (debug) and counted (``previewsMadeInLine``); paging through six 24-megapixel pictures made none
    /// (Docs/Benchmarks.md).
    func face(of index: Int, pageCount: Int) -> CardFace? {
        if let face = currentFace(of: index), holdsTexture(for: face, index: index) { return face }
        let composer = composer(index, pageCount: pageCount)
        if !noPreview.contains(index), previews[index] == nil {
            if let preparer {  // Headless frames (no preparer) make every preview here.
                preparer.dropPreview(composer)
                previewsMadeInLine += 1
                Logger.shared.log(.debug, "preview: card \(index)'s preview made on the loop's thread: it was drawn before the queue made it")
            }
            if let made = PreparedCard.preview(composer, fonts: fonts), adoptPreview(made, index: index) {} else { noPreview.insert(index) }
        }
        if noPreview.contains(index), previews[index] == nil, let plain = PreparedCard.titleOnly(composer, fonts: fonts) {
            _ = adoptPreview(plain, index: index)
        }
        guard let face = currentFace(of: index), holdsTexture(for: face, index: index) else { return nil }
        return face
    }

    /// Takes card `index`'s preview from `preparer` when it is made; returns whether the card still waits for one
    /// (none made yet, and it has neither a preview nor its old composition to show).
    func takePreview(_ index: Int, composer: CardComposer, from preparer: CardPreparer) -> Bool {
        guard previews[index] == nil, !noPreview.contains(index), stale[index] == nil else { return false }
        switch preparer.takePreview(composer) {
        case .some(.some(let card)):
            if !adoptPreview(card, index: index) { noPreview.insert(index) }
            return false
        case .some(.none):
            noPreview.insert(index)
            return false
        case .none:
            return true
        }
    }

    /// What ``CardFace`` says card `index` shows with what the renderer holds of it now.
    private func currentFace(of index: Int) -> CardFace? {
        let preview: CardFace.Preview = noPreview.contains(index) ? .impossible : previews[index] != nil ? .made : .notTried
        return CardFace.face(composed: composed[index] != nil, stale: stale[index] != nil, preview: preview)
    }

    private func holdsTexture(for face: CardFace, index: Int) -> Bool {
        switch face {
        case .composed: composed[index] != nil
        case .stale: stale[index] != nil
        case .preview, .titleOnly: previews[index] != nil
        }
    }

    /// Makes a texture of a preview (or a title-only stand-in) for card `index`; false when it could not.
    @discardableResult
    private func adoptPreview(_ card: PreparedCard, index: Int) -> Bool {
        guard case .success(let surface) = card.surface, let texture = try? renderer.makeTexture(from: surface) else { return false }
        previews[index] = texture
        return true
    }

    /// Lets go the previews of cards no longer kept, or composed since.
    func keepPreviews(_ keep: Set<Int>) {
        previews = previews.filter { keep.contains($0.key) && composed[$0.key] == nil }
        noPreview.formIntersection(keep)
    }

    /// Lets go the previews of the cards `isGone` says (all of them by default), made for what they no longer show.
    func forgetPreviews(where isGone: (Int) -> Bool = { _ in true }) {
        previews = previews.filter { !isGone($0.key) }
        noPreview = noPreview.filter { !isGone($0) }
    }
}
