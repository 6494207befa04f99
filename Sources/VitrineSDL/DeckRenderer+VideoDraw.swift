import VitrineCore
import VitrineSystem

extension DeckRenderer {
    /// Draws `frame` (its gradient in it) and the card's texts straight into the window's frame, where the card shows alone
    /// at rest, rather than into a texture of the card's own: the frame then holds the card as it holds a card at
    /// rest (``RestingCard``), and the deck draws the dots over it. Returns false, having drawn nothing, where it
    /// cannot: the last frame did not show this card alone at rest (a drag, a detail panel), the window's frame
    /// cannot hold a card (``canRestInFrame``), or the frame is not the card's size.
    ///
    /// Nothing the size of a card is kept for it while it plays: with the software renderer an IYUV texture holds the
    /// planes and an RGB copy (5.3 MiB at 1200x800) and the card's texture a third copy (3.7 MiB), each written
    /// through at every frame. A drag reads the card back from the frame as it reads any resting card; the frames
    /// after it go into the card's texture until the card is alone at rest again.
    func holdVideoFrameInWindow(_ frame: MovingFrame, playback: VideoPlayback) throws(SDLError) -> Bool {
        let page = playback.playing.page, place = stage.cardRect
        guard case .yuv420(let bytes, let pitch) = frame.pixels, canRestInFrame, shownAlone == page, !kenBurns.isMoving(page),
              frame.size == PixelSize(width: place.width, height: place.height) else { return false }
        let overlay = try videoOverlay(for: playback)
        guard bytes.withUnsafeBytes({ renderer.writeYUVIntoOutput($0, pitch: pitch, size: frame.size, at: place) }) else { return false }
        restInWindow(playback, overlay: overlay, what: "video card's texts")  // DeckRenderer+AnimationDraw.swift
        return true
    }

    /// The card's texts to blend over each of `playback`'s frames (``videoOverlay(_:size:page:withScrim:)``), and
    /// its gradient unless the frames carry it (a video's: ``videoShade(page:)``), made once for the card's size;
    /// nil when the card has none.
    func videoOverlay(for playback: VideoPlayback) throws(SDLError) -> (texture: Texture, top: Int)? {
        let page = playback.playing.page
        let composer = composer(page, pageCount: cards.count)
        if playback.overlaySize != composer.size {
            let list = composer.layout(imageSize: composer.size, fonts: fonts).displayList
            let shaded = playback.playing.animation == nil && Self.videoShade(list, size: composer.size) != nil
            playback.overlay = try videoOverlay(list, size: composer.size, page: page, withScrim: !shaded)
            playback.overlaySize = composer.size
        }
        return playback.overlay
    }

    /// The opacity of the black over each row of card `page`, from the top, that its video's frames are darkened by
    /// on the decode thread (``VideoFrameSource``), so the loop blends only the texts over them; nil when it has no
    /// gradient, or not one the frames can carry (see ``videoShade(_:size:)``).
    func videoShade(page: Int) -> [UInt8]? {
        let composer = composer(page, pageCount: cards.count)
        return Self.videoShade(composer.layout(imageSize: composer.size, fonts: fonts).displayList, size: composer.size)
    }

    /// The rows' opacities of `list`'s gradient when it is the one scrim and covers the whole card of `size`
    /// (whatever its ramp: the texts at the top or bottom, high contrast's knee), as ``Renderer`` fills it row by row;
    /// nil otherwise.
    static func videoShade(_ list: DisplayList, size: PixelSize) -> [UInt8]? {
        var found: [UInt8]?
        for command in list.commands {
            guard case .scrim(let rect, let ramp) = command else { continue }
            guard found == nil, rect == PixelRect(x: 0, y: 0, width: size.width, height: size.height), ramp.height == size.height else { return nil }
            found = (0..<size.height).map { ramp.alpha(row: $0) }
        }
        return found
    }
}
