import CMosquitto
import Dispatch
import Glibc
import Synchronization
import VitrineCore

/// A thin libmosquitto client on a thread of its own (`vitrine.mqtt.loop`): connects, reconnects as
/// ``BrokerLink`` says, and hands what arrives to its owner. Publishing is safe from any thread.
///
/// libmosquitto is opened with dlopen when the first client is made (`CMosquitto/shim.h`).
public final class MQTTClient: @unchecked Sendable {
    /// How to connect.
    public struct Settings: Sendable {
        /// The broker.
        public var broker: MQTTConfig.Broker
        /// The client id the broker knows the kiosk by.
        public var clientID: String
        /// Credentials, if any.
        public var username: String?
        public var password: String?
        /// The CA file for TLS; nil: the system's certificates.
        public var caFile: String?
        /// The last will: published by the broker, retained, if the kiosk vanishes.
        public var will: FleetMessage
        /// Topics to subscribe to at every connection (QoS 1).
        public var subscriptions: [String]

        /// Settings of every field.
        public init(broker: MQTTConfig.Broker, clientID: String, username: String?, password: String?, caFile: String?,
                    will: FleetMessage, subscriptions: [String]) {
            self.broker = broker; self.clientID = clientID; self.username = username; self.password = password
            self.caFile = caFile; self.will = will; self.subscriptions = subscriptions
        }
    }

    /// Called on the loop thread once the broker accepted the connection and the subscriptions were sent.
    public var onConnected: @Sendable () -> Void = {}
    /// Called on the loop thread for each message: its topic and payload (valid during the call only).
    public var onMessage: @Sendable (String, UnsafeRawBufferPointer) -> Void = { _, _ in }
    /// Called on the loop thread when the broker acknowledged the QoS 1 message of this id.
    public var onPublished: @Sendable (Int32) -> Void = { _ in }
    /// Called on the loop thread when the connection was lost or could not be made.
    public var onDisconnected: @Sendable () -> Void = {}

    private let api: UnsafePointer<vitrine_mosquitto_api>
    private let handle: OpaquePointer
    private let settings: Settings
    private let stopping = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// The connection's health; touched on the loop thread only.
    private var link: BrokerLink
    /// Why the broker refused the last connection (its CONNACK), set on the loop thread.
    private var refusal: String?

    /// A client for `settings`, not started; throws a one-line reason when libmosquitto is missing or will not
    /// take the settings.
    public init(settings: Settings) throws(MQTTConfigError) {
        guard let api = vitrine_mosquitto() else {
            throw MQTTConfigError("libmosquitto.so.1 is not installed (apt install libmosquitto1)")
        }
        guard let handle = api.pointee.new_client(settings.clientID, true, nil) else {
            throw MQTTConfigError("libmosquitto cannot make a client (out of memory)")
        }
        self.api = api
        self.handle = handle
        self.settings = settings
        link = BrokerLink(broker: settings.broker.description)
        _ = api.pointee.threaded_set(handle, true)
        let will = settings.will
        _ = will.payload.withCString { api.pointee.will_set(handle, will.topic, Int32(strlen($0)), $0, Int32(will.qos), will.retain) }
        if let username = settings.username { _ = api.pointee.username_pw_set(handle, username, settings.password) }
        if settings.broker.tls {
            let rc = api.pointee.tls_set(handle, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                api.pointee.destroy(handle)
                throw MQTTConfigError("TLS cannot be set up with \(settings.caFile ?? "/etc/ssl/certs"): \(MQTTClient.text(api.pointee.strerror(rc)))")
            }
        }
    }

    deinit { api.pointee.destroy(handle) }

