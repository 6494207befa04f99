import Glibc
import VitrineCore
import VitrineSystem

/// A picture decoded for a card, and what was done to it on the way (for `check`'s notes).
public struct DecodedImage {
    /// The pixels, 32-bit ARGB, opaque, upright.
    public var surface: Surface
    /// What was done beyond decoding, such as `turned a quarter turn clockwise (Exif orientation 6)`.
    public var notes: [String]
    /// What the header said: the format, the stored size and the Exif orientation.
    public var info = ImageInfo(format: .png, size: PixelSize(width: 0, height: 0))
    /// Whether the picture was turned by its Exif orientation.
    public var isOriented = false
    /// How many of the file's bytes were held in memory at once while decoding: all of them when it was read
    /// whole, a chunk's when a large JPEG was read from its file (``JPEGDecoder/fileChunkBytes``). They count
    /// against ``ImageLimits/decodeMemoryBytes``.
    public var fileBytesHeld = 0
    /// The bytes the decoder held at its peak by its own count (the file's bytes held, its buffers and the
    /// picture it gave), which it kept within ``ImageLimits/decodeMemoryBytes``; 0 where it does not count them
    /// (libjpeg holds its own count, against the same limit).
    public var decodeBytes = 0
    /// The size of the whole picture before it was shrunk, when the decoder found it other than the header said
    /// (a HEIF's, turned and cropped by libheif).
    var wholeSize: PixelSize?
    /// How much more than the card's factor a HEIF picture was shrunk by, to fit its memory limit.
    var extraFactor = 0
    /// The colour transparent pixels were composited over, when the picture had any; nil when it was opaque.
    public var compositedOver: Color?

    /// Notes that the picture's transparent pixels were composited over `background`.
    mutating func noteTransparency(over background: Color) {
        compositedOver = background
        notes.append(ImageDecoder.transparencyNote(background))
    }

    /// Whether decoding with `options` would give these very pixels: the same turn, and the same JPEG scale or
    /// PNG or HEIF box factor (``DecodeScale``); other formats always decode whole.
    public func isSame(as options: DecodeOptions) -> Bool {
        let orientation = options.exifOrientation ? info.orientation : .up
        guard (orientation != .up) == isOriented, compositedOver.map({ $0 == options.background }) ?? true else { return false }
        let target = ImageDecoder.storedTarget(options, orientation: orientation)
        switch info.format {
        case .jpeg:
            return surface.size == orientation.shownSize(of: DecodeScale.scaled(info.size, DecodeScale.numerator(stored: info.size, covering: target)))
        case .png:
            return surface.size == orientation.shownSize(of: DecodeScale.boxed(info.size, DecodeScale.boxFactor(stored: info.size, covering: target)))
        case .heif:
            // libheif's picture, turned by its `irot` box and cropped by its `clap` box, not the size probed.
            let whole = wholeSize ?? info.size
            return surface.size == DecodeScale.boxed(whole, DecodeScale.boxFactor(stored: whole, covering: target) + extraFactor)
        default:
            return true
        }
    }
}

/// How to decode: the size the picture must cover and whether Exif orientation is applied.
public struct DecodeOptions: Hashable, Sendable {
    /// The shown size the decoded picture must cover (its aspect-fill crop at least this big); nil for full size.
    public var covering: PixelSize?
    /// Whether the Exif orientation (a JPEG's, a PNG's `eXIf`, a WebP's `EXIF`) turns the picture
    /// (`display.exifOrientation`).
    public var exifOrientation: Bool
    /// The colour transparent pixels are composited over: the letterbox colour (`display.background`), so a
    /// transparent picture shows what is around the card.
    public var background: Color
    /// For a video file, how long its card has been on screen since it landed (``VideoClock``): the frame of that
    /// moment is the picture; 0, the first frame, while it is brought in.
    public var videoTime = 0.0

    /// Options for a picture covering `covering` pixels.
    public init(covering: PixelSize? = nil, exifOrientation: Bool = true, background: Color = .black) {
        self.covering = covering
        self.exifOrientation = exifOrientation
        self.background = background
    }
}

