/// An antialiased filled circle as an alpha mask: the page dots' shape, computed once per size.
public struct DiscMask: Equatable, Sendable {
    /// The number of samples per pixel along each axis; 4 × 4 gives 17 coverage levels, plenty for a 7–20 px dot.
    public static let samplesPerAxis = 4

    /// The mask's width and height in pixels: the diameter rounded up, plus one pixel of margin on each side.
    public var side: Int
    /// Coverage per pixel, row by row, 0 (outside) to 255 (inside).
    public var alpha: [UInt8]

    /// The mask of a disc `diameter` pixels across, centered in the mask.
    public init(diameter: Double) {
        let d = max(0, diameter.isFinite ? diameter : 0)
        side = Int(d.rounded(.up)) + 2
        let center = Double(side) / 2, radius = d / 2
        let n = DiscMask.samplesPerAxis
        var alpha = [UInt8](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                var inside = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(n) - center
                        let py = Double(y) + (Double(sy) + 0.5) / Double(n) - center
                        if px * px + py * py <= radius * radius { inside += 1 }
                    }
                }
                alpha[y * side + x] = UInt8((Double(inside) * 255 / Double(n * n)).rounded())
            }
        }
        self.alpha = alpha
    }

    /// The coverage at pixel (x, y).
    public subscript(x: Int, y: Int) -> UInt8 { alpha[y * side + x] }
}
