import VitrineCore

extension Renderer {
    /// Copies `card`'s pixels (ARGB) into what the renderer draws into, at `rect`, as drawing its texture there would;
    /// returns false, having written nothing, when it cannot: not the software renderer, a texture as the target,
    /// a frame of other than four bytes a pixel, or `rect` not inside it or not `card`'s size.
    ///
    /// The first picture goes this way (``DeckRenderer/adopt(_:pageCount:)``): a texture would cost a copy of the
    /// card and its 940 fresh pages (1200x800) on the way to it, and a second copy into the frame
    /// (``Surface/write(_:at:)``).
    func writeIntoOutput(_ card: Surface, at rect: PixelRect) -> Bool {
        guard outputHoldsFullColour, !drawsIntoTexture, let frame = outputFrame,
              card.size == PixelSize(width: rect.width, height: rect.height), card.isARGB8888 else { return false }
        flush()  // Draws SDL still holds back go first.
        return frame.write(card, at: rect)
    }
}
