/// A QR code's modules as a square bit matrix, row by row from the top: what the edge's encoder (libqrencode)
/// hands the core, which draws it as whole-pixel squares (``DetailPanelLayout``).
public struct QRMatrix: Sendable, Equatable {
    /// Modules per side (21 for version 1, 4 more per version), without the quiet zone.
    public let side: Int
    /// `side × side` modules, row by row; true is a dark module.
    private let dark: [Bool]

    /// A matrix of `side × side` modules from `dark` (row by row); nil when the counts do not agree or it is empty.
    public init?(side: Int, dark: [Bool]) {
        guard side > 0, dark.count == side * side else { return nil }
        self.side = side
        self.dark = dark
    }

    /// Whether the module in column `x` of row `y` is dark; false outside the matrix.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < side, y < side else { return false }
        return dark[y * side + x]
    }

    /// The modules a QR code keeps white around itself on every side, at least: 4 (ISO/IEC 18004).
    public static let quietZone = 4
}
