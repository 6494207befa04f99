import Glibc
import VitrineCore
import VitrineSystem

extension HEIFHelper {
    /// The helper's side, `vitrine heif-decode FILE WxH RRGGBB` (see ``HEIFHelper``): limits itself, decodes FILE
    /// to cover WxH over the colour RRGGBB and writes the answer line and the pixels to standard output. Returns
    /// the exit code: 0 with a picture, 65 refused, 64 for wrong arguments.
    public static func serve(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let target = size(arguments[1]), let background = colour(arguments[2]) else {
            answer("refused over wrong arguments for \(command): expected FILE WxH RRGGBB")
            return 64
        }
        // Lowering its own limits is allowed even under the unit's system call filter (vitrine.service gives back
        // setrlimit); were it refused, the kiosk's count before it started and its wall-time limit still hold.
        var memory = rlimit(rlim_cur: rlim_t(addressSpaceBytes), rlim_max: rlim_t(addressSpaceBytes))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
        let seconds = rlim_t(ImageLimits.decodeSeconds.rounded(.up))
        var time = rlimit(rlim_cur: seconds, rlim_max: seconds + 1)
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &time)
        let decoded: DecodedImage
        do throws(ImageProblem) {
            let bytes: [UInt8]
            do throws(SDLError) { bytes = try ImageDecoder.readWhole(path: arguments[0]) } catch { throw .overLimit(.heif, error.message) }
            decoded = try HEIFDecoder.decode(bytes, covering: target, background: background, limit: ImageLimits.heifHelperMemoryBytes)
        } catch {
            switch error {
            case .corruptData(_, let reason): answer("refused corrupt \(reason)")
            case .unsupportedFormat(let name, let hint): answer("refused unsupported \(name)\t\(hint)")
            default: answer("refused over \(error.description)")
            }
            return 65
        }
        let surface = decoded.surface, whole = decoded.wholeSize ?? surface.size
        let name = decoded.notes.first?.split(separator: " ").dropFirst(2).first.map(String.init) ?? "HEIF"
        answer("ok \(surface.size.width) \(surface.size.height) \(whole.width) \(whole.height) \(decoded.extraFactor) "
               + "\(decoded.compositedOver == nil ? 0 : 1) \(name)")
        var written = true
        surface.forEachRowIndex { _, row in
            if written { written = write(row, count: surface.size.width * 4) }
        }
        return written ? 0 : 74
    }

    /// Writes `line` and a newline to standard output.
    private static func answer(_ line: String) {
        var bytes = Array(line.utf8.prefix(lineBytes - 1).map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 })
        bytes.append(UInt8(ascii: "\n"))
        _ = bytes.withUnsafeBytes { write($0.baseAddress!, count: $0.count) }
    }

    /// Writes all `count` bytes at `data` to standard output; false when the kiosk stopped reading.
    private static func write(_ data: UnsafeRawPointer, count: Int) -> Bool {
        var done = 0
        while done < count {
            let n = Glibc.write(1, data + done, count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// `WxH`, both at least 1.
    private static func size(_ text: String) -> PixelSize? {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return PixelSize(width: parts[0], height: parts[1])
    }

    /// `RRGGBB` in hexadecimal.
    private static func colour(_ text: String) -> Color? {
        guard text.count == 6, let value = Int(text, radix: 16) else { return nil }
        return Color(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}
