import VitrineCore
import VitrineSystem

extension DeckRenderer {
    /// The video file and its time since landing that card `index` shows, when it is a video card that has
    /// landed (``videoTimes``); nil for a picture card or one still brought in (its poster or first frame shows).
    func videoMoment(_ index: Int) -> (path: String, time: Double)? {
        guard let video = cards[index].video, let time = videoTimes[index] else { return nil }
        return (video.path, time)
    }

    /// Follows the runtime's playing video at `now` (the runtime's time): starts decoding a video card that landed
    /// on a thread of its own, stops the one whose card left, and draws into the card the frame due by its clock.
    /// `wake` is called from the decode thread when a frame arrives while none was waiting. Returns whether the
    /// card shows a new frame, which the loop is to draw (``RuntimeInput/videoFrame``).
    public func followVideo(_ playing: PlayingVideo?, at now: Double, wake: @escaping @Sendable () -> Void) -> Bool {
        if let playback, !playback.playing.isSameVideo(as: playing) { stopVideo() }
        guard let playing, cards.indices.contains(playing.page), cards[playing.page].video.map({ PathKey.same($0.path, playing.path) }) == true else { return false }
        let playback = self.playback ?? startVideo(playing, at: now, wake: wake)
        playback.playing = playing
        // Before it lands its poster shows, while its first frame is decoded ahead (one only: FramePump.limit(to:)).
        guard let clock = playing.clock else { return false }
        if playback.shown == 0 { playback.pump.limit(to: playback.pump.capacity) }  // Landed: the queue fills.
        let since = clock.moment(at: now)  // Stands still while the hold is on (CardClock).
        // The first frame waits one turn of the loop while the last frame drawn still moved: the landing's own frame
        // shows the card alone at rest (its poster), and the first frame then goes straight into the window's frame
        // (DeckRenderer+VideoDraw.swift), not into an IYUV texture and a card texture made for it at the landing
        // (9 MiB of fresh memory at 1200x800: 10-18 ms of the landing's frame, timed by hand).
        if playback.shown == 0, !videoFirstFrameWaited, shownAlone != playing.page, canRestInFrame,
           playback.pump.nextTime.map({ $0 <= since }) == true {
            videoFirstFrameWaited = true
            return false
        }
        guard let (frame, skipped) = playback.pump.take(dueBy: since) else {
            reportVideoProblems(playback)
            return false
        }
        playback.skipped += skipped
        videoStatistics.framesSkipped += skipped
        do throws(SDLError) {
            try drawVideoFrame(frame, playback: playback)
        } catch {
            reportOnce("video unavailable: \(Limits.shortened(playing.path)): \(error.message)", key: "image:" + playing.path)
            return false
        }
        if playback.shownTime == nil {
            videoStatistics.slowestFirstFrame = max(videoStatistics.slowestFirstFrame ?? 0, since - frame.time)
        }
        // What the transition left behind (previews, the poster's composition), and then the frames' comings and
        // goings, go back to the system at the first frame and every ``VideoPlayback/trimEvery`` frames after: the
        // app trims the heap once the frame is presented (not in the frame's time), measured 10 MiB of PSS.
        if playback.shown % VideoPlayback.trimEvery == 0 { composedSinceTrim = true }
        playback.shownTime = frame.time
        playback.shown += 1
        videoStatistics.framesShown += 1
        reportVideoProblems(playback)
        return true
    }

    /// When the playing video's next frame is due, on the runtime's clock: the loop sleeps until then. Nil when
    /// no video plays, the hold is on, or no frame is decoded yet (the decode thread wakes the loop when one is).
    public var nextVideoFrame: Double? {
        guard let playback, let time = playback.pump.nextTime else { return nil }
        return playback.playing.clock?.time(ofMoment: time)  // None while held.
    }

    /// Whether a video card plays: its card keeps its texture rather than resting in the window's frame.
    public var isPlayingVideo: Bool { playback != nil }

    /// Ends the video playing, if any: its decode thread stops (its file closed, its frames freed). Its card keeps
    /// its last frame while it shows (a slide takes it away as it was: read back from the window's frame, or its
    /// texture), and is composed anew with its poster once it is off screen (``forgetLeftVideoFrame()``): making
    /// the poster's preview on the loop for the slide's first frame took 26 ms, over a frame's budget.
    public func stopVideo() {
        guard let playback else { return }
        self.playback = nil
        if !playback.pump.stop(waitingUpTo: 1) { videoStatistics.stuckThreads += 1 }
        let page = playback.playing.page
        if resting?.index == page || (playback.card.map { composed[page] === $0 } ?? false) { videoLeaving = page }
    }

