import VitrineCore
import VitrineSystem

/// Draws a deck's frames: composes each card once into an opaque texture and copies textures per frame.
///
/// Only the cards on screen and their neighbours keep a composed texture; the rest are freed as the deck pages.
public final class DeckRenderer {
    /// The renderer everything is drawn with.
    public let renderer: Renderer
    /// The fonts the card texts use.
    public let fonts: FontLibrary
    /// The deck's cards.
    public internal(set) var cards: [CardConfig]
    /// The colour around a letterboxed card.
    public var background: Color
    /// The current page geometry.
    public internal(set) var stage: StageLayout
    /// Receives one line per problem, such as an image that cannot be read (each reported once).
    public var report: (String) -> Void

    /// How the panel is mounted: frames are laid out upright on ``stage`` and turned by this angle on output.
    public var rotation: Rotation = .none

    /// Composes cards in the background when set (the app); without it every card is composed when it is first
    /// drawn, which is what headless frames, replays and tests want: the same pixels, deterministically.
    public var preparer: CardPreparer? {
        didSet {  // The neighbours of the frame on screen are asked for now, not at the next frame.
            var errors: [SDLError] = []
            prepareKept(errors: &errors)
            for error in errors { report("\(error)") }
        }
    }
    /// The cards the last frame keeps (those it shows and their neighbours), most urgent first, those it shows,
    /// whether the others wait while a video card starts (``VideoPlayback/holdsNeighboursBack(at:)``), and the
    /// deck's page count then.
    private var kept: (cards: [Int], shown: Set<Int>, neighboursWait: Bool, pageCount: Int)?

    /// Whether every card the last frame keeps (those it shows and their neighbours) is composed, or at rest in the
    /// frame: nothing is left to prepare for a swipe.
    public var keptCardsReady: Bool {
        guard let kept else { return false }
        return kept.cards.allSatisfy { composed[$0] != nil || resting?.index == $0 }
    }

    /// Whether pictures are turned upright by their Exif orientation (`display.exifOrientation`).
    public var exifOrientation = true
    /// How cards look (`style`): their texts' colour and place, and whether they keep clear of the dots.
    public var look = CardLook()

    /// Set whenever a card is composed, now and then while a video plays, and when a moving card's textures go
    /// (``restInWindow(_:overlay:what:)``); the app trims the heap when it next goes idle (after the frame is
    /// presented) and clears this.
    public var composedSinceTrim = false

    /// The runtime's deck generation the cards are from (see ``KioskFrame/deckGeneration``).
    private var deckGeneration = 0
    let discs = DiscTextures()
    /// The QR code of the open detail panel's link.
    private let detailCodes = DetailCodes()
    /// The open detail panel the frame draws over the cards (``KioskFrame/detail``); nil for none.
    private var detailPanel: DetailPanelFrame?
    private let fadeCopies = FadeCopies()
    var upright: Texture?
    var composed: [Int: Texture] = [:]
    /// Video cards on screen since they landed, by card index: how long each has been (DeckRenderer+Video.swift).
    public var videoTimes: [Int: Double] = [:]
    /// The video card playing in the window, its decode thread and textures (DeckRenderer+Video.swift).
    var playback: VideoPlayback?
    /// The page of the video card that stopped playing while it still showed: it keeps its last frame until it is
    /// off screen, then is composed again with its poster (DeckRenderer+Video.swift).
    var videoLeaving: Int?
    /// Whether the playing video's first frame, due before the card showed alone at rest, waited a turn of the loop
    /// for the landing's frame (DeckRenderer+Video.swift).
    var videoFirstFrameWaited = false
    /// Whether the next video is decoded with VA-API where it can be (`display.hardwareDecoding`).
    public var hardwareDecoding = true
    /// What the videos played so far came to (`run --stats`).
    public internal(set) var videoStatistics = VideoStatistics()
    /// Ken Burns cards: their framing in the frame and what they are drawn from (DeckRenderer+KenBurns.swift).
    let kenBurns = KenBurnsCards()
    /// Cards composed for the previous deck, by their index in this one, drawn while the preparer composes them
    /// again (a deck of another size shapes their titles anew, an edit changes them): a card on screen keeps its
    /// picture when a schedule or a reload changes the number of cards or its texts.
    var stale: [Int: Texture] = [:]
    /// Cards over a preview of their picture, or with no picture at all (``CardFace``), drawn while the preparer
    /// composes them (DeckRenderer+Preview.swift).
    var previews: [Int: Texture] = [:]
    /// The cards no preview can be made of (not JPEGs): their stand-in in ``previews`` shows only gradient and texts.
    var noPreview: Set<Int> = []
    /// How many previews were made on this thread, for a card drawn before the preparer made its preview.
    public internal(set) var previewsMadeInLine = 0
    private var reported: Set<PathKey> = []  // Keys hold paths: compared as bytes.
    /// The card on screen whose texture was let go while the kiosk rests (DeckRenderer+Resting.swift).
    var resting: RestingCard?
    /// The last frame, when it showed one card alone at rest with its neighbours composed: what ``restCard()`` needs.
    var lastRestFrame: RestFrame?
    /// Set once reading a resting card back failed: from then on cards at rest keep their textures.
    var restingFailed = false
    /// The card the last frame showed alone at rest with nothing over it but dots and fills (``RestFrame``): a
    /// video frame can go straight into the window's frame there (DeckRenderer+VideoDraw.swift).
    var shownAlone: Int?

