import Testing
import VitrineCore

/// ``AnimationProbe`` reads frame delays and loop counts from a GIF's and an APNG's blocks, without a decoder.
struct AnimationProbeTests {
    /// A 4x2 GIF of `delays` (hundredths), each frame a 1-pixel LZW stream, with a NETSCAPE loop count when given.
    static func gif(delays: [Int], loops: Int?) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [4, 0, 2, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        if let loops { bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, UInt8(loops & 0xFF), UInt8(loops >> 8), 0] }
        for delay in delays {
            bytes += [0x21, 0xF9, 4, 0, UInt8(delay & 0xFF), UInt8(delay >> 8), 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 4, 0, 2, 0, 0, 2, 2, 0x4C, 0x01, 0]
        }
        return bytes + [0x3B]
    }

    /// A PNG's chunk (its CRC left zero: the probe does not check it).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = data.count
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    static func apng(delays: [(Int, Int)], plays: Int, actl: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(640) + be32(480) + [8, 6, 0, 0, 0])
        if actl { bytes += chunk("acTL", be32(delays.count) + be32(plays)) }
        for (index, (numerator, denominator)) in delays.enumerated() {
            bytes += chunk("fcTL", be32(index) + be32(640) + be32(480) + be32(0) + be32(0)
                           + [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF), 0, 0])
            bytes += chunk(index == 0 ? "IDAT" : "fdAT", [0, 0, 0, 0])
        }
        return bytes + chunk("IEND", [])
    }

    @Test func aGIFsDelaysAndLoopCount() {
        let info = AnimationProbe.probe(Self.gif(delays: [20, 50, 0], loops: 3))
        #expect(info == AnimationInfo(format: "GIF", size: PixelSize(width: 4, height: 2), fileDelays: [0.2, 0.5, 0], loopCount: 3))
        #expect(info?.delays == [0.2, 0.5, 0.1], "a 0 delay shows for 0.1 s, as browsers show it")
        #expect(AnimationProbe.probe(Self.gif(delays: [10, 10], loops: 0))?.loopCount == 0, "0: forever")
        #expect(AnimationProbe.probe(Self.gif(delays: [10, 10], loops: nil))?.loopCount == 1, "no NETSCAPE block: once")
        #expect(AnimationProbe.probe(Self.gif(delays: [10], loops: 0)) == nil, "one frame is a still picture")
        let cut = Self.gif(delays: [10, 20, 30], loops: 0)
        #expect(AnimationProbe.probe(Array(cut.prefix(cut.count - 3)))?.frameCount == 3, "a cut file counts the frames it starts")
        for length in 0..<cut.count { _ = AnimationProbe.probe(Array(cut.prefix(length))) }  // Never traps.
    }

    @Test func anAPNGsDelaysAndPlaysAndAStillPNGIsNone() {
        let info = AnimationProbe.probe(Self.apng(delays: [(1, 4), (30, 0), (0, 10)], plays: 2))
        #expect(info == AnimationInfo(format: "APNG", size: PixelSize(width: 640, height: 480), fileDelays: [0.25, 0.3, 0], loopCount: 2))
        #expect(AnimationProbe.probe(Self.apng(delays: [(1, 4), (1, 4)], plays: 2, actl: false)) == nil, "no acTL before IDAT: a still PNG")
        let whole = Self.apng(delays: [(1, 4), (1, 4), (1, 4)], plays: 0)
        for length in 0..<whole.count { _ = AnimationProbe.probe(Array(whole.prefix(length))) }  // Never traps.
    }
}
