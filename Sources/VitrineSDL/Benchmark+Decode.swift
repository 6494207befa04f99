import VitrineCore

extension Benchmark {
    /// The photo sizes whose decoding is timed: a typical deck picture and a 24-megapixel camera photo.
    public static let decodeSizes = [PixelSize(width: 1800, height: 1200), PixelSize(width: 6000, height: 4000)]

    /// Times decoding a JPEG of each of ``decodeSizes`` and scaling it into a card of the benchmark's frame size,
    /// `repeats` times: `decode_WxH` with the kiosk's decoder (``ImageDecoder``, at card size) and
    /// `decode_WxH_sdl_image` the way cards were decoded before it (SDL_image at full size, then converted to
    /// ARGB8888), both scaled into the card the same way.
    func decodeFigures(in folder: String, repeats: Int) throws(SDLError) -> [BenchmarkFigure] {
        let card = ImageRequest(path: "", size: size).cardSize
        var figures: [BenchmarkFigure] = []
        for photo in Benchmark.decodeSizes {
            let path = "\(folder)/photo-\(photo.width)x\(photo.height).jpg"
            try Benchmark.writePhoto(size: photo, to: path)
            let target = try Surface(size: card)
            var ours: [Double] = [], before: [Double] = []
            for _ in 0..<repeats {  // Interleaved, so both see the same moments of a noisy machine.
                ours.append(try Benchmark.time { () throws(SDLError) in
                    try PreparedImage.stretch(ImageDecoder.decode(path: path, options: DecodeOptions(covering: card)).surface, into: target, path: path)
                })
                before.append(try Benchmark.time { () throws(SDLError) in
                    try PreparedImage.stretch(Surface.load(path: path).argb8888(), into: target, path: path)
                })
            }
            let name = "decode_\(photo.width)x\(photo.height)"
            figures += [BenchmarkFigure(name: name, samples: ours, scale: Benchmark.millisecondsPerSecond, unit: "ms"),
                        BenchmarkFigure(name: name + "_sdl_image", samples: before, scale: Benchmark.millisecondsPerSecond, unit: "ms")]
                .compactMap { $0 }
        }
        return figures
    }

    /// Writes a synthetic photo of `size` (the deck's first picture, stretched) as a JPEG at `path`.
    static func writePhoto(size: PixelSize, to path: String) throws(SDLError) {
        let picture = try SyntheticDeck.picture(seed: 1)
        let photo = try Surface(size: size)
        try PreparedImage.stretch(picture, into: photo, path: path)
        try photo.writeJPEG(to: path, quality: SyntheticDeck.jpegQuality)
    }
}
