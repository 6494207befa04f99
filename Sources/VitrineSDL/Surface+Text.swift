import CSDL2
import VitrineCore

extension Surface {
    /// A transparent ARGB surface of `size` with each of `pieces` copied in at its place, alpha and all: the runs of
    /// a line of text side by side on one baseline.
    ///
    /// A plain copy, not a blend: blending onto the transparent line would darken the antialiased edges.
    static func line(size: PixelSize, pieces: [(surface: Surface, x: Int, y: Int)]) throws(SDLError) -> Surface {
        let line = try Surface(size: PixelSize(width: max(1, size.width), height: max(1, size.height)))
        SDL_FillRect(line.pointer, nil, 0)  // Transparent.
        for piece in pieces {
            SDL_SetSurfaceBlendMode(piece.surface.pointer, SDL_BLENDMODE_NONE)
            var destination = SDL_Rect(x: Int32(piece.x), y: Int32(piece.y), w: Int32(piece.surface.size.width), h: Int32(piece.surface.size.height))
            guard SDL_UpperBlit(piece.surface.pointer, nil, line.pointer, &destination) == 0 else { throw SDLError.current("SDL_BlitSurface(text run)") }
        }
        return line
    }

    /// This surface (32-bit, as SDL_ttf renders text) scaled bilinearly to `size`: a colour emoji's bitmap strike
    /// brought to the height of the line it sits in.
    func scaled(to size: PixelSize) throws(SDLError) -> Surface {
        let source = try argb8888()
        let target = try Surface(size: PixelSize(width: max(1, size.width), height: max(1, size.height)))
        var from = SDL_Rect(x: 0, y: 0, w: Int32(source.size.width), h: Int32(source.size.height))
        var to = SDL_Rect(x: 0, y: 0, w: Int32(target.size.width), h: Int32(target.size.height))
        guard SDL_SoftStretchLinear(source.pointer, &from, target.pointer, &to) == 0 else { throw SDLError.current("SDL_SoftStretchLinear(text run)") }
        return target
    }
}
