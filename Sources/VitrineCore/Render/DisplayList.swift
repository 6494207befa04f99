/// One plain drawing instruction, in pixels; the SDL edge executes these and nothing else.
public enum DrawCommand: Equatable, Sendable {
    /// Fill the whole target with a colour.
    case clear(Color)
    /// Fill a rectangle, blending by the colour's alpha.
    case fill(PixelRect, Color)
    /// Draw the card's image: the `source` part of it (image pixels) scaled into `destination`.
    case image(source: Rect, destination: PixelRect)
    /// Darken rows of `rect` with black at the ramp's per-row opacity (row 0 is the rect's top row).
    case scrim(PixelRect, GradientRamp)
    /// Draw one line of text with its top-left corner at `origin`, laid out as a paragraph in `direction`.
    case text(String, weight: FontWeight, pixelSize: Int, origin: Point, color: Color, direction: TextDirection = .leftToRight)
    /// Draw one line of text with the center of its line box at `center`: for text placed without a measurer.
    case centeredText(String, weight: FontWeight, pixelSize: Int, center: Point, color: Color)
    /// Copy the composed, opaque texture of card `index` into `destination`.
    case card(index: Int, destination: PixelRect)
    /// Blend card `index`'s composed texture into `destination` at `opacity` (0...255) over what is there: a fade.
    case fadedCard(index: Int, destination: PixelRect, opacity: UInt8)
    /// Draw an antialiased filled circle.
    case dot(center: Point, diameter: Double, color: Color)
    /// Limit the commands that follow to `rect` (nil: the whole target again), as a scrolling text area needs.
    case clip(PixelRect?)
}

/// An ordered list of draw commands: what one frame or one card composition looks like, built from state alone.
public struct DisplayList: Equatable, Sendable {
    /// The commands, in painting order.
    public var commands: [DrawCommand]

    /// A list of the given commands.
    public init(_ commands: [DrawCommand] = []) { self.commands = commands }

    /// Appends one command.
    public mutating func append(_ command: DrawCommand) { commands.append(command) }
}

extension DrawCommand {
    /// The card a `.card` or `.fadedCard` command copies; nil for every other command.
    public var cardIndex: Int? {
        switch self {
        case .card(let index, _), .fadedCard(let index, _, _): index
        default: nil
        }
    }
}
