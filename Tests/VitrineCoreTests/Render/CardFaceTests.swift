import Testing
import VitrineCore

/// What a card without its picture shows (``CardFace``), and which cards a frame keeps.
@Suite struct CardFaceTests {
    @Test func aComposedCardShowsItselfWhateverElseThereIs() {
        for stale in [false, true] {
            for preview in [CardFace.Preview.notTried, .made, .impossible] {
                #expect(CardFace.face(composed: true, stale: stale, preview: preview) == .composed)
            }
        }
    }

    @Test func aCardBeingComposedShowsItsOldCompositionThenItsPreview() {
        #expect(CardFace.face(composed: false, stale: true, preview: .made) == .stale)
        #expect(CardFace.face(composed: false, stale: false, preview: .made) == .preview)
        #expect(CardFace.face(composed: false, stale: false, preview: .made)?.showsPicture == true)
    }

    @Test func aCardWithNothingYetIsNeverDrawnEmpty() {
        // Nil: the renderer makes the preview before it draws the frame.
        #expect(CardFace.face(composed: false, stale: false, preview: .notTried) == nil)
        // No preview can be made: its gradient and title, not the placeholder (which only composing can tell).
        #expect(CardFace.face(composed: false, stale: false, preview: .impossible) == .titleOnly)
        #expect(CardFace.titleOnly.showsPicture == false)
    }

    @Test func aFrameKeepsTheCardsItDrawsAndTheNeighbours() {
        let stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), pointScale: 1, fit: .contain)
        let rest = PagerSnapshot(pageCount: 6, currentPage: 0, position: 0, wraps: true)
        #expect(rest.keptCards(drawing: DisplayList.frame(stage: stage, pager: rest, background: .black)) == [5, 0, 1])
        let noWrap = PagerSnapshot(pageCount: 6, currentPage: 0, position: 0, wraps: false)
        #expect(noWrap.keptCards(drawing: DisplayList.frame(stage: stage, pager: noWrap, background: .black)) == [0, 1])
        // Mid-swipe from 2 to 3: both drawn, and 2's neighbours.
        let moving = PagerSnapshot(pageCount: 6, currentPage: 2, position: 2.5, wraps: true)
        #expect(moving.keptCards(drawing: DisplayList.frame(stage: stage, pager: moving, background: .black)) == [1, 2, 3])
        // A fade from 1 to 4 draws both in place.
        var fade = PagerSnapshot(pageCount: 6, currentPage: 4, position: 4, wraps: true)
        fade.blend = [CardLayer(slot: 1, opacity: 1), CardLayer(slot: 4, opacity: 0.5)]
        #expect(fade.keptCards(drawing: DisplayList.frame(stage: stage, pager: fade, background: .black)) == [1, 3, 4, 5])
        let empty = PagerSnapshot(pageCount: 0, currentPage: 0, position: 0, wraps: true)
        #expect(empty.keptCards(drawing: DisplayList.frame(stage: stage, pager: empty, background: .black)).isEmpty)
    }
}
