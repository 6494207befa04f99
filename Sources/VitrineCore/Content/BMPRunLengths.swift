/// Checks a run-length-encoded BMP (`BI_RLE8`, `BI_RLE4`) before it is decoded: the data must end with its
/// end-of-bitmap code, and the rows must be stored bottom-up.
///
/// SDL_image (and most readers) draw a cut-off RLE picture with the rest in the palette's first colour, and a
/// top-down one (which the format does not allow) scrambled; both looked like a whole picture. The kiosk refuses
/// them with a reason instead, as it does a JPEG cut off.
public enum BMPRunLengths {
    /// Throws when `bytes`, a whole BMP, is RLE-compressed and cut off or stored top-down; other BMPs pass.
    public static func check(_ bytes: [UInt8]) throws(ImageProblem) {
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard bytes.count >= 54, u32(14) >= 40 else { return }  // OS/2 headers have no compression.
        let compression = u32(30)
        guard compression == 1 || compression == 2 else { return }
        if Int32(truncatingIfNeeded: u32(22)) < 0 {
            throw .corruptHeader(.bmp, "a run-length-encoded picture stored top-down, which BMP does not allow")
        }
        let isRLE4 = compression == 2
        var at = u32(10)
        // Each code is two bytes: a run (count, colour), or 0 and an escape: end of line, end of bitmap, a move
        // (two more bytes), or a literal run of that many pixels (padded to a whole number of 16-bit words).
        while at + 1 < bytes.count {
            let count = Int(bytes[at]), value = Int(bytes[at + 1])
            at += 2
            guard count == 0 else { continue }
            switch value {
            case 0: continue
            case 1: return
            case 2: at += 2
            default:
                let dataBytes = isRLE4 ? (value + 1) / 2 : value
                at += (dataBytes + 1) / 2 * 2
            }
        }
        throw .corruptData(.bmp, "the run-length-encoded pixel data is cut off (no end-of-bitmap code)")
    }
}
