/// A progressive JPEG's picture at 1/8 scale from its first DC scans alone: one pixel a 8x8 block, its mean.
///
/// This is what libjpeg's 1/8 DCT scale gives (the DC term alone), but libjpeg must read every scan of a progressive
/// file into a coefficient buffer of the whole picture first: for a 24-megapixel photo, 72-144 MB and most of a
/// full decode's time. The DC scans come first and are a small part of the file, so a card's preview costs a
/// few milliseconds and a few hundred kilobytes. Baseline files (DC and AC interleaved) and anything unusual
/// (arithmetic coding, 12-bit samples, four components) give nil: libjpeg decodes those.
public enum JPEGDCImage {
    /// The picture: ARGB8888 pixels (opaque), row after row, `size.width` a row.
    public struct Picture: Equatable, Sendable {
        public var size: PixelSize
        public var pixels: [UInt32]
    }

    /// The 1/8-scale picture of the progressive JPEG `bytes`, or nil when it is not one this reads.
    public static func decode(_ bytes: [UInt8]) -> Picture? {
        decodeCountingWork(bytes).picture
    }

    /// ``decode(_:)``, with the work it did: DC plane entries allocated, MCUs visited and symbols decoded.
    static func decodeCountingWork(_ bytes: [UInt8]) -> (picture: Picture?, work: Int) {
        var reader = Reader(bytes: bytes)
        let picture = try? reader.read()
        return (picture ?? nil, reader.work)
    }

    private struct Component {
        var id: UInt8
        var h: Int, v: Int, table: Int
        /// Blocks a row and rows of blocks in the DC plane (whole MCUs).
        var blocksWide = 0, blocksHigh = 0
        var dc: [Int32] = []
        var done = false
    }

    private struct Huffman {
        /// For each code length 1...16: the first code, the largest code (-1 for none) and the first value's index.
        var minCode = [Int32](repeating: 0, count: 17), maxCode = [Int32](repeating: -1, count: 18), first = [Int](repeating: 0, count: 17)
        var values: [UInt8] = []
        /// The codes of at most ``fastBits`` bits, by the next ``fastBits`` bits: length << 8 | value (0: longer).
        var fast = [UInt16](repeating: 0, count: 1 << Huffman.fastBits)
        static let fastBits = 9

        init(counts: [Int], values: [UInt8]) {
            self.values = values
            var code: Int32 = 0, index = 0
            for length in 1...16 {
                first[length] = index
                minCode[length] = code
                for n in 0..<counts[length - 1] where length <= Huffman.fastBits && index + n < values.count {
                    let start = Int(code + Int32(n)) << (Huffman.fastBits - length)
                    for entry in start..<start + 1 << (Huffman.fastBits - length) where entry < fast.count {
                        fast[entry] = UInt16(length << 8) | UInt16(values[index + n])
                    }
                }
                code += Int32(counts[length - 1])
                index += counts[length - 1]
                maxCode[length] = counts[length - 1] > 0 ? code - 1 : -1
                code <<= 1
            }
        }
    }

    private struct Stop: Error {}

    private struct Reader {
        let bytes: [UInt8]
        var at = 2
        var width = 0, height = 0
        var components: [Component] = []
        var quant = [Int32](repeating: 1, count: 4)
        var tables = [Huffman?](repeating: nil, count: 4)
        var restartInterval = 0
        var adobeRGB = false
        // The bit reader over entropy-coded data: `count` bits, first at the top of `bits`.
        var bits: UInt64 = 0, count = 0
        /// Set when the data ended before a marker: the scan is cut off.
        var ranOut = false
        /// Zero bytes given in place of data since the scan or restart interval began (at a marker or the end).
        var padding = 0
        /// The work done so far (for the tests): DC plane entries allocated, MCUs visited, symbols decoded.
        var work = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func byte(_ i: Int) throws(Stop) -> Int {
            guard i < bytes.count else { throw Stop() }
            return Int(bytes[i])
        }

        func word(_ i: Int) throws(Stop) -> Int { try byte(i) << 8 | byte(i + 1) }

