import Testing
@testable import VitrineCore

/// Checks the event stream and the pager's state against the paging invariants after every call.
struct InvariantChecker {
    var page: Int
    var open = false
    var openFrom = 0
    /// The open transition's last announced target (by `transitionStarted` or `transitionRetargeted`).
    var announced = 0
    /// How far the card may legitimately be from `currentPage` since the pager was last idle, in pages.
    var budget = 1.0
    var failures: [String] = []
    /// Coverage counters, so the test can show the random inputs reached the interesting paths.
    var drags = 0, completed = 0, interrupted = 0, taps = 0, retargets = 0, held = 0
    /// Whether a gesture held a caught transition after the previous call.
    var wasHeld = false

    mutating func check(_ events: [PagerEvent], _ pager: Pager, after input: String) {
        func fail(_ message: String) {
            if failures.count < 20 { failures.append("\(message) after \(input): \(events)") }
        }
        for (index, event) in events.enumerated() {
            switch event {
            case .transitionStarted(let from, let to):
                if open { fail("nested transitionStarted") }
                if from != page { fail("started from \(from), page is \(page)") }
                open = true
                openFrom = from
                announced = to
            case .transitionRetargeted(let from, let to):
                if !open { fail("transitionRetargeted without a start") }
                if from != openFrom { fail("retargeted from \(from), started from \(openFrom)") }
                if to == announced { fail("retargeted to the target already announced (\(to))") }
                announced = to
                retargets += 1
            case .transitionFinished(let from, let to, let completed):
                if !open { fail("transitionFinished without a start") }
                if from != openFrom { fail("finished from \(from), started from \(openFrom)") }
                if to != announced { fail("finished at \(to), last announced \(announced)") }
                if completed, to == from { fail("completed without changing page (\(from))") }
                if completed { self.completed += 1 } else if to != from { interrupted += 1 }
                let next = index + 1 < events.count ? events[index + 1] : nil
                if completed, next != .pageChanged(page: to) { fail("completed finish not followed by pageChanged") }
                open = false
            case .pageChanged(let newPage):
                let previous = index > 0 ? events[index - 1] : nil
                guard case .transitionFinished(_, let to, true)? = previous, to == newPage else {
                    fail("pageChanged not directly after a completed finish"); continue
                }
                page = newPage
            case .dragBegan: drags += 1
            case .tap: taps += 1
            }
        }
        if let target = pager.heldTarget {
            if !open { fail("a held transition that is not open") }
            if pager.wrappedPage(target) != announced { fail("held target \(target) was never announced (\(announced))") }
            if pager.settle != nil { fail("a held transition still animates") }
            if !wasHeld { held += 1 }
        }
        wasHeld = pager.heldTarget != nil
        if pager.currentPage != page { fail("currentPage \(pager.currentPage) changed without pageChanged (\(page))") }
        if pager.pageCount > 0, !(0..<pager.pageCount).contains(pager.currentPage) { fail("currentPage out of range") }
        for value in [pager.visualPosition, pager.offset, pager.previousVisualPosition] where !value.isFinite {
            fail("non-finite position")
        }
        if pager.isIdle {
            if pager.offset != 0 { fail("idle with offset \(pager.offset)") }
            if open { fail("idle with an open transition") }
            budget = 1
        }
        if pager.isWrapping {
            if abs(pager.offset) > budget + 1e-9 { fail("offset \(pager.offset) beyond budget \(budget)") }
        } else if pager.pageCount > 0 {
            let limit = PagingTuning.rubberBandLimit + 1e-9
            if pager.visualPosition < -limit || pager.visualPosition > Double(pager.pageCount - 1) + limit {
                fail("position \(pager.visualPosition) past the rubber band")
            }
        }
    }
}

@Suite struct PagerPropertyTests {
    private static let configurations: [(count: Int, wraps: Bool, seed: UInt64)] = [
        (5, true, 1), (5, false, 2), (1, true, 3), (2, true, 4), (3, false, 5), (7, true, 6), (0, true, 7), (4, true, 8),
    ]