    /// A renderer for `cards` on `stage`.
    public init(renderer: Renderer, fonts: FontLibrary, cards: [CardConfig], background: Color, stage: StageLayout,
                report: @escaping (String) -> Void = { _ in }) {
        self.renderer = renderer
        self.fonts = fonts
        self.cards = cards
        self.background = background
        self.stage = stage
        self.report = report
    }

    /// Draws `frame` of a deck of `cards` into the renderer's current target; returns what could not be drawn.
    ///
    /// The runtime's frame is the truth: the renderer takes its geometry, rotation, background and Exif setting from
    /// it, and its cards when the frame's deck generation changed (those of `newCards` the frame shows, see
    /// ``KioskFrame/shownCards``), keeping what it composed where it still fits.
    @discardableResult
    public func draw(_ frame: KioskFrame, cards newCards: [CardConfig]) -> [SDLError] {
        if frame.asleep {  // A sleeping screen is plain black (KioskRuntime+Sleep.swift).
            resting = nil  // Drawn over: composed again on waking.
            lastRestFrame = nil
            shownAlone = nil
            renderer.clear(.black)
            return []
        }
        // A new geometry first: then the window's frame no longer holds a resting card to keep across a reload.
        if frame.stage != stage { resting = nil }
        if frame.deckGeneration != deckGeneration {
            replaceCards(frame.pageCards(of: newCards))
            deckGeneration = frame.deckGeneration
        }
        if frame.stage != stage { setStage(frame.stage) }
        if frame.look != look {  // A reload changed the style: every card is composed anew.
            if frame.look.titleFont != look.titleFont { fonts.useTitleFont(frame.look.titleFont, report: report) }
            look = frame.look
            invalidate()
        }
        if frame.exifOrientation != exifOrientation {  // A reload flipped display.exifOrientation: compose anew.
            exifOrientation = frame.exifOrientation
            invalidate()
        }
        if frame.background != background {  // Transparent pictures were composited over the old colour.
            background = frame.background
            invalidate()
        }
        rotation = frame.rotation
        detailPanel = frame.detail
        kenBurns.views = frame.kenBurns
        return drawFrame(frame.pager, progress: frame.progress, decor: frame.decor)
    }

    /// Takes the cards the last frame keeps (those it shows and their neighbours) and their previews that the
    /// preparer has ready, and asks it for the rest, most urgent first (DeckRenderer+Preview.swift); the card at
    /// rest in the frame needs nothing.
    ///
    /// While a video card comes in and plays its first second, the cards beside it not on screen wait
    /// (``VideoPlayback/holdsNeighboursBack(at:)``); beside a playing video they are composed without a preview.
    private func prepareKept(errors: inout [SDLError]) {
        guard let preparer, let (keep, shown, onlyShown, pageCount) = kept else { return }
        var compositions: [CardComposer] = [], previewsWanted: [CardComposer] = []
        for index in keep where composed[index] == nil && resting?.index != index {
            let composer = composer(index, pageCount: pageCount)
            if let card = preparer.take(composer) {
                adopt(card, index: index, pageCount: pageCount, errors: &errors)
            } else if !onlyShown || shown.contains(index) {
                compositions.append(composer)
                // Beside a playing video a neighbour is composed without a preview first (a swipe before it is
                // composed makes one on the loop's thread).
                if takePreview(index, composer: composer, from: preparer), playback == nil || shown.contains(index) {
                    previewsWanted.append(composer)
                }
            }
        }
        compositions += kenBurnsPictures(keep, pageCount: pageCount, from: preparer)
        preparer.want(compositions: compositions, previews: previewsWanted)
    }

