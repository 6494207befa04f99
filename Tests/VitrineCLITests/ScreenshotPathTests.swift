import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// Where `ctl screenshot` may write: a new file, an empty one or a PNG written before, never through a link, never
/// into a FIFO or a device, and never half a PNG; every refusal is the reply, and the kiosk goes on answering.
@Suite(.serialized) struct ScreenshotPathTests {
    /// The reply to `ctl screenshot path`, which must come (the kiosk never blocks on the path).
    static func screenshot(_ socket: String, _ path: String) throws -> String {
        let result = try VitrineProcess.run(["ctl", "--control", socket, "screenshot", path], timeout: .seconds(15))
        let (code, reply) = (result.code, result.out.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(!reply.isEmpty, "\(result.err)")
        #expect(code != 75, "the kiosk did not answer: it blocked on \(path)")
        return reply
    }

    @Test func aScreenshotToAFIFOADeviceALinkOrAnotherFileIsRefusedAndTheKioskAnswersOn() throws {
        try withTemporaryFolder { folder in
            let (x, app, socket) = try ControlEndToEndTests.kiosk(in: folder)
            defer { withExtendedLifetime(x) {} }
            let fifo = folder.file("shot.fifo")
            #expect(mkfifo(fifo, 0o644) == 0)
            let notes = try folder.write("notes.txt", "keep me")
            let link = folder.file("link.png")
            #expect(symlink(notes, link) == 0)
            let refusals = [(fifo, "not a regular file (a FIFO)"), ("/dev/full", "not a regular file (a character device)"),
                            (link, "not a regular file (a symbolic link)"), (notes, "a file that is not a PNG is there, and is left alone")]
            for (path, reason) in refusals {
                let reply = try Self.screenshot(socket, path)
                #expect(reply == #"{"ok":false,"error":"cannot write the screenshot \#(path): \#(reason)"}"#, "\(reply)")
            }
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == "keep me")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == notes)
            #expect(try ControlEndToEndTests.ctl(socket, ["status"]).code == 0, "the kiosk answers on: \(app.errors)")
            // A PNG written before is replaced, whole.
            let shot = folder.file("shot.png")
            for _ in 0..<2 {
                #expect(try ControlEndToEndTests.ctl(socket, ["screenshot", shot]).code == 0)
                #expect(try RGBAImage(contentsOfPNG: shot).size.width == 600)
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
            #expect(left.isEmpty, "temporary files left: \(left)")
            app.process.terminate()
            #expect(app.wait(seconds: 10) == 0, "\(app.errors)")
        }
    }
}
