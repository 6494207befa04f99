/// The named constants of the detail panel a tap on a card opens, at the 600 pt reference card width
/// (``CardStyle``).
public enum DetailStyle {
    /// The panel's inner padding, and its margin inside the visible card: the card's padding, so its edge lines up
    /// with the title's.
    public static let padding: Double = 16
    /// The text size: the body size, 17 pt, regular, as the subtitle.
    public static let textSize: Double = 17
    /// The extra space between lines, as a share of the line height: 0.2, for a comfortable read of a paragraph.
    public static let lineGapShare: Double = 0.2
    /// The panel's colour: black at 0.85, dark enough to read white text over any photo, the photo still there.
    public static let background = Color(red: 0, green: 0, blue: 0, alpha: 217)
    /// The text colour.
    public static let textColor = Color.white
    /// The largest share of the panel's width (or height, on a tall card) the QR box takes: 0.4.
    public static let codeShare: Double = 0.4
    /// The QR box: white, so the code scans over any photo; its modules are black.
    public static let codeBackground = Color.white
    /// The modules' colour.
    public static let codeForeground = Color.black
}

/// Where a detail panel's parts go over the card on `stage`, in pixels of the upright screen: a pure rule of the
/// card's size, the text (wrapped by the measurer) and whether there is a link.
///
/// The panel sits inside the visible card, ``DetailStyle/padding`` from its edges, and ends above the card's title
/// and subtitle, which stay in view under it: the visitor still sees which card this is. With a link, a square slot for
/// the QR code takes the trailing side (the bottom on a card taller than wide); the text fills the rest and
/// scrolls when it is longer than its area. Trailing is the deck's (``StageLayout/direction``): the left of a
/// right-to-left deck. The text reads in its own direction (from its first strong character) and is aligned to
/// that direction's start side. The code is drawn in whole pixels per module, inside a white box with
/// at least ``QRMatrix/quietZone`` modules of white on every side, so it stays crisp and scans over any photo.
public struct DetailPanelLayout: Sendable, Equatable {
    /// The panel's box.
    public var panel: PixelRect
    /// Where the text shows; lines outside it are cut off (it scrolls).
    public var textArea: PixelRect
    /// The wrapped lines, top to bottom.
    public var lines: [String]
    /// The text's size in pixels.
    public var pixelSize: Int
    /// The height of a line (ascent plus descent), in pixels.
    public var lineHeight: Int
    /// The distance from one line's top to the next one's, in pixels.
    public var linePitch: Int
    /// The square the QR box is centered in; nil without a link.
    public var codeSlot: PixelRect?
    /// The text's paragraph direction, from its first strong character.
    public var direction = TextDirection.leftToRight
    /// How far each line starts from the text area's left edge, in pixels: 0 for left-to-right text, the room
    /// left of a right-to-left line (aligned right).
    public var indents: [Int] = []

    /// The layout of `detail` over the card on `stage`.
    public init(detail: CardDetail, stage: StageLayout, measurer: some TextMeasuring) {
        let window = Rect(x: 0, y: 0, width: Double(stage.windowPixels.width), height: Double(stage.windowPixels.height))
        let visible = (stage.card.intersection(window) ?? window).pixelAligned
        let s = max(0, CardStyle.scale(forCardWidth: CardLayout.contentWidth(of: stage.card)))
        let padding = Int((DetailStyle.padding * s).rounded())
        let titleLines = measurer.lineHeight(weight: .bold, pixelSize: max(1, Int((CardStyle.titleSize * s).rounded())))
            + Int((CardStyle.lineSpacing * s).rounded())
            + measurer.lineHeight(weight: .regular, pixelSize: max(1, Int((CardStyle.subtitleSize * s).rounded())))
        panel = PixelRect(x: visible.x + padding, y: visible.y + padding, width: max(0, visible.width - 2 * padding),
                          height: max(0, visible.height - 3 * padding - titleLines))
        var inner = PixelRect(x: panel.x + padding, y: panel.y + padding,
                              width: max(0, panel.width - 2 * padding), height: max(0, panel.height - 2 * padding))
        codeSlot = nil
        if detail.link != nil {
            let wide = inner.width >= inner.height
            let side = max(0, min(wide ? inner.height : inner.width,
                                  Int((Double(wide ? inner.width : inner.height) * DetailStyle.codeShare).rounded(.down))))
            if detail.text.isEmpty {
                let whole = min(inner.width, inner.height)
                codeSlot = PixelRect(x: inner.x + (inner.width - whole) / 2, y: inner.y + (inner.height - whole) / 2, width: whole, height: whole)
                inner.width = 0
            } else if wide {
                let mirrored = stage.isMirrored
                codeSlot = PixelRect(x: mirrored ? inner.x : inner.x + inner.width - side, y: inner.y + (inner.height - side) / 2,
                                     width: side, height: side)
                if mirrored { inner.x += side + padding }
                inner.width = max(0, inner.width - side - padding)
            } else {
                codeSlot = PixelRect(x: inner.x + (inner.width - side) / 2, y: inner.y + inner.height - side, width: side, height: side)
                inner.height = max(0, inner.height - side - padding)
            }
        }
        textArea = inner
        pixelSize = max(1, Int((DetailStyle.textSize * s).rounded()))
        lineHeight = max(1, measurer.lineHeight(weight: .regular, pixelSize: pixelSize))
        linePitch = lineHeight + Int((Double(lineHeight) * DetailStyle.lineGapShare).rounded())
        lines = detail.text.isEmpty || inner.width == 0 ? []
            : TextWrapping.wrap(detail.text, maxWidth: inner.width, weight: .regular, pixelSize: pixelSize, measurer: measurer)
        direction = ParagraphDirection.auto.resolved(for: detail.text)
        let paragraph = ParagraphDirection(direction)
        let size = pixelSize, width = inner.width
        indents = direction == .leftToRight ? lines.map { _ in 0 } : lines.map { line in
            max(0, width - measurer.width(of: line, weight: .regular, pixelSize: size, direction: paragraph))
        }
    }

