import Glibc
import VitrineCore
import VitrineSystem

extension Surface {
    /// Decodes the image file at `path` (PNG, JPEG, GIF, BMP or WebP), after checking its header.
    ///
    /// The file is opened once, only as a regular file (``FileDescriptor/openRegularFile(_:)``: a FIFO, a device
    /// or a directory is refused at once), its header is probed (``ImageProbe``): a missing or unreadable file fails
    /// with the system's reason, and an empty file, a file that is not an image, a cut-off header or a size over
    /// ``ImageLimits/maximumPixels`` fails before any decoder runs. SDL_image then decodes from that same
    /// descriptor, never from the path, so what it reads is what was checked. Data that is corrupt or cut off past
    /// the header fails in the decoder, with SDL_image's reason.
    public static func load(path: String) throws(SDLError) -> Surface {
        let file = try openImage(path)
        var handedOver = false
        defer { if !handedOver { file.close() } }
        let info = try probe(file, path: path)
        guard lseek(file.rawValue, 0, SEEK_SET) == 0, let stream = fdopen(file.rawValue, "rb") else {
            throw SDLError(operation: "IMG_Load(\(path))", message: String(cString: strerror(errno)))
        }
        handedOver = true
        do throws(SDLError) {
            return try Surface.decode(stream: stream, what: path)  // Closes the stream, and with it the descriptor.
        } catch {
            guard error.operation.hasPrefix("IMG_Load") else { throw error }
            throw SDLError(operation: error.operation, message: "cannot decode the \(info.format.rawValue) data: \(error.message)")
        }
    }

    /// The format and size the header of the image file at `path` claims, read without decoding and checked
    /// against ``ImageLimits/maximumPixels``.
    public static func probe(path: String) throws(SDLError) -> ImageInfo {
        let file = try openImage(path)
        defer { file.close() }
        return try probe(file, path: path)
    }

    /// Opens the image file at `path` as a regular file, or says why not (SDL_image would only say "Couldn't open").
    static func openImage(_ path: String) throws(SDLError) -> FileDescriptor {
        do {
            return try FileDescriptor.openRegularFile(path).file
        } catch {
            throw SDLError(operation: "IMG_Load(\(path))", message: error.reason)
        }
    }

    /// The format and size the header of the open image `file` claims (see ``probe(path:)``).
    ///
    /// Reads ``ImageLimits/firstReadBytes`` first, and up to ``ImageLimits/headerReadLimit`` only when the header
    /// lies further in (a JPEG with large metadata).
    static func probe(_ file: FileDescriptor, path: String) throws(SDLError) -> ImageInfo {
        var limit = ImageLimits.firstReadBytes
        while true {
            let bytes: [UInt8]
            do {
                bytes = try file.readPrefix(count: limit, path: path)
            } catch {
                throw SDLError(operation: "IMG_Load(\(path))", message: error.reason)  // EISDIR never: refused at open.
            }
            do throws(ImageProblem) {
                return try ImageProbe.check(bytes, isWholeFile: bytes.count < limit)
            } catch {
                if case .headerBeyondReadLimit = error, limit < ImageLimits.headerReadLimit {
                    limit = ImageLimits.headerReadLimit
                    continue
                }
                throw SDLError(operation: "IMG_Load(\(path))", message: error.description)
            }
        }
    }
}
