/// The `mqtt` key: the broker a kiosk of a fleet talks to, and what it calls itself there.
///
/// With no `mqtt` key the kiosk has no MQTT client at all (libmosquitto is never opened).
public struct MQTTConfig: Sendable, Equatable {
    /// Where the broker is: `mqtt://host[:port]` (1883 by default) or `mqtts://host[:port]` (TLS, 8883 by default).
    public struct Broker: Sendable, Equatable, CustomStringConvertible {
        /// The host name or address (an IPv6 address without its brackets).
        public var host: String
        /// The TCP port.
        public var port: Int
        /// Whether the connection is TLS (`mqtts://`).
        public var tls: Bool

        /// A broker at `host:port`.
        public init(host: String, port: Int, tls: Bool) {
            self.host = host; self.port = port; self.tls = tls
        }

        /// Reads `mqtt://host[:port]` or `mqtts://host[:port]`; the error says what is wrong in words.
        public static func parse(_ text: String) -> Result<Broker, MQTTConfigError> {
            let tls: Bool
            var rest: Substring
            if text.hasPrefix("mqtt://") { tls = false; rest = text.dropFirst(7) }
            else if text.hasPrefix("mqtts://") { tls = true; rest = text.dropFirst(8) }
            else { return .failure(MQTTConfigError("expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT], found \(Limits.shortened(text, quoting: true))")) }
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            guard !rest.contains("/"), !rest.contains("@"), !rest.contains("?") else {
                return .failure(MQTTConfigError("a broker address is mqtt://HOST[:PORT], with no path, user or query: found \(Limits.shortened(text, quoting: true))"))
            }
            var host = rest
            var portText: Substring? = nil
            if rest.hasPrefix("[") {  // [IPv6]:port
                guard let close = rest.firstIndex(of: "]") else { return .failure(MQTTConfigError("an IPv6 address needs its closing ]: \(Limits.shortened(text, quoting: true))")) }
                host = rest[rest.index(after: rest.startIndex)..<close]
                let after = rest[rest.index(after: close)...]
                if !after.isEmpty {
                    guard after.hasPrefix(":") else { return .failure(MQTTConfigError("expected :PORT after the IPv6 address in \(Limits.shortened(text, quoting: true))")) }
                    portText = after.dropFirst()
                }
            } else if let colon = rest.lastIndex(of: ":") {
                host = rest[..<colon]
                portText = rest[rest.index(after: colon)...]
            }
            guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                return .failure(MQTTConfigError("no host name in \(Limits.shortened(text, quoting: true))"))
            }
            var port = tls ? 8883 : 1883
            if let portText {
                guard let number = Int(portText), (1...65_535).contains(number) else {
                    return .failure(MQTTConfigError("the port must be a number from 1 to 65535, found \(Limits.shortened(String(portText), quoting: true))"))
                }
                port = number
            }
            return .success(Broker(host: String(host), port: port, tls: tls))
        }

        public var description: String {
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "\(tls ? "mqtts" : "mqtt")://\(shownHost):\(port)"
        }
    }

    /// The broker.
    public var broker: Broker
    /// The kiosk's name in topics (`<prefix>/<id>/…`); nil: the host name, found at start.
    public var id: String?
    /// The first level of every topic.
    public var prefix: String = "vitrine"
    /// The user name to log in with, if any.
    public var username: String?
    /// The file holding the password (its first line), resolved against the config's folder.
    public var passwordFile: String?
    /// The certificate authorities to trust for `mqtts://` (PEM), resolved; nil: the system's.
    public var caFile: String?

    /// A config for `broker`; everything else has its default.
    public init(broker: Broker) { self.broker = broker }

    /// The longest `id` or `prefix`, in bytes.
    public static let longestName = 64

    /// Why `name` cannot be one level of a topic, or nil when it can: not empty, at most ``longestName`` bytes,
    /// no `/`, `+`, `#` (MQTT's separators and wildcards) and no control character.
    public static func topicLevelProblem(_ name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        if name.utf8.count > longestName { return "is \(name.utf8.count) bytes, over the limit of \(longestName)" }
        if let bad = name.unicodeScalars.first(where: { "/+#".unicodeScalars.contains($0) }) {
            return "must not contain '\(bad)': it is a separator or wildcard in MQTT topics"
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "must not contain control characters"
        }
        return nil
    }

    /// The host name made usable as an `id`: characters a topic level refuses become `-`, cut to ``longestName``.
    public static func id(fromHostName name: String) -> String {
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map {
            "/+#".unicodeScalars.contains($0) || $0.value < 0x21 || $0.value == 0x7F ? "-" : $0
        }))
        let id = String(decoding: cleaned.utf8.prefix(longestName), as: UTF8.self)
        return id.isEmpty ? "vitrine" : id
    }
}

/// Why part of the `mqtt` key cannot be used: one line.
public struct MQTTConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