    /// Lets the last frame of the video card that stopped go once the frame shows another card alone at rest
    /// (``shownAlone``): the card is composed again, with its poster, as any card not composed (a neighbour on the
    /// preparer), so a slide bringing it back shows its poster or first frame.
    func forgetLeftVideoFrame() {
        guard let page = videoLeaving else { return }
        if playback?.playing.page == page {  // It plays again: its frames replace the last one.
            videoLeaving = nil
            return
        }
        guard let shown = shownAlone, shown != page else { return }
        videoLeaving = nil
        if resting?.index == page { resting = nil }
        composed[page] = nil
        stale[page] = nil
    }

    private func startVideo(_ playing: PlayingVideo, at now: Double, wake: @escaping @Sendable () -> Void) -> VideoPlayback {
        let card = PixelSize(width: stage.cardRect.width, height: stage.cardRect.height)
        let since = playing.clock?.moment(at: now) ?? 0
        let hardware = hardwareDecoding ? VideoHardware.device : nil
        let pump: FramePump
        if let animation = playing.animation {
            pump = makeAnimationPump(playing, animation: animation, card: card, since: since, wake: wake)  // DeckRenderer+Animation.swift
        } else {
            // The card's gradient goes into each frame on the decode thread (``videoShade(_:size:)``).
            let path = playing.path, shade = videoShade(page: playing.page) ?? []
            pump = FramePump(label: "vitrine.video", ahead: playing.clock == nil ? 1 : nil, open: { () throws(VideoProblem) -> any FrameSource in
                try VideoFrameSource(path: path, card: card, since: since, hardware: hardware, shade: shade)
            }, onFrame: wake)
        }
        let playback = VideoPlayback(playing, pump: pump)
        self.playback = playback
        videoFirstFrameWaited = false
        videoStatistics.played += 1
        return playback
    }

    /// Uploads `frame` (the video's aspect-fill crop, scaled to the card on the decode thread) and draws the card
    /// over it (its texts, and its gradient unless the frame carries it: ``VideoPlayback/overlay``) into the card's texture, which the
    /// deck copies to the screen as any card.
    private func drawVideoFrame(_ frame: MovingFrame, playback: VideoPlayback) throws(SDLError) {
        if try holdVideoFrameInWindow(frame, playback: playback) { return }  // At rest: no texture (DeckRenderer+VideoDraw.swift).
        if try holdAnimationFrameInWindow(frame, playback: playback) { return }  // The same for ARGB (DeckRenderer+AnimationDraw.swift).
        let page = playback.playing.page
        guard let texture = try uploadFrame(frame, playback: playback) else { return }  // DeckRenderer+Animation.swift
        let size = composer(page, pageCount: cards.count).size
        if playback.card?.size != size { playback.card = try renderer.makeTargetTexture(size: size) }
        let overlay = try videoOverlay(for: playback)
        guard let card = playback.card else { return }
        if resting?.index == page { resting = nil }  // The window's frame no longer holds this card: it moves.
        lastRestFrame = nil
        try renderer.setTarget(card)
        texture.setBlendMode(.none)
        var failures: [SDLError] = []
        do throws(SDLError) {
            try renderer.draw(texture, what: "video frame")
        } catch {
            failures.append(error)
        }
        if let overlay {
            do throws(SDLError) {
                try renderer.draw(overlay.texture, in: PixelRect(x: 0, y: overlay.top, width: overlay.texture.size.width,
                                                                 height: overlay.texture.size.height), what: "video card's texts")
            } catch {
                failures.append(error)
            }
        }
        try renderer.setTarget(nil)
        for failure in failures { reportOnce("card \(page): \(failure)") }
        composed[page] = card
        stale[page] = nil
        forgetPreviews { $0 == page }
    }

