extension KioskRuntime {
    /// `input` with `display.touchMatrix` (else udev's matrix, ``Settings/udevTouchMatrix``) applied to a finger's
    /// position (pointer ids from 0; the mouse is -1), in the panel's points before the session turns it for the
    /// rotation.
    func calibrated(_ input: KioskInput) -> KioskInput {
        guard let matrix = config.display.touchMatrix ?? settings.udevTouchMatrix else { return input }
        let size = session.physicalSizeInPoints
        switch input {
        case .pointerDown(let id, let p) where id >= 0: return .pointerDown(id: id, at: matrix.apply(p, size: size))
        case .pointerMove(let id, let p) where id >= 0: return .pointerMove(id: id, to: matrix.apply(p, size: size))
        case .pointerUp(let id, let p) where id >= 0: return .pointerUp(id: id, at: matrix.apply(p, size: size))
        default: return input
        }
    }
}