    /// How far the text can scroll, in pixels: its height past its area, 0 when it fits.
    public var scrollLimit: Double {
        lines.isEmpty ? 0 : Double(max(0, (lines.count - 1) * linePitch + lineHeight - textArea.height))
    }

    /// Whether the pixel `point` (upright screen) lies on the panel.
    public func contains(_ point: Point) -> Bool {
        point.x >= Double(panel.x) && point.x < Double(panel.x + panel.width)
            && point.y >= Double(panel.y) && point.y < Double(panel.y + panel.height)
    }

    /// The panel's draw commands with the text scrolled up by `scroll` pixels and `code` in the QR box (nil: no
    /// code, as when libqrencode is not installed). The text is clipped to its area; the clip is lifted after it.
    public func commands(scroll: Double, code: QRMatrix?) -> [DrawCommand] {
        var list: [DrawCommand] = [.fill(panel, DetailStyle.background)]
        let offset = Int(min(max(0, scroll), scrollLimit).rounded())
        let visible = lines.indices.filter { index in
            let top = index * linePitch - offset
            return top + linePitch > 0 && top < textArea.height
        }
        if !visible.isEmpty {
            list.append(.clip(textArea))
            for index in visible where !lines[index].isEmpty {
                let indent = indents.indices.contains(index) ? indents[index] : 0
                let origin = Point(x: Double(textArea.x + indent), y: Double(textArea.y + index * linePitch - offset))
                list.append(.text(lines[index], weight: .regular, pixelSize: pixelSize, origin: origin, color: DetailStyle.textColor,
                                  direction: direction))
            }
            list.append(.clip(nil))
        }
        if let codeSlot, let code { list += Self.codeCommands(code, in: codeSlot) }
        return list
    }

    /// The QR box for `code` centered in `slot`: a white square with at least the quiet zone around the modules,
    /// each module a whole number of pixels (at least one, so a slot too small for the code gets a larger box), the
    /// dark ones drawn as runs along each row.
    public static func codeCommands(_ code: QRMatrix, in slot: PixelRect) -> [DrawCommand] {
        let modules = code.side + 2 * QRMatrix.quietZone
        let unit = max(1, min(slot.width, slot.height) / modules)
        let side = unit * modules
        let box = PixelRect(x: slot.x + (slot.width - side) / 2, y: slot.y + (slot.height - side) / 2, width: side, height: side)
        var list: [DrawCommand] = [.fill(box, DetailStyle.codeBackground)]
        let left = box.x + QRMatrix.quietZone * unit, top = box.y + QRMatrix.quietZone * unit
        for y in 0..<code.side {
            var x = 0
            while x < code.side {
                guard code[x, y] else { x += 1; continue }
                var end = x + 1
                while end < code.side, code[end, y] { end += 1 }
                list.append(.fill(PixelRect(x: left + x * unit, y: top + y * unit, width: (end - x) * unit, height: unit), DetailStyle.codeForeground))
                x = end
            }
        }
        return list
    }
}
