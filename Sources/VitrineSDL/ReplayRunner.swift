import VitrineCore
import VitrineSystem

/// Plays a replay script headless, on a manual clock stepped at the fixed timestep: `vitrine replay`.
///
/// The same script, config and size give the same events and the same screenshot bytes on every run.
public final class ReplayRunner {
    /// How long, in simulated seconds after the script's last line, the deck may take to come to rest.
    public static let settleLimit = 5.0

    private let headless: HeadlessRenderer
    private let windowSize: PixelSize
    private var session: KioskSession
    private let events: EventLog?
    private var stepIndex = 0

    /// A runner for `config`'s deck in a `size` window (1 pixel to the point).
    public init(config: KioskConfig, size: PixelSize, fonts: FontLibrary, events: EventLog?, report: @escaping (String) -> Void) throws(SDLError) {
        headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: report)
        windowSize = size
        session = KioskSession(pageCount: config.cards.count, wraps: config.wrap, stage: headless.deck.stage,
                               rotation: config.display.rotation)
        self.events = events
    }

    /// The simulated time of the latest fixed step.
    public var time: Double { Double(stepIndex) * PagingTuning.fixedStep }

    /// The session, for inspection after a run.
    public var state: KioskSession { session }

    /// Runs `script` to its end and until the deck comes to rest; `screenshot` receives each frame to write.
    public func run(_ script: ReplayScript, screenshot: (Surface, String, ReplayStep) throws(SDLError) -> Void) throws(SDLError) {
        for step in script.steps {
            advance(through: step.at)
            switch step.action {
            case .screenshot(let path):
                try screenshot(headless.render(session.snapshot()), path, step)
            case .page(let page):
                apply(.setPage(page), at: step.at)
            case .key(let key):
                apply(.key(key), at: step.at)
            case .wheel(let dx, let dy):
                apply(.wheel(dx: dx, dy: dy), at: step.at)
            case .mouse(let phase, let x, let y):
                apply(ReplayRunner.pointer(phase, id: -1, at: Point(x: x, y: y)), at: step.at)
            case .touch(let phase, let x, let y):
                let point = Point(x: x * Double(windowSize.width), y: y * Double(windowSize.height))
                apply(ReplayRunner.pointer(phase, id: 0, at: point), at: step.at)
            }
        }
        let deadline = script.duration + ReplayRunner.settleLimit
        repeat {
            stepOnce()
        } while !session.isIdle && time < deadline
    }

    private static func pointer(_ phase: ReplayPhase, id: Int, at point: Point) -> KioskInput {
        switch phase {
        case .down: .pointerDown(id: id, at: point)
        case .move: .pointerMove(id: id, to: point)
        case .up: .pointerUp(id: id, at: point)
        }
    }

    private func apply(_ input: KioskInput, at t: Double) {
        let produced = session.handle(input, at: t)
        events?.write(produced, t: t)
    }

    /// Runs every fixed step due at or before `t`.
    private func advance(through t: Double) {
        while Double(stepIndex + 1) * PagingTuning.fixedStep <= t + 1e-9 { stepOnce() }
    }

    private func stepOnce() {
        stepIndex += 1
        let produced = session.step(to: time)
        events?.write(produced, t: time)
    }
}