/// The one way card pictures are decoded, by the kiosk and by `check` alike: the whole file is read (at most
/// ``ImageLimits/maximumFileBytes``; a JPEG past ``ImageLimits/headerReadLimit`` is read from its file a chunk at a
/// time instead, ``openJPEG(path:)``), its header probed (``ImageProbe``, with every limit of ``ImageLimits``), then
/// JPEGs go to libjpeg-turbo at card size (``JPEGDecoder``), PNGs to libpng at card size (``PNGDecoder``), GIFs
/// (``GIFFirstFrame``) and bit-field BMPs (``BMPBitfields``) to the core, animated WebPs to the core and SDL_image
/// (their first frame), and the rest to SDL_image. Transparent pixels are composited over the letterbox colour
/// (``DecodeOptions/background``, black unless `display.background` says otherwise), and the picture is turned upright by its Exif orientation.
public enum ImageDecoder {
    /// Decodes the image file at `path`, or gives the reason it cannot be shown; gives up once `stop` (or
    /// ``DecodeStop/process``) is stopped.
    public static func decode(path: String, options: DecodeOptions = DecodeOptions(), stop: DecodeStop? = nil) throws(SDLError) -> DecodedImage {
        if CardVideo.isVideoName(path) { return try decodeVideoFrame(path: path, options: options) }
        if let frame = try decodeAnimationFrame(path: path, options: options) { return frame }  // DeckRenderer+Animation.swift
        if let jpeg = try openJPEG(path: path) {
            defer { jpeg.file.close() }
            do throws(ImageProblem) {
                if DecodeStop.shouldStop(stop) { throw DecodeStop.abandoned(.jpeg) }
                let orientation = options.exifOrientation ? jpeg.info.orientation : .up
                let decoded = try JPEGDecoder.decode(file: jpeg.file, covering: storedTarget(options, orientation: orientation), stop: stop)
                return finish(decoded, info: jpeg.info, orientation: orientation, fileBytesHeld: JPEGDecoder.fileChunkBytes)
            } catch {
                throw SDLError(operation: "decode(\(path))", message: error.description)
            }
        }
        if let decoded = try decodeHEIFInHelper(path: path, options: options, stop: stop) { return decoded }
        if let large = try openLarge(path: path) {
            defer { large.file.close() }
            do throws(ImageProblem) {
                if large.info.format == .bmp, let decoded = try decodeBMPRows(file: large.file, size: large.size, head: large.head,
                                                                               covering: storedTarget(options, orientation: .up), stop: stop) {
                    return finish(decoded, info: large.info, orientation: .up, fileBytesHeld: 0)
                }
                if large.info.format == .heif, let problem = HEIFDecoder.problemBeforeReading(
                    head: large.head, info: large.info, fileBytes: large.size, covering: storedTarget(options, orientation: .up),
                    limit: ImageLimits.decodeMemoryBytes) {
                    throw problem  // Before the file is read.
                }
                if let problem = ImageLimits.wholeDecodeProblem(large.info.format, large.info.size, fileBytes: large.size),
                   [.bmp, .webp, .gif].contains(large.info.format) {  // Each counts at least this much once read.
                    throw problem  // Before the file is read.
                }
                if large.info.format == .png {
                    if DecodeStop.shouldStop(stop) { throw DecodeStop.abandoned(.png) }
                    let orientation = options.exifOrientation ? large.info.orientation : .up
                    let decoded = try PNGDecoder.decode(file: large.file, size: large.size, head: large.head,
                                                        covering: storedTarget(options, orientation: orientation), stop: stop,
                                                        background: options.background)
                    return finish(decoded, info: large.info, orientation: orientation, fileBytesHeld: PNGDecoder.fileChunkBytes)
                }
            } catch {
                throw SDLError(operation: "decode(\(path))", message: error.description)
            }
        }
        let bytes = try readWhole(path: path)
        do throws(ImageProblem) {
            return try decode(bytes, options: options, stop: stop)
        } catch {
            throw SDLError(operation: "decode(\(path))", message: error.description)
        }
    }

