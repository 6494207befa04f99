/// Finds the cards that land on screen in what the runtime reports, and what brought each: the rule behind the
/// fleet's `plays` topic.
///
/// The driver gives it, for every call into the runtime, the input it gave (nil when it only moved time) and
/// the effects that came back. A card lands at a `pageChanged` (a transition finished on a new card), at the
/// start, and when a schedule brings a card back; a reload that only renumbers the card on screen is no landing.
/// The reason is that of the input that started (or last retargeted) the transition: `swipe` (a drag), `tap`
/// (the dots), `key`, `wheel`, `command` (the control socket or MQTT), `group` (a synchronized group's command,
/// whoever gave it), or, when time alone moved it, `schedule` (the card on screen left its hours) or `autoplay`.
public struct PlayTracker: Sendable, Equatable {
    /// A card that landed: an index into the config's cards, and why.
    public struct Landing: Sendable, Equatable {
        /// The card.
        public var page: Int
        /// What brought it.
        public var reason: String

        /// A landing of `page` for `reason`.
        public init(page: Int, reason: String) { self.page = page; self.reason = reason }
    }

    /// The reason of the transition under way, once one started.
    private var reason: String?
    /// Whether a finger dragged the card since the last transition started.
    private var dragged = false

    /// A tracker with no transition under way.
    public init() {}

    /// The cards that landed in `effects`, which came back for `input` (nil: time moved).
    public mutating func note(_ input: RuntimeInput?, effects: [KioskEffect]) -> [Landing] {
        var landings: [Landing] = []
        var sawShowing = false
        var groupCause: String?  // A group's move says what brought it before its transition starts.
        for case .log(let lines) in effects {
            for line in lines {
                switch line.event {
                case .started(let page):
                    landings.append(Landing(page: page, reason: "start"))
                case .pageShownBySchedule(let page):
                    landings.append(Landing(page: page, reason: "schedule"))
                case .showing:
                    sawShowing = true
                case .groupMove(_, _, _, let cause):
                    groupCause = cause == "command" ? "group" : "autoplay"
                case .pager(.dragBegan):
                    dragged = true
                case .pager(.transitionStarted), .pager(.transitionRetargeted):
                    reason = groupCause ?? cause(of: input, sawShowing: sawShowing)
                    dragged = false
                case .pager(.pageChanged(let page)):
                    landings.append(Landing(page: page, reason: reason ?? cause(of: input, sawShowing: sawShowing)))
                    reason = nil
                default:
                    break
                }
            }
        }
        return landings
    }

    /// What an input that starts a transition is called in a play.
    private func cause(of input: RuntimeInput?, sawShowing: Bool) -> String {
        switch input {
        case .paging(.pointerDown), .paging(.pointerMove), .paging(.pointerUp): dragged ? "swipe" : "tap"
        case .paging(.wheel): "wheel"
        case .paging(.key), .keyPress: "key"
        case .paging(.setPage), .control: "command"
        case .configLoaded, .filesChanged, .reloadRequested: "reload"
        default: sawShowing ? "schedule" : "autoplay"
        }
    }
}
