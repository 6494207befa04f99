// The limits every control client lives within, and which client gives its place up when all are taken.

extension ControlServer {
    /// The limits every client lives within.
    public enum Limits {
        /// The longest request line, in bytes: requests are a few dozen bytes; a screenshot path is at most PATH_MAX.
        public static let lineBytes = 8 * 1024
        /// Clients connected at once. A newcomer is never turned away: when every place is taken, the client longest
        /// without a request gives its place up (see ``ControlServer/placeToFree(among:)``) and is told why.
        public static let clients = 16
        /// Requests per second per client (a burst of this many, refilled at this rate); more are answered
        /// "too many requests" and not carried out. A person or a fleet tool sends a few.
        public static let requestsPerSecond = 50.0
        /// Seconds a client may stay connected without sending a whole line.
        public static let idleSeconds = 30.0
        /// Bytes of replies waiting for a client that does not read them; past this it is dropped.
        public static let pendingReplyBytes = 64 * 1024
        /// Connections taken from the listening socket at one event: the clients already in get their turn between
        /// batches, so a flood of connections cannot push out a newcomer before its request is read.
        public static let acceptsPerEvent = 4
    }

    /// What a client that gives its place up to a newcomer is told before it is closed.
    static let placeGivenUp = "closed to make room for a new client: at most \(Limits.clients) at once, and this one was the longest without a request"

    /// The client that gives its place up to a newcomer when all are taken: of those awaiting no answer, the one
    /// longest without a request (or connected longest, if it never sent one); when every one awaits an answer, the
    /// one connected longest. Nil only when there is no client.
    ///
    /// Turning newcomers away instead let a flood starve everyone else: 1,000 clients that connect and say nothing
    /// held every place, and an operator's `ctl status` was told "too many clients" until the idle limit dropped them,
    /// when the flood took the places back first. Now each silent client holds its place only until
    /// ``Limits/clients`` newer ones come, and an operator's request, sent as it connects, is read long before that.
    static func placeToFree(among clients: [Int: Client]) -> Int? {
        // Client numbers grow with each connection: the smallest is the one connected longest.
        let quiet = clients.filter { $0.value.awaiting == 0 }
        if let idlest = quiet.min(by: { ($0.value.lastLine, $0.key) < ($1.value.lastLine, $1.key) }) { return idlest.key }
        return clients.keys.min()
    }
}
