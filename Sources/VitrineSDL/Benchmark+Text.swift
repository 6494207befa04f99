import VitrineCore

extension Benchmark {
    /// How many times each title is timed.
    static let textRepeats = 50

    /// The titles whose text is timed: Latin, Hebrew, Arabic, mixed, Devanagari, and one with emoji.
    public static let textSamples: [(name: String, text: String)] = [
        ("latin", "Greymantle Ridges"), ("hebrew", "שלום עולם"), ("arabic", "المسجد الأقصى"),
        ("mixed", "Price سلام 123"), ("devanagari", "उत्तर प्रदेश"), ("emoji", "Ember Mesa 🌄🔥"),
    ]

    /// Times one title's text as a card draws it, `repeats` times for each of ``textSamples``: measured (as the
    /// layout fits it) and rendered at the title size of the benchmark's card, with faces and glyph sources already
    /// found (a fresh library warmed by one round), so the figure is the per-title cost of laying out, shaping and
    /// rendering: `title_NAME`, in ms.
    func textFigures(repeats: Int) -> [BenchmarkFigure] {
        let fonts = FontLibrary(paths: fontPaths)
        let pixelSize = max(1, Int((CardStyle.titleSize * CardStyle.scale(forCardWidth: Double(size.width))).rounded()))
        let white = Color(red: 255, green: 255, blue: 255)
        return Benchmark.textSamples.compactMap { sample in
            let once = {
                _ = fonts.width(of: sample.text, weight: .bold, pixelSize: pixelSize)
                _ = try? fonts.render(sample.text, weight: .bold, pixelSize: pixelSize, color: white)
            }
            once()
            let times = (0..<repeats).map { _ in Benchmark.time(once) }
            return BenchmarkFigure(name: "title_" + sample.name, samples: times, scale: Benchmark.millisecondsPerSecond, unit: "ms")
        }
    }
}
