import Testing
@testable import VitrineCore

/// `display.touchMatrix` on manual time: fingers of a replay script are calibrated before the rotation is undone,
/// and the mouse is left alone.
@Suite struct KioskRuntimeTouchMatrixTests {
    /// libinput's matrix that swaps the digitizer's x and y.
    static let swap = TouchMatrix([0, 1, 0, 1, 0, 0])!

    /// The page a replay of `lines` (JSON lines) ends on, on a 900x600 panel.
    static func replay(_ lines: [String], matrix: TouchMatrix?, rotation: Rotation = .none) throws -> Int {
        var config = RuntimeFixture.config(RuntimeFixture.cards(3))
        config.display.touchMatrix = matrix
        config.display.rotation = rotation
        var kiosk = RuntimeFixture.kiosk(config)
        kiosk.advance(to: 0)
        let script = try ReplayScript.parse(lines.joined(separator: "\n"), file: "swipe.jsonl")
        kiosk.play(script, windowPoints: RuntimeFixture.pixels, load: RuntimeFixture.loader([:])) { _, _, _, _ in }
        return kiosk.runtime.session.pager.currentPage
    }

    /// A finger from (x0, y0) to (x1, y1), normalized, in a tenth of a second.
    static func swipe(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double) -> [String] {
        [#"{"at":0.5,"touch":"down","x":\#(x0),"y":\#(y0)}"#,
         #"{"at":0.55,"touch":"move","x":\#((x0 + x1) / 2),"y":\#((y0 + y1) / 2)}"#,
         #"{"at":0.6,"touch":"move","x":\#(x1),"y":\#(y1)}"#,
         #"{"at":0.6,"touch":"up","x":\#(x1),"y":\#(y1)}"#]
    }

    @Test func aMatrixThatSwapsAxesTurnsTheDigitizersUpwardSwipeIntoAPage() throws {
        // The digitizer reports the finger going up the panel; with its axes swapped, that is right to left.
        let upward = Self.swipe(from: 0.5, 0.9, to: 0.5, 0.1)
        #expect(try Self.replay(upward, matrix: nil) == 0)
        #expect(try Self.replay(upward, matrix: Self.swap) == 1)
        // And a swipe the digitizer reports as right to left no longer pages.
        #expect(try Self.replay(Self.swipe(from: 0.9, 0.5, to: 0.1, 0.5), matrix: nil) == 1)
        #expect(try Self.replay(Self.swipe(from: 0.9, 0.5, to: 0.1, 0.5), matrix: Self.swap) == 0)
    }

    @Test func theMatrixComesBeforeTheRotation() throws {
        // Turned 90° clockwise, a swipe to the left as the viewer sees it runs up the physical panel; a digitizer
        // with swapped axes reports that as right to left.
        let reported = Self.swipe(from: 0.9, 0.5, to: 0.1, 0.5)
        #expect(try Self.replay(reported, matrix: Self.swap, rotation: .clockwise90) == 1)
        #expect(try Self.replay(reported, matrix: nil, rotation: .clockwise90) == 0)
        // Upside down with a digitizer mirrored left to right ([-1, 0, 1, 0, 1, 0]): the two turns cancel across,
        // so the digitizer's right-to-left swipe is the viewer's too.
        let mirror = TouchMatrix([-1, 0, 1, 0, 1, 0])!
        #expect(try Self.replay(reported, matrix: mirror, rotation: .upsideDown) == 1)
        #expect(try Self.replay(reported, matrix: nil, rotation: .upsideDown) == 2)
    }

    @Test func theMouseIsNotCalibrated() {
        var config = RuntimeFixture.config(RuntimeFixture.cards(3))
        config.display.touchMatrix = Self.swap
        var kiosk = RuntimeFixture.kiosk(config)
        kiosk.advance(to: 0)
        kiosk.send(.paging(.pointerDown(id: -1, at: Point(x: 800, y: 300))), at: 0.5)
        kiosk.send(.paging(.pointerMove(id: -1, to: Point(x: 450, y: 300))), at: 0.55)
        kiosk.send(.paging(.pointerMove(id: -1, to: Point(x: 100, y: 300))), at: 0.6)
        kiosk.send(.paging(.pointerUp(id: -1, at: Point(x: 100, y: 300))), at: 0.6)
        kiosk.settle(within: 2)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
    }

    @Test func theMatrixMapsNormalizedPoints() {
        let size = Size(width: 900, height: 600)
        #expect(Self.swap.apply(Point(x: 450, y: 60), size: size) == Point(x: 90, y: 300))
        let shifted = TouchMatrix([1, 0, 0.1, 0, 1, -0.5])!
        #expect(shifted.apply(Point(x: 0, y: 600), size: size) == Point(x: 90, y: 300))
        #expect(TouchMatrix.identity.apply(Point(x: 12, y: 34), size: size) == Point(x: 12, y: 34))
        #expect(TouchMatrix(udevProperty: "0 1 0 1 0 0") == Self.swap)
        #expect(TouchMatrix(udevProperty: "0 1 0 1 0") == nil)
        #expect(TouchMatrix(udevProperty: "0 1 0 1 0 nan") == nil)
        #expect(TouchMatrix(udevProperty: "a b c d e f") == nil)
    }
}

/// `display.touchMatrix` in `check`.
@Suite struct TouchMatrixConfigTests {
    func errors(_ value: String) -> [String] {
        let text = #"{"display": {"touchMatrix": \#(value)}, "cards": [{"title": "A", "image": "a.jpg"}]}"#
        return (configError(text)?.diagnostics ?? []).map { "\($0.path): \($0.message)" }
    }

    @Test func sixNumbersDecode() throws {
        let text = #"{"display": {"touchMatrix": [0, 1, 0, 1, 0, 0]}, "cards": [{"title": "A", "image": "a.jpg"}]}"#
        #expect(try decodeConfig(text).config.display.touchMatrix == TouchMatrix([0, 1, 0, 1, 0, 0]))
        #expect(try decodeConfig(#"{"cards": [{"title": "A", "image": "a.jpg"}]}"#).config.display.touchMatrix == nil)
    }

    @Test func otherValuesAreRefused() {
        let expected = "expected six numbers [a, b, c, d, e, f] such as [0, 1, 0, 1, 0, 0] (libinput's calibration matrix)"
        #expect(errors("[1, 0, 0, 0, 1]") == ["display.touchMatrix: \(expected), found 5 elements"])
        #expect(errors(#""0 1 0 1 0 0""#) == ["display.touchMatrix: \(expected), found a string"])
        #expect(errors(#"[1, 0, "0", 0, 1, null]"#) == [
            "display.touchMatrix[2]: expected a finite number, found a string", "display.touchMatrix[5]: expected a finite number, found null",
        ])
    }
}
