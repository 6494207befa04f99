extension DisplayConfig {
    /// The display numbers `display.index` and `run --display` take: SDL counts displays from 0, and 16 outputs
    /// are more than one machine drives.
    public static let indexRange = 0...15

    /// The line `run` stops with when display `index` is not among the `count` displays SDL reports:
    /// `display 2 does not exist (this machine has 2 displays: 0-1)`.
    public static func missingDisplayMessage(index: Int, count: Int) -> String {
        let displays: String
        switch count {
        case ...0: displays = "no display"
        case 1: displays = "1 display: 0"
        case 2: displays = "2 displays: 0-1"
        default: displays = "\(count) displays: 0-\(count - 1)"
        }
        return "display \(index) does not exist (this machine has \(displays))"
    }
}

extension KioskSchema {
    /// `display.index`, and `displayIndex`, its old name: still read, with a warning, and left out of the known
    /// keys a misspelt key is offered.
    static let displayIndexFields: [ObjectSchema<DisplayConfig>.Field] = [
        .init("index", expected: "a whole number from 0 to 15") { display, value, path, validator in
            if let index = validator.integer(value, at: path, in: DisplayConfig.indexRange) { display.displayIndex = index }
        },
        .init("displayIndex", expected: "a whole number from 0 to 15", listed: false) { display, value, path, validator in
            validator.warning(path, "\"displayIndex\" is the old name of \"index\": it is still read, but write \"index\"")
            if let index = validator.integer(value, at: path, in: DisplayConfig.indexRange) { display.displayIndex = index }
        },
    ]

    /// Records an error when the `display` object `value` gives both `index` and `displayIndex`: one display, one key.
    static func checkOneDisplayIndex(_ value: JSONDocument.Node, at path: ConfigPath, validator: inout ConfigValidator) {
        let document = validator.document
        guard document.kind(of: value) == .object else { return }
        let keys = document.members(of: value).compactMap { document.string($0.key) }
        if keys.contains("index"), keys.contains("displayIndex") {
            validator.error(path.appending(key: "displayIndex"), "\"displayIndex\" is the old name of \"index\": give \"index\" alone")
        }
    }
}
