internal import CStretch
import VitrineCore

extension Renderer {
    /// Writes an opaque ARGB frame of `size` (an animated picture's) into what the renderer draws into, filling
    /// `rect`: copied as it is at `rect`'s size, else scaled with SDL's own bilinear arithmetic (`CStretch`), as
    /// drawing a texture of it there would with the linear scale quality the kiosk sets. Returns false, having
    /// written nothing, when it cannot: not the software renderer, a texture as the target, a frame that does not
    /// take ARGB rows, a frame of fewer than two pixels across or down to scale, or `rect` not inside the frame.
    ///
    /// An animated picture at rest goes this way (``DeckRenderer/holdAnimationFrameInWindow(_:playback:)``): no
    /// streaming texture and no card texture are kept for it (3.7 MiB each at 1200x800).
    func writeARGBIntoOutput(_ pixels: [UInt32], size: PixelSize, at rect: PixelRect) -> Bool {
        let scales = size != PixelSize(width: rect.width, height: rect.height)
        guard size.width > 0, size.height > 0, pixels.count >= size.width * size.height, !scales || (size.width >= 2 && size.height >= 2),
              let frame = outputFrame(writingAt: rect) else { return false }
        let written: Bool? = pixels.withUnsafeBufferPointer { source in
            frame.withPixels { rows in
                let origin = source.baseAddress!
                guard scales else {
                    for y in 0..<size.height {
                        (rows.pixels(rect.y + y) + rect.x).update(from: origin + y * size.width, count: size.width)
                    }
                    return true
                }
                var across = vitrine_stretch_axis_make(Int32(size.width), Int32(rect.width))
                var down = vitrine_stretch_axis_make(Int32(size.height), Int32(rect.height))
                var first: Int32 = 0, second: Int32 = 0, weight: Int32 = 0
                for y in 0..<rect.height {
                    vitrine_stretch_rows(&down, Int32(y), &first, &second, &weight)
                    vitrine_stretch_row(&across, origin + Int(first) * size.width, origin + Int(second) * size.width, weight,
                                        rows.pixels(rect.y + y) + rect.x)
                }
                return true
            }
        }
        return written ?? false
    }
}
