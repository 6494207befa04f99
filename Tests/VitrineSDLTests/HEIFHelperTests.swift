import Foundation
import Testing
import VitrineCore
import VitrineFixtures
@testable import VitrineSDL
import VitrineTestSupport

/// Where the tests find `heif-enc` (Debian's libheif-examples), which makes their HEIC and AVIF files, and
/// `ffmpeg`, which makes a 16-bit PNG for the 10-bit AVIF.
let heifTestEncoder = "/usr/bin/heif-enc", heifTestFFmpeg = FFmpegTool.path

extension SDLTests {
    /// HEIC and AVIF decoded in the helper process (``HEIFHelper``, the built `vitrine heif-decode`): the same
    /// pictures as the PNG or JPEG they were made from, with only the card-size picture in the kiosk's process.
    @Suite(.enabled(if: [heifTestEncoder, heifTestFFmpeg].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) },
                    "needs heif-enc (libheif-examples) and ffmpeg; CI installs them"))
    struct HEIFHelperDecoding {
        static let size = PixelSize(width: 240, height: 160)
        static let card = PixelSize(width: 120, height: 80)

        init() { HEIFHelper.executable = VitrineProcess.executable }

        /// Gradients and blocks of colour, so that a turn, a mirror or a wrong matrix shows; with `alpha`, a
        /// left-to-right ramp of opacity.
        static func picture(alpha: Bool = false) -> [UInt8] {
            var rgba: [UInt8] = []
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let block: [UInt8] = x < 80 ? [220, 40, 30] : x < 160 ? [30, 200, 60] : [40, 60, 210]
                    let shade = UInt8(y * 255 / size.height)
                    rgba += y < 60 ? block : [shade, UInt8(x * 255 / size.width), 255 - shade]
                    rgba.append(alpha ? UInt8(x * 255 / (size.width - 1)) : 255)
                }
            }
            return rgba
        }

        /// A fresh folder for one test's files.
        static func folder() throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-heif-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        /// Runs `tool` with `arguments`, failing with its output when it fails.
        static func run(_ tool: String, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw SDLError(operation: "\(tool) \(arguments)", message: text) }
        }

        /// The mean difference of two pictures of one size, per channel (0-255).
        static func meanDifference(_ a: Surface, _ b: Surface) -> Double {
            var total = 0
            for y in 0..<a.size.height {
                let p = a.pixelRows!.pixels(y), q = b.pixelRows!.pixels(y)
                for x in 0..<a.size.width {
                    for shift in [16, 8, 0] as [UInt32] { total += abs(Int(p[x] >> shift & 0xFF) - Int(q[x] >> shift & 0xFF)) }
                }
            }
            return Double(total) / Double(a.size.width * a.size.height * 3)
        }

        /// `heif` decoded in the helper, checked against `reference` decoded as usual, at card size over `background`.
        static func expectSame(_ heif: String, as reference: String, name: String, background: Color = .black,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> DecodedImage {
            let options = DecodeOptions(covering: card, background: background)
            let decoded = try ImageDecoder.decode(path: heif, options: options)
            let expected = try ImageDecoder.decode(path: reference, options: options)
            #expect(decoded.surface.size == expected.surface.size, sourceLocation: sourceLocation)
            #expect(decoded.notes.first == "decoded from \(name) with libheif", sourceLocation: sourceLocation)
            // The kiosk's process holds only the card-size picture the helper hands back.
            #expect(decoded.decodeBytes == decoded.surface.size.width * decoded.surface.size.height * 4, sourceLocation: sourceLocation)
            #expect(decoded.fileBytesHeld == 0, sourceLocation: sourceLocation)
            if decoded.surface.size == expected.surface.size {
                let difference = meanDifference(decoded.surface, expected.surface)
                #expect(difference < 4, "mean difference \(difference)", sourceLocation: sourceLocation)
            }
            return decoded
        }

        @Test func aHEIC420IsTheSamePictureAsItsPNG() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Surface(rgba: Self.picture(), size: Self.size).writePNG(to: "\(folder)/source.png")
            try Self.run(heifTestEncoder, ["-q", "92", "-p", "chroma=420", "\(folder)/source.png", "-o", "\(folder)/photo.heic"])
            let decoded = try Self.expectSame("\(folder)/photo.heic", as: "\(folder)/source.png", name: "HEIC")
            #expect(decoded.surface.size == Self.card)
        }

        @Test func aTenBitAVIF422IsTheSamePictureAsItsPNG() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Surface(rgba: Self.picture(), size: Self.size).writePNG(to: "\(folder)/source.png")
            // heif-enc writes 10 bits a sample from a 16-bit PNG; as 4:2:2 (with libaom 3.6, 10-bit 4:2:0 aborts).
            try Self.run(heifTestFFmpeg, ["-loglevel", "error", "-i", "\(folder)/source.png", "-pix_fmt", "rgb48be", "\(folder)/source16.png"])
            try Self.run(heifTestEncoder, ["-A", "-b", "10", "-q", "92", "-p", "chroma=422", "-p", "speed=8", "\(folder)/source16.png",
                                           "-o", "\(folder)/photo.avif"])
            _ = try Self.expectSame("\(folder)/photo.avif", as: "\(folder)/source.png", name: "AVIF")
        }

        @Test func anAVIFWithAlphaIsCompositedAsItsPNGIs() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Surface.writePNG writes RGB: ffmpeg makes the RGBA PNG from the raw pixels.
            try Data(Self.picture(alpha: true)).write(to: URL(fileURLWithPath: "\(folder)/source.rgba"))
            try Self.run(heifTestFFmpeg, ["-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(Self.size.width)x\(Self.size.height)",
                                          "-i", "\(folder)/source.rgba", "\(folder)/source.png"])
            try Self.run(heifTestEncoder, ["-A", "-q", "95", "-p", "chroma=444", "-p", "speed=8", "\(folder)/source.png", "-o", "\(folder)/photo.avif"])
            let decoded = try Self.expectSame("\(folder)/photo.avif", as: "\(folder)/source.png", name: "AVIF",
                                              background: Color(red: 250, green: 240, blue: 10))
            #expect(decoded.compositedOver == Color(red: 250, green: 240, blue: 10))
            #expect(decoded.notes.contains { $0.hasPrefix("transparent pixels shown over") })
        }

        @Test func aHEICTurnedByItsIrotBoxIsShownAsItsJPEGIs() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Surface(rgba: Self.picture(), size: Self.size).writeJPEG(to: "\(folder)/upright.jpg", quality: 95)
            let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/upright.jpg")))
            try Data(ImageHeaders.inserting(ImageHeaders.exifSegment(orientation: 6), into: jpeg)).write(to: URL(fileURLWithPath: "\(folder)/turned.jpg"))
            // The upright picture as a HEIC whose irot turns it three quarter turns anticlockwise: as Exif 6 does.
            try Self.run(heifTestEncoder, ["-q", "92", "-p", "chroma=420", "\(folder)/upright.jpg", "-o", "\(folder)/upright.heic"])
            let upright = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/upright.heic")))
            let turned = try #require(ImageHeaders.heifTurned(upright, quarterTurns: 3))
            try Data(turned).write(to: URL(fileURLWithPath: "\(folder)/turned.heic"))
            let decoded = try Self.expectSame("\(folder)/turned.heic", as: "\(folder)/turned.jpg", name: "HEIC")
            #expect(decoded.surface.size == PixelSize(width: Self.size.height, height: Self.size.width))
            #expect(decoded.wholeSize == PixelSize(width: Self.size.height, height: Self.size.width))
        }

        @Test func aHEICOverTheHelpersMemoryIsRefusedByNameBeforeItStarts() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // A 20-megapixel HEIC's header (its coded picture is never reached).
            func box(_ type: String, _ body: [UInt8]) -> [UInt8] { ImageHeaders.bigEndian(body.count + 8, 4) + Array(type.utf8) + body }
            let header = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
                + box("ispe", [0, 0, 0, 0] + ImageHeaders.bigEndian(5472, 4) + ImageHeaders.bigEndian(3648, 4))
            let path = "\(folder)/big.heic"
            try Data(header + [UInt8](repeating: 0, count: 3_000_000)).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: SDLError.self) { try ImageDecoder.decode(path: path, options: DecodeOptions(covering: PixelSize(width: 1920, height: 1280))) }
            #expect(error?.description.contains(path) == true)
            #expect(error?.message.hasPrefix("decoding this HEIC needs about ") == true)
            #expect(error?.message.contains("(5472x3648 decoded whole, shown at ") == true)
            #expect(error?.message.hasSuffix("over the 112 MiB HEIF decoder process's memory limit; convert it to JPEG to show it") == true)
            #expect(error?.message.contains("\n") == false)
        }

        @Test func aHelperThatEndsWithoutAPictureGivesOneLine() throws {
            let heic = "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/photo.heic"
            let head = try ImageDecoding.fixture("photo.heic")
            let info = try ImageProbe.check(head, isWholeFile: true)
            let error = #expect(throws: ImageProblem.self) {
                try HEIFHelper.decode(path: heic, head: head, info: info, fileBytes: head.count, covering: Self.card, background: .black,
                                      stop: nil, executable: "/bin/false")
            }
            #expect(error?.description == "the HEIF decoder process ended with exit status 1 before giving the picture; convert it to JPEG to show it")
        }

        @Test func aHelperNoLongerWantedIsKilledAtOnce() throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // A helper that never answers, and writes its process id where the test can see it.
            let script = "\(folder)/helper.sh"
            try "#!/bin/sh\necho $$ > \(folder)/pid\nexec sleep 30\n".write(toFile: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
            let heic = "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/photo.heic"
            let head = try ImageDecoding.fixture("photo.heic")
            let info = try ImageProbe.check(head, isWholeFile: true)
            let stop = DecodeStop()
            let started = Date()
            DispatchQueue.global().async {
                // Pulled once the helper is running.
                while !FileManager.default.fileExists(atPath: "\(folder)/pid"), Date().timeIntervalSince(started) < 10 { usleep(10_000) }
                stop.stop()
            }
            let error = #expect(throws: ImageProblem.self) {
                try HEIFHelper.decode(path: heic, head: head, info: info, fileBytes: head.count, covering: Self.card, background: .black,
                                      stop: stop, executable: script)
            }
            #expect(error == DecodeStop.abandoned(.heif))
            #expect(Date().timeIntervalSince(started) < 5)
            let pid = try #require(Int32(String(contentsOfFile: "\(folder)/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, 0) != 0, "the helper was killed and reaped")
        }
    }
}
