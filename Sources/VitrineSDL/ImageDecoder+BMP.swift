import CStretch
import Glibc
import VitrineCore
import VitrineSystem

extension ImageDecoder {
    /// Decodes an uncompressed 24-bit BMP (`BI_RGB`, the kind cameras' and scanners' tools write) from its file a row
    /// at a time, shrunk to cover `target` by whole boxes as PNGs are (``DecodeScale/boxFactor(stored:covering:)``):
    /// decoded whole by SDL_image, a 3500x3500 one needed 128 MiB with its file (refused), a 2900x2900 one peaked at
    /// +80 MiB. Holds a row of the file and a row of sums beside the picture it gives. Nil when the file is another
    /// kind of BMP (decoded whole, under ``ImageLimits/wholeDecodeProblem(_:_:fileBytes:bytesPerPixel:extraBytes:)``).
    static func decodeBMPRows(file: FileDescriptor, size fileSize: Int, head: [UInt8], covering target: PixelSize?,
                              stop: DecodeStop?) throws(ImageProblem) -> DecodedImage? {
        func little(_ at: Int, _ count: Int) -> Int { (0..<count).reversed().reduce(0) { $0 << 8 | Int(head[at + $1]) } }
        guard head.count >= 54, little(14, 4) >= 40 else { return nil }
        let width = Int(Int32(truncatingIfNeeded: little(18, 4))), rawHeight = Int(Int32(truncatingIfNeeded: little(22, 4)))
        guard little(28, 2) == 24, little(30, 4) == 0, width > 0, rawHeight != 0 else { return nil }
        let stored = PixelSize(width: width, height: abs(rawHeight)), topDown = rawHeight < 0
        let offset = little(10, 4), stride = (width * 3 + 3) / 4 * 4
        guard offset >= 54, offset + stride * stored.height <= fileSize else {
            throw .corruptData(.bmp, "the file is cut off: its \(stored.width)x\(stored.height) rows need \(offset + stride * stored.height) bytes, it has \(fileSize)")
        }
        var factor = target.map { DecodeScale.boxFactor(stored: stored, covering: $0) } ?? 1
        func needed(_ factor: Int) -> Int {
            let out = DecodeScale.boxed(stored, factor)
            return out.width * out.height * 4 + out.width * 12 + stride
        }
        while needed(factor) > ImageLimits.decodeMemoryBytes, factor < max(stored.width, stored.height) { factor += 1 }
        guard needed(factor) <= ImageLimits.decodeMemoryBytes else { return nil }
        let out = DecodeScale.boxed(stored, factor)
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: out) } catch { throw .overLimit(.bmp, error.message) }
        let budget = DecodeBudget(stop: stop)
        var row = [UInt8](repeating: 0, count: stride)
        var sums = [UInt32](repeating: 0, count: out.width * 3)
        var failure: ImageProblem?
        surface.forEachRowIndex { oy, target in
            guard failure == nil else { return }
            let rows = min(factor, stored.height - oy * factor)
            for i in sums.indices { sums[i] = 0 }
            for r in 0..<rows {
                let y = oy * factor + r, line = topDown ? y : stored.height - 1 - y
                let got = row.withUnsafeMutableBytes { pread(file.rawValue, $0.baseAddress, stride, off_t(offset + line * stride)) }
                guard got == stride else {
                    failure = .corruptData(.bmp, "cannot read its rows: " + (got < 0 ? String(cString: strerror(errno)) : "the file is cut off"))
                    return
                }
                do throws(ImageProblem) { try budget.check(.bmp) } catch { failure = error; return }
                vitrine_sum_bgr_row(row, Int32(width), Int32(factor), &sums)
            }
            let pixels = target.assumingMemoryBound(to: UInt32.self)
            for ox in 0..<out.width {
                let count = UInt32(min(factor, width - ox * factor) * rows), o = ox * 3
                let (r, g, b) = ((sums[o] + count / 2) / count, (sums[o + 1] + count / 2) / count, (sums[o + 2] + count / 2) / count)
                pixels[ox] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        if let failure { throw failure }
        var decoded = DecodedImage(surface: surface, notes: [])
        decoded.decodeBytes = needed(factor)
        return decoded
    }
}
