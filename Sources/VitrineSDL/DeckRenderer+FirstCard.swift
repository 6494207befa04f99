import VitrineCore

extension DeckRenderer {
    /// Takes card `index` from the work ``FirstCard`` did before the window existed, waiting for it to finish.
    ///
    /// With the software renderer, a card it composed for this very card size is used as it is; otherwise its
    /// decoded picture is scaled and composed here. Returns whether card `index` is now composed.
    @discardableResult
    public func adopt(_ first: FirstCard, pageCount: Int) -> Bool {
        let index = first.index
        guard cards.indices.contains(index), let card = first.card, cards[index] == card else {
            first.wait()
            return false
        }
        let composer = composer(index, pageCount: pageCount)
        // A card made for this size is written straight into the window's frame, as the card at rest
        // (holdInFrame): no texture on the way to the first picture.
        let holding = canRestInFrame
        // While the card is still being made, touch the memory that its texture and the window's frame will take:
        // the page faults happen now rather than on the way to the first picture (measured: 7 ms less to it).
        var texture: Texture?
        if renderer.isSoftware, !first.isFinished {
            if !holding { texture = try? renderer.makeTexture(size: composer.size) }
            renderer.clear(background.withAlpha(255))
            renderer.flush()  // SDL batches draws until the present; this one must happen now.
        }
        // Made already (from the card cache): the window's frame is faulted in beside copying it into its texture
        // (when held, the copy into the frame faults it in).
        let toucher = texture == nil && !holding ? WindowFrameToucher(renderer) : nil
        defer { toucher?.wait() }
        let output = first.wait()
        /// The composed card into the frame when it can rest there, else into its texture.
        func take(_ surface: Surface) throws(SDLError) {
            if holding, holdInFrame(surface, index: index) { return }
            if let texture {
                try texture.update(from: surface)
                composed[index] = texture
            } else {
                composed[index] = try renderer.makeTexture(from: surface)
            }
        }
        do throws(SDLError) {
            if renderer.isSoftware, let made = output.composed, made.composer == composer, let surface = made.surface {
                try take(surface)
                for problem in made.problems { reportOnce(problem.message, key: problem.key) }
            } else if renderer.isSoftware, let cache = first.cache, let surface = cache.card(for: composer) {
                try take(surface)
            } else {
                let request = imageRequest(index)
                var decoded = output.decoded
                if output.fromCache || output.streamed || output.picture.map({ !$0.isSame(as: request.decodeOptions) }) == true {
                    decoded = PreparedImage.decode(path: request.path, options: request.decodeOptions)  // Decoded for another size.
                }
                if renderer.isSoftware, holding || first.cache != nil {
                    // Composed as a surface, the same pixels, so it can be kept for the next start and written
                    // straight into the frame.
                    let made = try composer.composeSurface(decoded: decoded, fonts: fonts)
                    try take(made.surface)
                    for problem in made.problems { reportOnce(problem.message, key: problem.key) }
                    if made.problems.isEmpty, case .success = decoded { first.cache?.storeLater(made.surface, for: composer) }
                } else {
                    composed[index] = try compose(index, pageCount: pageCount, image: PreparedImage.scale(decoded, for: request))
                }
            }
            composedSinceTrim = true
            return true
        } catch {
            report("card \(index) (\"\(cards[index].title)\"): \(error)")
            return false
        }
    }
}