    /// Every configuration with every transition: fade and none keep the paging rules slide keeps.
    @Test(arguments: 0..<configurations.count, PageTransition.allCases)
    func randomInputsKeepEveryInvariant(configuration: Int, transition: PageTransition) {
        let (count, wraps, seed) = Self.configurations[configuration]
        var rng = SplitMix64(seed: seed)
        var pager = Pager(pageCount: count, wraps: wraps, currentPage: count / 2)
        pager.transition = transition
        var checker = InvariantChecker(page: pager.currentPage)
        var time = 0.0, nextStep = PagingTuning.fixedStep
        var width = 800.0
        var held: [Int: Point] = [:]

        func advance(by gap: Double) {
            time += gap
            while nextStep <= time {
                checker.check(pager.step(to: nextStep), pager, after: "step")
                nextStep += PagingTuning.fixedStep
            }
        }
        func send(_ input: PagerInput) {
            switch input {
            case .pointerDown, .pointerDownOnControl: checker.budget += 1.5
            case .next, .previous, .wheel: checker.budget += 1
            case .first, .last, .goTo: checker.budget += Double(count) / 2 + 1
            default: break
            }
            checker.check(pager.handle(input, at: time, pageWidth: width), pager, after: "\(input)")
            if transition == .none, pager.blend(alpha: 1) != nil { checker.failures.append("none showed a blend") }
            if pager.blend(alpha: 1) != nil, pager.offset != 0 { checker.failures.append("a fade moved the card") }
        }
        func quiesce() {
            for id in held.keys.sorted() { send(.pointerUp(id: id, at: held[id]!)) }
            held.removeAll()
            advance(by: 1)
            if !pager.isIdle { checker.failures.append("not idle 1 s after input stopped (seed \(seed))") }
        }

        let inputs = 15_000  // eight configurations: 120,000 random inputs in all
        for _ in 0..<inputs {
            let gapRoll = Double.random(in: 0..<1, using: &rng)
            advance(by: gapRoll < 0.1 ? 0 : gapRoll < 0.7 ? .random(in: 0..<0.02, using: &rng)
                    : .random(in: 0.02..<0.25, using: &rng))
            if Double.random(in: 0..<1, using: &rng) < 0.01 { width = .random(in: 300..<1200, using: &rng) }
            let id = Int.random(in: 0..<3, using: &rng)
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<14:
                let point = Point(x: .random(in: -100..<900, using: &rng), y: .random(in: 0..<600, using: &rng))
                held[id] = point
                let onControl = Double.random(in: 0..<1, using: &rng) < 0.3
                send(onControl ? .pointerDownOnControl(id: id, at: point) : .pointerDown(id: id, at: point))
            case 14..<58:
                let from = held[id] ?? Point(x: 400, y: 300)
                let jump = Double.random(in: 0..<1, using: &rng) < 0.1 ? 400.0 : 40.0
                let point = Point(x: from.x + .random(in: -jump...jump, using: &rng),
                                  y: from.y + .random(in: -jump / 3...jump / 3, using: &rng))
                if held[id] != nil { held[id] = point }
                send(.pointerMove(id: id, to: point))
            case 58..<72:
                let point = held[id] ?? Point(x: .random(in: 0..<800, using: &rng), y: 300)
                held[id] = nil
                send(.pointerUp(id: id, at: point))
            case 72..<74:
                held.removeAll()
                send(.pointerCancel)
            case 74..<77:
                // Notched clicks: whole numbers on one axis.
                let notches = Double(Int.random(in: -3...3, using: &rng))
                send(Bool.random(using: &rng) ? .wheel(dx: notches, dy: 0) : .wheel(dx: 0, dy: notches))
            case 77..<80:
                // Precise (trackpad) deltas, tiny to large, opening and feeding streams.
                let scale = Double.random(in: 0..<1, using: &rng) < 0.3 ? 0.15 : 3
                send(.wheel(dx: .random(in: -scale...scale, using: &rng), dy: .random(in: -scale...scale, using: &rng)))
            case 80..<87: send(.next)
            case 87..<93: send(.previous)
            case 93..<95: send(.first)
            case 95..<96: send(.last)
            case 96..<99: send(.goTo(Int.random(in: -1...max(count, 1), using: &rng)))
            default: quiesce()
            }
        }
        quiesce()
        #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(5))")
        let coverage = "drags \(checker.drags), taps \(checker.taps), completed \(checker.completed), interrupted \(checker.interrupted), held \(checker.held), retargets \(checker.retargets)"
        if count > 0 { #expect(checker.drags > 200 && checker.taps > 20, "\(coverage)") }
        if count > 1 {
            // A caught slide is held open (and retargeted on release); a caught fade or a reload interrupts.
            #expect(checker.completed > 200 && checker.interrupted + checker.held > 50 && checker.retargets > 50, "\(coverage)")
        }
        #expect(count > 0 || checker.drags + checker.taps + checker.completed + checker.interrupted == 0)
    }

    @Test func theCheckerCatchesAPageChangeWithoutACompletedFinish() {
        var checker = InvariantChecker(page: 0)
        var pager = Pager(pageCount: 3)
        _ = pager.handle(.next, at: 0, pageWidth: 800)  // animating: the idle checks stay out of the way
        checker.check([.transitionStarted(from: 0, to: 1), .pageChanged(page: 1)], pager, after: "forged")
        #expect(checker.failures.count == 1)
        checker.check([.transitionFinished(from: 0, to: 1, completed: false)], pager, after: "forged")
        #expect(checker.failures.count == 1)  // an uncompleted finish closes the transition legitimately
        checker.check([.transitionFinished(from: 0, to: 1, completed: false)], pager, after: "forged")
        #expect(checker.failures.count == 2)  // a second finish has no start
        checker.check([.transitionStarted(from: 0, to: 0), .transitionFinished(from: 0, to: 0, completed: true),
                       .pageChanged(page: 0)], pager, after: "forged")
        #expect(checker.failures.count == 3)
    }
}

