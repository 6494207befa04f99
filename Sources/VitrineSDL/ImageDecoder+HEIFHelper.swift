import VitrineCore
import VitrineSystem

extension ImageDecoder {
    /// The HEIC or AVIF file at `path` decoded in the helper process (``HEIFHelper``), from its path: the kiosk reads
    /// only its first bytes, to check its size against the limits before the helper starts. Nil when the file is not
    /// a HEIF one or there is no helper (it is then read and decoded as any other).
    static func decodeHEIFInHelper(path: String, options: DecodeOptions, stop: DecodeStop?) throws(SDLError) -> DecodedImage? {
        guard HEIFHelper.executable != nil, let (file, size) = try? FileDescriptor.openRegularFile(path) else { return nil }
        defer { file.close() }
        guard size <= ImageLimits.maximumFileBytes, let signature = try? file.readPrefix(count: 16, path: path),
              ImageProbe.format(of: signature) == .heif, let head = try? file.readPrefix(count: ImageLimits.headerReadLimit, path: path) else {
            return nil
        }
        do throws(ImageProblem) {
            let info = try ImageProbe.check(head, isWholeFile: head.count >= size)
            let orientation = options.exifOrientation ? info.orientation : .up
            guard let decoded = try HEIFHelper.decode(path: path, head: head, info: info, fileBytes: size,
                                                      covering: storedTarget(options, orientation: orientation),
                                                      background: options.background, stop: stop) else { return nil }
            return finish(decoded, info: info, orientation: orientation, fileBytesHeld: 0)
        } catch {
            throw SDLError(operation: "decode(\(path))", message: error.description)
        }
    }
}
