extension ImageHeaders {
    /// `heif`, a HEIF file as heif-enc writes it (`ftyp`, `meta` holding `iloc` and `iprp`, then `mdat`), with an
    /// `irot` property turning its primary image (item `item`) by `quarterTurns` quarter turns anticlockwise: the box
    /// appended to `ipco`, associated in `ipma`, and every `iloc` offset moved by the bytes added before `mdat`. Nil
    /// when the file is not laid out that way (heif-enc 1.15 writes no `irot` of its own, whatever the Exif says).
    public static func heifTurned(_ heif: [UInt8], quarterTurns: Int, item: Int = 1) -> [UInt8]? {
        func read(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 << 8 | Int(heif[at + $1]) } }
        func type(_ at: Int) -> String { String(decoding: heif[at + 4..<at + 8], as: UTF8.self) }
        /// The boxes from `start` to `end`: (offset, size, type).
        func boxes(_ start: Int, _ end: Int) -> [(Int, Int, String)]? {
            var found: [(Int, Int, String)] = [], at = start
            while at + 8 <= end {
                let size = read(at, 4)
                guard size >= 8, at + size <= end else { return nil }
                found.append((at, size, type(at)))
                at += size
            }
            return found
        }
        guard let top = boxes(0, heif.count), let meta = top.first(where: { $0.2 == "meta" }),
              let inMeta = boxes(meta.0 + 12, meta.0 + meta.1), let iloc = inMeta.first(where: { $0.2 == "iloc" }),
              let iprp = inMeta.first(where: { $0.2 == "iprp" }), let inIprp = boxes(iprp.0 + 8, iprp.0 + iprp.1),
              let ipco = inIprp.first(where: { $0.2 == "ipco" }), let ipma = inIprp.first(where: { $0.2 == "ipma" }),
              ipco.0 < ipma.0, let properties = boxes(ipco.0 + 8, ipco.0 + ipco.1), read(ipma.0 + 8, 4) == 0 else { return nil }
        let added = 10  // The irot box (9 bytes) and its association (1).
        // ipma, version 0 and no flags: 16-bit item ids, 7-bit property indices.
        var out = Array(heif[..<ipma.0])
        var entries = Array(heif[ipma.0 + 16..<ipma.0 + ipma.1])
        var at = 0, associated = false
        for _ in 0..<read(ipma.0 + 12, 4) {
            guard at + 3 <= entries.count else { return nil }
            let id = Int(entries[at]) << 8 | Int(entries[at + 1]), count = Int(entries[at + 2])
            if id == item {
                entries[at + 2] += 1
                entries.insert(0x80 | UInt8(properties.count + 1), at: at + 3 + count)
                associated = true
                at += 1
            }
            at += 3 + count
        }
        guard associated else { return nil }
        // The irot box at the end of ipco, whose size grows by it.
        out.insert(contentsOf: [0, 0, 0, 9] + Array("irot".utf8) + [UInt8(quarterTurns & 3)], at: ipco.0 + ipco.1)
        out += bigEndian(ipma.1 + 1, 4) + heif[ipma.0 + 4..<ipma.0 + 16] + entries + heif[(ipma.0 + ipma.1)...]
        for (offset, size) in [(meta.0, meta.1), (iprp.0, iprp.1), (ipco.0, ipco.1)] {
            let grown = bigEndian(size + (offset == ipco.0 ? 9 : added), 4)
            out.replaceSubrange(offset..<offset + 4, with: grown)
        }
        // iloc (before ipco, so at the same place): every extent's file offset moves past the bytes added.
        let version = heif[iloc.0 + 8]
        let sizes = read(iloc.0 + 12, 2), offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 15, baseSize = sizes >> 4 & 15
        let indexSize = version == 0 ? 0 : sizes & 15
        guard version < 2, [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(baseSize), iloc.0 < ipco.0 else { return nil }
        var p = iloc.0 + 16
        for _ in 0..<read(iloc.0 + 14, 2) {
            p += 2 + (version == 1 ? 2 : 0) + 2  // item id, construction method, data reference index
            let base = read(p, baseSize)
            if baseSize > 0 && base > 0 { out.replaceSubrange(p..<p + baseSize, with: bigEndian(base + added, baseSize)) }
            p += baseSize
            let extents = read(p, 2)
            p += 2
            for _ in 0..<extents {
                p += indexSize
                if baseSize == 0 || base == 0 {
                    out.replaceSubrange(p..<p + offsetSize, with: bigEndian(read(p, offsetSize) + added, offsetSize))
                }
                p += offsetSize + lengthSize
            }
        }
        return out
    }
}
