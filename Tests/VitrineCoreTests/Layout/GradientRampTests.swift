import Testing
@testable import VitrineCore

@Suite struct GradientRampTests {
    @Test func upperHalfIsUntouched() {
        let ramp = GradientRamp(height: 800)
        for row in 0..<400 { #expect(ramp.opacity(row: row) == 0) }
        #expect(ramp.rows == 400..<800)
    }

    @Test func bottomRowIsSixTenthsBlack() {
        let ramp = GradientRamp(height: 800)
        #expect(ramp.opacity(row: 799) == 0.6)
        #expect(ramp.alpha(row: 799) == 153)  // 0.6 × 255: a pixel keeps 102/255 = 0.4 of its value.
    }

    @Test func opacityRisesLinearlyFromTheCenter() {
        let ramp = GradientRamp(height: 801)
        #expect(ramp.startRow == 401)
        #expect(ramp.opacity(row: 400) == 0)  // The middle row of an odd height belongs to the upper half.
        var previous = -1.0
        for row in ramp.rows {
            let value = ramp.opacity(row: row)
            #expect(value >= previous)
            previous = value
        }
        #expect(abs(ramp.opacity(row: 600) - 0.6 * Double(600 - 401) / Double(800 - 401)) < 1e-12)
    }

    @Test func rowsOutsideTheCardHaveNoScrim() {
        let ramp = GradientRamp(height: 10)
        #expect(ramp.opacity(row: -1) == 0)
        #expect(ramp.opacity(row: 10) == 0)
    }

    @Test func tinyCardsStillEndAtTheBottomOpacity() {
        #expect(GradientRamp(height: 2).opacity(row: 1) == 0.6)
        #expect(GradientRamp(height: 1).opacity(row: 0) == 0.6)
        #expect(GradientRamp(height: 0).rows.isEmpty)
    }
}
