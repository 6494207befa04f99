import Testing
@testable import VitrineCore

/// Reconnecting with backoff, and one line per outage.
@Suite struct BrokerLinkTests {
    @Test func anOutageIsOneWarningAndOneRecovery() {
        var link = BrokerLink(broker: "mqtt://broker:1883")
        #expect(link.didConnect() == nil)
        #expect(link.didLose("connection refused") == "mqtt: lost mqtt://broker:1883: connection refused; plays wait on disk until it is back")
        #expect((0..<20).compactMap { _ in link.didLose("connection refused") }.isEmpty)
        #expect(link.didConnect() == "mqtt: connected to mqtt://broker:1883 again")
        #expect(link.didConnect() == nil)
    }

    @Test func aBrokerDownAtStartIsSaidOnce() {
        var link = BrokerLink(broker: "mqtt://broker:1883")
        #expect(link.didLose("connection refused") == "mqtt: cannot reach mqtt://broker:1883: connection refused; the kiosk runs on and keeps trying")
        #expect(link.didLose("no route to host") == nil)
        #expect(link.didConnect() != nil)
    }

    @Test func refusedCredentialsAreOneClearLine() {
        var link = BrokerLink(broker: "mqtt://broker:1883")
        let cause = "the broker refused the connection: Connection Refused: not authorised."
        #expect(link.didLose(cause, lasting: true)?.contains("mqtt: cannot log in to mqtt://broker:1883: \(cause)") == true)
        #expect((0..<10).compactMap { _ in link.didLose(cause, lasting: true) }.isEmpty)
    }

    @Test func backoffGrowsToTwoSeconds() {
        var link = BrokerLink(broker: "b")
        #expect(link.delay == 0)
        var delays: [Double] = []
        for _ in 0..<8 { _ = link.didLose("x"); delays.append(link.delay) }
        #expect(delays == [0.25, 0.5, 1, 2, 2, 2, 2, 2])
        _ = link.didConnect()
        #expect(link.delay == 0)
    }
}
