/// Runs a ``StartupPlan`` step by step and closes what the steps opened, in reverse order, whichever step stops
/// (a failure, or the loop's end): the one teardown list of `vitrine run`.
///
/// The caller does the work (`perform`) and the closing (`close`); this keeps the order. After a step that learns
/// a fact, the plan is made again from what is known, and goes on from the next step (a plan never changes the
/// steps before the fact was learnt: ``StartupPlan``'s tests check that).
public struct StartupSequence {
    /// How a step went.
    public enum Outcome: Sendable, Equatable {
        /// Done; on to the next step.
        case next
        /// Done, and start-up now knows these facts.
        case learned(StartupFacts)
        /// Start-up ends here with this exit code (what the step opened is not open).
        case stop(Int32)
    }

    /// What is open now, in the order it was opened (``StartupStep/opens``).
    public private(set) var open: [StartupResource] = []

    public init() {}

    /// Notes what `step` opened and ended.
    public mutating func record(_ step: StartupStep) {
        open.removeAll { step.closes.contains($0) || step.opens.contains($0) }
        open += step.opens
    }

    /// What is to be closed, in order: the reverse of ``open``.
    public var closingOrder: [StartupResource] { open.reversed() }

    /// Runs the plan for `facts` until a step stops it or it ends (exit 0), then closes what is open, last opened
    /// first; returns the exit code. `perform` is given each step and the plan it belongs to.
    public static func run(facts: StartupFacts, perform: (StartupStep, StartupPlan) -> Outcome,
                           close: (StartupResource) -> Void) -> Int32 {
        var sequence = StartupSequence()
        var plan = StartupPlan(facts: facts)
        var index = 0
        var code: Int32 = 0
        steps: while index < plan.steps.count {
            let step = plan.steps[index]
            switch perform(step, plan) {
            case .next:
                sequence.record(step)
            case .learned(let known):
                sequence.record(step)
                plan = StartupPlan(facts: known)
            case .stop(let exit):
                code = exit
                break steps
            }
            index += 1
        }
        for resource in sequence.closingOrder { close(resource) }
        return code
    }
}
