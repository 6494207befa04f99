import Glibc
import Synchronization
import VitrineCore
import VitrineSystem

/// HEIC and AVIF decoded in a helper process, so that the kiosk's own memory stays within
/// ``ImageLimits/decodeMemoryBytes``: libheif 1.15 takes 81-93 MiB for a 12-megapixel photo whatever it is asked
/// for, which no card-size decode in the kiosk's process can avoid.
///
/// The kiosk starts its own executable as `vitrine heif-decode FILE WxH RRGGBB` (``serve(_:)``), which reads the
/// file, checks it against ``ImageLimits/heifHelperMemoryBytes`` before decoding, decodes it with ``HEIFDecoder``
/// under `RLIMIT_AS` (``addressSpaceBytes``) and `RLIMIT_CPU` (``ImageLimits/decodeSeconds``), and writes one line
/// (`ok W H …` or `refused KIND REASON`) and then the card-size ARGB pixels to its standard output. The kiosk reads
/// them straight into the picture's surface: all it holds is that picture. A helper that runs out of memory,
/// crashes, takes longer than ``wallSeconds`` or is no longer wanted (``DecodeStop``) is killed, and the picture
/// is refused with one line saying which.
public enum HEIFHelper {
    private static let program = Mutex<String?>(nil)

    /// The `vitrine` executable that decodes (`vitrine heif-decode`): the command line sets it to itself. Nil
    /// (a library user that did not set it) decodes in the kiosk's process, held to ``ImageLimits/decodeMemoryBytes``.
    public static var executable: String? {
        get { program.withLock { $0 } }
        set { program.withLock { $0 = newValue } }
    }

    /// The helper's address space (`RLIMIT_AS`): 512 MiB. Measured `VmPeak` of a 4000x3000 picture: 265 MiB for a
    /// HEIC, 356 MiB for an AVIF (dav1d's threads reserve address space they never touch); its resident memory is
    /// held by ``ImageLimits/heifHelperMemoryBytes`` before it decodes, and this limit stops one the count missed.
    public static let addressSpaceBytes = 512 * 1024 * 1024

    /// The longest the kiosk waits for the helper's picture, in seconds of wall time, before killing it: its CPU
    /// time is held to ``ImageLimits/decodeSeconds`` by `RLIMIT_CPU`, and this covers a helper that waits.
    public static let wallSeconds = 60.0

    /// The longest first line the helper may write.
    static let lineBytes = 4096

    /// The subcommand the helper runs as.
    public static let command = "heif-decode"

    /// Decodes the HEIF file at `path` (whose first bytes are `head`, probed as `info`, `fileBytes` long) in the
    /// helper (``executable`` unless `program` names another), shrunk to cover `target`; nil when there is none.
    static func decode(path: String, head: [UInt8], info: ImageInfo, fileBytes: Int, covering target: PixelSize, background: Color,
                       stop: DecodeStop?, executable program: String? = nil) throws(ImageProblem) -> DecodedImage? {
        guard let executable = program ?? executable else { return nil }
        if let problem = HEIFDecoder.problemBeforeReading(head: head, info: info, fileBytes: fileBytes, covering: target,
                                                          limit: ImageLimits.heifHelperMemoryBytes) {
            throw problem  // Before the helper starts.
        }
        if DecodeStop.shouldStop(stop) { throw DecodeStop.abandoned(.heif) }
        let colour = [background.red, background.green, background.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let helper: HelperProcess
        switch HelperProcess.spawn([executable, command, path, "\(target.width)x\(target.height)", colour]) {
        case .success(let started): helper = started
        case .failure(let error): throw .overLimit(.heif, "cannot start the HEIF decoder process (\(executable) \(command)): \(error)")
        }
        let deadline = MonotonicClock.seconds + wallSeconds
        let stopped = { DecodeStop.shouldStop(stop) }
        let line: String
        switch helper.readLine(limit: lineBytes, deadline: deadline, stop: stopped) {
        case .success(let read): line = read
        case .failure(let end): throw failure(end, helper: helper)
        }
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.first == "ok" else {
            helper.finish(kill: true)
            throw refusal(words)
        }
        // ok WIDTH HEIGHT WHOLE-WIDTH WHOLE-HEIGHT EXTRA-FACTOR TRANSPARENT NAME
        let fields = line.split(separator: " ").dropFirst().prefix(6).map { Int($0) ?? -1 }
        guard fields.count == 6, fields.allSatisfy({ $0 >= 0 }), fields[0] > 0, fields[1] > 0,
              fields[0] * fields[1] * 4 <= ImageLimits.decodeMemoryBytes else {
            helper.finish(kill: true)
            throw .corruptData(.heif, "the HEIF decoder process answered '\(Limits.shortened(line))'")
        }
        let size = PixelSize(width: fields[0], height: fields[1])
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: size) } catch { throw .overLimit(.heif, error.message) }
        try surface.forEachRowIndex { _, row throws(ImageProblem) in
            let end = helper.read(into: row, count: size.width * 4, deadline: deadline, stop: stopped)
            guard end == .done else { throw failure(end, helper: helper) }
        }
        helper.finish(kill: true)
        let name = line.split(separator: " ").dropFirst(7).first.map(String.init) ?? "HEIF"
        var decoded = DecodedImage(surface: surface, notes: ["decoded from \(name) with libheif"])
        if fields[5] == 1 { decoded.noteTransparency(over: background) }
        decoded.wholeSize = PixelSize(width: fields[2], height: fields[3])
        decoded.extraFactor = fields[4]
        decoded.decodeBytes = size.width * size.height * 4
        return decoded
    }

    /// The reason a helper that ended its output early (`end`) gives, once it is reaped (or killed).
    private static func failure(_ end: HelperProcess.ReadEnd, helper: HelperProcess) -> ImageProblem {
        switch end {
        case .stopped:
            helper.finish(kill: true)
            return DecodeStop.abandoned(.heif)
        case .timedOut:
            helper.finish(kill: true)
            return .overLimit(.heif, "the HEIF decoder process gave no picture within \(Int(wallSeconds)) s and was stopped; convert it to JPEG to show it")
        case .done, .ended:
            let status = helper.finish()
            return .overLimit(.heif, "the HEIF decoder process " + ended(status) + "; convert it to JPEG to show it")
        }
    }

    /// How a helper that exited with `status` (128 + N: signal N) ended, in words.
    static func ended(_ status: Int32) -> String {
        switch status {
        case 128 + SIGXCPU, 128 + SIGKILL:
            "took more than the \(Int(ImageLimits.decodeSeconds)) s decode time limit (signal \(status - 128))"
        case 128 + SIGSEGV, 128 + SIGABRT, 128 + SIGBUS, 128 + SIGILL, 128 + SIGTRAP:
            "stopped with signal \(status - 128) (out of its \(addressSpaceBytes / 1_048_576) MiB address space, or a libheif crash)"
        case 128...:
            "stopped with signal \(status - 128)"
        default:
            "ended with exit status \(status) before giving the picture"
        }
    }

    /// The problem a helper's `refused KIND REASON` line (cut into its words) stands for.
    private static func refusal(_ words: [String]) -> ImageProblem {
        let reason = words.count > 2 ? words[2] : "no reason given"
        switch words.count > 1 ? words[1] : "" {
        case "corrupt": return .corruptData(.heif, reason)
        case "unsupported": return .unsupportedFormat(reason.split(separator: "\t").first.map(String.init) ?? "HEIF",
                                                      hint: reason.split(separator: "\t").dropFirst().first.map(String.init) ?? "")
        default: return .overLimit(.heif, reason)
        }
    }
}
