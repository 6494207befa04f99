import Glibc
import Synchronization
import VitrineCore

/// Tells decodes under way to give up: a decoder checks it between rows (PNG) or in libjpeg's progress monitor
/// (JPEG), so a slow decode ends within a row's time once it is no longer wanted, such as when the kiosk is
/// stopping.
///
/// Each owner of decodes (``FirstCard``, ``CardPreparer``) has its own; ``process`` stops every decode of the
/// process, and only `vitrine run` stops it, when SIGTERM or SIGINT arrives while it starts.
public final class DecodeStop: Sendable {
    /// Stops every decode in the process, whoever started it.
    public static let process = DecodeStop()

    private let stopped = Atomic<Bool>(false)

    /// A stop not yet pulled.
    public init() {}

    /// Makes every decode that checks this stop give up at its next check, and every later one at its start.
    public func stop() { stopped.store(true, ordering: .releasing) }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Whether a decode checking `stop` (and ``process``) is to give up.
    static func shouldStop(_ stop: DecodeStop?) -> Bool { process.isStopped || stop?.isStopped == true }

    /// The reason a decode that gave up is refused with.
    static func abandoned(_ format: ImageFormat) -> ImageProblem {
        .overLimit(format, "decoding was abandoned: the picture is no longer wanted (the kiosk is stopping)")
    }
}

/// When a decode must end: its stop, and the time limit (``ImageLimits/decodeSeconds``) from its start.
///
/// The limit counts the decoding thread's CPU time, not the wall clock: a hostile file is cut off after the same
/// work on an idle or a busy machine, and a large real photo is not refused because other programs were running.
struct DecodeBudget {
    let stop: DecodeStop?
    let seconds: Double
    let deadline: Double

    init(stop: DecodeStop?, seconds: Double = ImageLimits.decodeSeconds) {
        self.stop = stop
        self.seconds = seconds
        deadline = DecodeBudget.threadCPUSeconds + seconds
    }

    /// The CPU time the calling thread has used, in seconds.
    static var threadCPUSeconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Throws when the decode is to give up: stopped, or past its time limit.
    func check(_ format: ImageFormat) throws(ImageProblem) {
        if DecodeStop.shouldStop(stop) { throw DecodeStop.abandoned(format) }
        if DecodeBudget.threadCPUSeconds > deadline { throw overTime(format) }
    }

    /// The reason a decode past its time limit is refused with.
    func overTime(_ format: ImageFormat) -> ImageProblem {
        .overLimit(format, "decoding took longer than \(DecodeBudget.seconds(seconds)) s, the limit, and was abandoned")
    }

    /// `value` seconds as written in a message: 5, not 5.0.
    static func seconds(_ value: Double) -> String { value == value.rounded() ? "\(Int(value))" : "\(value)" }
}