    /// Draws the frame for `pager` into the renderer's current target; returns what could not be drawn.
    @discardableResult
    public func drawFrame(_ pager: PagerSnapshot, progress: Double? = nil, decor: FrameDecor? = nil) -> [SDLError] {
        var list = frameList(pager, progress: progress, decor: decor)
        shownAlone = detailPanel == nil ? RestFrame(list, cardRect: stage.cardRect)?.index : nil
        forgetLeftVideoFrame()
        let order = pager.keptCardsByUrgency(drawing: list), shown = Set(list.commands.compactMap(\.cardIndex))
        let neighboursWait = playback?.holdsNeighboursBack(at: MonotonicClock.seconds) ?? false
        let keep = neighboursWait ? keptWhileVideoStarts(Set(order), shown: shown, pager: pager) : Set(order)
        kept = (order, shown, neighboursWait, pager.pageCount)
        keepPreviews(keep)
        // The card's texts over its frames are made as the slide starts, not at the landing (DeckRenderer+VideoDraw.swift).
        // Its transient copies are given back once the frame is presented (``videoStartTrimDue()``).
        if neighboursWait, let playback, playback.overlaySize == nil, (try? videoOverlay(for: playback)) != nil {
            playback.overlayTrimDue = true
        }
        // An open detail panel covers much of the card: its card keeps its texture rather than resting in the frame.
        if detailPanel == nil, var drawn = drawOverRestingCard(list) {  // The frame holds the card already.
            composed = composed.filter { keep.contains($0.key) }
            prepareKept(errors: &drawn)
            return drawn
        }
        // Before anything is drawn: the frame still holds the card at rest.
        restoreRestingCard(wanted: resting.map { keep.contains($0.index) } ?? false)
        lastRestFrame = nil
        composed = composed.filter { keep.contains($0.key) }
        stale = preparer == nil ? [:] : stale.filter { keep.contains($0.key) && composed[$0.key] == nil }
        var errors: [SDLError] = []
        var missing = Set<Int>()
        if preparer != nil {
            // Take what is ready and ask for the rest (neighbours included). A card on screen that is not composed
            // yet shows its preview, made now if the preparer has not made it yet (CardFace): never the background
            // alone.
            prepareKept(errors: &errors)
            for case let index? in list.commands.map(\.cardIndex) where face(of: index, pageCount: pager.pageCount) == nil {
                missing.insert(index)
            }
        } else {
            for index in list.commands.compactMap(\.cardIndex) where composed[index] == nil {
                composeReporting(index, pageCount: pager.pageCount, image: PreparedImage.prepare(imageRequest(index)), errors: &errors)
            }
        }
        if !missing.isEmpty {
            list.commands.removeAll { $0.cardIndex.map(missing.contains) ?? false }
            if list.commands.first != .clear(background) { list.commands.insert(.clear(background), at: 0) }
        }
        let moving = drawKenBurns(list, pageCount: pager.pageCount, keep: keep, errors: &errors)
        var resources = DrawResources(fonts: fonts, discs: discs, card: { [composed, stale, previews] in
            moving[$0] ?? composed[$0] ?? stale[$0] ?? previews[$0]
        })
        if renderer.isSoftware {
            let copies = fadeCopies.update(for: list, renderer: renderer, card: resources.card)
            resources.fadingCard = { copies[$0] }
        }
        guard rotation != .none else {
            let failures = renderer.execute(list, resources: resources)
            if failures.isEmpty, missing.isEmpty, detailPanel == nil, stage.wall == nil, keep.allSatisfy({ composed[$0] != nil }),
               let rest = RestFrame(list, cardRect: stage.cardRect), composed[rest.index] != nil {
                lastRestFrame = rest
            }
            errors += failures
            return errors
        }
        do throws(SDLError) {
            try drawTurned(list, resources: resources, errors: &errors)
        } catch {
            errors.append(error)
        }
        return errors
    }

    /// What the frame for `pager` draws, the open detail panel included, on this screen of a wall.
    func frameList(_ pager: PagerSnapshot, progress: Double?, decor: FrameDecor?) -> DisplayList {
        let decor = decor ?? FrameDecor(dots: look.dots, pauseButton: look.pauseButton ? .pause : nil)
        var list = DisplayList.frame(stage: stage, pager: pager, background: background, progress: progress, decor: decor, measurer: fonts)
        if let detailPanel {
            list.commands += detailPanel.commands(code: detailCodes.code(for: detailPanel.link, report: report))
        }
        return list.onScreen(of: stage)  // A video wall's screen: its part of the wall (DisplayList+Tile.swift).
    }

