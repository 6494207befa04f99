import VitrineCore

/// A run of a line ready to draw: its characters, the face and how to shape them, and its width on the line.
struct ShapedRun {
    /// The characters in logical order.
    var text: String
    /// The face that draws them.
    var font: Font
    /// The direction and script HarfBuzz shapes them in.
    var direction: TextDirection
    var script: TextScript
    /// The width the run takes on the line, in pixels (scaled, for a bitmap-strike face).
    var width: Int
    /// How much the face's rendering is scaled to fit the line: 1, or less for a colour emoji face whose only
    /// bitmap strike is taller than the line.
    var scale: Double
}

extension FontLibrary {
    /// `text` as a line: split into runs of one direction, script and face (``TextRuns``, with FriBidi's levels
    /// when the line has right-to-left text), in visual order, each measured shaped. Expects the lock held.
    ///
    /// Each character's face is the bundled face when it has the glyphs, else a system face fontconfig found (see
    /// `FontLibrary+Fallback.swift`); a face that cannot be opened, or a character no font has, falls back to the
    /// bundled face (its .notdef box).
    func shapedRuns(of text: String, weight: FontWeight, pixelSize: Int, paragraph: ParagraphDirection, bundled: Font) -> (runs: [ShapedRun], direction: TextDirection) {
        let characters = Array(text)
        var faces: [Font] = [bundled]
        var faceIndex: [Int] = []
        faceIndex.reserveCapacity(characters.count)
        for character in characters {
            var font = bundled
            if case .system(let face) = glyphSource(for: character, weight: weight, probe: bundled), let system = systemFont(face, pixelSize: pixelSize) {
                font = system
            }
            if let index = faces.firstIndex(where: { $0 === font }) {
                faceIndex.append(index)
            } else {
                faceIndex.append(faces.count)
                faces.append(font)
            }
        }
        let (levels, direction) = Bidi.levels(characters, paragraph: paragraph)
        let runs = TextRuns(characters, levels: levels, faces: faceIndex, paragraph: direction).visual.map { run in
            let font = faces[run.face]
            let scale = strikeScale(of: font, lineHeight: bundled.lineHeight)
            let natural = font.width(of: run.text, direction: run.direction, script: run.script)
            let width = scale == 1 ? natural : Int((Double(natural) * scale).rounded())
            return ShapedRun(text: run.text, font: font, direction: run.direction, script: run.script, width: width, scale: scale)
        }
        return (runs, direction)
    }

    /// How much `font`'s glyphs are scaled on a line `lineHeight` pixels tall: 1 for a scalable face; for a face
    /// of bitmap strikes only (Noto Color Emoji's one 109-pixel strike), its line height brought to `lineHeight`.
    ///
    /// A face is taken for a strike face when opening it at another size does not change its height (SDL_ttf picks
    /// the nearest strike). Asked once per face and size, under the lock.
    func strikeScale(of font: Font, lineHeight: Int) -> Double {
        guard let face = systemFonts.first(where: { $0.value === font })?.key.face else { return 1 }
        let fixed: Bool
        if let known = fixedStrikeFaces[face] {
            fixed = known
        } else {
            let probeSize = font.pixelSize < 64 ? font.pixelSize * 2 + 8 : font.pixelSize / 2
            let other = try? Font(path: face.path, pixelSize: probeSize, faceIndex: face.index)
            fixed = other.map { $0.lineHeight == font.lineHeight } ?? false
            fixedStrikeFaces[face] = fixed
        }
        guard fixed, font.lineHeight > 0, lineHeight > 0 else { return 1 }
        return Double(lineHeight) / Double(font.lineHeight)
    }

    /// The width of `text` as a line laid out in `paragraph` direction.
    public func width(of text: String, weight: FontWeight, pixelSize: Int, direction paragraph: ParagraphDirection) -> Int {
        lock.withLock { _ in
            guard let bundled = try? openedFont(weight, pixelSize: pixelSize) else { return 0 }
            return shapedRuns(of: text, weight: weight, pixelSize: pixelSize, paragraph: paragraph, bundled: bundled).runs.reduce(0) { $0 + $1.width }
        }
    }

    /// `text` on one line in `color`, laid out in `paragraph` direction: each run shaped and rendered with its face
    /// and copied side by side, in visual order, into one ARGB surface, aligned on the bundled face's baseline.
    ///
    /// Text the bundled face fully covers in one left-to-right run is exactly the bundled face's rendering of the
    /// whole string. A run that cannot be rendered is left out and the rest still draws; only when no run renders
    /// is the error thrown.
    public func render(_ text: String, weight: FontWeight, pixelSize: Int, color: Color, direction paragraph: ParagraphDirection = .auto) throws(SDLError) -> RenderedText {
        try lock.withLock { _ throws(SDLError) -> RenderedText in
            let bundled = try openedFont(weight, pixelSize: pixelSize)
            let runs = shapedRuns(of: text, weight: weight, pixelSize: pixelSize, paragraph: paragraph, bundled: bundled).runs
            if runs.count == 1, let run = runs.first, run.font === bundled {
                return RenderedText(surface: try bundled.render(run.text, color: color, direction: run.direction, script: run.script), top: 0)
            }
            // Place each run: x after the previous runs' widths, y so its ascent meets the bundled baseline.
            var placed: [(surface: Surface, x: Int, y: Int)] = []
            var x = 0
            var firstError: SDLError?
            for run in runs {
                do throws(SDLError) {
                    var surface = try run.font.render(run.text, color: color, direction: run.direction, script: run.script)
                    var ascent = Double(run.font.ascent)
                    if run.scale != 1 {
                        let size = surface.size
                        surface = try surface.scaled(to: PixelSize(width: Int((Double(size.width) * run.scale).rounded()),
                                                                   height: Int((Double(size.height) * run.scale).rounded())))
                        ascent *= run.scale
                    }
                    placed.append((surface, x, bundled.ascent - Int(ascent.rounded())))
                } catch {
                    firstError = firstError ?? error
                }
                x += run.width
            }
            if placed.isEmpty, let firstError { throw firstError }
            let top = min(0, placed.map(\.y).min() ?? 0)
            let bottom = placed.map { $0.y + $0.surface.size.height }.max() ?? bundled.lineHeight
            let width = max(x, placed.map { $0.x + $0.surface.size.width }.max() ?? 0)
            let line = try Surface.line(size: PixelSize(width: width, height: bottom - top), pieces: placed.map { ($0.surface, $0.x, $0.y - top) })
            return RenderedText(surface: line, top: top)
        }
    }
}
