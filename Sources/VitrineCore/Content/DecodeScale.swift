/// The scale a JPEG is decoded at: libjpeg scales by N/8 in the DCT domain (N from 1 to 8), which costs less the
/// smaller N is, and gives a picture of ⌈width × N / 8⌉ x ⌈height × N / 8⌉.
public enum DecodeScale {
    /// The smallest N whose picture is at least `covering` in both directions (or the whole picture, when the
    /// picture is smaller): the least work whose aspect-fill crop still fills a card of that size.
    public static func numerator(stored: PixelSize, covering: PixelSize) -> Int {
        for n in 1...8 where scaled(stored, n).width >= min(covering.width, stored.width)
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
