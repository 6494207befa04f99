import CSDL2
import VitrineCore

extension Surface {
    /// A copy turned upright by `orientation` (this surface is the picture as stored), 32-bit ARGB.
    public func oriented(_ orientation: ImageOrientation) -> Surface {
        guard orientation != .up, let result = try? Surface(size: orientation.shownSize(of: size)) else { return self }
        let s = pointer.pointee, t = result.pointer.pointee
        guard let input = s.pixels?.assumingMemoryBound(to: UInt32.self),
              let output = t.pixels?.assumingMemoryBound(to: UInt32.self) else { return self }
        let stored = size, inStride = Int(s.pitch) / 4, outStride = Int(t.pitch) / 4
        let shown = result.size
        for y in 0..<shown.height {
            // Along a shown row the stored point moves by a fixed step: work out the first and the step.
            let first = orientation.storedPoint(x: 0, y: y, stored: stored)
            let next = orientation.storedPoint(x: min(1, shown.width - 1), y: y, stored: stored)
            var index = first.y * inStride + first.x
            let step = (next.y - first.y) * inStride + (next.x - first.x)
            let row = output + y * outStride
            for x in 0..<shown.width {
                row[x] = input[index]
                index += step
            }
        }
        return result
    }

    /// Composites this 32-bit ARGB surface over `background` (the letterbox colour, `display.background`) in place
    /// and makes it opaque; says whether any pixel was not opaque.
    @discardableResult
    public func composite(over background: Color = .black) -> Bool {
        let s = pointer.pointee
        guard let base = s.pixels?.assumingMemoryBound(to: UInt32.self) else { return false }
        var sawTransparency = false
        for y in 0..<Int(s.h) {
            let row = base + y * Int(s.pitch) / 4
            for x in 0..<Int(s.w) {
                let p = row[x]
                let a = p >> 24
                guard a != 255 else { continue }
                sawTransparency = true
                let r = Surface.over(p >> 16 & 0xFF, background.red, a), g = Surface.over(p >> 8 & 0xFF, background.green, a)
                let b = Surface.over(p & 0xFF, background.blue, a)
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return sawTransparency
    }

    /// A channel `value` of alpha `alpha` over the `background` channel, rounded: over black, `value × alpha / 255`.
    @inline(__always)
    static func over(_ value: UInt32, _ background: UInt8, _ alpha: UInt32) -> UInt32 {
        (value * alpha + UInt32(background) * (255 - alpha) + 127) / 255
    }
}

extension Surface {
    /// Calls `body` with each row's pixel bytes in turn, top to bottom (`width` × 4 bytes of a 32-bit surface, the
    /// padding to the pitch left out); stops at the first error `body` throws.
    public func forEachRow<E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        let s = pointer.pointee
        guard let base = s.pixels else { return }
        let rowBytes = Int(s.w) * Int(s.format.pointee.BytesPerPixel)
        for y in 0..<Int(s.h) {
            try body(UnsafeRawBufferPointer(start: base + y * Int(s.pitch), count: rowBytes))
        }
    }
}

extension Surface {
    /// Calls `body` with each row's index and its first pixel, top to bottom, to be written; stops at the first
    /// error `body` throws.
    func forEachRowIndex<E: Error>(_ body: (Int, UnsafeMutableRawPointer) throws(E) -> Void) throws(E) {
        let s = pointer.pointee
        guard let base = s.pixels else { return }
        for y in 0..<Int(s.h) { try body(y, base + y * Int(s.pitch)) }
    }
}
