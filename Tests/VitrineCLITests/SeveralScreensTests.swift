import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// Several screens on one machine: `run --display N` (and `display.index`) covers display N, and only it.
@Suite(.serialized) struct SeveralScreensTests {
    /// A deck of one card, a picture of `colour` alone (no text, no dots), covering the display on `colour` too.
    static func solidDeck(_ colour: [UInt8], in folder: TemporaryFolder, name: String) throws -> String {
        let size = PixelSize(width: 60, height: 40)
        let bytes = [UInt8]((0..<size.width * size.height).flatMap { _ in colour + [255] })
        try RGBAImage(size: size, bytes: bytes).writePNG(to: folder.file(name + ".png"))
        let hex = "#" + colour.map { String(format: "%02X", $0) }.joined()
        return try folder.write(name + ".json", #"{"cards": [{"image": "\#(name).png"}], "style": {"dots": false}, "#
                                + #""display": {"fit": "cover", "background": "\#(hex)"}}"#)
    }

    /// The pixels of `image` in `rect` that are not `colour`, and the first of them.
    static func stray(in image: RGBAImage, _ rect: PixelRect, besides colour: [UInt8]) -> (count: Int, first: (Int, Int, [UInt8])?) {
        var count = 0
        var first: (Int, Int, [UInt8])?
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width where Array(image[x, y].prefix(3)) != colour {
                count += 1
                if first == nil { first = (x, y, image[x, y]) }
            }
        }
        return (count, first)
    }

    /// Two kiosks on one X server with two outputs, 800x600 and 640x480 side by side, on bare X: `--display 0`
    /// red and `--display 1` blue. Each covers its own output pixel for pixel, and neither reaches the other's.
    @Test func twoKiosksEachCoverTheirOwnOutput() throws {
        let left = PixelSize(width: 800, height: 600), right = PixelSize(width: 640, height: 480)
        let x = try XvfbSession(outputs: [left, right])
        let red: [UInt8] = [200, 30, 40], blue: [UInt8] = [20, 60, 210]
        try withTemporaryFolder { folder in
            let first = try x.launchVitrine(["run", "--kiosk", "--display", "0", "--config", Self.solidDeck(red, in: folder, name: "red")])
            let second = try x.launchVitrine(["run", "--kiosk", "--display", "1", "--config", Self.solidDeck(blue, in: folder, name: "blue")])
            for app in [first, second] {
                #expect(XvfbSession.eventually(20) { app.errors.contains("first frame shown") }, "no first frame: \(app.errors)")
            }
            let outputs = (red: PixelRect(x: 0, y: 0, width: left.width, height: left.height),
                           blue: PixelRect(x: left.width, y: 0, width: right.width, height: right.height))
            // Below the smaller output the screen belongs to neither: neither kiosk's colour may be there.
            let uncovered = PixelRect(x: left.width, y: right.height, width: right.width, height: left.height - right.height)
            var screen: RGBAImage?
            let covered = try XvfbSession.eventually(10) {
                let grabbed = try XWD.image(x.run("xwd", ["-root", "-silent"]).output)
                screen = grabbed
                return Self.stray(in: grabbed, outputs.red, besides: red).count == 0
                    && Self.stray(in: grabbed, outputs.blue, besides: blue).count == 0
            }
            let shot = try #require(screen)
            #expect(shot.size == PixelSize(width: left.width + right.width, height: left.height))
            let onRed = Self.stray(in: shot, outputs.red, besides: red), onBlue = Self.stray(in: shot, outputs.blue, besides: blue)
            let report = "output 0: \(onRed.count) pixels not red, first \(String(describing: onRed.first)); "
                + "output 1: \(onBlue.count) pixels not blue, first \(String(describing: onBlue.first))"
            #expect(covered, "\(report)")
            let spilt = (0..<uncovered.height).flatMap { dy in (0..<uncovered.width).map { dx in Array(shot[uncovered.x + dx, uncovered.y + dy].prefix(3)) } }
                .filter { $0 == red || $0 == blue }
            #expect(spilt.count == 0, "\(spilt.count) pixels of a kiosk's colour outside both outputs")
            if !covered { try? shot.writePNG(to: "\(VitrineProcess.root)/artifacts/several_screens_actual.png") }
            for app in [first, second] {
                app.process.terminate()
                #expect(app.wait(seconds: 5) == 0, "SIGTERM did not quit cleanly: \(app.errors)")
            }
        }
    }

    /// `check` passes a deck with `displayIndex`, the old name of `display.index`, with one note, and refuses an
    /// index out of range.
    @Test func checkNotesTheOldNameAndRefusesABadIndex() throws {
        try withTemporaryFolder { folder in
            let card = #"{"cards": [{"title": "Canyon", "image": "\#(Checkout.demoImage("canyon"))"}], "#
            let old = try VitrineProcess.run(["check", "--config", folder.write("old.json", card + #""display": {"displayIndex": 1}}"#)],
                                             timeout: .seconds(30))
            #expect(old.code == 0, "\(old.err)")
            let notes = old.err.split(separator: "\n").filter { $0.contains("vitrine: warning:") }
            #expect(notes.count == 1 && notes[0].hasSuffix(#"vitrine: warning: \#(folder.file("old.json")): display.displayIndex: "#
                                                           + #""displayIndex" is the old name of "index": it is still read, but write "index""#),
                    "\(old.err)")
            let bad = try VitrineProcess.run(["check", "--config", folder.write("bad.json", card + #""display": {"index": -1}}"#)],
                                             timeout: .seconds(30))
            #expect(bad.code == 65, "\(bad.err)")
            #expect((bad.out + bad.err).contains("display.index: expected a whole number from 0 to 15, found -1"), "\(bad.out) \(bad.err)")
        }
    }

    /// A display that is not there stops the run with one line and exit 69, as a lost display does, and no window:
    /// a second kiosk never lands on the first one's display. `displayIndex`, the key's old name, says so once.
    @Test func aDisplayThatIsNotThereStopsTheRun() throws {
        let x = try XvfbSession(screen: "640x480")
        try withTemporaryFolder { folder in
            func deck(_ display: String) throws -> String {
                try folder.write("deck-\(display.count).json", #"{"cards": [{"title": "Canyon", "image": "\#(Checkout.demoImage("canyon"))"}], "#
                                 + #""display": {\#(display)}}"#)
            }
            let cases: [(arguments: [String], oldName: Bool)] = [
                (["--display", "1", "--config", try deck("")], false),
                (["--config", try deck(#""index": 1"#)], false),
                (["--config", try deck(#""displayIndex": 1"#)], true),
                (["--display", "1", "--config", try deck(#""index": 0, "fit": "cover""#)], false),  // The flag wins.
            ]
            for (arguments, oldName) in cases {
                let app = try x.launchVitrine(["run", "--kiosk"] + arguments)
                #expect(app.wait(seconds: 20) == 69, "\(arguments): \(app.errors)")
                let lines = app.errors.split(separator: "\n")
                let errors = lines.filter { $0.contains("vitrine: error:") }
                #expect(errors.count == 1 && errors[0].hasSuffix("display 1 does not exist (this machine has 1 display: 0)"), "\(app.errors)")
                let notes = lines.filter { $0.contains(#""displayIndex" is the old name of "index""#) }
                #expect(notes.count == (oldName ? 1 : 0), "\(app.errors)")
                #expect((try? x.xdotool(["search", "--name", "^Vitrine$"])) == nil, "a window was made")
            }
        }
    }
}
