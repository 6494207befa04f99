import VitrineCore

extension Renderer {
    /// Converts a planar YUV 4:2:0 frame (SDL's IYUV: the Y plane's rows `pitch` bytes apart, then the U and V
    /// planes' at half the size, `pitch / 2` apart) into what the renderer draws into, at `rect`, as drawing an IYUV
    /// texture of it there would: SDL's own conversion, with no texture between. Returns false, having written
    /// nothing, when it cannot: not the software renderer, a texture as the target, a frame that does not take ARGB
    /// rows, or `rect` not inside the frame or not `size`.
    ///
    /// A video card at rest goes this way (``DeckRenderer/holdVideoFrameInWindow(_:playback:)``): an IYUV texture
    /// with the software renderer keeps the planes and an RGB copy (5.3 MiB at 1200x800), and the card's texture
    /// another card (3.7 MiB), each copied through every frame.
    func writeYUVIntoOutput(_ bytes: UnsafeRawBufferPointer, pitch: Int, size: PixelSize, at rect: PixelRect) -> Bool {
        let chroma = (size.height + 1) / 2
        guard size == PixelSize(width: rect.width, height: rect.height), size.width > 0, size.height > 0, pitch >= size.width,
              let source = bytes.baseAddress, bytes.count >= pitch * size.height + (pitch / 2) * chroma * 2,
              let frame = outputFrame(writingAt: rect) else { return false }
        return frame.convertYUV(source, pitch: pitch, size: size, x: rect.x, y: rect.y)
    }
}
