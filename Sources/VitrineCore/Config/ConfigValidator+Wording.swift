extension ConfigValidator {
    /// `"key"` with JSON escaping of quotes and backslashes, control characters escaped and a long value
    /// shortened with "…" (``Limits/shortened(_:quoting:)``).
    static func quoted(_ text: String) -> String { Limits.shortened(text, quoting: true) }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }

    /// A pixel count in megapixels with one decimal: `33.2`.
    static func megapixels(_ pixels: Int) -> String { String(cFormat: "%.1f", Double(pixels) / 1_000_000) }

    /// A number as a person would write it: `0`, `12.5`, `-3`.
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    /// The warning for an unknown key: a suggestion when a known key is close, else the list of known keys.
    static func unknownKeyMessage(_ key: String, known: [String]) -> String {
        let start = "unknown key \(quoted(key)) (ignored)"
        if let suggestion = closestKey(to: key, in: known) {
            return "\(start); did you mean \(quoted(suggestion))?"
        }
        return "\(start); known keys are \(list(known.map(quoted), conjunction: "and"))"
    }

    /// The known key nearest `key`, when at most two edits away and not a complete rewrite of it.
    static func closestKey(to key: String, in known: [String]) -> String? {
        var best: (key: String, distance: Int)? = nil
        for candidate in known {
            let distance = editDistance(key, candidate)
            guard distance <= 2, distance < candidate.count else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.key
    }

    /// The Levenshtein distance between two strings, over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
