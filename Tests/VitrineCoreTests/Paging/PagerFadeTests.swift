import Testing
@testable import VitrineCore

/// Fade and none: the same paging rules as slide, with the card in place.
@Suite struct PagerFadeTests {
    static let d = PagingTuning.fadeDuration

    @Test(arguments: PageTransition.allCases)
    func fiveRapidNextsLandFivePagesOnWithOneTransitionWhateverTheTransition(transition: PageTransition) {
        var h = PagerHarness(pageCount: 10, currentPage: 1, transition: transition)
        // Five presses at one instant: one transition, retargeted four times, whatever the transition.
        for _ in 0..<5 { h.send(.next) }
        #expect(h.pager.currentPage == 1)
        h.settle()
        #expect(h.pager.currentPage == 6)
        #expect(h.pager.visualPosition == 6)
        #expect(h.events == [.transitionStarted(from: 1, to: 2), .transitionRetargeted(from: 1, to: 3),
                             .transitionRetargeted(from: 1, to: 4), .transitionRetargeted(from: 1, to: 5),
                             .transitionRetargeted(from: 1, to: 6), .transitionFinished(from: 1, to: 6, completed: true),
                             .pageChanged(page: 6)])
    }

    @Test func aFadeKeepsTheCardInPlaceAndBlendsTheTargetInOverTheFadeDuration() {
        var h = PagerHarness(pageCount: 5, transition: .fade)
        #expect(h.send(.next) == [.transitionStarted(from: 0, to: 1)])
        var fractions: [Double] = []
        while !h.pager.isIdle {
            h.run(for: PagingTuning.fixedStep)
            if let blend = h.pager.blend(alpha: 1) {
                #expect(blend.count == 2 && blend[0] == CardLayer(slot: 0, opacity: 1) && blend[1].slot == 1)
                fractions.append(blend[1].opacity)
            }
        }
        #expect(h.positions.allSatisfy { $0 == 0 || $0 == 1 })  // never between two pages
        #expect(h.pager.currentPage == 1 && h.pager.blend(alpha: 1) == nil)
        #expect(zip(fractions.dropFirst(), fractions).allSatisfy { $0 > $1 })  // only ever more of the target
        #expect(fractions.first! > 0 && fractions.last! < 1)
        let finish = h.log.first { $0.event.isFinished }!.t
        #expect(finish >= Self.d - 1e-9 && finish < Self.d + PagingTuning.fixedStep)
        #expect(h.events.suffix(2) == [.transitionFinished(from: 0, to: 1, completed: true), .pageChanged(page: 1)])
    }

    @Test func halfWayThroughTheFadeDurationTheEaseHasBlendedInMoreThanHalf() {
        var h = PagerHarness(pageCount: 3, transition: .fade)
        h.send(.next)
        h.run(for: Self.d / 2)
        let opacity = h.pager.blend(alpha: 1)![1].opacity
        let s = h.time / Self.d
        #expect(abs(opacity - (1 - (1 - s) * (1 - s) * (1 - s))) < 1e-9)  // the cubic ease-out of a programmatic slide
        #expect(opacity > 0.85)
    }

    @Test func noneChangesThePageOnTheNextFixedStepWithNothingInBetween() {
        var h = PagerHarness(pageCount: 4, transition: .none)
        h.time = 0.003  // between steps
        #expect(h.send(.next) == [.transitionStarted(from: 0, to: 1)])
        #expect(h.pager.blend(alpha: 1) == nil && h.pager.visualPosition == 0 && !h.pager.isIdle)
        #expect(h.send(.next) == [.transitionRetargeted(from: 0, to: 2)])  // before the step: one transition
        let events = h.run(for: PagingTuning.fixedStep)
        #expect(events == [.transitionFinished(from: 0, to: 2, completed: true), .pageChanged(page: 2)])
        #expect(h.pager.isIdle && h.pager.visualPosition == 2)
        // The frames around the step show one card or the other, never a mix or a slide.
        #expect(h.pager.interpolatedPosition(alpha: 0.5) == 2 && h.pager.blend(alpha: 0.5) == nil)
    }

    @Test func theLastStepOfAFadeDoesNotSweepTheInterpolatedPosition() {
        var h = PagerHarness(pageCount: 5, transition: .fade)
        h.send(.previous)  // wraps: from 0 to 4
        h.settle()
        #expect(h.pager.currentPage == 4)
        for alpha in [0.0, 0.3, 1] { #expect(h.pager.interpolatedPosition(alpha: alpha) == 4) }
    }

    @Test func aRetargetFadesTheNewTargetInOverThePictureAsItStands() {
        var h = PagerHarness(pageCount: 6, transition: .fade)
        h.send(.next)
        h.run(for: 0.05)
        let before = h.pager.blend(alpha: 1)!
        #expect(h.send(.next) == [.transitionRetargeted(from: 0, to: 2)])
        let after = h.pager.blend(alpha: 1)!
        // The same picture at the moment of the retarget: the two cards as they were, the new one not yet in.
        #expect(after.count == 2 && !after.contains { $0.slot == 2 })
        let weights = { (layers: [CardLayer]) in Self.weights(layers) }
        for page in 0...2 { #expect(abs((weights(before)[page] ?? 0) - (weights(after)[page] ?? 0)) < 1e-9) }
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(count(h.events, \.isPageChanged) == 1)
    }

    @Test func aThirdCardUnderTheFadeKeepsTheTwoThatShowMost() {
        let layers = [CardLayer(slot: 0, opacity: 1), CardLayer(slot: 1, opacity: 0.3), CardLayer(slot: 2, opacity: 0.6)]
        let collapsed = Pager.collapsed(layers, wrappedBy: { $0 })
        // Weights: card 2 0.6, card 0 0.28, card 1 0.12: card 2 opaque, card 0 over it at 0.28 / 0.88.
        #expect(collapsed.count == 2 && collapsed[0].slot == 2 && collapsed[1].slot == 0)
        #expect(abs(collapsed[1].opacity - 0.28 / 0.88) < 1e-9)
        // The same card under two slots (a wrapped deck) counts once.
        let wrapped = Pager.collapsed([CardLayer(slot: 0, opacity: 1), CardLayer(slot: 3, opacity: 0.5)], wrappedBy: { (($0 % 3) + 3) % 3 })
        #expect(wrapped.count == 1 && wrapped[0].slot % 3 == 0 && wrapped[0].opacity == 1)
    }

    @Test func aRetargetBackToTheStartingPageFinishesUncompleted() {
        var h = PagerHarness(pageCount: 5, transition: .fade)
        h.send(.next)
        h.run(for: 0.05)
        h.send(.previous)
        h.settle()
        #expect(h.pager.currentPage == 0)
        #expect(h.events == [.transitionStarted(from: 0, to: 1), .transitionRetargeted(from: 0, to: 0),
                             .transitionFinished(from: 0, to: 0, completed: false)])
    }

    @Test(arguments: [(0.03, false), (0.2, true)])
    func aDragDuringAFadeEndsItOnTheCardThatShowsMoreThenSlides(after: Double, landed: Bool) {
        var h = PagerHarness(pageCount: 5, transition: .fade)
        h.send(.next)
        h.run(for: after)
        let events = h.send(.pointerDown(id: 1, at: Point(x: 400, y: h.y)))
        let expected: [PagerEvent] = landed ? [.transitionFinished(from: 0, to: 1, completed: true), .pageChanged(page: 1)]
            : [.transitionFinished(from: 0, to: 1, completed: false)]
        #expect(events == expected)
        #expect(h.pager.blend(alpha: 1) == nil && h.pager.offset == 0)
        let page = landed ? 1 : 0
        #expect(h.pager.currentPage == page)
        // The drag that follows slides from there, as ever.
        h.time += 0.5
        h.send(.pointerMove(id: 1, to: Point(x: 300, y: h.y)))
        #expect(h.pager.visualPosition > Double(page) && h.pager.visualPosition < Double(page) + 1)
        h.time += 0.5
        h.send(.pointerUp(id: 1, at: Point(x: 300, y: h.y)))
        h.settle()
        #expect(h.pager.currentPage == page)  // 90 points of 800 snap back
    }

    @Test func aTapOnTheDotsDuringAFadeAddsToIt() {
        var h = PagerHarness(pageCount: 5, transition: .fade)
        h.send(.next)
        h.run(for: 0.05)
        #expect(h.send(.pointerDownOnControl(id: 1, at: Point(x: 400, y: 500))) == [])
        #expect(h.pager.blend(alpha: 1) != nil)  // a press on the control leaves the fade running
        #expect(h.send(.pointerUp(id: 1, at: Point(x: 400, y: 500))) == [.tap(at: Point(x: 400, y: 500))])
    }

    @Test func theNotchedWheelFadesAndATrackpadStreamSlides() {
        var h = PagerHarness(pageCount: 5, transition: .fade)
        h.send(.wheel(dx: 0, dy: -1))
        #expect(!h.pager.isIdle && h.pager.blend(alpha: 1) == nil)  // nothing shows at the first instant
        h.run(for: 0.2)
        #expect(h.pager.blend(alpha: 1) != nil && h.pager.visualPosition == 0)
        // A precise delta takes the card as a finger does: the fade ends (its target shows most), then it slides.
        let events = h.send(.wheel(dx: 3.5, dy: 0))
        #expect(events == [.transitionFinished(from: 0, to: 1, completed: true), .pageChanged(page: 1), .dragBegan(page: 1)])
        #expect(h.pager.blend(alpha: 1) == nil && h.pager.visualPosition > 1)
        h.settle()
    }

    @Test func aKeyDuringADragSettleRetargetsTheSlide() {
        var h = PagerHarness(pageCount: 5, transition: .fade)
        h.drag(cardTravel: -0.6 * h.width, duration: 2, moves: 20)
        h.run(for: 0.05)
        #expect(h.send(.next) == [.transitionRetargeted(from: 0, to: 2)])
        #expect(h.pager.blend(alpha: 1) == nil)  // the card is moving: it keeps sliding
        h.settle()
        #expect(h.pager.currentPage == 2)
    }

    @Test(arguments: [PageTransition.fade, .none])
    func aReloadDuringAFadeLandsItFirstAndKeepsTheTransition(transition: PageTransition) {
        var session = KioskSession(pageCount: 5, wraps: true, stage: StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain))
        session.pager.transition = transition
        _ = session.handle(.key(.next), at: 0)
        let events = session.replaceDeck(pageCount: 6, wraps: true, at: 0.001) { $0 }
        #expect(events == [.transitionFinished(from: 0, to: 1, completed: true), .pageChanged(page: 1)])
        #expect(session.pager.currentPage == 1 && session.pager.isIdle)
        #expect(session.pager.transition == transition)
    }

    /// How much of each page shows in `layers` (bottom opaque), by wrapped-free slot.
    static func weights(_ layers: [CardLayer]) -> [Int: Double] {
        var result: [Int: Double] = [:]
        var remaining = 1.0
        for (index, layer) in layers.enumerated().reversed() {
            let weight = remaining * (index == 0 ? 1 : layer.opacity)
            remaining -= weight
            result[layer.slot, default: 0] += weight
        }
        return result
    }
}
