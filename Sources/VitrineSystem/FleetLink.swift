import Dispatch
import Glibc
import VitrineCore

/// A kiosk's place in a fleet: its MQTT client, its plays on disk, and what goes between them and the loop.
///
/// The loop calls ``note(_:effects:runtime:)`` after each call into the runtime (on its own thread) and routes
/// the replies of MQTT's commands here (``reply(_:_:)``: their client numbers are negative). Everything else
/// happens on the serial queue `vitrine.mqtt`: the plays queue, the commands waiting for an answer, the retained
/// documents published again at each connection. The network is the client's own thread (``MQTTClient``).
public final class FleetLink: @unchecked Sendable {
    /// The topics.
    public let topics: FleetTopics
    private let config: MQTTConfig
    private let queue = DispatchQueue(label: "vitrine.mqtt")
    private let post: @Sendable (RuntimeInput) -> Void
    private let journal: PlayJournal
    /// The group topic's side, for a member of a synchronized group (`sync`).
    public let group: GroupLink?

    // The loop's thread only.
    private var reporter: FleetReporter

    // The queue only.
    /// The client, once ``connect()`` made it.
    private var client: MQTTClient?
    private var plays = PlayQueue()
    private var connected = false
    /// Message ids of plays handed to the client, to their `seq`.
    private var playIDs: [Int32: Int] = [:]
    /// Commands carried out and not yet answered: client number to the `"reply"` id (JSON text), if any.
    private var awaiting: [Int: String?] = [:]
    private var nextClient = -1
    private var warnings = WarningLimiter()
    private var saveDue = false
    private var saveProblemSaid = false
    /// The last retained document published on each topic, published again at every connection.
    private var retained: [String: FleetMessage] = [:]

    /// The fleet link `config` describes, not connected yet: it already notes what the kiosk does (the first
    /// card's play), and ``connect()`` opens libmosquitto and the connection once the first frame is shown.
    /// `post` gives the loop an input. Lines go to the log: warnings, and `info` for a recovery.
    public init(_ config: MQTTConfig, sync: SyncConfig? = nil, post: @escaping @Sendable (RuntimeInput) -> Void) {
        self.config = config
        let id = config.id ?? MQTTConfig.id(fromHostName: FleetLink.hostName())
        topics = FleetTopics(prefix: config.prefix, id: id)
        self.post = post
        reporter = FleetReporter(topics: topics)
        group = sync.map { GroupLink($0, prefix: config.prefix, sender: id) }
        journal = PlayJournal(id: id)
        queue.async { [self] in
            let (loaded, problem) = journal.load()
            plays = loaded
            if let problem { report(problem) }
        }
    }

    /// Opens libmosquitto and starts connecting, beside the loop; says in one line when it cannot (libmosquitto
    /// missing, the password file unreadable), and the kiosk runs on without MQTT.
    public func connect() {
        queue.async { [self] in
            guard client == nil else { return }
            do throws(MQTTConfigError) {
                let password = try config.passwordFile.map { path throws(MQTTConfigError) in try FleetLink.readPassword(path) }
                let offline = FleetMessage(topic: topics.availability, payload: FleetTopics.offline, qos: 1, retain: true)
                let client = try MQTTClient(settings: .init(broker: config.broker, clientID: "vitrine-\(topics.id)", username: config.username,
                                                            password: password, caFile: config.caFile, will: offline,
                                                            subscriptions: [topics.cmd] + (group.map { [$0.topic] } ?? [])))
                // Weak: a loop thread that outlives stop() (a name still being looked up) must not reach a link gone.
                client.onConnected = { [weak self] in self?.onQueue { $0.didConnect() } }
                client.onDisconnected = { [weak self] in self?.onQueue { $0.didDisconnect() } }
                client.onPublished = { [weak self] mid in self?.onQueue { $0.acknowledged(mid) } }
                // Read on the loop thread, where the bytes are: only the request crosses to the queue, never a copy
                // of an oversized message.
                client.onMessage = { [weak self] topic, payload in
                    guard let self else { return }
                    if let group, topic == group.topic {
                        if let input = group.received(payload) { post(input) }
                        return
                    }
                    guard topic == topics.cmd else { return }
                    let request = FleetRequest.parse(payload)
                    onQueue { $0.received(request) }
                }
                self.client = client
                client.start()
            } catch {
                Logger.shared.log(.warning, "mqtt is off: \(error)")
            }
        }
    }

    /// Runs `work` on the queue.
    private func onQueue(_ work: @escaping @Sendable (FleetLink) -> Void) {
        queue.async { [self] in work(self) }
    }

    /// The password: the first line of `path`.
    static func readPassword(_ path: String) throws(MQTTConfigError) -> String {
        do throws(SystemError) {
            let bytes = try FileDescriptor.readFile(atPath: path, limit: 4096)
            return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        } catch {
            throw MQTTConfigError("cannot read mqtt.passwordFile: \(error)")
        }
    }