        mutating func read() throws(Stop) -> Picture? {
            guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
            var progressive = false
            while true {
                // Markers may be padded with 0xFF bytes.
                guard try byte(at) == 0xFF else { return nil }
                while try byte(at + 1) == 0xFF { at += 1 }
                let marker = try byte(at + 1)
                let length = try word(at + 2)
                let body = at + 4, end = at + 2 + length
                guard length >= 2, end <= bytes.count else { return nil }
                switch marker {
                case 0xC2: progressive = true; try frame(body)
                case 0xC0, 0xC1, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF: return nil  // Not progressive Huffman.
                case 0xDB: try quantization(body, end: end)
                case 0xC4: try huffman(body, end: end)
                case 0xDD: restartInterval = try word(body)
                // "Adobe", version, two flag words, then the transform: 12 bytes of body, a length of 14. A shorter
                // segment has no transform byte (reading it would read the next segment's).
                case 0xEE where length >= 14 && Array(bytes[body..<body + 5]) == Array("Adobe".utf8):
                    adobeRGB = try byte(body + 11) == 0
                case 0xD9: return nil  // The end, before every component's DC.
                case 0xDA:
                    guard progressive, !components.isEmpty else { return nil }
                    at = try scan(body)
                    if components.allSatisfy(\.done) { return picture() }
                    continue
                default: break
                }
                at = end
            }
        }

        mutating func frame(_ body: Int) throws(Stop) {
            guard try byte(body) == 8 else { throw Stop() }  // 12-bit samples: libjpeg's.
            height = try word(body + 1)
            width = try word(body + 3)
            let n = try byte(body + 5)
            // A second frame header would add its components to the first's (and their planes): one frame a file.
            guard components.isEmpty, width > 0, height > 0, width * height <= ImageLimits.maximumPixels, n == 1 || n == 3 else {
                throw Stop()
            }
            for i in 0..<n {
                let p = body + 6 + 3 * i
                let sampling = try byte(p + 1)
                let component = Component(id: UInt8(try byte(p)), h: sampling >> 4, v: sampling & 15, table: try byte(p + 2) & 3)
                guard (1...4).contains(component.h), (1...4).contains(component.v) else { throw Stop() }
                components.append(component)
            }
            let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
            let mcusWide = (width + 8 * hMax - 1) / (8 * hMax), mcusHigh = (height + 8 * vMax - 1) / (8 * vMax)
            for i in components.indices {
                components[i].blocksWide = mcusWide * components[i].h
                components[i].blocksHigh = mcusHigh * components[i].v
                components[i].dc = [Int32](repeating: 0, count: components[i].blocksWide * components[i].blocksHigh)
                work += components[i].dc.count
            }
        }

        mutating func quantization(_ body: Int, end: Int) throws(Stop) {
            var p = body
            while p < end {
                let info = try byte(p)
                let wide = info >> 4 != 0
                quant[info & 3] = Int32(wide ? try word(p + 1) : try byte(p + 1))  // The first value is the DC's.
                p += 1 + 64 * (wide ? 2 : 1)
            }
        }

        mutating func huffman(_ body: Int, end: Int) throws(Stop) {
            var p = body
            while p + 17 <= end {
                let info = try byte(p)
                var counts: [Int] = []
                for i in 0..<16 { counts.append(try byte(p + 1 + i)) }
                let total = counts.reduce(0, +)
                guard p + 17 + total <= end else { throw Stop() }
                if info >> 4 == 0 { tables[info & 3] = Huffman(counts: counts, values: Array(bytes[p + 17..<p + 17 + total])) }
                p += 17 + total
            }
        }

