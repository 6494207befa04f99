/// The detail panel's rules: a tap on a card with a `detail` opens it; a tap outside, Escape, a swipe, idle time,
/// another card, sleep or a reload closes it; a vertical drag on its text scrolls it; attract mode waits while it
/// is open. Each opening and closing is logged (`detailOpened`, `detailClosed`).
extension KioskRuntime {
    /// The card whose detail panel is open, as an index into the config's cards; nil when none is.
    public var openDetailCard: Int? { detail?.card }

    /// What the frame shows of the open panel; nil when none is open.
    var detailFrame: DetailPanelFrame? {
        guard let detail else { return nil }
        let scroll = Int(min(max(0, detail.scroll), detail.layout.scrollLimit).rounded())
        return DetailPanelFrame(layout: detail.layout, scroll: scroll, link: detail.detail.link)
    }

    /// The layout of `detail` on the current stage, measured with the driver's fonts (an estimate without them).
    func detailLayout(_ detail: CardDetail) -> DetailPanelLayout {
        if let textMeasurer { return DetailPanelLayout(detail: detail, stage: session.stage, measurer: textMeasurer) }
        return DetailPanelLayout(detail: detail, stage: session.stage, measurer: EstimatedTextMeasurer())
    }

    /// Opens the panel of `card` for `reason`; nothing when the card has no detail.
    mutating func openDetail(card: Int, reason: DetailOpenReason) -> [KioskEffect] {
        guard config.cards.indices.contains(card), let cardDetail = config.cards[card].detail else { return [] }
        var effects: [KioskEffect] = []
        if detail != nil { effects += closeDetail(.page) }
        detail = DetailPanel(card: card, deckGeneration: deckGeneration, detail: cardDetail, layout: detailLayout(cardDetail),
                             stage: session.stage, lastInput: now)
        session.controlShield = detail?.layout.panel
        pacing.needsFrame = true
        return effects + [.log([TimedKioskEvent(t: now, .detailOpened(page: card, reason: reason))])]
    }

    /// Closes the open panel for `reason`; attract mode's interval starts again, so the card shows for all of it.
    mutating func closeDetail(_ reason: DetailCloseReason) -> [KioskEffect] {
        guard let open = detail else { return [] }
        detail = nil
        session.controlShield = nil
        pacing.needsFrame = true
        autoplay?.restartInterval(at: now)
        return [.log([TimedKioskEvent(t: now, .detailClosed(page: open.card, reason: reason))])]
    }

    /// A person's paging input, before the pager has it: it counts as activity on an open panel, and a press on
    /// the panel's text may become a scroll.
    mutating func detailBeforePaging(_ input: KioskInput) {
        guard var open = detail else { return }
        open.lastInput = now
        switch input {
        case .pointerDown(let id, let point) where session.pager.heldPointers.isEmpty:
            let pixel = session.logicalPixel(point)
            let area = open.layout.textArea
            let onText = pixel.x >= Double(area.x) && pixel.x < Double(area.x + area.width)
                && pixel.y >= Double(area.y) && pixel.y < Double(area.y + area.height)
            open.drag = onText && open.layout.scrollLimit > 0 ? DetailPanel.ScrollDrag(pointer: id) : nil
        case .pointerUp(let id, _) where open.drag?.pointer == id:
            open.drag = nil
        default:
            break
        }
        detail = open
    }

    /// What the pager made of a person's paging `input` (`events`), for the panel: a tap on a card with a detail
    /// opens it; with it open, a tap outside closes it, a drag that takes the card (a swipe) closes it, and a
    /// vertical drag on its text scrolls it.
    mutating func detailAfterPaging(_ input: KioskInput, events: [PagerEvent]) -> [KioskEffect] {
        guard var open = detail else {
            guard case .tap? = events.last, let card = currentCard, session.isIdle else { return [] }
            return openDetail(card: card, reason: .tap)
        }
        for event in events {
            switch event {
            case .dragBegan: return closeDetail(.swipe)
            case .tap(let point) where !open.layout.contains(session.pixel(point)): return closeDetail(.tapOutside)
            default: continue
            }
        }
        if case .pointerMove(let id, let point) = input, var drag = open.drag, drag.pointer == id,
           session.pager.gesture?.phase == .vertical {
            let y = session.logicalPixel(point).y
            let anchor = drag.anchor ?? (y, open.scroll)
            drag.anchor = anchor
            open.drag = drag
            let scroll = min(max(0, anchor.scroll - (y - anchor.y)), open.layout.scrollLimit)
            if scroll != open.scroll { pacing.needsFrame = true }
            open.scroll = scroll
            detail = open
        }
        return []
    }

    /// Keeps an open panel true to the kiosk after anything happened: it closes when the screen sleeps, the deck
    /// was reloaded or another card is on screen (or on its way), and is laid out again for a new stage.
    mutating func keepDetailInStep() -> [KioskEffect] {
        guard var open = detail else { return [] }
        if sleep.asleep { return closeDetail(.sleep) }
        if open.deckGeneration != deckGeneration { return closeDetail(.reload) }
        if headingCard != open.card { return closeDetail(.page) }
        if open.stage != session.stage {
            open.stage = session.stage
            open.layout = detailLayout(open.detail)
            open.scroll = min(open.scroll, open.layout.scrollLimit)
            open.drag = nil
            detail = open
            session.controlShield = open.layout.panel
        }
        return []
    }

    /// When an open panel closes for want of input; nil when none is open.
    var detailDeadline: Double? { detail.map { $0.lastInput + RuntimeTuning.detailIdleClose } }

    /// Closes an open panel nobody touched for ``RuntimeTuning/detailIdleClose``.
    mutating func closeDetailIfIdle() -> [KioskEffect] {
        guard let due = detailDeadline, now >= due else { return [] }
        return closeDetail(.idle)
    }
}

/// Text widths guessed from the character count, for a runtime whose driver gave it no fonts: half the pixel
/// size a character, lines 1.2 times the pixel size.
struct EstimatedTextMeasurer: TextMeasuring {
    func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * pixelSize / 2 }
    func lineHeight(weight: FontWeight, pixelSize: Int) -> Int { Int((Double(pixelSize) * 1.2).rounded()) }
}
