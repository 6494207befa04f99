import VitrineCore
import VitrineSystem

extension DeckRenderer {
    /// Uploads `frame` into the playback's frame texture, made anew when its size or kind changes: a video's
    /// planar YUV into an IYUV texture, an animated picture's ARGB into a streaming ARGB texture. Nil when there is
    /// no texture to draw.
    func uploadFrame(_ frame: MovingFrame, playback: VideoPlayback) throws(SDLError) -> Texture? {
        switch frame.pixels {
        case .yuv420(let bytes, let pitch):
            if playback.frame?.size != frame.size || playback.frameIsARGB {
                playback.frame = try renderer.makeYUVTexture(size: frame.size)
                playback.frameIsARGB = false
            }
            guard let texture = playback.frame else { return nil }
            try bytes.withUnsafeBytes { buffer in Result { () throws(SDLError) in try texture.updateYUV(buffer, pitch: pitch) } }.get()
            return texture
        case .argb(let pixels):
            guard pixels.count == frame.size.width * frame.size.height else { return nil }
            if playback.frame?.size != frame.size || !playback.frameIsARGB {
                playback.frame = try renderer.makeStreamingTexture(size: frame.size)
                playback.frameIsARGB = true
            }
            guard let texture = playback.frame else { return nil }
            try pixels.withUnsafeBytes { buffer in
                Result { () throws(SDLError) in try texture.update(rows: buffer.baseAddress!, pitch: frame.size.width * 4) }
            }.get()
            return texture
        }
    }

    /// The pump that decodes the animated picture `playing` shows (its frames' delays and loops in `animation`) from
    /// `since` seconds after it landed, on thread `vitrine.anim` (``AnimatedPicture``). A video's pump is made in
    /// DeckRenderer+Video.swift.
    func makeAnimationPump(_ playing: PlayingVideo, animation: AnimationInfo, card: PixelSize, since: Double,
                           wake: @escaping @Sendable () -> Void) -> FramePump {
        let path = playing.path, background = background
        return FramePump(label: "vitrine.anim", open: { () throws(VideoProblem) -> any FrameSource in
            // The file as it is now: a deploy may have replaced it since the config was loaded.
            let info = try AnimatedPicture.probe(path: path) ?? animation
            return try AnimatedPicture.source(path: path, info: info, card: card, since: since, background: background)
        }, onFrame: wake)
    }
}

extension ImageDecoder {
    /// The frame of the animated picture at `path` that shows `options.videoTime` seconds after its card landed
    /// (``AnimationClock``), at the least size that covers `options.covering`, transparent pixels over
    /// `options.background`; nil when the file is not animated or cannot be played here (an animated WebP without
    /// libwebp's demuxer, which the loader warns of): its first frame is decoded as a still picture.
    static func decodeAnimationFrame(path: String, options: DecodeOptions) throws(SDLError) -> DecodedImage? {
        guard options.videoTime > 0, AnimatedPicture.mayBeAnimated(path) else { return nil }
        let info: AnimationInfo, frame: AnimatedPicture.Frame
        do throws(VideoProblem) {
            guard let probed = try? AnimatedPicture.probe(path: path) else { return nil }
            info = probed
            frame = try AnimatedPicture.frame(path: path, info: info, sinceLanding: options.videoTime, covering: options.covering,
                                              background: options.background)
        } catch {
            throw SDLError(operation: "decode(\(path))", message: error.description)
        }
        var decoded = DecodedImage(surface: try Surface(argb: frame.pixels, size: frame.size), notes: [])
        decoded.info = ImageInfo(format: info.format == "GIF" ? .gif : info.format == "WebP" ? .webp : .png, size: info.size)
        if frame.isDamaged { decoded.notes.append("damaged or cut off: showing its last good frame") }
        return decoded
    }
}
