/// Why an image file's header makes it unusable, found before any decoding.
public enum ImageProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file has no bytes at all.
    case empty
    /// The file does not start with the signature of any format Vitrine reads; `looksLikeText` when it starts
    /// with printable text (a config, an HTML error page saved under an image's name).
    case notAnImage(looksLikeText: Bool)
    /// The file ends inside the header: it was cut off while copying or downloading.
    case truncatedHeader(ImageFormat, bytes: Int)
    /// The header was not within the first `bytesRead` bytes, the most that are read to find it.
    case headerBeyondReadLimit(ImageFormat, bytesRead: Int)
    /// The header is there but makes no sense, such as a size of zero.
    case corruptHeader(ImageFormat, String)
    /// A format Vitrine does not read but knows by name (HEIC, AVIF, TIFF), with how to convert it.
    case unsupportedFormat(String, hint: String)
    /// The file is over one of ``ImageLimits``' limits other than the pixel count: the reason names the limit.
    case overLimit(ImageFormat, String)
    /// The data past the header is cut off or makes no sense (found while probing or decoding).
    case corruptData(ImageFormat, String)
    /// The header claims more pixels than ``ImageLimits/maximumPixels``: refused before decoding.
    case tooManyPixels(ImageFormat, PixelSize, limit: Int)

    /// The problem as a short reason, such as `empty file (0 bytes)` or
    /// `claims 100000x100000 (10000 megapixels), over the 50-megapixel limit`.
    public var description: String {
        switch self {
        case .empty:
            "empty file (0 bytes)"
        case .notAnImage(let looksLikeText):
            looksLikeText ? "not an image (starts with text)" : "not an image (unrecognized format)"
        case .truncatedHeader(let format, let bytes):
            "truncated \(format.rawValue) header (the file ends after \(bytes) bytes)"
        case .headerBeyondReadLimit(let format, let bytesRead):
            "no \(format.rawValue) size header in the first \(bytesRead / 1024) KiB"
        case .corruptHeader(let format, let reason):
            "corrupt \(format.rawValue) header: \(reason)"
        case .unsupportedFormat(let name, let hint):
            "\(name) is not supported: \(hint)"
        case .overLimit(_, let reason):
            reason
        case .corruptData(let format, let reason):
            "corrupt \(format.rawValue) data: \(reason)"
        case .tooManyPixels(_, let size, let limit):
            "claims \(size.width)x\(size.height) (\(ImageProblem.megapixels(size.width * size.height)) megapixels), "
                + "over the \(ImageProblem.megapixels(limit))-megapixel limit"
        }
    }

    /// `pixels` in megapixels for a message: whole when exact, else rounded up to two decimals, so a count just
    /// over the limit never reads as the limit itself.
    static func megapixels(_ pixels: Int) -> String {
        let hundredths = (pixels + 9_999) / 10_000
        if pixels % 1_000_000 == 0 || hundredths % 100 == 0 { return "\(hundredths / 100)" }
        let fraction = hundredths % 100
        let decimals = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(hundredths / 100).\(decimals)"
    }
}
