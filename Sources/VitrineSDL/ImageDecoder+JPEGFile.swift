import VitrineCore
import VitrineSystem

extension ImageDecoder {
    /// The JPEG file at `path` opened to be decoded from its descriptor (``JPEGDecoder/decode(file:covering:stop:maximumScans:)``),
    /// with what its header says; nil when it is to be read whole (``readWhole(path:)``, which gives any reason).
    ///
    /// A JPEG larger than ``ImageLimits/headerReadLimit`` whose frame header lies within that many bytes is read a
    /// chunk at a time: read whole, a 63 MB photo held 60 MiB of the decode memory budget before decoding began,
    /// and one refused by its header (too many pixels) was read whole first.
    static func openJPEG(path: String) throws(SDLError) -> (file: FileDescriptor, info: ImageInfo)? {
        guard let (file, size) = try? FileDescriptor.openRegularFile(path) else { return nil }
        // Only the signature first: a large file of another kind reads 3 bytes here, not 256 KiB.
        guard size > ImageLimits.headerReadLimit, size <= ImageLimits.maximumFileBytes,
              let signature = try? file.readPrefix(count: 3, path: path), ImageProbe.format(of: signature) == .jpeg,
              let head = try? file.readPrefix(count: ImageLimits.headerReadLimit, path: path) else {
            file.close()
            return nil
        }
        do throws(ImageProblem) {
            return (file, try ImageProbe.check(head, isWholeFile: false))
        } catch {
            file.close()
            if case .headerBeyondReadLimit = error { return nil }  // Metadata before the frame: read it whole.
            throw SDLError(operation: "decode(\(path))", message: error.description)
        }
    }

    /// A file larger than ``ImageLimits/headerReadLimit`` opened with its header probed, so that its limits are
    /// applied before it is read: a PNG is then decoded from its descriptor, and a BMP, GIF or WebP too big to decode
    /// whole is refused before its bytes are read (a 37 MB BMP was read whole only to be refused). Nil when the file
    /// is small, cannot be opened, or keeps its header beyond the first bytes read (then it is read whole and
    /// ``readWhole(path:)`` and the probe give any reason).
    static func openLarge(path: String) throws(SDLError) -> (file: FileDescriptor, size: Int, head: [UInt8], info: ImageInfo)? {
        guard let (file, size) = try? FileDescriptor.openRegularFile(path) else { return nil }
        guard size > ImageLimits.headerReadLimit, size <= ImageLimits.maximumFileBytes,
              let head = try? file.readPrefix(count: ImageLimits.headerReadLimit, path: path) else {
            file.close()
            return nil
        }
        do throws(ImageProblem) {
            return (file, size, head, try ImageProbe.check(head, isWholeFile: false))
        } catch {
            file.close()
            if case .headerBeyondReadLimit = error { return nil }
            throw SDLError(operation: "decode(\(path))", message: error.description)
        }
    }
}
