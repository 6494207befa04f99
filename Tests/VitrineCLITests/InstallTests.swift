import Foundation
import Testing
import VitrineTestSupport

/// `make install-files` with the debug build: where the files go, that the units name them, that systemd accepts the
/// units, and that an installed binary finds its fonts and its deck without the checkout.
@Suite struct InstallTests {
    /// What one program run did.
    struct Outcome {
        var code: Int32
        var output: String
    }

    /// Runs `program arguments` in `folder` with `environment` (nil values removed), standard output and error
    /// together; kills it after 60 s.
    static func run(_ program: String, _ arguments: [String], in folder: String = VitrineProcess.root,
                    environment: [String: String?] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let reading = DispatchGroup()
        nonisolated(unsafe) var data = Data()
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async(group: reading) { data = handle.readDataToEndOfFile() }
        if finished.wait(timeout: .now() + 60) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            Issue.record("\(program) \(arguments) did not finish in 60 s")
        }
        reading.wait()
        return Outcome(code: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The full path of `tool` found in PATH (or the usual system folders), or nil.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
        return folders.map { $0 + "/" + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `make install-files` with the debug build and `variables`; records a failure with make's output.
    static func makeInstall(_ variables: [String]) throws {
        let make = try #require(which("make"), "make is not installed")
        let result = try run(make, ["-s", "install-files", "BINARY=\(VitrineProcess.executable)"] + variables)
        try #require(result.code == 0, "make install-files failed: \(result.output)")
    }

    /// The value of the first `key=` line in `unit`.
    static func setting(_ key: String, in unit: String) -> String? {
        unit.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    @Test func theUnitsNameWhatIsInstalled() throws {
        try withTemporaryFolder { folder in
            let root = folder.file("root")
            try Self.makeInstall(["DESTDIR=\(root)"])
            for path in ["/usr/bin/vitrine", "/usr/share/vitrine/Fonts/DejaVuSans.ttf", "/usr/share/vitrine/Fonts/DejaVuSans-Bold.ttf",
                         "/usr/share/vitrine/Fonts/LICENSE-DejaVu.txt", "/lib/systemd/system/vitrine.service",
                         "/lib/systemd/system/vitrine.socket", "/lib/systemd/system/vitrine@.service",
                         "/lib/systemd/system/vitrine@.socket", "/usr/lib/sysusers.d/vitrine.conf", "/etc/vitrine/kiosk.json",
                         "/usr/share/man/man1/vitrine.1.gz"] {
                #expect(FileManager.default.fileExists(atPath: root + path), "\(path) is not installed")
            }
            #expect(FileManager.default.isExecutableFile(atPath: root + "/usr/bin/vitrine"))

            let service = try String(contentsOfFile: root + "/lib/systemd/system/vitrine.service", encoding: .utf8)
            let command = try #require(Self.setting("ExecStart", in: service)).split(separator: " ").map(String.init)
            #expect(command.first == "/usr/bin/vitrine")
            let config = try #require(command.firstIndex(of: "--config").map { command[$0 + 1] })
            #expect(config == "/etc/vitrine/kiosk.json")
            // The installed config names the installed demo images, by absolute paths.
            let text = try String(contentsOfFile: root + config, encoding: .utf8)
            let images = text.split(separator: "\"").filter { $0.hasSuffix(".jpg") }.map(String.init)
            #expect(images.count == 10)
            for image in images {
                #expect(image.hasPrefix("/usr/share/vitrine/Demo/"), "\(image)")
                #expect(FileManager.default.fileExists(atPath: root + image), "\(image) is not installed")
            }

            let socket = try String(contentsOfFile: root + "/lib/systemd/system/vitrine.socket", encoding: .utf8)
            #expect(Self.setting("ListenStream", in: socket) == "/run/vitrine/control.sock")
            #expect(Self.setting("SocketMode", in: socket) == "0660")
            #expect(Self.setting("Service", in: socket) == "vitrine.service")
            // sysusers.d makes the service's user, and with it the group of that name the socket belongs to.
            let sysusers = try String(contentsOfFile: root + "/usr/lib/sysusers.d/vitrine.conf", encoding: .utf8)
            let users = sysusers.split(separator: "\n").filter { $0.hasPrefix("u ") }.map { $0.split(separator: " ")[1] }
            let user = try #require(Self.setting("User", in: service))
            #expect(users.contains { $0 == user }, "sysusers.d does not create user \(user): \(sysusers)")
            #expect(Self.setting("Group", in: service) == user)
            #expect(Self.setting("SocketGroup", in: socket) == user)
        }
    }

    @Test(.enabled(if: getuid() == 0, "systemd-sysusers --root writes the tree's /etc/passwd only as root"))
    func theUnitsUserAndGroupsExistOnAMachineWithoutUdev() throws {
        // systemd will not start a unit that names a group the machine lacks (status 216/GROUP). render and input
        // come from udev's package, so a container or a machine without udev lacked them, and the kiosk never ran.
        let sysusers = try #require(Self.which("systemd-sysusers"),
                                    "systemd-sysusers is not installed: apt-get install systemd (make test-deps does)")
        try withTemporaryFolder { folder in
            let root = folder.file("root")
            try Self.makeInstall(["DESTDIR=\(root)"])
            // Only a Debian system's own accounts (base-passwd's), as before udev adds render, input and the rest.
            for file in ["passwd", "group"] {
                let master = try String(contentsOfFile: "/usr/share/base-passwd/\(file).master", encoding: .utf8)
                try Data(master.utf8).write(to: URL(fileURLWithPath: root + "/etc/" + file))
            }
            // What the package's postinst runs.
            let result = try Self.run(sysusers, ["--root=\(root)", "vitrine.conf"])
            #expect(result.code == 0, "systemd-sysusers: \(result.output)")

            func names(in file: String) throws -> Set<String> {
                Set(try String(contentsOfFile: root + "/etc/" + file, encoding: .utf8).split(separator: "\n")
                    .compactMap { $0.split(separator: ":").first.map(String.init) })
            }
            let service = try String(contentsOfFile: root + "/lib/systemd/system/vitrine.service", encoding: .utf8)
            let groups = try #require(Self.setting("SupplementaryGroups", in: service)).split(separator: " ").map(String.init)
                + [try #require(Self.setting("Group", in: service))]
            let present = try names(in: "group")
            let missing = groups.filter { !present.contains($0) }
            #expect(missing.isEmpty, "groups the unit names and the machine lacks: \(missing)")
            #expect(try names(in: "passwd").contains(try #require(Self.setting("User", in: service))))
        }
    }

    @Test func systemdAnalyzeVerifiesTheUnitsInAnInstalledTree() throws {
        let analyze = try #require(Self.which("systemd-analyze"),
                                   "systemd-analyze is not installed, so the units cannot be checked: apt-get install systemd (make test-deps does)")
        try withTemporaryFolder { folder in
            let root = folder.file("root")
            try Self.makeInstall(["DESTDIR=\(root)"])
            // systemd-analyze --root checks every command and unit in the tree: the units our units name
            // (sysinit.target, getty@.service, …), /bin/kill and /bin/sh come from the distribution, so they are copied in.
            let manager = FileManager.default
            try manager.createDirectory(atPath: root + "/usr/lib/systemd", withIntermediateDirectories: true)
            try manager.copyItem(atPath: URL(fileURLWithPath: "/lib/systemd/system").resolvingSymlinksInPath().path,
                                 toPath: root + "/usr/lib/systemd/system")
            try manager.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            try manager.copyItem(atPath: try #require(Self.which("kill")), toPath: root + "/bin/kill")
            try manager.copyItem(atPath: URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path, toPath: root + "/bin/sh")

            // A template is checked as an instance of it (vitrine@i.service).
            let units = ["vitrine.service", "vitrine.socket", "vitrine@.service", "vitrine@.socket"].map { root + "/lib/systemd/system/" + $0 }
            let result = try Self.run(analyze, ["verify", "--root=\(root)"] + units)
            #expect(result.code == 0, "systemd-analyze verify: \(result.output)")
            #expect(result.output.isEmpty, "systemd-analyze verify: \(result.output)")

            // The same check fails when the binary the unit starts is missing: it is really looked for.
            try manager.removeItem(atPath: root + "/usr/bin/vitrine")
            let missing = try Self.run(analyze, ["verify", "--root=\(root)", units[0]])
            #expect(missing.code != 0)
            #expect(missing.output.contains("/usr/bin/vitrine"), "\(missing.output)")
        }
    }

    @Test func anInstallUnderAnotherPrefixFindsItsFontsAndItsDeck() throws {
        try withTemporaryFolder { folder in
            let prefix = folder.file("usr"), etc = folder.file("etc")
            try Self.makeInstall(["PREFIX=\(prefix)", "SYSCONFDIR=\(etc)"])
            let service = try String(contentsOfFile: prefix + "/lib/systemd/system/vitrine.service", encoding: .utf8)
            #expect(Self.setting("ExecStart", in: service)?.hasPrefix("\(prefix)/bin/vitrine run --kiosk --config \(etc)/vitrine/kiosk.json") == true)

            // Outside the checkout, with no VITRINE_ASSETS: the fonts come from PREFIX/share/vitrine/Fonts.
            let arguments = ["check", "--config", etc + "/vitrine/kiosk.json"]
            let installed = prefix + "/bin/vitrine"
            let result = try Self.run(installed, arguments, in: folder.path, environment: ["VITRINE_ASSETS": nil])
            #expect(result.code == 0, "\(result.output)")
            #expect(result.output == "ok: 10 cards, 10 images, 2 fonts\n")

            // Without them, unless a system-wide install supplies /usr/share/vitrine/Fonts, the fonts are missing.
            if !FileManager.default.fileExists(atPath: "/usr/share/vitrine/Fonts") {
                try FileManager.default.removeItem(atPath: prefix + "/share/vitrine/Fonts")
                let without = try Self.run(installed, arguments, in: folder.path, environment: ["VITRINE_ASSETS": nil])
                #expect(without.code == 65)
                #expect(without.output.contains("\(prefix)/share/vitrine/Fonts"), "\(without.output)")
            }
        }
    }

    @Test func anExistingConfigIsKept() throws {
        try withTemporaryFolder { folder in
            let root = folder.file("root")
            try FileManager.default.createDirectory(atPath: root + "/etc/vitrine", withIntermediateDirectories: true)
            let mine = "{\"cards\": []}\n"
            try Data(mine.utf8).write(to: URL(fileURLWithPath: root + "/etc/vitrine/kiosk.json"))
            try Self.makeInstall(["DESTDIR=\(root)"])
            #expect(try String(contentsOfFile: root + "/etc/vitrine/kiosk.json", encoding: .utf8) == mine)
        }
    }
}