    /// The machine's host name.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "vitrine" }
        return String(cString: buffer)
    }

    /// Milliseconds since 1970-01-01T00:00Z, from the system clock.
    static var wallMilliseconds: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec / 1_000_000)
    }

    /// Logs `line` as a warning.
    private func report(_ line: String) { Logger.shared.log(.warning, line) }

    // MARK: The loop's side

    /// After a call into the runtime: `input` it was given (nil: time moved) and the `effects` that came back.
    public func note(_ input: RuntimeInput?, effects: [KioskEffect], runtime: KioskRuntime) {
        let (landings, messages) = reporter.note(input, effects: effects, runtime: runtime)
        guard !landings.isEmpty || !messages.isEmpty else { return }
        let now = landings.isEmpty ? 0 : FleetLink.wallMilliseconds
        queue.async { [self] in
            for landing in landings { plays.record(milliseconds: now, page: landing.page, id: landing.id, reason: landing.reason) }
            if !landings.isEmpty { saveSoon(); sendPlays() }
            for message in messages {
                if message.retain { retained[message.topic] = message }
                if connected { client?.publish(message) }
            }
        }
    }

    /// Sends `answer` to the MQTT command of client number `client`; false when the number is not MQTT's.
    public func reply(_ client: Int, _ answer: ControlReply) -> Bool {
        guard client < 0 else { return false }
        queue.async { [self] in
            guard let id = awaiting.removeValue(forKey: client) else { return }
            self.client?.publish(FleetMessage(topic: topics.reply, payload: FleetRequest.replyText(answer, reply: id)))
        }
        return true
    }

    /// Says `offline`, disconnects, and writes the plays still waiting; waits up to 2 s for the client's thread.
    public func stop() {
        let client = queue.sync {
            if let problem = journal.save(plays), !saveProblemSaid { report(problem) }
            return self.client
        }
        client?.stop(last: FleetMessage(topic: topics.availability, payload: FleetTopics.offline, qos: 1, retain: true))
    }

    // MARK: The queue's side

    private func didDisconnect() {
        if connected, group != nil { post(.group(.linked(false))) }
        connected = false
    }

    /// Publishes the runtime's group command (``KioskEffect/groupSend(_:)``), if connected.
    public func sendGroup(_ command: GroupCommand) {
        guard let group else { return }
        let message = group.message(for: command)
        queue.async { [self] in if connected { client?.publish(message) } }
    }

    private func didConnect() {
        if group != nil { post(.group(.linked(true))) }
        connected = true
        client?.publish(FleetMessage(topic: topics.availability, payload: FleetTopics.online, qos: 1, retain: true))
        for message in retained.values.sorted(by: { $0.topic < $1.topic }) { client?.publish(message) }
        sendPlays()
    }

    /// Hands the plays not handed out yet to the client, in order.
    private func sendPlays() {
        guard connected, let client else { return }
        for play in plays.handOut() {
            guard let mid = client.publish(FleetMessage(topic: topics.plays, payload: play.json, qos: 1)) else {
                plays.takeBack(from: play.seq)
                connected = false
                return
            }
            playIDs[mid] = play.seq
        }
        if let line = plays.takeDroppedReport() { report(line) }
    }

    private func acknowledged(_ mid: Int32) {
        guard let seq = playIDs.removeValue(forKey: mid) else { return }
        plays.acknowledge(seq: seq)
        saveSoon()
    }

    private func received(_ request: FleetRequest) {
        switch request {
        case .command(let command, let reply):
            guard awaiting.count < FleetTopics.commandsInFlight else {
                refuse("busy: \(FleetTopics.commandsInFlight) commands are waiting for an answer", reply: reply)
                return
            }
            let number = nextClient
            nextClient = nextClient == Int.min ? -1 : nextClient - 1
            awaiting[number] = reply
            post(.control(command, client: number))
        case .refused(let reason, let reply):
            refuse(reason, reply: reply)
        }
    }

    private func refuse(_ reason: String, reply: String?) {
        client?.publish(FleetMessage(topic: topics.reply, payload: FleetRequest.replyText(.failure(reason), reply: reply)))
        if let line = warnings.line("mqtt: refused a message on \(topics.cmd): \(reason)", at: MonotonicClock.seconds) { report(line) }
    }

    /// Writes the plays to disk within a second (at most once a second, however many come).
    private func saveSoon() {
        guard !saveDue else { return }
        saveDue = true
        queue.asyncAfter(deadline: .now() + 1) { [self] in
            saveDue = false
            if let problem = journal.save(plays) {
                if !saveProblemSaid { report(problem) }
                saveProblemSaid = true
            } else {
                saveProblemSaid = false
            }
        }
    }
}