    /// Decodes a whole file's `bytes`.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions(), stop: DecodeStop? = nil) throws(ImageProblem) -> DecodedImage {
        let info = try ImageProbe.check(bytes, isWholeFile: true)
        if DecodeStop.shouldStop(stop) { throw DecodeStop.abandoned(info.format) }
        let orientation = options.exifOrientation ? info.orientation : .up
        let target = storedTarget(options, orientation: orientation)
        var decoded: DecodedImage
        var wholeBytes = 0  // What a whole decode is counted at.
        switch info.format {
        case .jpeg: decoded = try JPEGDecoder.decode(bytes, covering: target, stop: stop)
        case .png: decoded = try PNGDecoder.decode(bytes, covering: target, stop: stop, background: options.background)
        case .bmp:
            if let problem = ImageLimits.wholeDecodeProblem(.bmp, info.size, fileBytes: bytes.count) { throw problem }
            wholeBytes = info.size.width * info.size.height * ImageLimits.wholeDecodeBytesPerPixel + bytes.count
            try BMPRunLengths.check(bytes)
            if let picture = try BMPBitfields.decode(bytes) {
                decoded = try surface(picture.pixels, size: picture.size, hasAlpha: picture.hasAlpha, format: .bmp, background: options.background)
            } else {
                decoded = try decodeWithSDLImage(bytes, format: .bmp, background: options.background)
            }
        case .webp:
            if let frame = try WebPFirstFrame.first(in: bytes) {
                // The canvas, the frame as SDL_image decodes it, and its copy in the card's format.
                if let problem = ImageLimits.wholeDecodeProblem(.webp, frame.canvas, fileBytes: bytes.count, bytesPerPixel: 12) { throw problem }
                decoded = try decodeFirstFrame(frame, background: options.background)
            } else {
                if let problem = ImageLimits.wholeDecodeProblem(.webp, info.size, fileBytes: bytes.count) { throw problem }
                wholeBytes = info.size.width * info.size.height * ImageLimits.wholeDecodeBytesPerPixel + bytes.count
                decoded = try decodeWithSDLImage(bytes, format: .webp, background: options.background)
            }
        case .heif: decoded = try HEIFDecoder.decode(bytes, covering: target, background: options.background)
        case .gif:
            let picture = try GIFFirstFrame.decode(bytes)
            decoded = try surface(picture.pixels, size: picture.size, hasAlpha: picture.hasTransparency, format: .gif, background: options.background)
            if picture.isAnimated { decoded.notes.insert("animated: its first frame is shown", at: 0) }
        }
        if wholeBytes > 0 { decoded.decodeBytes = wholeBytes }
        return finish(decoded, info: info, orientation: orientation, fileBytesHeld: bytes.count)
    }

    /// `decoded` with the header's `info`, turned upright by `orientation`.
    static func finish(_ decoded: DecodedImage, info: ImageInfo, orientation: ImageOrientation, fileBytesHeld: Int) -> DecodedImage {
        var decoded = decoded
        decoded.info = info
        decoded.fileBytesHeld = fileBytesHeld
        if orientation != .up {
            decoded.surface = decoded.surface.oriented(orientation)
            decoded.isOriented = true
            decoded.notes.append("shown \(orientation.description) (Exif orientation \(orientation.rawValue))")
        }
        return decoded
    }

    /// The size to cover, as stored: a picture shown turned a quarter covers the turned size.
    static func storedTarget(_ options: DecodeOptions, orientation: ImageOrientation) -> PixelSize {
        let shown = options.covering ?? ImageLimits.defaultDecodeSize
        return orientation.swapsAxes ? PixelSize(width: shown.height, height: shown.width) : shown
    }

    /// The note for a picture whose transparent pixels were composited over `background`.
    static func transparencyNote(_ background: Color) -> String {
        guard background != .black else { return "transparent pixels shown over black" }
        let hex = [background.red, background.green, background.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        return "transparent pixels shown over the background colour #\(hex)"
    }

    /// An animated WebP's first frame, drawn on its canvas (transparent around it), then made opaque over
    /// `background`.
    static func decodeFirstFrame(_ frame: WebPFirstFrame.Frame, background: Color = .black) throws(ImageProblem) -> DecodedImage {
        let picture = try decodeWithSDLImage(frame.still, format: .webp, composite: false).surface
        let canvas: Surface
        do throws(SDLError) { canvas = try Surface(size: frame.canvas) } catch { throw .overLimit(.webp, error.message) }
        guard let c = canvas.pixelRows, let p = picture.pixelRows else {
            throw .overLimit(.webp, "no pixels")
        }
        for y in 0..<canvas.size.height { c.pixels(y).update(repeating: 0, count: canvas.size.width) }
        // The frame's bitstream may disagree with the size its ANMF header gave: copy only what fits the canvas.
        let width = min(picture.size.width, canvas.size.width - frame.origin.x), height = min(picture.size.height, canvas.size.height - frame.origin.y)
        for y in 0..<max(0, height) where width > 0 {
            (c.pixels(frame.origin.y + y) + frame.origin.x).update(from: p.pixels(y), count: width)
        }
        var decoded = DecodedImage(surface: canvas, notes: ["animated: its first frame is shown"])
        if canvas.composite(over: background) { decoded.noteTransparency(over: background) }
        return decoded
    }

    /// BMP and WebP through SDL_image, converted to ARGB8888 and, with `composite`, made
    /// opaque over `background`.
    static func decodeWithSDLImage(_ bytes: [UInt8], format: ImageFormat, composite: Bool = true,
                                   background: Color = .black) throws(ImageProblem) -> DecodedImage {
        // Opened on first use (CLazyLink): a system without it has these files unsupported, not corrupt.
        if let missing = SDLLibrary.imageLibraryMissing {
            throw .unsupportedFormat("this \(format.rawValue)", hint: missing
                                     + " (apt-get install libsdl2-image-2.0-0), or convert it to JPEG or PNG first")
        }
        let surface: Surface
        switch Surface.decode(imageBytes: bytes) {
        case .success(let decoded): surface = decoded
        case .failure(let error): throw .corruptData(format, "cannot decode it: " + error.message)
        }
        let hasAlpha = surface.hasTransparency
        let argb: Surface
        do throws(SDLError) { argb = try surface.argb8888() } catch { throw .corruptData(format, error.message) }
        var decoded = DecodedImage(surface: argb, notes: [])
        if composite, hasAlpha, argb.composite(over: background) { decoded.noteTransparency(over: background) }
        return decoded
    }

    /// ARGB pixels the core decoded (a bit-field BMP, a GIF's first frame) in a surface, composited over
    /// `background` when they have alpha.
    static func surface(_ pixels: [UInt32], size: PixelSize, hasAlpha: Bool, format: ImageFormat,
                        background: Color = .black) throws(ImageProblem) -> DecodedImage {
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: size) } catch { throw .overLimit(format, error.message) }
        guard let s = surface.pixelRows else { throw .overLimit(format, "no pixels") }
        let base = s.base.assumingMemoryBound(to: UInt32.self)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<size.height {
                (base + y * s.pitch / 4).update(from: source.baseAddress! + y * size.width, count: size.width)
            }
        }
        var decoded = DecodedImage(surface: surface, notes: [])
        if hasAlpha && surface.composite(over: background) { decoded.noteTransparency(over: background) }
        return decoded
    }

    /// The whole file at `path`, only a regular file (``FileDescriptor/openRegularFile(_:)``); over
    /// ``ImageLimits/maximumFileBytes`` is refused.
    static func readWhole(path: String) throws(SDLError) -> [UInt8] {
        // Only a regular file, opened without blocking: a FIFO, a device or a directory is refused at once.
        let file: FileDescriptor, expected: Int
        do {
            (file, expected) = try FileDescriptor.openRegularFile(path)
        } catch {
            throw SDLError(operation: "decode(\(path))", message: error.reason)
        }
        defer { file.close() }
        guard expected <= ImageLimits.maximumFileBytes else {
            throw SDLError(operation: "decode(\(path))", message: "the file is \(expected / 1_048_576) MiB, over the "
                           + "\(ImageLimits.maximumFileBytes / 1_048_576) MiB limit for an image file")
        }
        let bytes: [UInt8]
        do {
            bytes = try file.readToEnd(sizeHint: expected, limit: ImageLimits.maximumFileBytes)
        } catch {
            throw SDLError(operation: "decode(\(path))", message: error.reason)
        }
        guard bytes.count <= ImageLimits.maximumFileBytes else {
            throw SDLError(operation: "decode(\(path))", message: "the file is over the \(ImageLimits.maximumFileBytes / 1_048_576) MiB limit for an image file")
        }
        return bytes
    }
}