        /// Reads one scan's header at `body` and, for a first DC scan, its data; returns where the next marker is.
        mutating func scan(_ body: Int) throws(Stop) -> Int {
            let n = try byte(body)
            // A scan has 1 to 4 components: none would visit every MCU for nothing, scan after scan.
            guard (1...4).contains(n) else { throw Stop() }
            var members: [(index: Int, table: Int)] = []
            for i in 0..<n {
                let id = UInt8(try byte(body + 1 + 2 * i))
                guard let index = components.firstIndex(where: { $0.id == id }),
                      !members.contains(where: { $0.index == index }) else { throw Stop() }
                members.append((index, try byte(body + 2 + 2 * i) >> 4))
            }
            let q = body + 1 + 2 * n
            let ss = try byte(q), approximation = try byte(q + 2)
            var data = q + 3
            if ss == 0, approximation >> 4 == 0, members.allSatisfy({ !components[$0.index].done }) {
                data = try decodeDC(from: data, members: members, shift: approximation & 15)
                for member in members { components[member.index].done = true }
            }
            return try skipEntropyData(from: data)
        }

        /// Decodes the DC terms of a first DC scan of `members`, from `start`.
        mutating func decodeDC(from start: Int, members: [(index: Int, table: Int)], shift: Int) throws(Stop) -> Int {
            for member in members where member.table > 3 || tables[member.table] == nil { throw Stop() }
            let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
            var predictions = [Int32](repeating: 0, count: members.count)
            // One component alone is read block by block over its own size; several, MCU by MCU.
            let single = members.count == 1 ? components[members[0].index] : nil
            let unitsWide = single.map { ((width * $0.h + hMax - 1) / hMax + 7) / 8 } ?? components[0].blocksWide / components[0].h
            let unitsHigh = single.map { ((height * $0.v + vMax - 1) / vMax + 7) / 8 } ?? components[0].blocksHigh / components[0].v
            let geometry = members.map { member in
                let c = components[member.index]
                return single == nil ? (c.h, c.v, c.blocksWide, c.blocksHigh) : (1, 1, c.blocksWide, c.blocksHigh)
            }
            at = start
            bits = 0; count = 0; padding = 0
            ranOut = false
            var units = 0
            for row in 0..<unitsHigh {
                for column in 0..<unitsWide {
                    if restartInterval > 0, units > 0, units % restartInterval == 0 {
                        try restart()
                        for i in predictions.indices { predictions[i] = 0 }
                    }
                    units += 1
                    work += 1
                    for (m, member) in members.enumerated() {
                        // Plain numbers: a copy of the component would hold its plane and make each write copy it.
                        let (wide, high, blocksWide, blocksHigh) = geometry[m]
                        for y in 0..<high {
                            for x in 0..<wide {
                                let size = try decode(member.table)
                                predictions[m] &+= try extend(size)
                                let bx = column * wide + x, by = row * high + y
                                guard bx < blocksWide, by < blocksHigh else { continue }
                                components[member.index].dc[by * blocksWide + bx] = predictions[m] << Int32(shift)
                            }
                        }
                    }
                }
            }
            if ranOut { throw Stop() }
            return at
        }

        /// Skips to the marker after a restart interval's data, and past it.
        mutating func restart() throws(Stop) {
            bits = 0; count = 0; padding = 0
            while at + 1 < bytes.count {
                if bytes[at] == 0xFF, (0xD0...0xD7).contains(bytes[at + 1]) { at += 2; return }
                at += 1
            }
            throw Stop()
        }

        /// The next byte of entropy-coded data (stuffed zeros dropped); zeros once a marker is reached, or past
        /// the end (``ranOut``).
        mutating func nextByte() -> UInt64 {
            guard at < bytes.count else {
                ranOut = true
                padding += 1
                return 0
            }
            let value = bytes[at]
            if value == 0xFF {
                guard at + 1 < bytes.count, bytes[at + 1] == 0 else {  // A marker: leave it where it is.
                    padding += 1
                    return 0
                }
                at += 2
                return 0xFF
            }
            at += 1
            return UInt64(value)
        }

        /// Tops the bit buffer up to more than 56 bits: enough for a code and its value.
        mutating func fill() {
            while count <= 56 {
                bits |= nextByte() << UInt64(56 - count)
                count += 8
            }
        }

        /// The next `n` bits (1...16), left in the buffer.
        func peek(_ n: Int) -> Int { Int(truncatingIfNeeded: bits >> UInt64(64 - n)) }

