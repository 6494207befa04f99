/// A video wall's screen: a frame laid out over the whole wall, moved onto one screen.
extension DisplayList {
    /// The list as the screen at `wall`'s tile shows it: every command moved by (−column·W, −row·H), so the screen
    /// shows its part of the wall, and the cards, fills, scrims and dots that fall wholly outside the screen left
    /// out (nothing of them would show; a card left out is then not composed for this frame). Text is always kept:
    /// its width is the renderer's to know, and the renderer clips it to the screen.
    ///
    /// Every moved coordinate is a whole number of pixels away from the wall's, so the parts of a card, a title or
    /// a dot that two screens show meet pixel for pixel at their seam.
    public func onScreen(of wall: WallTile) -> DisplayList {
        let screen = wall.screenRect
        var moved = DisplayList()
        moved.commands.reserveCapacity(commands.count)
        for command in commands {
            guard command.mayShow(in: screen) else { continue }
            moved.append(command.moved(dx: -screen.x, dy: -screen.y))
        }
        return moved
    }

    /// The list as `stage`'s screen shows it: ``onScreen(of:)`` for a wall's screen, the list itself otherwise.
    public func onScreen(of stage: StageLayout) -> DisplayList {
        stage.wall.map(onScreen(of:)) ?? self
    }
}

extension DrawCommand {
    /// The command drawn `dx`, `dy` pixels away.
    public func moved(dx: Int, dy: Int) -> DrawCommand {
        func move(_ r: PixelRect) -> PixelRect { PixelRect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        func move(_ p: Point) -> Point { Point(x: p.x + Double(dx), y: p.y + Double(dy)) }
        switch self {
        case .clear: return self
        case .fill(let rect, let color): return .fill(move(rect), color)
        case .image(let source, let destination): return .image(source: source, destination: move(destination))
        case .scrim(let rect, let ramp): return .scrim(move(rect), ramp)
        case .text(let text, let weight, let pixelSize, let origin, let color, let direction):
            return .text(text, weight: weight, pixelSize: pixelSize, origin: move(origin), color: color, direction: direction)
        case .centeredText(let text, let weight, let pixelSize, let center, let color):
            return .centeredText(text, weight: weight, pixelSize: pixelSize, center: move(center), color: color)
        case .card(let index, let destination): return .card(index: index, destination: move(destination))
        case .fadedCard(let index, let destination, let opacity): return .fadedCard(index: index, destination: move(destination), opacity: opacity)
        case .dot(let center, let diameter, let color): return .dot(center: move(center), diameter: diameter, color: color)
        case .clip(let rect): return .clip(rect.map(move))
        }
    }

    /// Whether anything the command draws may fall inside `screen` (pixels of the same space): false only for a
    /// rectangle or dot wholly outside it.
    func mayShow(in screen: PixelRect) -> Bool {
        func meets(_ r: PixelRect) -> Bool {
            r.x < screen.x + screen.width && r.x + r.width > screen.x && r.y < screen.y + screen.height && r.y + r.height > screen.y
        }
        switch self {
        case .fill(let rect, _), .scrim(let rect, _): return meets(rect)
        case .image(_, let destination), .card(_, let destination), .fadedCard(_, let destination, _): return meets(destination)
        case .dot(let center, let diameter, _):
            guard center.x.isFinite, center.y.isFinite, diameter.isFinite else { return false }
            // The disc's texture is a little larger than the dot: a margin of two pixels each way.
            let reach = Int(saturating: (diameter / 2).rounded(.up)) + 2
            let x = Int(saturating: center.x.rounded(.down)), y = Int(saturating: center.y.rounded(.down))
            return meets(PixelRect(x: x - reach, y: y - reach, width: 2 * reach + 1, height: 2 * reach + 1))
        case .clear, .text, .centeredText, .clip: return true
        }
    }
}

extension Double {
    /// The nearest whole number, halves rounded up (toward +∞): where the renderer puts an edge given at a
    /// fraction of a pixel. The same as `rounded()` for the positive numbers a lone screen has, and unchanged by a
    /// move of whole pixels, so a dot or a centered line two screens of a wall share lands on the same pixel of
    /// each (`rounded()` takes −2.5 to −3 but 1.5 to 2).
    public var pixelRounded: Double { (self + 0.5).rounded(.down) }
}
