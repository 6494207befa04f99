/// Breaking a text into lines of at most a width, as the detail panel shows it.
public enum TextWrapping {
    /// The lines of `text` that fit in `maxWidth` pixels: line feeds end a line (an empty line stays, as a gap
    /// between paragraphs); a line breaks at the last space that fits, and a word wider than the line breaks between
    /// its characters. Spaces at a break are dropped. Never fewer than one line per paragraph.
    public static func wrap(_ text: String, maxWidth: Int, weight: FontWeight, pixelSize: Int,
                            measurer: some TextMeasuring) -> [String] {
        func fits(_ line: Substring) -> Bool { measurer.width(of: String(line), weight: weight, pixelSize: pixelSize) <= maxWidth }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = paragraph.drop { $0 == " " }
            if rest.isEmpty { lines.append(""); continue }
            while !rest.isEmpty {
                if fits(rest) { lines.append(String(rest)); break }
                // The longest prefix that fits, by binary search over characters (widths grow with length).
                var low = 1, high = rest.count
                while low < high {
                    let mid = (low + high + 1) / 2
                    if fits(rest.prefix(mid)) { low = mid } else { high = mid - 1 }
                }
                let prefix = rest.prefix(low)
                // Break after the prefix when a space follows it, else at its last space, else inside the word.
                var cut = prefix.endIndex
                if rest[cut...].first != " ", let space = prefix.lastIndex(of: " ") { cut = space }
                let line = rest[..<cut]
                var trimmed = line
                while trimmed.last == " " { trimmed.removeLast() }
                lines.append(String(trimmed))
                rest = rest[cut...].drop { $0 == " " }
            }
        }
        return lines
    }
}
