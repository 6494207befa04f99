import Foundation
import Testing
import VitrineTestSupport

/// vitrine@.service and vitrine@.socket, as `make install-files` puts them: one kiosk per display, each with its own
/// config, control socket and folders, and the hardening of vitrine.service.
@Suite struct InstanceUnitTests {
    /// The unit's text for instance `index`, its specifiers filled in as systemd does for a system unit.
    static func instance(_ unit: String, _ index: Int) -> String {
        unit.replacingOccurrences(of: "%i", with: "\(index)").replacingOccurrences(of: "%C", with: "/var/cache")
            .replacingOccurrences(of: "%t", with: "/run")
    }

    /// The `key=` lines of `unit`, values only.
    static func settings(_ key: String, in unit: String) -> [String] {
        unit.split(separator: "\n").filter { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// The setting lines of `unit`'s `[Service]` section from `ProtectSystem=` on: its hardening.
    static func hardening(_ unit: String) -> [String] {
        let lines = unit.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("ProtectSystem=") }) else { return [] }
        return lines[start...].prefix { !$0.hasPrefix("[") }.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test func eachDisplayHasItsOwnSocketAndFoldersAndTheSameHardening() throws {
        try withTemporaryFolder { folder in
            let root = folder.file("root")
            try InstallTests.makeInstall(["DESTDIR=\(root)"])
            let units = root + "/lib/systemd/system/"
            let template = try String(contentsOfFile: units + "vitrine@.service", encoding: .utf8)
            let single = try String(contentsOfFile: units + "vitrine.service", encoding: .utf8)
            let socket = try String(contentsOfFile: units + "vitrine@.socket", encoding: .utf8)
            let singleSocket = try String(contentsOfFile: units + "vitrine.socket", encoding: .utf8)

            // What the kiosks write or listen on: different for displays 0 and 1, and from vitrine.service's.
            for key in ["CacheDirectory", "StateDirectory", "RuntimeDirectory", "Environment"] {
                let zero = Self.settings(key, in: Self.instance(template, 0)), one = Self.settings(key, in: Self.instance(template, 1))
                #expect(!zero.isEmpty && zero != one, "\(key): \(zero) and \(one)")
                let singles = Self.settings(key, in: Self.instance(single, 0)).filter { !$0.hasPrefix("SDL_VIDEODRIVER=") }
                #expect(Set(one).isDisjoint(with: singles), "\(key) is vitrine.service's: \(one)")
            }
            let sockets = [0, 1].map { Self.settings("ListenStream", in: Self.instance(socket, $0)) }
            #expect(sockets == [["/run/vitrine/control-0.sock"], ["/run/vitrine/control-1.sock"]])
            #expect(!sockets.contains(Self.settings("ListenStream", in: singleSocket)))
            // Display 0 is vitrine.service's too, which its socket would start on a `ctl` at the default socket.
            #expect(Self.settings("Conflicts", in: template) == ["vitrine.service vitrine.socket"])
            #expect(Self.settings("Wants", in: template) == ["vitrine@%i.socket"])

            // The same hardening as vitrine.service, but for the state folder, which is the instance's.
            let own = Self.hardening(template).filter { !$0.hasPrefix("StateDirectory=") }
            #expect(!own.isEmpty && own == Self.hardening(single).filter { !$0.hasPrefix("StateDirectory=") })
            #expect(Self.settings("StateDirectory", in: template) == ["vitrine/%i"])

            // `ctl --display 1` addresses vitrine@1.socket's socket.
            let ctl = try InstallTests.run(VitrineProcess.executable, ["ctl", "--display", "1", "status"])
            #expect(ctl.code == 69, "\(ctl.output)")
            #expect(ctl.output.contains("no kiosk answers on /run/vitrine/control-1.sock"), "\(ctl.output)")
        }
    }

    /// The instance's command, run as systemd runs it: display N's config is N.json, else kiosk.json, and the
    /// kiosk covers display N (on a one-display X server, display 1 is not there: exit 69).
    @Test func anInstanceReadsItsOwnConfigElseTheSharedOne() throws {
        let x = try XvfbSession(screen: "640x480")
        try withTemporaryFolder { folder in
            let prefix = folder.file("usr"), etc = folder.file("etc")
            try InstallTests.makeInstall(["PREFIX=\(prefix)", "SYSCONFDIR=\(etc)"])
            let template = try String(contentsOfFile: prefix + "/lib/systemd/system/vitrine@.service", encoding: .utf8)
            let command = try #require(Self.settings("ExecStart", in: Self.instance(template, 1)).first)
            // `/bin/sh -c '…'`, with systemd's `$$` for a dollar sign.
            #expect(command.hasPrefix("/bin/sh -c '") && command.hasSuffix("'"), "\(command)")
            let script = String(command.dropFirst("/bin/sh -c '".count).dropLast()).replacingOccurrences(of: "$$", with: "$")
            func start() throws -> InstallTests.Outcome {
                try InstallTests.run("/bin/sh", ["-c", script], in: folder.path,
                                     environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11", "VITRINE_ASSETS": nil])
            }
            let own = etc + "/vitrine/1.json", shared = etc + "/vitrine/kiosk.json"

            let sharedOnly = try start()
            #expect(sharedOnly.code == 69, "\(sharedOnly.output)")
            #expect(sharedOnly.output.contains("display 1 does not exist (this machine has 1 display: 0)"), "\(sharedOnly.output)")
            #expect(!sharedOnly.output.contains("1.json"), "\(sharedOnly.output)")

            try Data("{".utf8).write(to: URL(fileURLWithPath: own))
            let broken = try start()
            #expect(broken.code == 65, "\(broken.output)")
            #expect(broken.output.contains(own), "display 1's own config is read first: \(broken.output)")

            try FileManager.default.removeItem(atPath: own)
            try FileManager.default.removeItem(atPath: shared)
            let neither = try start()
            #expect(neither.code == 66, "\(neither.output)")
            #expect(neither.output.contains(shared), "\(neither.output)")
        }
    }
}
