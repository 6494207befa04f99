/// The scale a JPEG is decoded at: libjpeg scales by N/8 in the DCT domain, which costs less the smaller N is, and
/// gives a picture of ⌈width × N / 8⌉ x ⌈height × N / 8⌉.
///
/// Only N = 1, 2, 4 and 8 are used. libjpeg-turbo has SIMD code for the full-size and the 1/2 and 1/4 inverse
/// DCTs (and 1/8 is the DC term alone), but plain C for the others: measured on an 1800x1200 photo for a 1200x800
/// card, decoding at 6/8 (1350x900) and scaling into the card took 9.5 ms, decoding at full size and scaling 7.8
/// ms (SDL_image's full decode and conversion: 8.0 ms).
public enum DecodeScale {
    /// The scales used, as N of N/8.
    public static let numerators = [1, 2, 4, 8]

    /// The smallest N whose picture is at least `covering` in both directions (or the whole picture, when the
    /// picture is smaller): the least work whose aspect-fill crop still fills a card of that size.
    public static func numerator(stored: PixelSize, covering: PixelSize) -> Int {
        for n in numerators where scaled(stored, n).width >= min(covering.width, stored.width)
            && scaled(stored, n).height >= min(covering.height, stored.height) {
            return n
        }
        return 8
    }

    /// The picture's size at N/8.
    public static func scaled(_ stored: PixelSize, _ n: Int) -> PixelSize {
        PixelSize(width: (stored.width * n + 7) / 8, height: (stored.height * n + 7) / 8)
    }
}

extension DecodeScale {
    /// The largest whole factor a picture of `stored` pixels can be shrunk by (each output pixel the average of a
    /// box of factor x factor) and still cover `covering`: how PNGs are decoded at card size, row by row.
    public static func boxFactor(stored: PixelSize, covering: PixelSize) -> Int {
        guard covering.width > 0, covering.height > 0 else { return 1 }
        return max(1, min(stored.width / covering.width, stored.height / covering.height))
    }

    /// The size of a picture of `stored` pixels shrunk by `factor` (the last box in each direction may be partial).
    public static func boxed(_ stored: PixelSize, _ factor: Int) -> PixelSize {
        PixelSize(width: (stored.width + factor - 1) / factor, height: (stored.height + factor - 1) / factor)
    }
}