    /// Takes `frame`, the next to be drawn, as the frame on screen when the video card it shows alone at rest has
    /// not shown a frame yet: its first frame, drawn before it at the landing, then goes straight into the window's
    /// frame (DeckRenderer+VideoDraw.swift) rather than through a YUV texture and a card texture (9 MiB at 1200x800)
    /// let go at the next frame, at the moment the kiosk holds the most. Anything else is left as it is.
    public func expectLanding(_ frame: KioskFrame) {
        guard let playback, playback.shownTime == nil, shownAlone != playback.playing.page, !frame.asleep, frame.stage == stage,
              frame.deckGeneration == deckGeneration, frame.rotation == rotation, frame.detail == nil, detailPanel == nil,
              frame.look == look, frame.background == background else { return }
        if let index = RestFrame(frameList(frame.pager, progress: frame.progress, decor: frame.decor), cardRect: stage.cardRect)?.index,
           index == playback.playing.page {
            shownAlone = index
        }
    }

    /// Draws `list` upright into a texture of the logical screen's size, then copies it turned onto the output.
    private func drawTurned(_ list: DisplayList, resources: DrawResources, errors: inout [SDLError]) throws(SDLError) {
        let size = stage.screenPixels
        if upright?.size != size { upright = try renderer.makeTargetTexture(size: size) }
        guard let upright else { return }
        try renderer.setTarget(upright)
        errors += renderer.execute(list, resources: resources)
        try renderer.setTarget(nil)
        let output = renderer.outputSize
        renderer.clear(background.withAlpha(255))
        upright.setBlendMode(.none)
        // The upright rectangle, centered on the output; it is turned clockwise about its center.
        let place = PixelRect(x: (output.width - size.width) / 2, y: (output.height - size.height) / 2, width: size.width, height: size.height)
        try renderer.draw(upright, in: place, turnedBy: Double(rotation.rawValue), what: "rotated frame")
    }

    /// The image request for card `index` at the current card size.
    func imageRequest(_ index: Int) -> ImageRequest {
        let moment = videoMoment(index)
        var request = ImageRequest(path: moment?.path ?? cards[index].image, size: PixelSize(width: stage.cardRect.width, height: stage.cardRect.height),
                                   exifOrientation: exifOrientation)
        request.background = background
        request.videoTime = moment?.time ?? 0
        return request
    }

    /// Makes a texture of a card the preparer composed; should that have failed, composes the card here.
    private func adopt(_ card: PreparedCard, index: Int, pageCount: Int, errors: inout [SDLError]) {
        do throws(SDLError) {
            // The card goes into its texture as its memory goes back: never held twice (Texture.update(consuming:)).
            composed[index] = try renderer.makeTexture(from: card.surface.get(), consuming: true)
            forgetPreviews { $0 == index }
            composedSinceTrim = true
            for problem in card.problems { reportOnce(problem.message, key: problem.key) }
        } catch {
            errors.append(error)
            composeReporting(index, pageCount: pageCount, image: PreparedImage.prepare(imageRequest(index)), errors: &errors)
        }
    }

    private func composeReporting(_ index: Int, pageCount: Int, image: PreparedImage, errors: inout [SDLError]) {
        do throws(SDLError) {
            composed[index] = try compose(index, pageCount: pageCount, image: image)
            composedSinceTrim = true
        } catch {
            errors.append(error)
        }
    }

    /// Composes card `index` (image, scrim, title and subtitle) into a new opaque texture of the card's pixel size.
    ///
    /// When the image cannot be loaded the card is the placeholder (see ``CardLayout``), and the path and reason
    /// are reported once per image file for the renderer's lifetime.
    public func compose(_ index: Int, pageCount: Int, image prepared: PreparedImage) throws(SDLError) -> Texture {
        let composer = composer(index, pageCount: pageCount)
        let target = try renderer.makeTargetTexture(size: composer.size)
        try renderer.setTarget(target)
        let problems = composer.draw(image: prepared, fonts: fonts, renderer: renderer)
        try renderer.setTarget(nil)
        for problem in problems { reportOnce(problem.message, key: problem.key) }
        return target
    }

    /// The composer of card `index` at the current card size.
    func composer(_ index: Int, pageCount: Int) -> CardComposer {
        var composer = CardComposer(card: cards[index], index: index, pageCount: pageCount,
                                    size: PixelSize(width: stage.cardRect.width, height: stage.cardRect.height), pointScale: stage.pointScale)
        composer.exifOrientation = exifOrientation
        composer.readability = stage.readability
        composer.look = look
        composer.background = background
        return composer
    }

    /// Reports `message` unless a message with the same `key` (by default the message itself) was reported.
    func reportOnce(_ message: String, key: String? = nil) {
        if reported.insert(PathKey(key ?? message)).inserted { report(message) }
    }
}
