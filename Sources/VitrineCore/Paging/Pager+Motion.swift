/// How much the cards move: the config's top-level `motion` (WCAG 2.3.3, animation from interactions).
public enum Motion: String, Sendable, Equatable, CaseIterable {
    /// Cards slide between pages and follow a finger or a trackpad (the default).
    case full
    /// No card moves sideways: every page change is a fade in place (or a jump with `transition: none`), and a
    /// drag leaves the card where it is until its release, which pages by the same rules as a slide's release.
    case reduced
}

extension PageTransition {
    /// How programmatic moves show under `motion`: under reduced motion a slide becomes a fade.
    public func under(_ motion: Motion) -> PageTransition {
        motion == .reduced && self == .slide ? .fade : self
    }
}

extension Pager {
    /// How programmatic moves and released drags show: the transition, with a slide made a fade under reduced motion.
    var effectiveTransition: PageTransition { transition.under(motion) }

    /// Puts a dragged card (under a finger or a trackpad stream) at `position`, in unwrapped pages.
    ///
    /// Under reduced motion the card stays where it is and the position is only kept (`draggedPosition`) for
    /// the release to decide with.
    mutating func placeDraggedCard(at position: Double) {
        if motion == .reduced {
            draggedPosition = position
        } else {
            offset = position - Double(currentPage)
        }
    }

    /// Lets go of a drag under reduced motion: the target is chosen as a slide's release chooses it, from where the
    /// drag would have put the card, and the card fades there in place (or jumps with `transition: none`). A drag
    /// that does not commit changes nothing: no transition opens.
    mutating func releaseInPlace(origin: Int, pageVelocity: Double, pageWidth: Double, target chosen: Int?,
                                 events: inout [PagerEvent]) {
        let position = draggedPosition ?? visualPosition
        draggedPosition = nil
        let target = chosen ?? releaseTarget(position: position, origin: origin, pageVelocity: pageVelocity,
                                             pageWidth: pageWidth)
        guard wrappedPage(target) != currentPage else { return }
        startFade(to: target, events: &events)
    }
}