    /// Starts the loop thread: it connects at once (a broker down does not delay the caller) and keeps trying.
    public func start() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        // The callbacks find the client through libmosquitto's user pointer, set here (the client outlives its thread).
        setUserData(me)
        DispatchQueue(label: "vitrine.mqtt.loop").async { [self] in
            run()
            finished.signal()
        }
    }

    /// Publishes `message`; returns its message id, or nil when libmosquitto did not take it (not connected).
    @discardableResult
    public func publish(_ message: FleetMessage) -> Int32? {
        var mid: Int32 = 0
        let rc = message.payload.withCString {
            api.pointee.publish(handle, &mid, message.topic, Int32(strlen($0)), $0, Int32(message.qos), message.retain)
        }
        return rc == MOSQ_ERR_SUCCESS.rawValue ? mid : nil
    }

    /// Publishes `last` (the `offline` word), disconnects cleanly and waits up to `seconds` for the loop thread
    /// to end; returns whether it did.
    @discardableResult
    public func stop(last: FleetMessage?, within seconds: Double = 2) -> Bool {
        if let last { publish(last) }
        stopping.store(true, ordering: .releasing)
        _ = api.pointee.disconnect(handle)
        wake.signal()
        return finished.wait(timeout: .now() + seconds) == .success
    }

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// The loop: connect, run until the connection fails, wait as ``BrokerLink`` says, again, until stopped.
    private func run() {
        while !isStopping {
            refusal = nil
            let began = MonotonicClock.seconds
            var timedOut = false
            var rc = api.pointee.connect_async(handle, settings.broker.host, Int32(settings.broker.port), 30)
            if rc == MOSQ_ERR_SUCCESS.rawValue {
                repeat {
                    rc = api.pointee.loop(handle, 1000, 1)
                    // libmosquitto waits for a silent host as long as TCP does (minutes): give up and try again.
                    timedOut = !link.isConnected && MonotonicClock.seconds - began > BrokerLink.answerTimeout
                } while rc == MOSQ_ERR_SUCCESS.rawValue && !timedOut && !isStopping
            }
            if isStopping {
                // Let the last publication and the DISCONNECT go out (libmosquitto closes the socket after it).
                var turns = 0
                while turns < 20, api.pointee.loop(handle, 100, 1) == MOSQ_ERR_SUCCESS.rawValue { turns += 1 }
                break
            }
            let (cause, lasting) = timedOut ? ("no answer within \(BrokerLink.answerTimeout) s", false) : describe(rc)
            if let line = link.didLose(cause, lasting: lasting) { Logger.shared.log(.warning, line) }
            onDisconnected()
            _ = wake.wait(timeout: .now() + link.delay)
        }
    }

    /// Words for a failed connection: the broker's refusal, a TLS failure, or the system's error.
    private func describe(_ rc: Int32) -> (String, lasting: Bool) {
        if let refusal { return (refusal, true) }
        if rc == MOSQ_ERR_TLS.rawValue || rc == MOSQ_ERR_TLS_HANDSHAKE.rawValue {
            return ("TLS failed (\(MQTTClient.text(api.pointee.strerror(rc)))): check mqtt.caFile, the broker's certificate and its name", true)
        }
        if rc == MOSQ_ERR_ERRNO.rawValue, errno != 0 { return (String(cString: strerror(errno)).lowercased(), false) }
        return (MQTTClient.text(api.pointee.strerror(rc)).lowercased(), false)
    }

    /// A C string of libmosquitto's, as text.
    private static func text(_ words: UnsafePointer<CChar>?) -> String { words.map { String(cString: $0) } ?? "unknown error" }

    // MARK: Callbacks, on the loop thread

    private func setUserData(_ me: UnsafeMutableRawPointer) {
        // The callbacks below get `me` as `obj`.
        api.pointee.user_data_set(handle, me)
        api.pointee.connect_callback_set(handle) { _, obj, rc in
            guard let obj else { return }
            Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue().connected(rc)
        }
        api.pointee.message_callback_set(handle) { _, obj, message in
            guard let obj, let message = message?.pointee, let topic = message.topic else { return }
            let payload = UnsafeRawBufferPointer(start: message.payload, count: message.payload == nil ? 0 : Int(max(0, message.payloadlen)))
            Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue().onMessage(String(cString: topic), payload)
        }
        api.pointee.publish_callback_set(handle) { _, obj, mid in
            guard let obj else { return }
            Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue().onPublished(mid)
        }
    }

    private func connected(_ rc: Int32) {
        guard rc == 0 else {
            refusal = "the broker refused the connection: \(MQTTClient.text(api.pointee.connack_string(rc))) (check mqtt.username and mqtt.passwordFile)"
            return
        }
        for topic in settings.subscriptions { _ = api.pointee.subscribe(handle, nil, topic, 1) }
        if let line = link.didConnect() { Logger.shared.log(.info, line) }
        onConnected()
    }
}
