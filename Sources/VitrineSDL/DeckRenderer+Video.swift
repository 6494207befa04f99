import VitrineCore
import VitrineSystem

extension DeckRenderer {
    /// The video file and its time since landing that card `index` shows, when it is a video card that has
    /// landed (``videoTimes``); nil for a picture card or one still brought in (its poster or first frame shows).
    func videoMoment(_ index: Int) -> (path: String, time: Double)? {
        guard let video = cards[index].video, let time = videoTimes[index] else { return nil }
        return (video.path, time)
    }
}

extension ImageDecoder {
    /// The frame of the video at `path` for `options.videoTime` seconds since its card landed (looped by its
    /// length, ``VideoClock``), at the least size that covers `options.covering`: a video card's picture.
    /// A damaged file gives its last good frame, noted; one with no frame at all, or no FFmpeg, throws why.
    static func decodeVideoFrame(path: String, options: DecodeOptions) throws(SDLError) -> DecodedImage {
        let decoder: VideoDecoder
        do throws(VideoProblem) {
            decoder = try VideoDecoder(path: path)
        } catch {
            throw SDLError(operation: "decode(\(path))", message: error.description)
        }
        let moment = VideoClock.presentationTime(sinceLanding: options.videoTime, duration: decoder.info.duration)
        let size = decoder.coveringSize(options.covering ?? decoder.info.size)
        guard let pixels = decoder.frame(at: moment, size: size) else {
            throw SDLError(operation: "decode(\(path))", message: "no frame of this \(decoder.info.codec) video could be decoded")
        }
        var decoded = DecodedImage(surface: try Surface(argb: pixels, size: size), notes: [])
        decoded.info = ImageInfo(format: .png, size: decoder.info.size)
        if decoder.isDamaged {
            decoded.notes.append("damaged or cut off: showing its last good frame (\(Self.seconds(decoder.shownTime)) s)")
        }
        return decoded
    }

    static func seconds(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
}
