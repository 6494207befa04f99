/// A line of text split into runs that each have one direction, one script and one face, in the order they are
/// drawn from left to right: what the SDL edge shapes (one call to the shaper per run) and places side by side.
///
/// The rules, all here so they are tested without fonts:
/// - a run breaks where the embedding level (from the bidirectional algorithm), the script or the face changes;
/// - common characters (spaces, digits, punctuation, emoji) and combining marks take the script of the run they
///   follow, or at the start of the line the script of the first character that has one;
/// - runs are put in visual order by rule L2 of UAX #9: from the highest level down to the lowest odd one, every
///   sequence of runs at that level or higher is reversed. Inside a run the shaper orders the glyphs by the run's
///   direction.
public struct TextRuns: Equatable, Sendable {
    /// One run: characters of one level, script and face, in logical (reading) order.
    public struct Run: Equatable, Sendable {
        /// The run's characters in logical order (the shaper reverses a right-to-left run itself).
        public var text: String
        /// Where the run starts in the line, in characters, logical order.
        public var start: Int
        /// The embedding level: odd reads right to left.
        public var level: UInt8
        /// The script to shape the run with.
        public var script: TextScript
        /// Which face draws it: an index the caller gave (the bundled face, a fallback face, …).
        public var face: Int

        /// The direction to shape the run in.
        public var direction: TextDirection { TextDirection(level: level) }
    }

    /// The paragraph's direction, as resolved.
    public var paragraph: TextDirection
    /// The runs, leftmost first.
    public var visual: [Run]

    /// Splits `characters` (a line) into runs.
    ///
    /// `levels` holds one embedding level per character (nil: all at the paragraph's level, a left-to-right line);
    /// `faces` one face index per character. Both must have one entry per character; missing entries count as 0.
    public init(_ characters: [Character], levels: [UInt8]?, faces: [Int], paragraph: TextDirection) {
        self.paragraph = paragraph
        let scripts = Self.resolvedScripts(characters)
        var logical: [Run] = []
        for (index, character) in characters.enumerated() {
            let level = levels.flatMap { index < $0.count ? $0[index] : nil } ?? paragraph.paragraphLevel
            let face = index < faces.count ? faces[index] : 0
            if let last = logical.indices.last, logical[last].level == level, logical[last].script == scripts[index], logical[last].face == face {
                logical[last].text.append(character)
            } else {
                logical.append(Run(text: String(character), start: index, level: level, script: scripts[index], face: face))
            }
        }
        visual = Self.reordered(logical)
    }

    /// The script of each character, common and inherited ones resolved to their neighbours' (``TextScript``).
    static func resolvedScripts(_ characters: [Character]) -> [TextScript] {
        // A character's script is that of its first scalar that has one (a base letter before its marks).
        let own = characters.map { character in
            character.unicodeScalars.lazy.map(TextScript.of).first { !$0.isNeutral } ?? .common
        }
        var current = own.first { !$0.isNeutral } ?? .common
        return own.map { script in
            if !script.isNeutral { current = script }
            return current
        }
    }

    /// `runs` (in logical order) in visual order, by rule L2 of UAX #9.
    static func reordered(_ runs: [Run]) -> [Run] {
        guard let highest = runs.map(\.level).max(), let lowestOdd = runs.map(\.level).filter({ $0 % 2 == 1 }).min() else { return runs }
        var result = runs
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < result.count {
                guard result[index].level >= level else { index += 1; continue }
                var end = index
                while end + 1 < result.count, result[end + 1].level >= level { end += 1 }
                result[index...end].reverse()
                index = end + 1
            }
            if level == 0 { break }
            level -= 1
        }
        return result
    }

    /// The levels of a line when no bidirectional algorithm is at hand: each character of a right-to-left script
    /// at level 1, the rest at the paragraph's level, neutrals between two right-to-left letters at level 1 too.
    ///
    /// A stand-in (mixed text with numbers can come out in the wrong order), used only when FriBidi is missing.
    public static func roughLevels(_ characters: [Character], paragraph: TextDirection) -> [UInt8] {
        let strong: [TextDirection?] = characters.map { ParagraphDirection.firstStrongDirection(in: String($0)) }
        var levels = [UInt8](repeating: paragraph.paragraphLevel, count: characters.count)
        var previous: TextDirection? = paragraph
        for index in characters.indices {
            if let direction = strong[index] {
                previous = direction
                levels[index] = direction == .rightToLeft ? 1 : (paragraph == .rightToLeft ? 2 : 0)
            } else {
                let next = strong[(index + 1)...].first { $0 != nil } ?? paragraph
                levels[index] = previous == .rightToLeft && next == .rightToLeft ? 1 : paragraph.paragraphLevel
            }
        }
        return levels
    }
}
