internal import CSDL2

/// A failed SDL call: which call failed and what `SDL_GetError()` said at that moment.
public struct SDLError: Error, CustomStringConvertible, Equatable {
    /// The SDL function or step that failed, such as `SDL_CreateWindow`.
    public var operation: String
    /// SDL's own message, read at once so a later call cannot overwrite it.
    public var message: String

    /// An error for `operation` with an explicit message.
    public init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    /// An error for `operation`, reading `SDL_GetError()` now.
    public static func current(_ operation: String) -> SDLError {
        let message = SDL_GetError().map { String(cString: $0) } ?? ""
        SDL_ClearError()
        return SDLError(operation: operation, message: message.isEmpty ? "unknown SDL error" : message)
    }

    public var description: String { "\(operation) failed: \(message)" }
}
