import Glibc
import VitrineCore
import VitrineSystem

/// A made-up deck for measuring: a few distinct photo-sized JPEGs (sky gradients over three ranges of hills) and a
/// config naming them round-robin, in the shape `/work/shared/bench/make_deck.py` writes.
///
/// The pictures are drawn with ``Surface/fill(_:_:)`` (rows of the sky, columns of the hills), so making them is quick even
/// in a debug build. Flat colours compress better than photographs, so they decode somewhat faster than real ones.
public enum SyntheticDeck {
    /// The size of each image: a 3:2 photograph, as cameras and `make_deck.py` make them.
    public static let imageSize = PixelSize(width: 1800, height: 1200)
    /// How many distinct images a deck has at most; the cards reuse them round-robin.
    public static let distinctImages = 6
    /// The JPEG quality the images are saved at (libjpeg's 0 to 100), as `make_deck.py` uses.
    public static let jpegQuality: Int32 = 88
    /// The width of one column of the hills, in pixels.
    static let hillColumn = 6
    /// The card titles, reused with the card's number.
    static let titles = ["Turtle Rock", "Silver Salmon Creek", "Chilkoot Trail", "St. Mary Lake", "Twin Lake", "Lake McDonald",
                         "Charley Rivers", "Icy Bay", "Rainbow Lake", "Hidden Lake", "Chincoteague", "Lake Umbagog"]

    /// Writes `cards` cards into `folder` (which must exist): `images/card-N.jpg` and `deck.json`; returns the
    /// config's path.
    public static func write(cards: Int, into folder: String) throws(SDLError) -> String {
        let images = folder + "/images"
        if mkdir(images, 0o777) != 0 {
            let code = errno
            var status = stat()
            guard code == EEXIST, stat(images, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw SDLError(operation: "mkdir(\(images))", message: String(cString: strerror(code)))
            }
        }
        let distinct = max(1, min(cards, distinctImages))
        var names: [String] = []
        for index in 0..<distinct {
            let name = "images/card-\(index).jpg"
            try picture(seed: UInt64(index)).writeJPEG(to: folder + "/" + name, quality: jpegQuality)
            names.append(name)
        }
        let lines = (0..<cards).map { i in
            "  {\"title\": \"\(titles[i % titles.count]) \(i)\", \"subtitle\": \"National Park\", \"image\": \"\(names[i % distinct])\"}"
        }
        let config = folder + "/deck.json"
        let text = "{\"cards\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        do throws(SystemError) {
            let file = try FileDescriptor.open(config, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o644)
            defer { file.close() }
            try file.write(text)
        } catch {
            throw SDLError(operation: "write(\(config))", message: error.reason)
        }
        return config
    }

    /// One picture: a vertical sky gradient and three ranges of hills, darker toward the front; `seed` picks the colours
    /// and the ridges.
    static func picture(seed: UInt64) throws(SDLError) -> Surface {
        var random = SplitMix64(seed: seed &+ 7)
        let surface = try Surface(size: imageSize)
        let (w, h) = (imageSize.width, imageSize.height)
        let top = (random.next(40, 200), random.next(80, 220), random.next(150, 255))
        let bottom = (random.next(150, 255), random.next(90, 200), random.next(40, 160))
        for y in 0..<h {
            let t = Double(y) / Double(h)
            func mix(_ a: Int, _ b: Int) -> UInt8 { UInt8(Double(a) + Double(b - a) * t) }
            surface.fill(PixelRect(x: 0, y: y, width: w, height: 1), Color(red: mix(top.0, bottom.0), green: mix(top.1, bottom.1), blue: mix(top.2, bottom.2)))
        }
        for layer in 0..<3 {
            let base = Double(h) * (0.45 + 0.15 * Double(layer))
            let shade = 30 + 40 * layer
            let colour = Color(red: UInt8(shade / 2), green: UInt8(shade), blue: UInt8(shade / 2 + 10))
            let jitter = Double(random.next(0, 1000)) / 1000
            for x in stride(from: 0, to: w, by: hillColumn) {
                let ridge = base - Double(h) * 0.25 * (0.5 + 0.5 * sin(Double(x) / 310 + jitter * 6)) + 40 * sin(Double(x) / 90 + Double(layer))
                let y = max(0, min(h, Int(ridge)))
                surface.fill(PixelRect(x: x, y: y, width: hillColumn, height: h - y), colour)
            }
        }
        return surface
    }
}
