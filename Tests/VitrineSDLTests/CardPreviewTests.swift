import Foundation
import Testing
import VitrineCore
@testable import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A card's preview: the picture at 1/8 scale in a few milliseconds (``JPEGDCImage``, ``JPEGPreview``).
    @Suite struct CardPreview {
        static func fixture(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/\(name)")))
        }

        /// The mean and the largest difference of each channel between `picture` and libjpeg's 1/8-scale decode.
        static func difference(_ picture: JPEGDCImage.Picture, _ reference: Surface) throws -> (mean: Double, most: Int) {
            let bytes = try reference.rgbaBytes(opaque: true)
            var total = 0, most = 0
            for (i, pixel) in picture.pixels.enumerated() {
                let ours = [Int(pixel >> 16 & 255), Int(pixel >> 8 & 255), Int(pixel & 255)]
                for c in 0..<3 {
                    let d = abs(ours[c] - Int(bytes[i * 4 + c]))
                    total += d
                    most = max(most, d)
                }
            }
            return (Double(total) / Double(picture.pixels.count * 3), most)
        }

        /// Each fixture with the mean and largest difference allowed: subsampled colour (4:2:0) differs more, since
        /// libjpeg draws it with a 2x2 transform where the preview repeats the block's mean.
        @Test(arguments: [("progressive.jpg", 3.0, 48), ("progressive-grey.jpg", 3, 48),
                          ("progressive-420-restarts.jpg", 6, 64), ("progressive-photo.jpg", 6, 64)])
        func theDCScansGiveLibjpegsEighthScale(_ name: String, meanAllowed: Double, mostAllowed: Int) throws {
            _ = Fixture.library
            let bytes = try Self.fixture(name)
            let picture = try #require(JPEGDCImage.decode(bytes))
            // libjpeg at its least scale: 1/8, which uses each block's DC term alone (and the last bit of it, which
            // a later scan refines, and for subsampled colour a 2x2 transform).
            let reference = try ImageDecoder.decode(bytes, options: DecodeOptions(covering: PixelSize(width: 1, height: 1))).surface
            #expect(picture.size == reference.size)
            let (mean, most) = try Self.difference(picture, reference)
            #expect(mean < meanAllowed, "mean difference \(mean)")
            #expect(most < mostAllowed, "largest difference \(most)")
        }

        @Test func aBaselineJPEGIsLeftToLibjpeg() throws {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(Fixture.root)/Assets/Demo/ember-mesa.jpg")))
            #expect(JPEGDCImage.decode(bytes) == nil)
            #expect(JPEGDCImage.decode(Array(try Self.fixture("progressive-photo.jpg").prefix(600))) == nil, "cut off in its DC scan")
        }

        @Test func aPreviewIsMadeForJPEGsOnly() throws {
            _ = Fixture.library
            let card = PixelSize(width: 600, height: 400)
            let baseline = try #require(JPEGPreview.picture(path: "\(Fixture.root)/Assets/Demo/ember-mesa.jpg", cardSize: card, exifOrientation: true))
            #expect(baseline.size == PixelSize(width: 150, height: 100), "1200x800 at the least scale covering a quarter of the card")
            let progressive = try #require(JPEGPreview.picture(path: "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/progressive-photo.jpg",
                                                               cardSize: card, exifOrientation: true))
            #expect(progressive.size == PixelSize(width: 75, height: 50))
            #expect(JPEGPreview.picture(path: "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/grey-trns.png", cardSize: card, exifOrientation: true) == nil)
        }

        @Test func aBaselineJPEGWithAnExifThumbnailShowsIt() throws {
            _ = Fixture.library
            // ember-mesa.jpg (1200x800, baseline) with an Exif block whose thumbnail is a 600x400 JPEG.
            let thumbnail = try Self.fixture("progressive-photo.jpg")
            func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
            var tiff = Array("II".utf8) + le(42, 2) + le(8, 4) + le(0, 2) + le(14, 4)  // IFD0: no entries; IFD1 at 14.
            tiff += le(2, 2) + le(0x0201, 2) + le(4, 2) + le(1, 4) + le(44, 4) + le(0x0202, 2) + le(4, 2) + le(1, 4) + le(thumbnail.count, 4)
            tiff += le(0, 4) + thumbnail
            let payload = Array("Exif\0\0".utf8) + tiff
            let picture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(Fixture.root)/Assets/Demo/ember-mesa.jpg")))
            let file = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload + picture.dropFirst(2)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-thumbnail-\(UUID().uuidString).jpg").path
            try Data(file).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let preview = try #require(JPEGPreview.picture(path: path, cardSize: PixelSize(width: 600, height: 400), exifOrientation: true))
            #expect(preview.size == PixelSize(width: 600, height: 400), "the thumbnail, not libjpeg's 150x100")
            // A thumbnail of another shape (a camera's 4:3 with bands) is not used.
            #expect(JPEGPreview.thumbnail(in: file, pictureSize: PixelSize(width: 1200, height: 900)) == nil)
        }
    }
}
