/// A clock or date pattern of the overlay (`overlay.clock`, `overlay.date`), in the letters of Unicode's date
/// patterns (as Foundation's `DateFormatter` reads them), minute precision at most.
///
/// | letters | shows |
/// |---|---|
/// | `H`, `HH` | hour 0-23, `HH` with a leading zero |
/// | `h`, `hh` | hour 1-12 |
/// | `m`, `mm` | minute |
/// | `a` | the locale's AM or PM marker |
/// | `d`, `dd` | day of the month |
/// | `E`, `EE`, `EEE` / `EEEE` | the locale's short / full day name |
/// | `M`, `MM` / `MMM` / `MMMM` | month number / the locale's short / full month name |
/// | `y`, `yyyy` / `yy` | year / its last two digits |
/// | `'text'` | text as written (`''` is one quote) |
///
/// Any other character that is not an ASCII letter shows as written. Seconds (`s`) are refused: the overlay is
/// redrawn once a minute.
public struct ClockPattern: Sendable, Hashable {
    /// One piece of the pattern.
    enum Piece: Sendable, Hashable {
        case literal(String)
        case hour24(padded: Bool), hour12(padded: Bool), minute(padded: Bool), dayPeriod
        case day(padded: Bool), weekday(full: Bool)
        case month(padded: Bool), monthName(full: Bool)
        case year(twoDigits: Bool)
    }

    /// The longest pattern, in characters.
    public static let maximumLength = 100

    /// The pieces, in order.
    let pieces: [Piece]
    /// The pattern as written.
    public let text: String

    /// Why a pattern was refused: one line.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// The letters this reads, for messages.
    static let supported = "H, HH, h, hh, m, mm, a, d, dd, E, EEE, EEEE, M, MM, MMM, MMMM, y, yy, yyyy and 'quoted text'"

    /// The pattern `text`, or the problem with it.
    public static func parse(_ text: String) -> Result<ClockPattern, Problem> {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= maximumLength else {
            return .failure(Problem(message: "\(scalars.count) characters is over the limit of \(maximumLength) for a pattern"))
        }
        var pieces: [Piece] = []
        var literal = ""
        var index = 0
        func flush() { if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" } }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" { literal.unicodeScalars.append("'"); index += 2; continue }
                guard let close = scalars[(index + 1)...].firstIndex(of: "'") else {
                    return .failure(Problem(message: "a quote in \(ConfigValidator.quoted(text)) is not closed; write '' for a quote"))
                }
                literal.unicodeScalars.append(contentsOf: scalars[(index + 1)..<close])
                index = close + 1
                continue
            }
            guard scalar.isASCII, scalar.properties.isAlphabetic else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            var run = 1
            while index + run < scalars.count, scalars[index + run] == scalar { run += 1 }
            let letters = String(repeating: String(scalar), count: run)
            guard let piece = piece(scalar, run: run) else {
                let why = scalar == "s" || scalar == "S" ? ": seconds are not shown, the overlay is redrawn once a minute" : ""
                return .failure(Problem(message: "unknown pattern letters \(ConfigValidator.quoted(letters)) in \(ConfigValidator.quoted(text))"
                                        + "\(why); use \(supported)"))
            }
            flush()
            pieces.append(piece)
            index += run
        }
        flush()
        return .success(ClockPattern(pieces: pieces, text: text))
    }

    /// The piece `run` copies of `letter` stand for, or nil.
    private static func piece(_ letter: Unicode.Scalar, run: Int) -> Piece? {
        switch (letter, run) {
        case ("H", 1...2): .hour24(padded: run == 2)
        case ("h", 1...2): .hour12(padded: run == 2)
        case ("m", 1...2): .minute(padded: run == 2)
        case ("a", 1): .dayPeriod
        case ("d", 1...2): .day(padded: run == 2)
        case ("E", 1...4): .weekday(full: run == 4)
        case ("M", 1...2): .month(padded: run == 2)
        case ("M", 3...4): .monthName(full: run == 4)
        case ("y", 1), ("y", 4): .year(twoDigits: false)
        case ("y", 2): .year(twoDigits: true)
        default: nil
        }
    }

    /// The pattern filled in for the wall time `time` with `names`.
    public func format(_ time: LocalTime, names: LocaleNames) -> String {
        let c = time.components
        func number(_ value: Int, padded: Bool) -> String { padded && value < 10 ? "0\(value)" : "\(value)" }
        var out = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): out += text
            case .hour24(let padded): out += number(c.hour, padded: padded)
            case .hour12(let padded): out += number(c.hour % 12 == 0 ? 12 : c.hour % 12, padded: padded)
            case .minute(let padded): out += number(c.minute, padded: padded)
            case .dayPeriod: out += c.hour < 12 ? names.am : names.pm
            case .day(let padded): out += number(c.day, padded: padded)
            case .weekday(let full):
                let sundayFirst = (time.weekday + 1) % 7  // LocalTime counts from Monday; the names from Sunday.
                out += full ? names.weekdays[sundayFirst] : names.shortWeekdays[sundayFirst]
            case .month(let padded): out += number(c.month, padded: padded)
            case .monthName(let full): out += full ? names.months[c.month - 1] : names.shortMonths[c.month - 1]
            case .year(let twoDigits): out += twoDigits ? number(c.year % 100, padded: true) : "\(c.year)"
            }
        }
        return out
    }
}

/// A clock and date over the cards (`overlay`), in local time, redrawn once a minute.
public struct OverlayConfig: Sendable, Equatable {
    /// The clock line's pattern (`overlay.clock`); nil for none.
    public var clock: ClockPattern? = nil
    /// The date line's pattern (`overlay.date`); nil for none.
    public var date: ClockPattern? = nil
    /// The corner or edge the lines sit at (`overlay.position`).
    public var position = TextPosition.topTrailing

    /// No lines, at the top-trailing corner.
    public init() {}
}
