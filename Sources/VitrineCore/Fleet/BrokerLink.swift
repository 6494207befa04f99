/// The rule of a fleet member's connection to its broker: when to try again, and what to tell the operator.
///
/// Each outage is one warning and one recovery line, whatever the number of failed attempts between; a broker
/// that refuses the credentials, or a TLS failure, is one clear line (said again only when the cause changes).
/// Attempts back off from 0.25 s, doubling, to at most ``longestDelay``, and one the broker does not answer is given
/// up after ``answerTimeout``, so a broker that comes back is reached within 5 s (the two, plus the connection's own
/// time). A broker down at start is the same outage, said once.
public struct BrokerLink: Sendable, Equatable {
    /// The longest wait between two attempts: under the 5 s a returning broker may wait for the kiosk.
    public static let longestDelay = 2.0
    /// The longest wait for a broker's answer to a connection (TCP's own is minutes for a silent host): past it the
    /// attempt counts as failed, and the next comes after ``delay``.
    public static let answerTimeout = 2.5
    /// The first wait after a failed attempt.
    public static let firstDelay = 0.25

    /// Where the broker is, for messages.
    public let broker: String
    /// Whether the kiosk is connected now.
    public private(set) var isConnected = false
    /// Whether an outage (or a failed start) was reported and its recovery not yet.
    private var outageSaid = false
    /// The last cause reported, so a repeat is not said again.
    private var causeSaid: String?
    /// Failed attempts in a row.
    private var failures = 0

    /// The link to `broker` (`mqtt://host:port`), not connected yet.
    public init(broker: String) { self.broker = broker }

    /// The seconds to wait before the next attempt.
    public var delay: Double {
        guard failures > 0 else { return 0 }
        return min(BrokerLink.longestDelay, BrokerLink.firstDelay * Double(1 << min(failures - 1, 10)))
    }

    /// The broker accepted the connection; returns the line to log (the recovery), if any.
    public mutating func didConnect() -> String? {
        isConnected = true
        failures = 0
        causeSaid = nil
        guard outageSaid else { return nil }
        outageSaid = false
        return "mqtt: connected to \(broker) again"
    }

    /// An attempt failed, or the connection was lost, for `cause` (one line: "connection refused"); returns the
    /// warning to log, if any. `lasting` causes (credentials, TLS) are said when they first appear even mid-outage.
    public mutating func didLose(_ cause: String, lasting: Bool = false) -> String? {
        let wasConnected = isConnected
        isConnected = false
        failures += 1
        if lasting, causeSaid != cause {
            causeSaid = cause
            outageSaid = true
            return "mqtt: cannot log in to \(broker): \(cause); trying again every \(Int(BrokerLink.longestDelay)) s"
        }
        guard !outageSaid else { return nil }
        outageSaid = true
        causeSaid = cause
        return wasConnected
            ? "mqtt: lost \(broker): \(cause); plays wait on disk until it is back"
            : "mqtt: cannot reach \(broker): \(cause); the kiosk runs on and keeps trying"
    }
}
