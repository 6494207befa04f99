import Foundation
import Glibc

/// A real Mosquitto broker for one test, on a free loopback port with a temporary config (persistence on, so a
/// durable subscriber's messages survive a restart); `stop()` and `start()` make an outage.
public final class MosquittoBroker {
    /// The broker's port on 127.0.0.1.
    public let port: Int
    /// The folder of its config, persistence file and log.
    public let folder: String
    private var child: XvfbSession.Child?

    /// The path of `name` (mosquitto, mosquitto_sub, mosquitto_pub), on PATH or in /usr/sbin; nil when absent.
    public static func tool(_ name: String) -> String? {
        XvfbSession.which(name) ?? ["/usr/sbin/\(name)", "/usr/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the broker and its clients are installed (make test installs them).
    public static var isInstalled: Bool { ["mosquitto", "mosquitto_sub", "mosquitto_pub"].allSatisfy { tool($0) != nil } }

    /// A broker whose files go in `folder`, started unless `start` is false; with `password`, it takes only the
    /// user `kiosk` with that password.
    /// With `tls`, the listener takes TLS only, with a certificate for 127.0.0.1 signed by the CA in
    /// ``caFile`` (made with openssl).
    public init(folder: String, start: Bool = true, password: String? = nil, tls: Bool = false) throws {
        self.folder = folder
        port = try MosquittoBroker.freePort()
        var access = "allow_anonymous true"
        if let password {
            guard let tool = MosquittoBroker.tool("mosquitto_passwd") else { throw XvfbError.missing("mosquitto_passwd is needed") }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["-b", "-c", folder + "/passwords", "kiosk", password]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            access = "allow_anonymous false\npassword_file \(folder)/passwords"
        }
        // Started as root, mosquitto turns into the user `mosquitto`, who cannot read the test's private folder: it
        // stays the user running the tests.
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"
        let certificates = tls ? try MosquittoBroker.makeCertificates(in: folder) : ""
        let config = """
            user \(user)
            listener \(port) 127.0.0.1
            \(certificates)
            \(access)
            persistence true
            persistence_location \(folder)/
            log_dest stderr

            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/mosquitto.conf"))
        if start { try self.start() }
    }

    deinit { stop() }

    /// The CA that signed a TLS broker's certificate (PEM).
    public var caFile: String { folder + "/ca.pem" }

    /// Makes a CA and a server certificate for 127.0.0.1 in `folder` with openssl; the listener's lines.
    public static func makeCertificates(in folder: String) throws -> String {
        guard let openssl = XvfbSession.which("openssl") else { throw XvfbError.missing("openssl is needed for a TLS broker") }
        try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: URL(fileURLWithPath: folder + "/san.ext"))
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in [["req", "-x509"] + ec + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=vitrine-test-ca"],
                          ["req"] + ec + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
                          ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
                           "-days", "2", "-extfile", "san.ext"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: openssl)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw XvfbError.failed("openssl \(arguments.joined(separator: " ")) failed") }
        }
        return "certfile \(folder)/server.pem\nkeyfile \(folder)/server.key"
    }

    /// Starts the broker (again) and waits until it takes connections.
    public func start() throws {
        guard let mosquitto = MosquittoBroker.tool("mosquitto") else { throw XvfbError.missing("mosquitto is needed (make test installs it)") }
        child = try XvfbSession.Child(mosquitto, ["-c", folder + "/mosquitto.conf"])
        guard XvfbSession.eventually(10, { MosquittoBroker.accepts(port: port) }) else {
            throw XvfbError.failed("mosquitto did not listen on port \(port): \(child?.errors ?? "")")
        }
    }

    /// Stops the broker (SIGTERM: it saves its persistence file) and waits until it is gone.
    public func stop() {
        guard let child else { return }
        child.process.terminate()
        _ = child.wait(seconds: 5)
        self.child = nil
    }

    /// What the broker logged.
    public var log: String { child?.errors ?? "" }

    /// Publishes each of `messages` on `topic` (QoS 0) with one mosquitto_pub: every line of standard input is a
    /// message, so a message may not hold a newline.
    public func publish(_ topic: String, lines messages: [[UInt8]]) throws {
        guard let pub = MosquittoBroker.tool("mosquitto_pub") else { throw XvfbError.missing("mosquitto_pub is needed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pub)
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-l"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var bytes: [UInt8] = []
        for message in messages { bytes += message + [0x0A] }
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Publishes one message of any bytes on `topic` (QoS 0), from a file.
    public func publish(_ topic: String, bytes: [UInt8]) throws {
        guard let pub = MosquittoBroker.tool("mosquitto_pub") else { throw XvfbError.missing("mosquitto_pub is needed") }
        let file = folder + "/message-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pub)
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-f", file]
        try process.run()
        process.waitUntilExit()
    }

    /// The retained message on `topic`, if any (one mosquitto_sub that waits at most 2 s).
    public func retained(_ topic: String) throws -> String? {
        guard let sub = MosquittoBroker.tool("mosquitto_sub") else { throw XvfbError.missing("mosquitto_sub is needed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sub)
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "1", "-W", "2", "--retained-only"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        return text.isEmpty ? nil : text
    }

    /// A subscriber to `topics` (wildcards allowed) writing each message as `TOPIC PAYLOAD` to a file; with
    /// `durable`, a QoS 1 session the broker keeps while it is away (messages meanwhile come when it is back).
    public func subscribe(_ topics: String..., durable: Bool = false) throws -> Subscriber {
        try Subscriber(port: port, topics: topics, file: folder + "/sub-\(UUID().uuidString).txt", durable: durable)
    }

    /// A mosquitto_sub process and what it received.
    public final class Subscriber {
        private let child: XvfbSession.Child
        private let file: String

        /// The topic ``waitUntilSubscribed(_:)`` probes, which every subscriber also takes.
        static let probe = "vitrine-test/probe"

        init(port: Int, topics: [String], file: String, durable: Bool) throws {
            guard let sub = MosquittoBroker.tool("mosquitto_sub") else { throw XvfbError.missing("mosquitto_sub is needed") }
            self.file = file
            FileManager.default.createFile(atPath: file, contents: nil)
            guard let output = FileHandle(forWritingAtPath: file) else { throw XvfbError.failed("cannot write \(file)") }
            let durability = durable ? ["-c", "-i", "vitrine-test-\(UUID().uuidString.prefix(8))"] : []
            let filters = (topics + [Subscriber.probe]).flatMap { ["-t", $0] }
            child = try XvfbSession.Child(sub, ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-v"] + filters + durability,
                                          standardOutput: output)
        }

        /// The messages so far, in order: topic and payload.
        public var messages: [(topic: String, payload: String)] {
            let text = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data(), as: UTF8.self)
            return text.split(separator: "\n").map { line in
                let parts = line.split(separator: " ", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
        }

        /// Waits until the subscription is in place: publishes on ``probe`` until the probe comes back; whether it
        /// did within 10 s.
        public func waitUntilSubscribed(_ broker: MosquittoBroker) -> Bool {
            XvfbSession.eventually(10) {
                try? broker.publish(Subscriber.probe, lines: [Array("probe".utf8)])
                return XvfbSession.eventually(0.3) { messages.contains { $0.topic == Subscriber.probe } }
            }
        }

        /// The payloads on `topic` so far.
        public func payloads(_ topic: String) -> [String] { messages.filter { $0.topic == topic }.map(\.payload) }
    }

    /// A port on 127.0.0.1 no one listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw XvfbError.failed("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
