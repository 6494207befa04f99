import VitrineCore

extension Renderer {
    /// A copy of `card` in a format with no alpha channel (RGB888), for blending it at an opacity in a fade.
    ///
    /// SDL's software blitter has a fast path for an opaque source at a global opacity (an alpha-free format:
    /// `BlitRGBtoRGBSurfaceAlpha`, MMX where there is MMX), but blends a source with an alpha channel pixel by
    /// pixel through the generic blitter, about 18 times slower at 1920x1280 (measured with `vitrine bench`). The
    /// composed cards keep their ARGB format (the composer, the cache and the first card share it); only the
    /// card fading in is copied, once per fade.
    func opaqueCopy(of card: Texture) throws(SDLError) -> Texture {
        let copy = try makeOpaqueTargetTexture(size: card.size)
        try setTarget(copy)
        card.setBlendMode(.none)
        let copied = Result { () throws(SDLError) in try draw(card, what: "fade copy") }
        try setTarget(nil)
        try copied.get()
        return copy
    }
}

/// The alpha-free copies of the cards that fade in (software renderer only; see ``Renderer/opaqueCopy(of:)``).
///
/// A copy lives while its card is fading in and its composed texture is the same; the rest are freed each frame.
/// The source is held (not just its address), so a texture composed later at the same address is never taken for it.
final class FadeCopies {
    private var copies: [Int: (source: Texture, copy: Texture)] = [:]

    /// The copies for every `.fadedCard` in `list`, made as needed from `card(index)`; others are dropped.
    func update(for list: DisplayList, renderer: Renderer, card: (Int) -> Texture?) -> [Int: Texture] {
        var wanted: [Int: Texture] = [:]
        for case .fadedCard(let index, _, _) in list.commands {
            guard let source = card(index) else { continue }
            if let kept = copies[index], kept.source === source {
                wanted[index] = kept.copy
            } else if let made = try? renderer.opaqueCopy(of: source) {
                wanted[index] = made
            }
        }
        copies = wanted.reduce(into: [:]) { result, entry in
            if let source = card(entry.key) { result[entry.key] = (source, entry.value) }
        }
        return wanted
    }
}
