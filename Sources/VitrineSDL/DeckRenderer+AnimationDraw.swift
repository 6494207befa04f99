import VitrineCore
import VitrineSystem

extension DeckRenderer {
    /// Draws an animated picture's ARGB frame and the card's gradient and texts straight into the window's frame,
    /// where the card shows alone at rest, as a video's YUV frame is (``holdVideoFrameInWindow(_:playback:)``): the
    /// frame, at the card's size or at its crop's own when that is smaller, is scaled into the card's place there
    /// (``Renderer/writeARGBIntoOutput(_:size:at:)``). Returns false, having drawn nothing, where it cannot: not an
    /// ARGB frame, the last frame did not show this card alone at rest (a drag, a detail panel), or the window's frame
    /// cannot hold a card (``canRestInFrame``); the frame then goes into the card's texture.
    ///
    /// Nothing the size of a card is kept for it while it plays: no ARGB streaming texture, no card texture (3.7 MiB
    /// each at 1200x800), each written through at every frame.
    func holdAnimationFrameInWindow(_ frame: MovingFrame, playback: VideoPlayback) throws(SDLError) -> Bool {
        let page = playback.playing.page, place = stage.cardRect
        guard case .argb(let pixels) = frame.pixels, canRestInFrame, shownAlone == page, !kenBurns.isMoving(page) else { return false }
        let overlay = try videoOverlay(for: playback)
        guard renderer.writeARGBIntoOutput(pixels, size: frame.size, at: place) else { return false }
        restInWindow(playback, overlay: overlay, what: "animated card's texts")
        return true
    }

    /// After a moving card's frame was written into the window's frame at the card's place: blends the card's
    /// gradient and texts (`overlay`) over it, lets the card's textures go and notes that the frame holds the card
    /// at rest (bare: the dots are drawn over it next). A video's frame (``holdVideoFrameInWindow(_:playback:)``) and
    /// an animated picture's take the same steps.
    func restInWindow(_ playback: VideoPlayback, overlay: (texture: Texture, top: Int)?, what: String) {
        let page = playback.playing.page, place = stage.cardRect
        if let overlay {
            do throws(SDLError) {
                try renderer.draw(overlay.texture, in: PixelRect(x: place.x, y: place.y + overlay.top, width: overlay.texture.size.width,
                                                                 height: overlay.texture.size.height), what: what)
            } catch {
                reportOnce("card \(page): \(error)")
            }
        }
        // The first frame into the window's frame after frames through textures (a drag, or a landing drawn late)
        // lets them go (9 MiB at 1200x800): the app gives that back to the system then, not at the next trim.
        if playback.frame != nil || playback.card != nil { composedSinceTrim = true }
        playback.frame = nil
        playback.card = nil
        composed[page] = nil
        stale[page] = nil
        forgetPreviews { $0 == page }
        resting = RestingCard(index: page, destination: place, patch: nil, bare: true)
        lastRestFrame = nil
    }
}
