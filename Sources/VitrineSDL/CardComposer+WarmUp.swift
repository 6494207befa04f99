import VitrineCore

extension CardComposer {
    /// Opens the faces this card's texts use and renders each of its lines once, throwing the lines away: SDL_ttf
    /// keeps the glyphs, so composing the card afterwards (on any thread) finds its faces open and its glyphs
    /// rendered. `run` does this beside decoding the first card's picture, which it then composes.
    public func warmUpText(fonts: FontLibrary) {
        for command in layout(imageSize: size, fonts: fonts).displayList.commands {
            switch command {
            case .text(let text, let weight, let pixelSize, _, let color, let direction):
                _ = try? fonts.render(text, weight: weight, pixelSize: pixelSize, color: color, direction: ParagraphDirection(direction))
            case .centeredText(let text, let weight, let pixelSize, _, let color):
                _ = try? fonts.render(text, weight: weight, pixelSize: pixelSize, color: color)
            default:
                continue
            }
        }
    }
}
