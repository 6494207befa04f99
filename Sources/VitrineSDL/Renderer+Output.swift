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

    /// The frame the renderer draws into, its held-back draws flushed, when a moving card's frame can be written
    /// straight into it at `rect`: the software renderer drawing into its window's frame, which takes ARGB rows,
    /// and `rect` not empty and inside it; nil otherwise (nothing flushed). The callers check their own frame first.
    func outputFrame(writingAt rect: PixelRect) -> Surface? {
        guard outputHoldsFullColour, !drawsIntoTexture, let frame = outputFrame, frame.takesARGBRows, rect.width > 0, rect.height > 0,
              rect.x >= 0, rect.y >= 0, rect.x + rect.width <= frame.size.width, rect.y + rect.height <= frame.size.height else { return nil }
        flush()  // Draws SDL still holds back go first.
        return frame
    }
}
