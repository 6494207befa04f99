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
        // Mid-swipe from 2 to 3: both drawn, 2's neighbours, and 4, beyond 3 (where the next press goes).
        let moving = PagerSnapshot(pageCount: 6, currentPage: 2, position: 2.5, wraps: true)
        #expect(moving.keptCards(drawing: DisplayList.frame(stage: stage, pager: moving, background: .black)) == [1, 2, 3, 4])
        // A fade from 1 to 4 draws both in place.
        var fade = PagerSnapshot(pageCount: 6, currentPage: 4, position: 4, wraps: true)
        fade.blend = [CardLayer(slot: 1, opacity: 1), CardLayer(slot: 4, opacity: 0.5)]
        #expect(fade.keptCards(drawing: DisplayList.frame(stage: stage, pager: fade, background: .black)) == [1, 3, 4, 5])
        let empty = PagerSnapshot(pageCount: 0, currentPage: 0, position: 0, wraps: true)
        #expect(empty.keptCards(drawing: DisplayList.frame(stage: stage, pager: empty, background: .black)).isEmpty)
    }

    @Test func theCardsOnScreenComeFirstThenTheNextThenThePrevious() {
        let stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), pointScale: 1, fit: .contain)
        func order(_ pager: PagerSnapshot) -> [Int] {
            pager.keptCardsByUrgency(drawing: DisplayList.frame(stage: stage, pager: pager, background: .black))
        }
        #expect(order(PagerSnapshot(pageCount: 6, currentPage: 0, position: 0, wraps: true)) == [0, 1, 5])
        #expect(order(PagerSnapshot(pageCount: 6, currentPage: 5, position: 5, wraps: false)) == [5, 4])
        // Mid-swipe from 2 to 3: both on screen first, then 2's other neighbour, then 4 beyond 3.
        let sliding = order(PagerSnapshot(pageCount: 6, currentPage: 2, position: 2.5, wraps: true))
        #expect(Set(sliding.prefix(2)) == [2, 3] && Array(sliding.dropFirst(2)) == [1, 4])
        // Back from 3 to 2 (3 is still the current page): 1, beyond 2, comes last.
        #expect(order(PagerSnapshot(pageCount: 6, currentPage: 3, position: 2.5, wraps: true)).last == 1)
        #expect(order(PagerSnapshot(pageCount: 6, currentPage: 4, position: 4.5, wraps: false)) == [4, 5, 3])
        #expect(order(PagerSnapshot(pageCount: 1, currentPage: 0, position: 0, wraps: true)) == [0])
    }
}