    /// The card's texts (and its gradient when `withScrim`) over nothing, as a texture to blend over each video
    /// frame: the rows from the first one with anything in them to the last. SDL blends straight (not
    /// premultiplied) colour, so the pixels drawn over transparency are divided by their alpha once here: blended
    /// over a frame, they give what the card drawn over that frame would.
    func videoOverlay(_ cardList: DisplayList, size: PixelSize, page: Int, withScrim: Bool = true) throws(SDLError) -> (texture: Texture, top: Int)? {
        var list = cardList
        list.commands.removeAll {
            switch $0 {
            case .image: true
            case .scrim: !withScrim
            default: false
            }
        }
        guard !list.commands.isEmpty else { return nil }
        // Drawn into a target of the rows the commands may reach (the texts' band: made and read back in about a
        // quarter of the time a whole card's target takes, on the landing's frame), moved up by its first row.
        let reach = Self.rowsReached(list, height: size.height) ?? 0..<size.height
        if reach.lowerBound > 0 { list.commands = list.commands.map { $0.moved(dx: 0, dy: -reach.lowerBound) } }
        let height = reach.count
        let target = try renderer.makeTargetTexture(size: PixelSize(width: size.width, height: height))
        try renderer.setTarget(target)
        renderer.clear(Color(red: 0, green: 0, blue: 0, alpha: 0))
        let failures = renderer.execute(list, resources: DrawResources(fonts: fonts, discs: discs))
        // Read back a band of rows at a time, keeping the rows from the first with anything in it to the last: no
        // copy the size of the card (reading one back whole took 2.5-10 ms of the landing's frame).
        let band = 32, width = size.width
        var rows: [UInt32] = [], top = 0
        var chunk = [UInt32](repeating: 0, count: width * band)
        let read = chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(SDLError) in
                for y in stride(from: 0, to: height, by: band) {
                    let rowsRead = min(band, height - y)
                    try renderer.readPixels(PixelRect(x: 0, y: y, width: width, height: rowsRead), into: buffer.baseAddress!,
                                            pitch: width * 4, what: "video card's texts")
                    let pixels = buffer.bindMemory(to: UInt32.self)
                    for row in 0..<rowsRead where pixels[(row * width)..<((row + 1) * width)].contains(where: { $0 >> 24 != 0 }) {
                        if rows.isEmpty { top = y + row }
                        rows.append(contentsOf: repeatElement(0, count: (y + row - top - rows.count / width) * width))  // Clear rows between.
                        rows.append(contentsOf: pixels[(row * width)..<((row + 1) * width)])
                    }
                }
            }
        }
        try renderer.setTarget(nil)
        try read.get()
        for failure in failures { reportOnce("card \(page): \(failure)") }
        guard !rows.isEmpty else { return nil }
        for i in rows.indices {
            let pixel = rows[i], alpha = pixel >> 24
            guard alpha != 0, alpha != 255 else { continue }
            func channel(_ shift: UInt32) -> UInt32 { min(255, ((pixel >> shift) & 0xFF) * 255 / alpha) << shift }
            rows[i] = alpha << 24 | channel(16) | channel(8) | channel(0)
        }
        let overlay = try renderer.makeTexture(from: Surface(argb: rows, size: PixelSize(width: width, height: rows.count / width)))
        overlay.setBlendMode(.blend)
        return (overlay, reach.lowerBound + top)
    }

    /// The rows of a card `height` pixels tall that `list`'s texts, fills and dots may draw in: a line's box and a
    /// line's height more each way (a fallback face's glyphs may rise above the box or reach below it), a fill's
    /// rows, a dot's; nil when the list has anything else (a scrim, a clip, a card) or reaches no row.
    static func rowsReached(_ list: DisplayList, height: Int) -> Range<Int>? {
        var low = Double.infinity, high = -Double.infinity
        func reach(_ from: Double, _ to: Double) { low = min(low, from); high = max(high, to) }
        for command in list.commands {
            switch command {
            case .text(_, _, let pixelSize, let origin, _, _): reach(origin.y - Double(2 * pixelSize), origin.y + Double(4 * pixelSize))
            case .centeredText(_, _, let pixelSize, let center, _): reach(center.y - Double(3 * pixelSize), center.y + Double(3 * pixelSize))
            case .fill(let rect, _): reach(Double(rect.y), Double(rect.y + rect.height))
            case .dot(let center, let diameter, _): reach(center.y - diameter, center.y + diameter)
            default: return nil
            }
        }
        guard low.isFinite, high.isFinite else { return nil }
        let top = max(0, Int(low.rounded(.down)) - 2), bottom = min(height, Int(high.rounded(.up)) + 2)
        return top < bottom ? top..<bottom : nil
    }

    /// Says once per file that the playing video is damaged (its last good frame stays) or cannot be played (its
    /// poster or first frame stays), under the key its card's picture problems share.
    private func reportVideoProblems(_ playback: VideoPlayback) {
        guard !playback.reported else { return }
        let path = Limits.shortened(playback.playing.path), key = "image:" + playback.playing.path
        let what = playback.playing.animation == nil ? "video" : "animated picture"
        if let problem = playback.pump.problem {
            playback.reported = true
            reportOnce("\(what) unavailable: \(path): \(problem) (card \(playback.playing.card)); its \(playback.playing.animation == nil ? "poster" : "first frame") stays", key: key)
        } else if playback.pump.isDamaged {
            playback.reported = true
            reportOnce("\(what) damaged or cut off: \(path): showing its last good frame (card \(playback.playing.card))", key: key)
        }
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
