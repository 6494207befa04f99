/// The open detail panel: which card it belongs to, how it is laid out and scrolled, and the drag scrolling it.
struct DetailPanel: Sendable, Equatable {
    /// The card it shows the detail of, as an index into the config's cards.
    var card: Int
    /// The deck generation it was opened in: a reload closes it.
    var deckGeneration: Int
    /// The card's detail.
    var detail: CardDetail
    /// Where its parts go on `stage`.
    var layout: DetailPanelLayout
    /// The stage it was laid out for.
    var stage: StageLayout
    /// How far the text is scrolled up, in pixels, within `0...layout.scrollLimit`.
    var scroll: Double = 0
    /// The last input a person gave (or the opening): idle time counts from here.
    var lastInput: Double
    /// A press on the text that may scroll it, if one is down.
    var drag: ScrollDrag?

    /// A press on the panel's text: it scrolls once the pager has found it vertical.
    struct ScrollDrag: Sendable, Equatable {
        /// The pointer.
        var pointer: Int
        /// The pointer's y (upright points) and the scroll where the drag is measured from; nil until the press is
        /// found vertical (then it is anchored there, so the text does not jump by the slop).
        var anchor: (y: Double, scroll: Double)?

        static func == (a: ScrollDrag, b: ScrollDrag) -> Bool {
            a.pointer == b.pointer && a.anchor?.y == b.anchor?.y && a.anchor?.scroll == b.anchor?.scroll
        }
    }
}

/// What a frame shows of the open detail panel: its layout, scroll and link (the edge encodes the link as a QR
/// code and hands the matrix back to ``DetailPanelLayout/commands(scroll:code:)``).
public struct DetailPanelFrame: Sendable, Equatable {
    /// Where the panel's parts go.
    public var layout: DetailPanelLayout
    /// How far the text is scrolled up, in whole pixels.
    public var scroll: Int
    /// The link to show as a QR code; nil for none.
    public var link: String?

    /// A panel frame.
    public init(layout: DetailPanelLayout, scroll: Int, link: String?) {
        self.layout = layout
        self.scroll = scroll
        self.link = link
    }

    /// The panel's draw commands, with `code` the link's QR matrix (nil: none, or no encoder installed).
    public func commands(code: QRMatrix?) -> [DrawCommand] {
        layout.commands(scroll: Double(scroll), code: link == nil ? nil : code)
    }
}

/// Why a detail panel opened.
public enum DetailOpenReason: String, Sendable, Equatable {
    /// A tap on the card.
    case tap
    /// `ctl detail open`.
    case control
}

/// Why a detail panel closed.
public enum DetailCloseReason: String, Sendable, Equatable {
    /// A tap outside the panel.
    case tapOutside
    /// The Escape key.
    case escape
    /// A swipe (a drag that took the card).
    case swipe
    /// The card changed another way: a key, the dots, the wheel, a command, a schedule.
    case page
    /// Nobody touched the kiosk for ``RuntimeTuning/detailIdleClose``.
    case idle
    /// `ctl detail close`.
    case control
    /// The screen went to sleep.
    case sleep
    /// The deck was reloaded.
    case reload
}
