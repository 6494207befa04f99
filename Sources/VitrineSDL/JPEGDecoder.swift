import CJPEG
import CSDL2
import Glibc
import VitrineCore
import VitrineSystem

/// Decodes JPEGs with libjpeg-turbo, at the size the card needs: the smallest of 1/8, 1/4, 1/2 and 1 (libjpeg's
/// DCT scaling, see ``DecodeScale``) whose picture still covers the requested size, straight into 32-bit ARGB.
///
/// A 6000x4000 photo for a 1200x800 card decodes at 1500x1000: a quarter of the work and a sixteenth of the
/// memory. CMYK and YCCK pictures (print files) are converted to RGB, read as inverted (Photoshop's convention)
/// with an Adobe marker or without. The limits of ``ImageLimits`` hold: progressive scans, decode memory and time.
/// Data that ends early is refused; other damage libjpeg decodes past is reported as a note.
enum JPEGDecoder {
    /// Decodes `bytes` (a whole JPEG file) so that its picture covers `target` pixels as stored (nil: full size).
    static func decode(_ bytes: [UInt8], covering target: PixelSize?, stop: DecodeStop? = nil,
                       maximumScans: Int = ImageLimits.maximumProgressiveScans) throws(ImageProblem) -> DecodedImage {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ImageProblem) -> DecodedImage in
                guard let j = vitrine_jpeg_create(buffer.baseAddress, UInt(buffer.count)) else {
                    throw .overLimit(.jpeg, "out of memory starting the JPEG decoder")
                }
                defer { vitrine_jpeg_destroy(j) }
                applyLimits(j, stop: stop, maximumScans: maximumScans, fileBytesHeld: buffer.count)
                return try withExtendedLifetime(stop) { () throws(ImageProblem) in
                    try decode(j, covering: target, maximumScans: maximumScans, fileBytesHeld: buffer.count)
                }
            }
        }
        return try result.get()
    }

    /// The bytes of a file read from its descriptor held at once: the file source's buffer.
    static let fileChunkBytes = Int(VITRINE_JPEG_FILE_CHUNK)

    /// Decodes the JPEG file open as `file` as ``decode(_:covering:stop:maximumScans:)`` decodes its bytes, reading
    /// it 64 KiB at a time (`vitrine_jpeg_create_file`): the file is never held whole.
    static func decode(file: FileDescriptor, covering target: PixelSize?, stop: DecodeStop? = nil,
                       maximumScans: Int = ImageLimits.maximumProgressiveScans) throws(ImageProblem) -> DecodedImage {
        guard let j = vitrine_jpeg_create_file(file.rawValue) else { throw .overLimit(.jpeg, "out of memory starting the JPEG decoder") }
        defer { vitrine_jpeg_destroy(j) }
        applyLimits(j, stop: stop, maximumScans: maximumScans, fileBytesHeld: fileChunkBytes)
        return try withExtendedLifetime(stop) { () throws(ImageProblem) in
            try decode(j, covering: target, maximumScans: maximumScans, fileBytesHeld: fileChunkBytes)
        }
    }

    /// Holds the decode `j` to ``ImageLimits`` (progressive scans, decode memory less the `fileBytesHeld` of the
    /// file in memory, CPU time) and to `stop` (kept alive by the caller for the decode) or the process's stop,
    /// asked in libjpeg's progress monitor.
    static func applyLimits(_ j: UnsafeMutablePointer<vitrine_jpeg>, stop: DecodeStop?,
                            maximumScans: Int = ImageLimits.maximumProgressiveScans, fileBytesHeld: Int) {
        j.pointee.max_scans = Int32(maximumScans)
        j.pointee.deadline = DecodeBudget.threadCPUSeconds + ImageLimits.decodeSeconds
        j.pointee.info.mem.pointee.max_memory_to_use = max(0, ImageLimits.decodeMemoryBytes - fileBytesHeld)
        j.pointee.stop_context = stop.map { Unmanaged.passUnretained($0).toOpaque() }
        j.pointee.should_stop = { context in
            let stop = context.map { Unmanaged<DecodeStop>.fromOpaque($0).takeUnretainedValue() }
            return DecodeStop.shouldStop(stop) ? 1 : 0
        }
    }

    /// A C string held in a fixed-size array of the decoder.
    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    private static func failure(_ j: UnsafeMutablePointer<vitrine_jpeg>) -> ImageProblem {
        let message = text(j.pointee.message)
        let code = Int(j.pointee.errors.msg_code)
        if message == "coefficients over the limit" {
            return .overLimit(.jpeg, "decoding this progressive JPEG needs more than the \(ImageLimits.decodeMemoryBytes / 1_048_576) MiB decode memory "
                              + "limit (its coefficients are all kept while it is decoded, \(Int(j.pointee.compact_bytes) / 1_048_576) MiB packed when it "
                              + "was stopped); save it as a baseline JPEG to show it")
        }
        if code == Int(JERR_NO_BACKING_STORE.rawValue) || code == Int(JERR_OUT_OF_MEMORY.rawValue) {
            return .overLimit(.jpeg, "decoding needs more than the \(ImageLimits.decodeMemoryBytes / 1_048_576) MiB decode memory "
                              + "limit (a large progressive JPEG keeps all its coefficients)")
        }
        if message.hasPrefix("more than") {
            return .overLimit(.jpeg, message + ", the limit (real photos have about 10)")
        }
        if message.hasPrefix("decoding took") {
            return .overLimit(.jpeg, "decoding took longer than \(DecodeBudget.seconds(ImageLimits.decodeSeconds)) s, the limit, and was abandoned")
        }
        if message == "abandoned" { return DecodeStop.abandoned(.jpeg) }
        return .corruptData(.jpeg, message)
    }

    private static func decode(_ j: UnsafeMutablePointer<vitrine_jpeg>, covering target: PixelSize?,
                               maximumScans: Int, fileBytesHeld: Int) throws(ImageProblem) -> DecodedImage {
        guard vitrine_jpeg_read_header(j) != 0 else { throw failure(j) }
        var notes: [String] = []
        let colorSpace = j.pointee.info.jpeg_color_space
        let isCMYK = colorSpace == JCS_CMYK || colorSpace == JCS_YCCK
        if isCMYK {
            j.pointee.info.out_color_space = JCS_CMYK
            let how = j.pointee.info.saw_Adobe_marker != 0 ? "Adobe, inverted" : "no Adobe marker, read inverted as Photoshop writes it"
            notes.append("converted from \(colorSpace == JCS_YCCK ? "YCCK" : "CMYK") (\(how)) to RGB")
        } else {
            j.pointee.info.out_color_space = JCS_EXT_BGRA  // ARGB8888's bytes on a little-endian machine; A is 255.
        }
        let stored = PixelSize(width: Int(j.pointee.info.image_width), height: Int(j.pointee.info.image_height))
        var counted = try chooseScale(j, stored: stored, covering: target, fileBytesHeld: fileBytesHeld)
        // The picture is allocated beside libjpeg's own memory: both within the budget.
        let pictureBytes = Int(j.pointee.info.output_width) * Int(j.pointee.info.output_height) * 4
        j.pointee.info.mem.pointee.max_memory_to_use = max(0, ImageLimits.decodeMemoryBytes - fileBytesHeld - pictureBytes)
        let compact = j.pointee.info.progressive_mode != 0
        if compact { vitrine_jpeg_compact_coefficients(j, max(0, ImageLimits.decodeMemoryBytes - fileBytesHeld - pictureBytes)) }
        guard vitrine_jpeg_start(j) != 0 else { throw failure(j) }
        let out = PixelSize(width: Int(j.pointee.info.output_width), height: Int(j.pointee.info.output_height))
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: out) } catch {
            throw .overLimit(.jpeg, "no memory for a \(out.width)x\(out.height) picture")
        }
        let s = surface.pointer.pointee
        guard let pixels = s.pixels?.assumingMemoryBound(to: UInt8.self),
              vitrine_jpeg_read_all(j, pixels, Int(s.pitch)) != 0 else { throw failure(j) }
        if j.pointee.truncated != 0 {
            throw .corruptData(.jpeg, j.pointee.ended != 0 ? "the file is cut off (libjpeg: Premature end of JPEG file); the picture would be grey below the cut"
                               : "the picture data is cut off before its end marker (libjpeg: \(text(j.pointee.first_warning))); the picture would be grey below the cut")
        }
        if j.pointee.ended != 0 { notes.append("the file ends without its end-of-image marker; its picture data is whole") }
        if j.pointee.warnings > 0 {
            let first = text(j.pointee.first_warning)
            notes.append("damaged data decoded anyway (libjpeg: \(first)\(j.pointee.warnings > 1 ? ", and \(j.pointee.warnings - 1) more warnings" : ""))")
        }
        if isCMYK { convertCMYK(surface) }
        if compact { counted = fileBytesHeld + pictureBytes + Int(j.pointee.compact_peak) }
        var decoded = DecodedImage(surface: surface, notes: notes)
        decoded.decodeBytes = counted
        return decoded
    }

    /// Sets the smallest scale N/8 whose output is at least `target` in both directions (full size without one),
    /// or a smaller one when that picture would not fit ``ImageLimits/decodeMemoryBytes`` beside the
    /// `fileBytesHeld` and a progressive JPEG's coefficients (``coefficientBytes(_:)``): decoded for a 4K guess at
    /// the card, a 9000x4700 photo took 157 MiB at full size, where half size (4500x2350) takes 40. A progressive
    /// JPEG whose coefficients leave no room even at 1/8 is refused; gives the bytes counted.
    private static func chooseScale(_ j: UnsafeMutablePointer<vitrine_jpeg>, stored: PixelSize, covering target: PixelSize?,
                                    fileBytesHeld: Int) throws(ImageProblem) -> Int {
        var n = target.map { DecodeScale.numerator(stored: stored, covering: $0) } ?? 8
        // Kept compact (vitrine_jpeg_compact_coefficients), a photo's coefficients take a third to a half of their
        // 128 bytes a block: half is left for them, and counted as they are packed.
        let coefficients = coefficientBytes(j) / 2
        let fixed = fileBytesHeld + coefficients
        while n > 1, let smaller = DecodeScale.numerators.last(where: { $0 < n }) {
            let picture = DecodeScale.scaled(stored, n)
            guard fixed + picture.width * picture.height * 4 > ImageLimits.decodeMemoryBytes else { break }
            n = smaller
        }
        let picture = DecodeScale.scaled(stored, n)
        let needed = fixed + picture.width * picture.height * 4
        guard needed <= ImageLimits.decodeMemoryBytes else {
            // Refused before libjpeg allocates anything for the picture.
            throw .overLimit(.jpeg, "decoding this progressive JPEG needs about \(needed / 1_048_576) MiB (\(stored.width)x\(stored.height): "
                             + "its coefficients, about \(coefficients / 1_048_576) MiB even packed, are all kept while it is decoded), over the "
                             + "\(ImageLimits.decodeMemoryBytes / 1_048_576) MiB decode memory limit; save it as a baseline JPEG to show it")
        }
        j.pointee.info.scale_denom = 8
        j.pointee.info.scale_num = UInt32(n)
        guard vitrine_jpeg_calc_output(j) != 0 else { throw failure(j) }
        return needed
    }

    /// The bytes libjpeg keeps for a progressive JPEG's coefficients, all of them for the whole decode: 64 of 2
    /// bytes for each block of each component, padded to whole MCUs (a 24-megapixel 4:2:0 photo: 68.7 MiB); 0 for
    /// a baseline one, decoded a row of blocks at a time.
    static func coefficientBytes(_ j: UnsafeMutablePointer<vitrine_jpeg>) -> Int {
        guard j.pointee.info.progressive_mode != 0, let components = j.pointee.info.comp_info else { return 0 }
        return (0..<Int(j.pointee.info.num_components)).reduce(0) { total, i in
            let c = components[i]
            let across = (Int(c.width_in_blocks) + Int(c.h_samp_factor) - 1) / Int(c.h_samp_factor) * Int(c.h_samp_factor)
            let down = (Int(c.height_in_blocks) + Int(c.v_samp_factor) - 1) / Int(c.v_samp_factor) * Int(c.v_samp_factor)
            return total + across * down * 128
        }
    }

    /// Turns the CMYK bytes libjpeg wrote (C, M, Y, K per pixel) into ARGB8888 in place. Every CMYK JPEG is read
    /// as storing 255 − ink (white is 255, 255, 255, 255), with an Adobe marker or without: Photoshop writes them so,
    /// ImageMagick writes the same bytes either way, and ImageMagick, Pillow and the browsers read them so (read
    /// as ink, a plain one showed all black).
    static func convertCMYK(_ surface: Surface) {
        let s = surface.pointer.pointee
        guard let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { return }
        for y in 0..<Int(s.h) {
            let row = base + y * Int(s.pitch)
            for x in 0..<Int(s.w) {
                let p = row + x * 4
                let (c, m, yy, k) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                // 255 − ink: each channel is paper left by its ink, times paper left by black.
                let r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (yy * k + 127) / 255
                p.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = 0xFF00_0000 | r << 16 | g << 8 | b }
            }
        }
    }
}
