@testable import VitrineCore

/// A fake font for layout tests: every character is `pixelSize * 0.5` wide (bold 0.6), lines are 1.2 × the size.
struct FixedWidthMeasurer: TextMeasuring {
    func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int {
        let perCharacter = Double(pixelSize) * (weight == .bold ? 0.6 : 0.5)
        return Int((Double(text.count) * perCharacter).rounded(.up))
    }

    func lineHeight(weight: FontWeight, pixelSize: Int) -> Int {
        Int((Double(pixelSize) * 1.2).rounded())
    }
}
