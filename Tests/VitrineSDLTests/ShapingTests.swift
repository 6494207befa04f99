import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Shaped, bidirectional text: lines drawn glyph for glyph as Pillow lays them out with libraqm (FriBidi for the
    /// order, HarfBuzz for the shapes) in the same font at the same size.
    ///
    /// Needs python3 with Pillow built with raqm (`make test` and `.ci/run` install python3-pil and libraqm0), and
    /// fonts-noto-core for Devanagari. The comparison is of ink: both lines cropped to their ink and compared pixel
    /// by pixel; a glyph out of place, unjoined or unshaped moves far more ink than the two rasterizers' rounding.
    @Suite struct Shaping {
        static let pixelSize = 42
        static let white = Color(red: 255, green: 255, blue: 255)
        static let dejaVuBold = "\(Fixture.root)/Assets/Fonts/DejaVuSans-Bold.ttf"
        static let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"

        /// A library whose faces are all `path`, with no system fallback: the line is drawn by that face alone.
        static func library(_ path: String) -> FontLibrary {
            _ = Fixture.library
            return FontLibrary(paths: [.regular: path, .bold: path], systemFallback: false)
        }

        /// The ink of a line: coverage 0-255, cropped to the pixels with any.
        struct Ink: CustomStringConvertible {
            var width: Int, height: Int, coverage: [UInt8]
            var description: String { "\(width)x\(height)" }

            init(width: Int, height: Int, coverage: [UInt8]) {
                var (minX, minY, maxX, maxY) = (width, height, -1, -1)
                for y in 0..<height { for x in 0..<width where coverage[y * width + x] > 24 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                } }
                guard maxX >= 0 else { self.width = 0; self.height = 0; self.coverage = []; return }
                self.width = maxX - minX + 1
                self.height = maxY - minY + 1
                self.coverage = (minY...maxY).flatMap { y in coverage[(y * width + minX)...(y * width + maxX)] }
            }

            /// The mean difference of coverage, 0 to 1, over the larger of the two boxes (ink against nothing
            /// where one is larger).
            func difference(from other: Ink) -> Double {
                let w = max(width, other.width), h = max(height, other.height)
                guard w > 0, h > 0 else { return 1 }
                var total = 0
                for y in 0..<h { for x in 0..<w {
                    let a = x < width && y < height ? Int(coverage[y * width + x]) : 0
                    let b = x < other.width && y < other.height ? Int(other.coverage[y * other.width + x]) : 0
                    total += abs(a - b)
                } }
                // Relative to the ink there is, so a long line's few stray pixels weigh what a short line's do.
                let ink = max(1, coverage.reduce(0) { $0 + Int($1) } + other.coverage.reduce(0) { $0 + Int($1) })
                return Double(total) / Double(ink)
            }
        }

        /// The ink of `surface`'s alpha (white text on transparent).
        static func ink(_ surface: Surface) throws -> Ink {
            let rgba = try surface.rgbaBytes()
            let size = surface.size
            return Ink(width: size.width, height: size.height, coverage: stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] })
        }

        /// Pillow's raqm layout of `text`, or nil when Pillow or raqm is not installed.
        static func raqm(_ text: String, font: String) throws -> Ink? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/raqm_line.py", font, "\(pixelSize)", text]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus != 77 else { return nil }
            #expect(process.terminationStatus == 0, "raqm_line.py exited \(process.terminationStatus)")
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            guard lines.count > 1 else { return nil }
            let size = lines[0].split(separator: " ").compactMap { Int($0) }
            var coverage: [UInt8] = []
            for row in lines.dropFirst() {
                var index = row.startIndex
                while index < row.endIndex {
                    let next = row.index(index, offsetBy: 2)
                    coverage.append(UInt8(row[index..<next], radix: 16) ?? 0)
                    index = next
                }
            }
            return Ink(width: size[0], height: size[1], coverage: coverage)
        }

        /// How far a line may be from Pillow's: the two rasterizers place glyphs within a pixel of each other.
        static let tolerance = 0.25

        @Test(arguments: [("שלום עולם", dejaVuBold), ("المسجد الأقصى", dejaVuBold), ("Price سلام 123", dejaVuBold),
                          ("उत्तर प्रदेश", devanagari)])
        func linesAreDrawnAsRaqmLaysThemOut(text: String, font: String) throws {
            guard FileManager.default.fileExists(atPath: font) else {
                Issue.record("\(font) is missing: apt-get install fonts-noto-core"); return
            }
            guard let expected = try Self.raqm(text, font: font) else {
                Issue.record("python3 with Pillow and raqm is missing: apt-get install python3-pil libraqm0"); return
            }
            let fonts = Self.library(font)
            let line = try fonts.render(text, weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            let drawn = try Self.ink(line.surface)
            // The unshaped line, in logical order, left to right: what Vitrine drew before.
            let plain = try Self.ink(fonts.font(.bold, pixelSize: Self.pixelSize).render(text, color: Self.white))
            let difference = drawn.difference(from: expected), before = plain.difference(from: expected)
            print("shaping: \(text): \(drawn) against raqm's \(expected): difference \(difference), unshaped \(before)")
            #expect(abs(drawn.width - expected.width) <= 2 && abs(drawn.height - expected.height) <= 2, "\(drawn) against raqm's \(expected)")
            #expect(difference < Self.tolerance, "\(text): \(difference)")
            // And the comparison tells: the line as SDL_ttf draws it unsplit, unshaped, is far off.
            #expect(before > Self.tolerance, "\(text): unshaped \(before)")
        }
    }
}
