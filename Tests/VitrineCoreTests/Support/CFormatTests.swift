import Foundation
import Testing
@testable import VitrineCore

/// `String(cFormat:)` against Foundation's `String(format:)`, which it replaces: the same bytes for every format
/// Vitrine uses.
@Suite struct CFormatTests {
    @Test(arguments: [0.0, 0.04, 0.05, 0.5, 1, 2.5, 16.666_666, 99.95, 999.5, 1234.5678, -3.25, 1e9, 1e-7])
    func decimalsMatchFoundation(value: Double) {
        for format in ["%.0f", "%.1f", "%.2f", "%.3f", "%.3f s", "%.1f ms", " %10.3f %10.3f  "] {
            #expect(String(cFormat: format, value, value * 3) == String(format: format, value, value * 3), "\(format)")
        }
    }

    @Test func theLoggersTimestampMatchesFoundation() {
        let format = "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ"
        let parts: [Int32] = [2026, 11, 30, 3, 50, 12, 7]
        #expect(String(cFormat: format, parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6])
                == "2026-11-30T03:50:12.007Z")
        #expect(String(cFormat: format, parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6])
                == String(format: format, parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6]))
    }

    @Test func integersAndPercentSigns() {
        #expect(String(cFormat: "%d%% of %ld", Int32(42), 9_000_000_000) == "42% of 9000000000")
        #expect(String(cFormat: "no conversions") == "no conversions")
    }

    @Test func aResultLongerThanTheFirstBufferIsWhole() {
        let wide = String(cFormat: "%300.2f|", 1.5)
        #expect(wide.utf8.count == 301)
        #expect(wide.hasSuffix("1.50|") && wide.hasPrefix("   "))
    }

    @Test func textIsKeptAsUTF8() {
        #expect(String(cFormat: "Zürich %.1f °C", 21.25) == "Zürich 21.2 °C")
    }
}
