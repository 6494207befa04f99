import Glibc
import VitrineCore
import VitrineSystem

extension Surface {
    /// The eight bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The twelve bytes every complete PNG file ends with: its empty IEND chunk and that chunk's CRC.
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Writes the surface as an RGB PNG (no alpha channel), the same bytes for the same pixels.
    ///
    /// The PNG is written whole or not at all (``FileDescriptor/replaceAtomically(_:replacing:permissions:write:)``):
    /// into a new file beside `path`, checked complete, then renamed over `path`. A symbolic link, a FIFO, a device
    /// or a folder at `path`, or a file `replacing` does not allow, is refused before anything is written, and a
    /// write that fails (a full disk) throws with the reason and leaves `path` as it was.
    public func writePNG(to path: String, replacing: FileReplacement = .anyRegularFile) throws(SDLError) {
        let rgb = try converted(to: .rgb24)
        do throws(SystemError) {
            try FileDescriptor.replaceAtomically(path, replacing: replacing) { temporary, file throws(SystemError) in
                errno = 0
                let saved = rgb.encodePNG(to: temporary)
                let code = errno
                guard saved == 0 else {
                    throw SystemError(operation: "IMG_SavePNG", code: code != 0 ? code : EIO,
                                      detail: code != 0 ? nil : SDLError.current("IMG_SavePNG").message)
                }
                // SDL_image does not say when its last buffered bytes could not be written (a full disk): a PNG
                // that was cut short lacks its end.
                var status = stat()
                guard fstat(file.rawValue, &status) == 0, Int(status.st_size) >= Surface.pngEnd.count,
                      lseek(file.rawValue, status.st_size - off_t(Surface.pngEnd.count), SEEK_SET) >= 0,
                      (try? file.readToEnd(limit: Surface.pngEnd.count)) == Surface.pngEnd else {
                    throw SystemError(operation: "IMG_SavePNG", code: code != 0 ? code : EIO,
                                      detail: code != 0 ? nil : "the PNG was cut short")
                }
            }
        } catch {
            throw SDLError(operation: "IMG_SavePNG(\(path))", message: error.reason)
        }
    }

    /// Writes the surface as a screenshot a control client asked for: as ``writePNG(to:replacing:)``, only to an
    /// absolute path (the kiosk's working folder is none of the client's business), and replacing only an empty
    /// file or a PNG, so a client cannot overwrite a config, a script or a document the kiosk's user may write.
    public func writeScreenshot(to path: String) throws(SDLError) {
        guard path.hasPrefix("/") else {
            throw SDLError(operation: "IMG_SavePNG", message: "the path is not absolute (it would be taken from the kiosk's working folder)")
        }
        try writePNG(to: path, replacing: .emptyOr(kind: "a PNG", signature: Surface.pngSignature))
    }
}
