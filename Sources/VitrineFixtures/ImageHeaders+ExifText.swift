extension ImageHeaders {
    /// An APP1 segment (marker, length, body) holding an Exif block whose IFD0 has an `ImageDescription` (ASCII,
    /// NUL-ended) of `description` and an `XPTitle` (UTF-16LE, as Windows writes it) of `xpTitle`, each when given,
    /// their values after the directory, in the byte order `littleEndian` picks.
    public static func exifSegment(description: String?, xpTitle: String?, littleEndian little: Bool = false) -> [UInt8] {
        func field(_ value: Int, _ count: Int) -> [UInt8] { little ? littleEndian(value, count) : bigEndian(value, count) }
        var values: [(tag: Int, type: Int, bytes: [UInt8])] = []
        if let description { values.append((0x010E, 2, Array(description.utf8) + [0])) }
        if let xpTitle { values.append((0x9C9B, 1, xpTitle.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0, 0])) }
        var directory = field(values.count, 2)
        var data: [UInt8] = []
        let dataStart = 8 + 2 + values.count * 12 + 4
        for value in values {
            directory += field(value.tag, 2) + field(value.type, 2) + field(value.bytes.count, 4)
            if value.bytes.count <= 4 {
                directory += value.bytes + [UInt8](repeating: 0, count: 4 - value.bytes.count)
            } else {
                directory += field(dataStart + data.count, 4)
                data += value.bytes
            }
        }
        let tiff: [UInt8] = (little ? Array("II".utf8) : Array("MM".utf8)) + field(42, 2) + field(8, 4) + directory + field(0, 4) + data
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + bigEndian(body.count + 2, 2) + body
    }
}
