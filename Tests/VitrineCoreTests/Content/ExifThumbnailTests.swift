import Testing
import VitrineCore

/// The Exif thumbnail's bytes in a JPEG (``ExifThumbnail``).
@Suite struct ExifThumbnailTests {
    /// A JPEG's first bytes with an Exif block whose IFD1 points at `thumbnail`, in either byte order.
    static func jpeg(thumbnail: [UInt8], little: Bool, withIFD1: Bool = true) -> (bytes: [UInt8], thumbnail: Range<Int>) {
        func field(_ value: Int, _ count: Int) -> [UInt8] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return little ? bytes : bytes.reversed()
        }
        // TIFF header, IFD0 with one entry (orientation 1) at 8, IFD1 with two entries after it, then the thumbnail.
        let ifd1 = 8 + 2 + 12 + 4
        let thumbnailOffset = ifd1 + 2 + 2 * 12 + 4
        var tiff: [UInt8] = (little ? Array("II".utf8) : Array("MM".utf8)) + field(42, 2) + field(8, 4)
        tiff += field(1, 2) + field(0x0112, 2) + field(3, 2) + field(1, 4) + field(1, 2) + [0, 0] + field(withIFD1 ? ifd1 : 0, 4)
        tiff += field(2, 2)
        tiff += field(0x0201, 2) + field(4, 2) + field(1, 4) + field(thumbnailOffset, 4)
        tiff += field(0x0202, 2) + field(4, 2) + field(1, 4) + field(thumbnail.count, 4)
        tiff += field(0, 4) + thumbnail
        let payload = Array("Exif\0\0".utf8) + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let jfif: [UInt8] = [0xFF, 0xE0, 0, 4, 0x4A, 0x46]
        let bytes = [0xFF, 0xD8] + jfif + app1 + [0xFF, 0xDB, 0, 2]
        let start = 2 + jfif.count + 4 + 6 + thumbnailOffset
        return (bytes, start..<start + thumbnail.count)
    }

    static let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 1, 2, 3, 0xFF, 0xD9]

    @Test(arguments: [true, false]) func theThumbnailIsFoundInEitherByteOrder(little: Bool) {
        let file = Self.jpeg(thumbnail: Self.thumbnail, little: little)
        #expect(ExifThumbnail.range(in: file.bytes) == file.thumbnail)
        #expect(Array(file.bytes[file.thumbnail]) == Self.thumbnail)
    }

    @Test func noThumbnailIsNil() {
        #expect(ExifThumbnail.range(in: Self.jpeg(thumbnail: Self.thumbnail, little: true, withIFD1: false).bytes) == nil)
        #expect(ExifThumbnail.range(in: [0xFF, 0xD8, 0xFF, 0xDB, 0, 2]) == nil)
        // A thumbnail that is not a JPEG, or runs past the Exif block.
        #expect(ExifThumbnail.range(in: Self.jpeg(thumbnail: [1, 2, 3, 4, 5, 6], little: true).bytes) == nil)
        var cut = Self.jpeg(thumbnail: Self.thumbnail, little: true).bytes
        cut.removeLast(12)
        #expect(ExifThumbnail.range(in: cut) == nil)
    }
}
