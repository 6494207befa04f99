internal import CFFmpeg
import Synchronization

/// VA-API hardware decoding for videos playing in a window (`CFFmpeg/hwaccel.h`), else a V4L2 memory-to-memory
/// decoder (an ARM board's), with software decoding whenever neither can be had, said once in one line. `render`, replays and the poster decode in software alone: the same frames
/// on every machine.
public enum VideoHardware {
    /// The VA-API device tried: `VITRINE_VAAPI_DEVICE` when set, else `/dev/dri/renderD128`.
    public static var device: String { String(cString: vitrine_vaapi_device()) }

    private static let told = Mutex(false)

    /// Says once, for the whole run, why videos decode in software: the first reason met.
    static func fellBack(_ why: String) {
        let first = told.withLock { told in
            defer { told = true }
            return !told
        }
        if first { Logger.shared.log(.info, "video: decoding in software: \(why)") }
    }

    /// The decoder a video at `path` would play with in a window, for `check`: `VA-API (DEVICE)`, `V4L2
    /// memory-to-memory (CODEC_v4l2m2m)`, or `software`
    /// and why; its first frame is decoded to tell (a driver may refuse the stream's profile). Nil when the file
    /// cannot be opened at all.
    public static func decoderName(forVideoAt path: String, hardwareDecoding: Bool) -> String? {
        guard let decoder = try? VideoDecoder(path: path) else { return nil }
        guard hardwareDecoding else { return "software (display.hardwareDecoding is off)" }
        if let why = decoder.useHardware(device: device) { return "software (\(why))" }
        if decoder.usesV4L2M2M {
            guard vitrine_video_step(decoder.video, VideoDecoder.maxPacketsPerFrame) == 0 else {
                return "software (no frame came from the V4L2 memory-to-memory decoder)"
            }
            return "V4L2 memory-to-memory (\(decoder.codecName))"
        }
        guard vitrine_video_step(decoder.video, VideoDecoder.maxPacketsPerFrame) == 0 else {
            return "software (no frame came from the VA-API decoder)"
        }
        return decoder.hardwareRefused ? "software (the VA-API driver does not decode this \(decoder.info.codec) stream)" : "VA-API (\(device))"
    }
}

extension VideoDecoder {
    /// Makes the decoder, just opened, decode with VA-API on `device`; returns nil, or why it cannot (one line),
    /// the decoder then decoding in software as before.
    func useVAAPI(device: String) -> String? {
        var why = [CChar](repeating: 0, count: 256)
        guard vitrine_video_use_vaapi(video, device, &why, why.count) != 0 else { return nil }
        return String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Makes the decoder, just opened, decode with VA-API on `device`, else with a V4L2 memory-to-memory decoder;
    /// returns nil, or why neither can be had (one line: both reasons), the decoder then decoding in software.
    func useHardware(device: String) -> String? {
        guard let vaapi = useVAAPI(device: device) else { return nil }
        var why = [CChar](repeating: 0, count: 256)
        guard vitrine_video_use_v4l2m2m(video, &why, why.count) != 0 else { return nil }
        return vaapi + "; " + String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The name of FFmpeg's decoder in use (`h264`, `h264_v4l2m2m`).
    var codecName: String { String(cString: video.pointee.codec.pointee.codec.pointee.name) }

    /// Whether the decoder is a V4L2 memory-to-memory one (``useHardware(device:)``).
    var usesV4L2M2M: Bool { codecName.hasSuffix("_v4l2m2m") }

    /// Whether VA-API was set up but FFmpeg gave software frames: the driver does not decode the stream's profile.
    var hardwareRefused: Bool { video.pointee.hw_refused != 0 }
}
