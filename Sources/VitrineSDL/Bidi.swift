import CFriBidi
import VitrineCore
import VitrineSystem

/// The bidirectional algorithm (UAX #9) by FriBidi, opened on first use: the embedding level of each character of a
/// line, from which ``TextRuns`` splits and orders it.
enum Bidi {
    /// Whether FriBidi could be opened; tried, and the answer said once when it is no, the first time a line needs it.
    static let isAvailable: Bool = {
        guard vitrine_fribidi_available() != 0 else {
            Logger.shared.log(.warning, "FriBidi cannot be opened (libfribidi.so.0): right-to-left text mixed with numbers or "
                              + "Latin may come out in the wrong order; apt-get install libfribidi0")
            return false
        }
        return true
    }()

    /// The levels of `characters` (one per character, that of its first scalar) and the paragraph's direction.
    ///
    /// Left-to-right text with no right-to-left character never calls FriBidi (nil levels: all at level 0). Without
    /// FriBidi, ``TextRuns/roughLevels(_:paragraph:)`` stands in.
    static func levels(_ characters: [Character], paragraph: ParagraphDirection) -> (levels: [UInt8]?, direction: TextDirection) {
        let text = String(characters)
        guard paragraph.needsBidi(text) else { return (nil, .leftToRight) }
        guard isAvailable else {
            let direction = paragraph.resolved(for: text)
            return (TextRuns.roughLevels(characters, paragraph: direction), direction)
        }
        let scalars = text.unicodeScalars.map(\.value)
        var scalarLevels = [UInt8](repeating: 0, count: scalars.count)
        let code: Int32 = switch paragraph { case .auto: 0; case .leftToRight: 1; case .rightToLeft: 2 }
        let resolved = scalars.withUnsafeBufferPointer { text in
            scalarLevels.withUnsafeMutableBufferPointer { levels in
                vitrine_fribidi_levels(text.baseAddress, Int32(text.count), code, levels.baseAddress)
            }
        }
        guard resolved >= 0 else {
            let direction = paragraph.resolved(for: text)
            return (TextRuns.roughLevels(characters, paragraph: direction), direction)
        }
        var levels: [UInt8] = []
        levels.reserveCapacity(characters.count)
        var index = 0
        for character in characters {
            levels.append(scalarLevels[index])
            index += character.unicodeScalars.count
        }
        return (levels, resolved == 1 ? .rightToLeft : .leftToRight)
    }
}
