internal import CUdev
import VitrineCore

/// The touch screen's calibration as udev has it: `LIBINPUT_CALIBRATION_MATRIX` of the first touch screen that
/// sets it, read through libudev (opened with dlopen: `Sources/CUdev/shim.h`). Used when the config has no
/// `display.touchMatrix`.
public enum TouchCalibration {
    /// What udev says.
    public enum Found: Sendable, Equatable {
        /// A touch screen (its device node) has this matrix.
        case matrix(TouchMatrix, device: String)
        /// No touch screen sets one.
        case none
        /// A touch screen's matrix is not six finite numbers (its text, shortened, and the device).
        case unreadable(String, device: String)
        /// libudev.so.1 is not installed.
        case noLibudev
    }

    /// Asks udev (a few milliseconds: the input devices' properties come from udev's database).
    public static func fromUdev() -> Found {
        var matrix = [CChar](repeating: 0, count: 256)
        var node = [CChar](repeating: 0, count: 256)
        let result = vitrine_udev_touch_matrix(&matrix, matrix.count, &node, node.count)
        if result < 0 { return .noLibudev }
        if result == 0 { return .none }
        let text = String(decoding: matrix.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let device = String(decoding: node.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let parsed = TouchMatrix(udevProperty: text) else { return .unreadable(Limits.shortened(text), device: device) }
        return .matrix(parsed, device: device)
    }

    /// The line to log for `found`, or nil for nothing to say.
    public static func message(_ found: Found) -> String? {
        switch found {
        case .matrix(let matrix, let device): "touch: LIBINPUT_CALIBRATION_MATRIX of \(device) is \(matrix) (display.touchMatrix overrides it)"
        case .none: nil
        case .unreadable(let text, let device): "touch: LIBINPUT_CALIBRATION_MATRIX of \(device) is not six numbers (\(text)); touch is not calibrated"
        case .noLibudev: "touch: libudev.so.1 is not installed, so udev's LIBINPUT_CALIBRATION_MATRIX is not read (Debian: libudev1)"
        }
    }
}
