import Foundation
import Testing
import VitrineCore
@testable import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The kiosk's decoder (``ImageDecoder``): card-size JPEG decoding, orientation, CMYK, transparency and limits.
    @Suite struct ImageDecoding {
        static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF

        /// A JPEG of `size` whose top-left quarter is red, top-right quarter blue and bottom half white.
        static func quadrantJPEG(size: PixelSize = PixelSize(width: 300, height: 200)) throws -> [UInt8] {
            _ = Fixture.library
            var rgba: [UInt8] = []
            for y in 0..<size.height {
                for x in 0..<size.width {
                    rgba += y >= size.height / 2 ? [255, 255, 255, 255] : x < size.width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255]
                }
            }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-decoder-\(UUID().uuidString).jpg").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Surface(rgba: rgba, size: size).writeJPEG(to: path, quality: 95)
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }

        static func fixture(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/\(name)")))
        }

        /// The pixel at (`x`, `y`), as ARGB, with each channel rounded to 0 or 255 (JPEG blurs colours a little).
        static func pixel(_ surface: Surface, _ x: Int, _ y: Int) -> UInt32 {
            let s = surface.pointer.pointee
            let p = s.pixels!.assumingMemoryBound(to: UInt32.self)[y * Int(s.pitch) / 4 + x]
            return [24, 16, 8, 0].reduce(0) { $0 | ((p >> UInt32($1) & 0xFF) >= 128 ? 0xFF : 0) << UInt32($1) }
        }

        /// The pixel at (`x`, `y`) as ARGB, exactly.
        static func exact(_ surface: Surface, _ x: Int, _ y: Int) -> UInt32 {
            let s = surface.pointer.pointee
            return s.pixels!.assumingMemoryBound(to: UInt32.self)[y * Int(s.pitch) / 4 + x]
        }

        static func corners(_ surface: Surface) -> [UInt32] {
            let w = surface.size.width - 6, h = surface.size.height - 6
            return [pixel(surface, 5, 5), pixel(surface, w, 5), pixel(surface, 5, h), pixel(surface, w, h)]
        }

        /// The shown corners (top-left, top-right, bottom-left, bottom-right) for each Exif orientation, as
        /// ImageMagick's `-auto-orient` shows the same files.
        static let expectedCorners: [Int: [UInt32]] = [
            1: [red, blue, white, white], 2: [blue, red, white, white], 3: [white, white, blue, red], 4: [white, white, red, blue],
            5: [red, white, blue, white], 6: [white, red, white, blue], 7: [white, blue, white, red], 8: [blue, white, red, white],
        ]

        @Test func everyExifOrientationIsShownUpright() throws {
            let jpeg = try Self.quadrantJPEG()
            for orientation in 1...8 {
                let file = ImageHeaders.inserting(ImageHeaders.exifSegment(orientation: orientation), into: jpeg)
                let decoded = try ImageDecoder.decode(file, options: DecodeOptions(covering: PixelSize(width: 300, height: 200)))
                #expect(decoded.surface.size == (orientation >= 5 ? PixelSize(width: 200, height: 300) : PixelSize(width: 300, height: 200)))
                #expect(Self.corners(decoded.surface) == Self.expectedCorners[orientation], "orientation \(orientation)")
                #expect(decoded.notes.contains { $0.contains("Exif orientation \(orientation)") } == (orientation != 1))
            }
        }

        /// A PNG's `eXIf` chunk and a WebP's `EXIF` chunk turn the picture as a JPEG's Exif does: both were ignored.
        @Test func aPNGsAndAWebPsExifOrientationTurnThePicture() throws {
            _ = Fixture.library
            var rgba: [UInt8] = []
            for y in 0..<200 { for x in 0..<300 { rgba += y >= 100 ? [255, 255, 255, 255] : x < 150 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-exif-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Surface(rgba: rgba, size: PixelSize(width: 300, height: 200)).writePNG(to: path)
            let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let options = DecodeOptions(covering: PixelSize(width: 300, height: 200))
            for orientation in [3, 6, 8] {
                let png = ImageHeaders.inserting(chunk: "eXIf", ImageHeaders.exifTIFF(orientation: orientation), into: plain)
                let decoded = try ImageDecoder.decode(png, options: options)
                #expect(Self.corners(decoded.surface) == Self.expectedCorners[orientation], "orientation \(orientation)")
                #expect(decoded.notes == ["shown \(ImageOrientation(rawValue: orientation)!.description) (Exif orientation \(orientation))"])
                #expect(decoded.isSame(as: options))
            }
            let still = try #require(try WebPFirstFrame.first(in: Self.fixture("animated.webp"))).still  // 16x16, red.
            let webp = ImageHeaders.webp(still, width: 16, height: 16, exif: ImageHeaders.exifTIFF(orientation: 6, littleEndian: true))
            #expect(try ImageDecoder.decode(webp).notes == ["shown turned a quarter turn clockwise (Exif orientation 6)"])
            #expect(try ImageDecoder.decode(webp, options: DecodeOptions(exifOrientation: false)).notes.isEmpty)
        }

        @Test func exifOrientationCanBeTurnedOff() throws {
            let file = ImageHeaders.inserting(ImageHeaders.exifSegment(orientation: 6), into: try Self.quadrantJPEG())
            let decoded = try ImageDecoder.decode(file, options: DecodeOptions(exifOrientation: false))
            #expect(Self.corners(decoded.surface) == Self.expectedCorners[1])
            #expect(decoded.notes.isEmpty)
        }

        @Test func aJPEGDecodesAtTheSmallestScaleThatCoversTheCard() throws {
            let jpeg = try Self.quadrantJPEG(size: PixelSize(width: 1800, height: 1200))
            let card = try ImageDecoder.decode(jpeg, options: DecodeOptions(covering: PixelSize(width: 900, height: 600)))
            #expect(card.surface.size == PixelSize(width: 900, height: 600))
            let between = try ImageDecoder.decode(jpeg, options: DecodeOptions(covering: PixelSize(width: 1200, height: 800)))
            #expect(between.surface.size == PixelSize(width: 1800, height: 1200))  // 3/4 would do, but only 1/8, 1/4, 1/2 and 1 are used.
            let small = try ImageDecoder.decode(jpeg, options: DecodeOptions(covering: PixelSize(width: 300, height: 200)))
            #expect(small.surface.size == PixelSize(width: 450, height: 300))
            let tiny = try ImageDecoder.decode(jpeg, options: DecodeOptions(covering: PixelSize(width: 200, height: 100)))
            #expect(tiny.surface.size == PixelSize(width: 225, height: 150))
            let big = try ImageDecoder.decode(jpeg, options: DecodeOptions(covering: PixelSize(width: 2400, height: 1600)))
            #expect(big.surface.size == PixelSize(width: 1800, height: 1200))
            #expect(Self.corners(card.surface) == Self.expectedCorners[1])
        }

        @Test func aTruncatedJPEGIsRefusedWithItsReason() throws {
            let jpeg = try Self.quadrantJPEG()
            #expect(throws: ImageProblem.self) { try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2))) }
            do throws(ImageProblem) {
                _ = try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2)))
            } catch {
                #expect(error.description.contains("cut off (libjpeg: Premature end of JPEG file)"))
            }
        }

        /// libjpeg warns "Premature end of JPEG file" whenever it reads past the data, even only to look ahead: a
        /// file whose data is whole but lacks its end marker was refused as cut off, while one cut in half with an
        /// end marker appended (grey below the cut) was shown with a note. What tells them apart is whether the
        /// decoder ran into the end while it still needed data.
        @Test func aJPEGMissingOnlyItsEndMarkerIsShownAndOneWhoseDataEndsEarlyIsRefused() throws {
            let jpeg = try Self.quadrantJPEG(size: PixelSize(width: 600, height: 400))
            let flat = ImageHeaders.flatJPEG(width: 64, height: 64, endMarker: false) { x, y in [UInt8(x * 30), UInt8(y * 30), 128] }
            for whole in [Array(jpeg.dropLast(2)), flat] {
                let decoded = try ImageDecoder.decode(whole)
                #expect(decoded.notes == ["the file ends without its end-of-image marker; its picture data is whole"])
            }
            #expect(try Self.corners(ImageDecoder.decode(Array(jpeg.dropLast(2))).surface) == Self.expectedCorners[1])
            let cut = Array(jpeg.prefix(jpeg.count / 2))
            for (bytes, reason) in [(cut + [0xFF, 0xD9], "the picture data is cut off before its end marker (libjpeg: Corrupt JPEG data: premature end of data segment)"),
                                    (cut, "the file is cut off (libjpeg: Premature end of JPEG file)")] {
                #expect { try ImageDecoder.decode(bytes) } throws: { "\($0)".contains(reason) }
            }
        }

        @Test func anAdobeCMYKJPEGKeepsItsColours() throws {
            let decoded = try ImageDecoder.decode(try Self.fixture("cmyk-adobe.jpg"))
            #expect(Self.pixel(decoded.surface, 2, 8) == Self.red)
            #expect(Self.pixel(decoded.surface, 13, 8) == Self.blue)
            #expect(decoded.notes.contains { $0.hasPrefix("converted from") })
        }

        /// A CMYK JPEG without an Adobe marker stores 255 − ink as Photoshop's do (ImageMagick writes the same bytes
        /// with or without the marker, and reads both so): it was read as ink, all black where it was white.
        @Test func aCMYKJPEGWithOrWithoutAnAdobeMarkerKeepsItsColours() throws {
            // Red is no cyan, full magenta and yellow, no black; blue full cyan and magenta. Stored as 255 − ink.
            for adobe in [nil, 0] as [Int?] {
                let file = ImageHeaders.flatJPEG(width: 24, height: 8, adobeTransform: adobe) { x, _ in
                    [[255, 0, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]][x]
                }
                let decoded = try ImageDecoder.decode(file)
                #expect([Self.pixel(decoded.surface, 2, 2), Self.pixel(decoded.surface, 10, 2), Self.pixel(decoded.surface, 18, 2)]
                        == [Self.red, Self.blue, Self.white], "Adobe marker: \(adobe != nil)")
                #expect(decoded.notes == [adobe == nil ? "converted from CMYK (no Adobe marker, read inverted as Photoshop writes it) to RGB"
                                                       : "converted from CMYK (Adobe, inverted) to RGB"])
            }
        }

        @Test func aProgressiveJPEGOverTheScanLimitIsRefused() throws {
            let jpeg = try Self.fixture("progressive.jpg")
            #expect(try JPEGDecoder.decode(jpeg, covering: nil).surface.size == PixelSize(width: 16, height: 16))
            do throws(ImageProblem) {
                _ = try JPEGDecoder.decode(jpeg, covering: nil, maximumScans: 3)
                Issue.record("decoded past the scan limit")
            } catch {
                #expect(error.description.hasPrefix("more than 3 progressive scans"))
            }
        }

        @Test func aHandBuiltProgressiveJPEGDecodesUnderTheScanLimitAndIsRefusedOverIt() throws {
            let few = try ImageDecoder.decode(ImageHeaders.progressiveJPEG(width: 64, height: 48, scans: 10))
            #expect(few.surface.size == PixelSize(width: 64, height: 48))
            let s = few.surface.pointer.pointee
            #expect(s.pixels!.assumingMemoryBound(to: UInt32.self)[10] == 0xFF80_8080)  // Every coefficient 0: mid grey.
            let reason = #expect(throws: ImageProblem.self) {
                try ImageDecoder.decode(ImageHeaders.progressiveJPEG(width: 64, height: 48, scans: ImageLimits.maximumProgressiveScans + 1))
            }
            #expect(reason?.description == "more than 100 progressive scans, the limit (real photos have about 10)")
        }

        @Test func aGreyPNGWithATransparentGreyGetsItsGreyAndBlackBehindTheTransparency() throws {
            let decoded = try ImageDecoder.decode(try Self.fixture("grey-trns.png"))
            let s = decoded.surface.pointer.pointee
            let pixels = s.pixels!.assumingMemoryBound(to: UInt32.self)
            #expect(pixels[0] == 0xFF4C_4C4C)  // Grey 76, opaque.
            #expect(pixels[12] == 0xFF00_0000)  // The transparent grey, over black.
            #expect(decoded.notes == ["transparent pixels shown over black"])
        }

        /// `display.background`'s colour shows through transparent pixels, as it does around the card.
        @Test func transparentPixelsAreComposedOverTheBackgroundColour() throws {
            let background = Color(red: 0x10, green: 0x20, blue: 0x30)
            let options = DecodeOptions(background: background)
            let grey = try ImageDecoder.decode(try Self.fixture("grey-trns.png"), options: options)
            #expect(Self.exact(grey.surface, 0, 0) == 0xFF4C_4C4C)  // Grey 76, opaque: as it was.
            #expect(Self.exact(grey.surface, 12, 0) == 0xFF10_2030)  // Transparent: the background.
            #expect(grey.notes == ["transparent pixels shown over the background colour #102030"])
            #expect(grey.isSame(as: options) && !grey.isSame(as: DecodeOptions()))
            // Interlaced with alpha, decoded whole and shrunk by boxes as it is read: its right half is transparent.
            let png = try Self.fixture("interlaced-alpha.png")
            for covering in [nil, PixelSize(width: 16, height: 12)] {
                let decoded = try ImageDecoder.decode(png, options: DecodeOptions(covering: covering, background: background))
                let size = decoded.surface.size
                #expect(Self.exact(decoded.surface, size.width - 1, size.height - 1) == 0xFF10_2030, "\(size)")
                #expect(Self.exact(decoded.surface, 0, 0) == 0xFFFF_0000, "\(size)")
            }
            // Half transparent over the background: each channel blended, rounded.
            let half = try Surface(size: PixelSize(width: 1, height: 1))
            half.forEachRow { row in UnsafeMutableRawPointer(mutating: row.baseAddress!).storeBytes(of: UInt32(0x80FF_8000), as: UInt32.self) }
            #expect(half.composite(over: background))
            #expect(Self.exact(half, 0, 0) == 0xFF88_5018)  // (255·128 + 16·127 + 127) / 255 = 136, …
        }

        @Test func anAnimatedWebPShowsItsFirstFrame() throws {
            let decoded = try ImageDecoder.decode(try Self.fixture("animated.webp"))
            #expect(decoded.surface.size == PixelSize(width: 16, height: 16))
            #expect(Self.pixel(decoded.surface, 8, 8) == Self.red)
            #expect(decoded.notes == ["animated: its first frame is shown"])
            let alpha = try ImageDecoder.decode(try Self.fixture("animated-alpha.webp"))
            #expect(Self.pixel(alpha.surface, 2, 8) == Self.red)
            #expect(Self.pixel(alpha.surface, 13, 8) == 0xFF00_0000)
            #expect(alpha.notes == ["animated: its first frame is shown", "transparent pixels shown over black"])
        }

        @Test func aPNGIsShrunkWhileItIsReadToTheCardItCovers() throws {
            _ = Fixture.library
            // 64x48, left half red, right half blue, through SDL's PNG writer (not interlaced).
            var rgba: [UInt8] = []
            for _ in 0..<48 { for x in 0..<64 { rgba += x < 32 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-shrink-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Surface(rgba: rgba, size: PixelSize(width: 64, height: 48)).writePNG(to: path)
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let shrunk = try ImageDecoder.decode(png, options: DecodeOptions(covering: PixelSize(width: 15, height: 10)))
            #expect(shrunk.surface.size == PixelSize(width: 16, height: 12))  // A factor of 4 still covers 15x10.
            #expect(Self.pixel(shrunk.surface, 7, 5) == Self.red && Self.pixel(shrunk.surface, 8, 5) == Self.blue)
            #expect(try ImageDecoder.decode(png, options: DecodeOptions(covering: PixelSize(width: 33, height: 10))).surface.size
                    == PixelSize(width: 64, height: 48))
            // Interlaced with alpha: read whole, composited over black, then shrunk.
            let interlaced = try ImageDecoder.decode(try Self.fixture("interlaced-alpha.png"), options: DecodeOptions(covering: PixelSize(width: 30, height: 20)))
            #expect(interlaced.surface.size == PixelSize(width: 32, height: 24))
            #expect(Self.pixel(interlaced.surface, 5, 5) == Self.red && Self.pixel(interlaced.surface, 25, 5) == 0xFF00_0000)
            #expect(interlaced.notes == ["transparent pixels shown over black"])
        }

        @Test func aGIFShowsItsFirstFrameWithTransparencyOverBlack() throws {
            let animated = try ImageDecoder.decode(try Self.fixture("animated.gif"))
            #expect(animated.surface.size == PixelSize(width: 16, height: 16))
            #expect(Self.corners(animated.surface) == [Self.red, Self.red, Self.red, Self.red])
            #expect(animated.notes == ["animated: its first frame is shown"])
            let interlaced = try ImageDecoder.decode(try Self.fixture("interlaced-alpha.gif"))
            #expect(Self.corners(interlaced.surface) == [Self.red, 0xFF00_0000, Self.red, 0xFF00_0000])
            #expect(interlaced.notes == ["transparent pixels shown over black"])
        }

        /// Seeded random damage to every fixture (bytes changed, dropped, inserted, the file cut): each decodes or
        /// is refused with a reason, and nothing crashes (SDL_image's GIF reader did, on one such file).
        @Test func damagedFilesDecodeOrAreRefused() throws {
            var random = SplitMix64(seed: 0xDA4A6E)
            let names = try FileManager.default.contentsOfDirectory(atPath: "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures").sorted()
            var refused = 0, decoded = 0
            for name in names {
                let original = try Self.fixture(name)
                for _ in 0..<150 {
                    var bytes = original
                    for _ in 0..<Int(random.next() % 6 + 1) {
                        let at = Int(random.next() % UInt64(bytes.count))
                        switch random.next() % 3 {
                        case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                        case 1: bytes.remove(at: at)
                        default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                        }
                    }
                    if random.next() % 5 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
                    do throws(ImageProblem) {
                        _ = try ImageDecoder.decode(bytes)
                        decoded += 1
                    } catch {
                        #expect(!error.description.isEmpty)
                        refused += 1
                    }
                }
            }
            #expect(refused > 0 && decoded > 0)
        }

        @Test(arguments: ["photo.heic", "photo.avif"])
        func heicAndAVIFAreDecodedByLibheif(name: String) throws {
            let decoded = try ImageDecoder.decode(try Self.fixture(name))
            #expect(decoded.surface.size == PixelSize(width: 64, height: 48))
            #expect(Self.corners(decoded.surface) == [Self.red, Self.blue, Self.red, Self.blue])
            #expect(decoded.notes == ["decoded from \(name.hasSuffix("heic") ? "HEIC" : "AVIF") with libheif"])
        }

        @Test func aHugeChunkIsRefusedFromItsFileAtOnce() throws {
            let reason = #expect(throws: ImageProblem.self) { try ImageDecoder.decode(ImageHeaders.pngWithChunk("zTXt", claimedLength: 0x7FFF_FFF0)) }
            #expect(reason?.description.contains("over the 8 MiB limit for metadata chunks") == true)
        }
    }
}
