extension ImageHeaders {
    /// A whole baseline JPEG of `width` x `height` (multiples of 8) built byte by byte, each 8x8 block one flat
    /// colour: `block(x, y)` gives the stored samples of block column `x`, row `y`, one per component (1, 3 or 4;
    /// libjpeg reads 4 as CMYK, or as YCCK under an Adobe marker with transform 2). With `adobeTransform`, an
    /// Adobe APP14 marker with that transform (0: none, 1: YCbCr, 2: YCCK) comes first; without `endMarker` the
    /// file stops right after the scan's data.
    ///
    /// Every quantisation step is 1 and only DC coefficients are coded ((sample − 128) × 8), so libjpeg gives back
    /// exactly the stored samples.
    public static func flatJPEG(width: Int, height: Int, adobeTransform: Int? = nil, endMarker: Bool = true,
                                block: (Int, Int) -> [UInt8]) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + bigEndian(body.count + 2, 2) + body }
        let components = block(0, 0).count
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let adobeTransform {
            bytes += segment(0xEE, Array("Adobe".utf8) + bigEndian(100, 2) + [0, 0, 0, 0, UInt8(adobeTransform)])
        }
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(0xC0, [8] + bigEndian(height, 2) + bigEndian(width, 2) + [UInt8(components)]
                         + (0..<components).flatMap { [UInt8($0 + 1), 0x11, 0] })
        // DC table: the difference categories 0...11, each a 4-bit code (0000, 0001, …). AC table: only the
        // end-of-block symbol, code "0".
        bytes += segment(0xC4, [0x00, 0, 0, 0, 12] + [UInt8](repeating: 0, count: 12) + (0..<12).map { UInt8($0) })
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        var bits = EntropyBits()
        var predicted = [Int](repeating: 0, count: components)
        for y in 0..<height / 8 {
            for x in 0..<width / 8 {
                for (c, sample) in block(x, y).enumerated() {
                    let dc = (Int(sample) - 128) * 8, difference = dc - predicted[c]
                    predicted[c] = dc
                    let category = Int.bitWidth - abs(difference).leadingZeroBitCount
                    bits.put(category, 4)
                    if category > 0 { bits.put(difference >= 0 ? difference : difference + (1 << category) - 1, category) }
                    bits.put(0, 1)  // End of block.
                }
            }
        }
        bytes += segment(0xDA, [UInt8(components)] + (0..<components).flatMap { [UInt8($0 + 1), 0x00] } + [0, 63, 0])
        bytes += bits.finished()
        return endMarker ? bytes + [0xFF, 0xD9] : bytes
    }
}
