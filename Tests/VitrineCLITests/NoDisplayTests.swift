import Foundation
import Testing
import VitrineTestSupport

@Suite struct NoDisplayTests {
    @Test(arguments: [[], ["run"], ["run", "--windowed", "800x600"], ["run", "--fullscreen"]])
    func runWithoutADisplayExits69(_ arguments: [String]) throws {
        let result = try VitrineProcess.run(arguments, environment: VitrineProcess.noDisplay, timeout: .seconds(10))
        #expect(!result.timedOut, "vitrine run kept running with no display; killed after 10 s")
        #expect(result.code == 69, "stderr: \(result.err)")
        #expect(result.out.isEmpty)
        let errors = result.messages("error")
        #expect(errors.count == 1, "stderr: \(result.err)")
        #expect(errors.first?.contains("no display") == true, "stderr: \(result.err)")
        #expect(errors.first?.contains("vitrine render") == true, "the message points to the headless alternative")
    }

    @Test func renderNeedsNoDisplay() throws {
        try withTemporaryFolder { folder in
            let output = folder.file("frame.png")
            let result = try VitrineProcess.run(["render", "--size", "60x40", "--output", output],
                                                environment: VitrineProcess.noDisplay, timeout: .seconds(10))
            #expect(!result.timedOut)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(PNGHeader(contentsOf: output) == PNGHeader(width: 60, height: 40))
        }
    }

    /// The guard the tests above rely on: asking for SDL's offscreen driver on purpose makes `run` show the kiosk on
    /// an invisible screen until killed, so the helper must stop it at the deadline and say so.
    @Test func timeoutGuardStopsAKioskThatNeverQuits() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try VitrineProcess.run(["run", "--windowed", "120x80"], environment: ["SDL_VIDEODRIVER": "offscreen"],
                                            timeout: .milliseconds(1500))
        #expect(result.timedOut, "exit \(result.code), stderr: \(result.err)")
        #expect(clock.now - start < .seconds(8))
    }
}
