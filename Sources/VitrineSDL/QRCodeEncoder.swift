import CQREncode
import VitrineCore

/// Encodes a detail panel's link as a QR code with libqrencode, opened when the first one is needed (see
/// `CQREncode`'s shim): the matrix goes to the core, which draws it (``DetailPanelLayout/codeCommands(_:in:)``).
enum QRCodeEncoder {
    /// The one line said when libqrencode is not installed: the panel shows without its code.
    static let missingLibrary = "QR codes need libqrencode (apt-get install libqrencode4): detail panels show without their code"

    /// Whether libqrencode could be opened.
    static var isAvailable: Bool { vitrine_qrencode() != nil }

    /// The QR code of `text` at error correction level M (15 % of it may be lost: a smudge, a reflection), 8-bit
    /// mode, the smallest version that holds it; nil when libqrencode is missing or cannot encode it.
    static func matrix(for text: String) -> QRMatrix? {
        guard let api = vitrine_qrencode()?.pointee, let code = api.encode_string(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { api.free(code) }
        let side = Int(code.pointee.width)
        guard side > 0, let data = code.pointee.data else { return nil }
        // Each byte is one module; its lowest bit is set for a dark one.
        let dark = (0..<side * side).map { data[$0] & 1 == 1 }
        return QRMatrix(side: side, dark: dark)
    }
}

/// The QR code of the link on screen, encoded once per link; says once when libqrencode is missing.
final class DetailCodes {
    private var last: (link: String, code: QRMatrix?)?
    private var saidMissing = false
    /// The encoder, and whether its library is there (libqrencode; tests stand in for a kiosk without it).
    private let encode: (String) -> QRMatrix?
    private let available: () -> Bool

    init(encode: @escaping (String) -> QRMatrix? = QRCodeEncoder.matrix(for:), available: @escaping () -> Bool = { QRCodeEncoder.isAvailable }) {
        self.encode = encode
        self.available = available
    }

    /// The code of `link`, encoded the first time it is asked for; `report` hears the one line when it cannot be.
    func code(for link: String?, report: (String) -> Void) -> QRMatrix? {
        guard let link else { return nil }
        if let last, last.link == link { return last.code }
        let code = encode(link)
        if code == nil, !available(), !saidMissing {
            saidMissing = true
            report(QRCodeEncoder.missingLibrary)
        }
        last = (link, code)
        return code
    }
}
