extension PagerEvent {
    /// The event as one line of the JSON event log, or nil for events that are not logged (`tap`).
    ///
    /// Keys come in a fixed order and `t` has exactly three decimals, so logs are byte-for-byte reproducible:
    /// `{"t":0.125,"event":"transitionFinished","from":2,"to":3,"completed":true}`.
    /// A non-finite `t` is written as `null`.
    public func jsonLine(t: Double) -> String? {
        let head = "{\"t\":\(Self.formatSeconds(t)),\"event\":"
        switch self {
        case .dragBegan(let page):
            return head + "\"dragBegan\",\"page\":\(page)}"
        case .transitionStarted(let from, let to):
            return head + "\"transitionStarted\",\"from\":\(from),\"to\":\(to)}"
        case .transitionFinished(let from, let to, let completed):
            return head + "\"transitionFinished\",\"from\":\(from),\"to\":\(to),\"completed\":\(completed)}"
        case .pageChanged(let page):
            return head + "\"pageChanged\",\"page\":\(page)}"
        case .tap:
            return nil
        }
    }

    /// Seconds with exactly three decimals, rounded half away from zero, without locale or Foundation.
    public static func formatSeconds(_ t: Double) -> String {
        guard t.isFinite, abs(t) < 9e15 else { return "null" }
        let millis = Int64((t * 1000).rounded())
        let sign = millis < 0 ? "-" : ""
        let magnitude = millis.magnitude
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
