import Foundation
import Testing
import VitrineCore
@testable import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A JPEG decoded straight into its card (``JPEGCardStream``) gives the very card pixels of decoding it whole and
    /// scaling it with SDL, and leaves to that path every picture it does not do the same way.
    @Suite struct JPEGDecodedIntoTheCard {
        /// A photo-like picture of `size` (the synthetic deck's hills, cropped or stretched to it) saved as a JPEG.
        static func photo(_ size: PixelSize, seed: UInt64 = 3) throws -> String {
            _ = Fixture.library
            let hills = try SyntheticDeck.picture(seed: seed)
            let picture = try Surface(size: size)
            try PreparedImage.stretch(hills, into: picture, path: "hills")
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-stream-\(UUID().uuidString).jpg").path
            try picture.writeJPEG(to: path, quality: 90)
            return path
        }

        /// The card as the deck makes it: the picture decoded whole at the least covering scale, then stretched.
        static func wholeThenStretched(_ path: String, card: PixelSize) throws -> [UInt8] {
            let decoded = try ImageDecoder.decode(path: path, options: DecodeOptions(covering: card))
            let target = try Surface(size: card)
            try PreparedImage.stretch(decoded.surface, into: target, path: path)
            return bytes(target)
        }

        static func streamed(_ path: String, card: PixelSize, exifOrientation: Bool = true) throws -> [UInt8]? {
            let target = try Surface(size: card)
            return JPEGCardStream.decode(path: path, into: target, exifOrientation: exifOrientation) ? bytes(target) : nil
        }

        static func bytes(_ surface: Surface) -> [UInt8] {
            surface.withPixels { rows in
                (0..<rows.size.height).flatMap { [UInt8](UnsafeRawBufferPointer(start: rows.row($0), count: rows.size.width * 4)) }
            } ?? []
        }

        @Test(arguments: [
            (PixelSize(width: 1800, height: 1200), PixelSize(width: 1200, height: 800)),  // The benchmark's card.
            (PixelSize(width: 1800, height: 1200), PixelSize(width: 1500, height: 1000)),
            (PixelSize(width: 1800, height: 1200), PixelSize(width: 450, height: 300)),  // Decoded at 1/4.
            (PixelSize(width: 640, height: 427), PixelSize(width: 1200, height: 800)),  // Enlarged.
            (PixelSize(width: 1000, height: 1000), PixelSize(width: 999, height: 666)),  // A square picture, cropped.
            (PixelSize(width: 2400, height: 900), PixelSize(width: 1281, height: 854)),  // A panorama, cropped.
            (PixelSize(width: 333, height: 1001), PixelSize(width: 300, height: 200)),  // Tall, odd sizes.
        ])
        func theCardIsTheOneTheWholePictureGives(picture: PixelSize, card: PixelSize) throws {
            let path = try Self.photo(picture)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let streamed = try #require(try Self.streamed(path, card: card))
            #expect(streamed == (try Self.wholeThenStretched(path, card: card)))
        }

        @Test func aProgressiveJPEGGivesTheSameCardToo() throws {
            _ = Fixture.library
            let path = "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/progressive.jpg"
            for card in [PixelSize(width: 300, height: 200), PixelSize(width: 97, height: 65)] {
                let streamed = try #require(try Self.streamed(path, card: card))
                #expect(streamed == (try Self.wholeThenStretched(path, card: card)))
            }
        }

        @Test func aTurnedOrCMYKOrDamagedPictureIsLeftToTheWholeDecode() throws {
            _ = Fixture.library
            let card = PixelSize(width: 300, height: 200)
            let temporary = try TemporaryFolder(prefix: "vitrine-stream"), folder = temporary.path
            defer { temporary.remove() }
            let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try Self.photo(PixelSize(width: 600, height: 400)))))
            func file(_ name: String, _ bytes: [UInt8]) throws -> String {
                let path = folder + "/" + name
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                return path
            }
            let turned = try file("turned.jpg", ImageHeaders.inserting(ImageHeaders.exifSegment(orientation: 6), into: plain))
            #expect(try Self.streamed(turned, card: card) == nil)
            // With Exif orientation off, the turned file is decoded as stored, as the whole decode does.
            let asStored = try #require(try Self.streamed(turned, card: card, exifOrientation: false))
            let decoded = try ImageDecoder.decode(path: turned, options: DecodeOptions(covering: card, exifOrientation: false))
            let target = try Surface(size: card)
            try PreparedImage.stretch(decoded.surface, into: target, path: turned)
            #expect(asStored == Self.bytes(target))
            let cmyk = try file("cmyk.jpg", [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/cmyk-adobe.jpg"))))
            #expect(try Self.streamed(cmyk, card: card) == nil)
            let cut = try file("cut.jpg", Array(plain.prefix(plain.count * 2 / 3)))
            #expect(try Self.streamed(cut, card: card) == nil)
            #expect(try Self.streamed(folder + "/missing.jpg", card: card) == nil)
            let png = try file("picture.png", ImageHeaders.png(width: 4, height: 4))
            #expect(try Self.streamed(png, card: card) == nil)
        }
    }
}
