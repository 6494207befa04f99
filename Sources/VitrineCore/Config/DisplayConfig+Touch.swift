/// A touch screen's calibration (`display.touchMatrix`): libinput's 2x3 matrix `[a, b, c, d, e, f]`, applied to a
/// finger's position normalized to the panel (0...1 each way) as `x' = a x + b y + c`, `y' = d x + e y + f`, as
/// udev's `LIBINPUT_CALIBRATION_MATRIX` is. It turns the digitizer's axes to the panel's before the kiosk turns
/// them for `display.rotation`; a mouse is never calibrated.
public struct TouchMatrix: Sendable, Equatable, CustomStringConvertible {
    /// The six numbers, row by row.
    public var values: [Double]

    /// The matrix `[a, b, c, d, e, f]`; nil unless there are six finite numbers.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.values = values
    }

    /// The matrix that changes nothing, `[1, 0, 0, 0, 1, 0]`.
    public static let identity = TouchMatrix([1, 0, 0, 0, 1, 0])!

    /// The position `p`, in points of a panel of `size`, with the matrix applied.
    public func apply(_ p: Point, size: Size) -> Point {
        guard size.width > 0, size.height > 0 else { return p }
        let x = p.x / size.width, y = p.y / size.height
        let v = values
        return Point(x: (v[0] * x + v[1] * y + v[2]) * size.width, y: (v[3] * x + v[4] * y + v[5]) * size.height)
    }

    /// The matrix as udev writes it: `0 1 0 1 0 0`.
    public var description: String { values.map(ConfigValidator.format).joined(separator: " ") }

    /// The matrix in udev's `LIBINPUT_CALIBRATION_MATRIX` text (six numbers separated by spaces), or nil when it
    /// is not six finite numbers.
    public init?(udevProperty text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let numbers = words.compactMap { Double($0) }
        guard numbers.count == words.count else { return nil }
        self.init(numbers)
    }
}

extension KioskSchema {
    /// The `display` key of the touch calibration.
    static let touchFields: [ObjectSchema<DisplayConfig>.Field] = [
        .init("touchMatrix", expected: "six numbers [a, b, c, d, e, f]") { display, value, path, validator in
            if let matrix = validator.touchMatrix(value, at: path) { display.touchMatrix = matrix }
        },
    ]
}

extension ConfigValidator {
    /// The matrix in `value` (`display.touchMatrix`): an array of exactly six finite numbers; nil after recording
    /// an error naming the element at fault.
    mutating func touchMatrix(_ value: JSONDocument.Node, at path: ConfigPath) -> TouchMatrix? {
        let expected = "six numbers [a, b, c, d, e, f] such as [0, 1, 0, 1, 0, 0] (libinput's calibration matrix)"
        guard document.kind(of: value) == .array else {
            error(path, "expected \(expected), found \(kind(of: value))")
            return nil
        }
        let count = document.count(of: value)
        guard count == 6 else {
            error(path, "expected \(expected), found \(count) element\(count == 1 ? "" : "s")")
            return nil
        }
        var numbers: [Double] = []
        let base = path.rendering()
        for (index, element) in document.elements(of: value).enumerated() {
            guard let number = document.number(element), number.isFinite else {
                let found = document.number(element).map(Self.format) ?? kind(of: element)
                error(base.appending(index: index), "expected a finite number, found \(found)")
                continue
            }
            numbers.append(number)
        }
        return TouchMatrix(numbers)
    }
}
