import CSDL2
import Dispatch
import Glibc
import VitrineCore

extension Renderer {
    /// Copies `count` rows of `bytes` bytes, half of them on another thread: a window's fresh frame takes a page
    /// fault every 4 KiB (940 at 1200x800, 2-3 µs each on a VM), and two cores take them in half the time.
    private static func copyRows(_ count: Int, bytes: Int, from source: UnsafeRawPointer, pitch sourcePitch: Int,
                                 to destination: UnsafeMutableRawPointer, pitch destinationPitch: Int) {
        let split = count / 2
        let from = UInt(bitPattern: source), to = UInt(bitPattern: destination)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInteractive).async {
            for row in split..<count {
                memcpy(UnsafeMutableRawPointer(bitPattern: to + UInt(row * destinationPitch))!,
                       UnsafeRawPointer(bitPattern: from + UInt(row * sourcePitch))!, bytes)
            }
            done.signal()
        }
        for row in 0..<split { memcpy(destination + row * destinationPitch, source + row * sourcePitch, bytes) }
        done.wait()
    }

    /// Copies `card`'s pixels (ARGB) into what the renderer draws into, at `rect`, as drawing its texture there would;
    /// returns false, having written nothing, when it cannot: not the software renderer, a texture as the target,
    /// a frame of other than four bytes a pixel, or `rect` not inside it or not `card`'s size.
    ///
    /// The first picture goes this way (``DeckRenderer/adopt(_:pageCount:)``): a texture would cost a copy of the
    /// card and its 940 fresh pages (1200x800) on the way to it, and a second copy into the frame.
    func writeIntoOutput(_ card: Surface, at rect: PixelRect) -> Bool {
        guard outputHoldsFullColour, SDL_GetRenderTarget(pointer) == nil, let frame = outputSurface?.pointee,
              let format = frame.format?.pointee, let destination = frame.pixels else { return false }
        let source = card.pointer.pointee
        guard card.size == PixelSize(width: rect.width, height: rect.height), rect.x >= 0, rect.y >= 0,
              rect.x + rect.width <= Int(frame.w), rect.y + rect.height <= Int(frame.h),
              source.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let pixels = source.pixels
        else { return false }
        SDL_RenderFlush(pointer)  // Draws SDL still holds back go first.
        let origin = destination + rect.y * Int(frame.pitch) + rect.x * 4
        // ARGB into XRGB (an X window's frame) is a plain copy: the spare byte is not shown.
        guard format.BytesPerPixel == 4, format.Rmask == 0xFF0000, format.Gmask == 0xFF00, format.Bmask == 0xFF else {
            return SDL_ConvertPixels(Int32(rect.width), Int32(rect.height), SDL_PIXELFORMAT_ARGB8888.rawValue, pixels, source.pitch,
                                     format.format, origin, frame.pitch) == 0
        }
        Renderer.copyRows(rect.height, bytes: rect.width * 4, from: pixels, pitch: Int(source.pitch), to: origin, pitch: Int(frame.pitch))
        return true
    }
}
