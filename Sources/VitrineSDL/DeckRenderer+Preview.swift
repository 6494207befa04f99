import VitrineCore

extension DeckRenderer {
    /// The face card `index` of a deck of `pageCount` is drawn with (``CardFace``), its preview made now when it
    /// needs one and has none yet; nil when nothing of it can be drawn.
    ///
    /// The preview is made here, before the frame, on the loop's thread: a few milliseconds (a 6000x4000 progressive
    /// JPEG's DC scans: 13-17 ms of CPU optimised), during which the screen keeps its last frame rather than show
    /// the card empty. (Made on a queue of its own beside the compositions, it cost a thread whose heap kept about
    /// a card's worth of memory after paging: ControlEndToEndTests' memory test.)
    func face(of index: Int, pageCount: Int) -> CardFace? {
        if let face = currentFace(of: index), holdsTexture(for: face, index: index) { return face }
        let composer = composer(index, pageCount: pageCount)
        if !noPreview.contains(index), previews[index] == nil {
            if let made = PreparedCard.preview(composer, fonts: fonts), adoptPreview(made, index: index) {} else { noPreview.insert(index) }
        }
        if noPreview.contains(index), previews[index] == nil, let plain = PreparedCard.titleOnly(composer, fonts: fonts) {
            _ = adoptPreview(plain, index: index)
        }
        guard let face = currentFace(of: index), holdsTexture(for: face, index: index) else { return nil }
        return face
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
