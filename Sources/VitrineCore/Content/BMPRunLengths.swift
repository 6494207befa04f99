/// Checks a run-length-encoded BMP (`BI_RLE8`, `BI_RLE4`) before it is decoded: the data must end with its
/// end-of-bitmap code, every pixel it draws must fall inside the picture, and the rows must be stored bottom-up.
///
/// SDL_image (and most readers) draw a cut-off RLE picture with the rest in the palette's first colour, a
/// top-down one (which the format does not allow) scrambled, and a run past the row end into the neighbouring
/// row (bmpsuite's badrle*.bmp); all looked like a whole picture. The kiosk refuses them with a reason instead, as
/// it does a JPEG cut off.
public enum BMPRunLengths {
    /// Throws when `bytes`, a whole BMP, is RLE-compressed and cut off, damaged or stored top-down; other BMPs pass.
    public static func check(_ bytes: [UInt8]) throws(ImageProblem) {
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard bytes.count >= 54, u32(14) >= 40 else { return }  // OS/2 headers have no compression.
        let compression = u32(30)
        guard compression == 1 || compression == 2 else { return }
        let rawHeight = Int(Int32(truncatingIfNeeded: u32(22)))
        if rawHeight < 0 {
            throw .corruptHeader(.bmp, "a run-length-encoded picture stored top-down, which BMP does not allow")
        }
        let width = Int(Int32(truncatingIfNeeded: u32(18))), height = rawHeight
        let isRLE4 = compression == 2
        var at = u32(10)
        var x = 0, y = 0  // Where the next pixel goes: column, and row from the bottom.
        // ImageMagick encodes each row with its padding to a multiple of 4 pixels, which SDL_image's 8-bit surface
        // has too: runs into it are harmless.
        let paddedWidth = (width + 3) / 4 * 4
        func draw(_ count: Int) throws(ImageProblem) {
            guard y >= height || x + count > paddedWidth else { return x += count }
            throw .corruptData(.bmp, "the run-length-encoded pixel data is damaged: a run of \(count) pixels at column \(x) of row \(y) "
                               + "(from the bottom) goes past the \(width)x\(height) picture")
        }
        // Each code is two bytes: a run (count, colour), or 0 and an escape: end of line, end of bitmap, a move
        // (two more bytes), or a literal run of that many pixels (padded to a whole number of 16-bit words).
        while at + 1 < bytes.count {
            let count = Int(bytes[at]), value = Int(bytes[at + 1])
            at += 2
            guard count == 0 else {
                try draw(count)
                continue
            }
            switch value {
            case 0:
                (x, y) = (0, y + 1)
            case 1:
                return
            case 2:
                guard at + 1 < bytes.count else { break }
                (x, y) = (x + Int(bytes[at]), y + Int(bytes[at + 1]))
                at += 2
            default:
                let dataBytes = isRLE4 ? (value + 1) / 2 : value
                at += (dataBytes + 1) / 2 * 2
                guard at <= bytes.count else { break }
                try draw(value)
            }
        }
        throw .corruptData(.bmp, "the run-length-encoded pixel data is cut off (no end-of-bitmap code)")
    }
}