        /// Drops `n` bits; past the data (into the zeros that stand for it at a marker), the scan is cut off:
        /// decoding on would give every block left the same made-up value, millions of them for a big frame.
        mutating func skip(_ n: Int) throws(Stop) {
            bits <<= UInt64(n)
            count -= n
            if count < 8 * padding { throw Stop() }
        }

        mutating func decode(_ table: Int) throws(Stop) -> Int {
            guard let huffman = tables[table] else { throw Stop() }
            work += 1
            fill()
            let fast = huffman.fast[peek(Huffman.fastBits)]
            if fast != 0 {
                try skip(Int(fast >> 8))
                return Int(fast & 0xFF)
            }
            for length in Huffman.fastBits + 1...16 {
                let code = Int32(peek(length))
                if code <= huffman.maxCode[length] {
                    let index = huffman.first[length] + Int(code - huffman.minCode[length])
                    guard index < huffman.values.count else { throw Stop() }
                    try skip(length)
                    return Int(huffman.values[index])
                }
            }
            throw Stop()
        }

        /// The signed value of the next `size` bits (JPEG's EXTEND).
        mutating func extend(_ size: Int) throws(Stop) -> Int32 {
            guard size > 0 else { return 0 }
            guard size <= 16 else { throw Stop() }
            fill()
            let value = Int32(peek(size))
            try skip(size)
            return value < Int32(1) << Int32(size - 1) ? value - (Int32(1) << Int32(size)) + 1 : value
        }

        /// Where the marker after entropy-coded data from `start` is (restart markers are part of the data).
        func skipEntropyData(from start: Int) throws(Stop) -> Int {
            var p = start
            while p + 1 < bytes.count {
                if bytes[p] == 0xFF, bytes[p + 1] != 0, !(0xD0...0xD7).contains(bytes[p + 1]), bytes[p + 1] != 0xFF { return p }
                p += 1
            }
            throw Stop()
        }

        /// The picture from every component's DC terms: each block's mean, upsampled by nearest block, to RGB.
        func picture() -> Picture {
            let size = PixelSize(width: (width + 7) / 8, height: (height + 7) / 8)
            let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
            var pixels = [UInt32](repeating: 0xFF00_0000, count: size.width * size.height)
            // Each block's mean (the DC term is 8 times it, less the level shift of 128), clamped to a sample's
            // range so that the colour conversion below cannot overflow on a damaged file's huge terms, and for
            // each output column and row the block it falls in, per component.
            let means = components.map { c in c.dc.map { min(max(($0 &* quant[c.table] &+ 4) >> 3 &+ 128, 0), 255) } }
            let columns = components.map { c in (0..<size.width).map { min($0 * c.h / hMax, c.blocksWide - 1) } }
            let rows = components.map { c in (0..<size.height).map { min($0 * c.v / vMax, c.blocksHigh - 1) * c.blocksWide } }
            let rgb = components.count == 3
                && (adobeRGB || (components[0].id == 0x52 && components[1].id == 0x47 && components[2].id == 0x42))
            func clamp(_ v: Int32) -> UInt32 { UInt32(min(max(v, 0), 255)) }
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let c0 = means[0][rows[0][y] + columns[0][x]]
                    var r = c0, g = c0, b = c0
                    if components.count == 3 {
                        let c1 = means[1][rows[1][y] + columns[1][x]], c2 = means[2][rows[2][y] + columns[2][x]]
                        if rgb {
                            (g, b) = (c1, c2)
                        } else {
                            // JFIF's YCbCr, in 16.16 fixed point.
                            let cb = c1 - 128, cr = c2 - 128
                            r = c0 + (91881 * cr + 32768) >> 16
                            g = c0 - (22554 * cb + 46802 * cr - 32768) >> 16
                            b = c0 + (116130 * cb + 32768) >> 16
                        }
                    }
                    pixels[y * size.width + x] = 0xFF00_0000 | clamp(r) << 16 | clamp(g) << 8 | clamp(b)
                }
            }
            return Picture(size: size, pixels: pixels)
        }
    }
}
