/// A card's video: `"video": "lobby.mp4"`, muted and looped under the gradient and title like a picture.
public struct CardVideo: Sendable, Equatable {
    /// The video file, resolved against the config's folder as an image is.
    public var path: String
    /// Whether the card names an `image` of its own as the video's poster; without one the card's `image` is the
    /// video file itself and its first frame is the poster.
    public var hasPoster: Bool
    /// `"duration": "video"`: attract mode moves on when the video ends (its length, once the loader has read it,
    /// is the card's `schedule.duration`).
    public var durationFromVideo: Bool
    /// Set for an animated picture (a GIF or APNG with more than one frame, an animated WebP): the card's `image`
    /// itself, found so by the loader (``AnimationInfo``), plays like a video, its frames at their delays
    /// (``AnimationClock``); nil for a video file.
    public var animation: AnimationInfo?
    /// `"duration": "video"` on a card without a `video` whose `image` may be animated (``mayBeAnimatedName(_:)``):
    /// the loader sets ``animation`` and the card's duration when it is, or takes this away (with a warning) when
    /// it is not. Never played while set without an ``animation``.
    public var awaitsAnimation = false

    /// A video at `path`.
    public init(path: String, hasPoster: Bool = false, durationFromVideo: Bool = false, animation: AnimationInfo? = nil) {
        self.path = path
        self.hasPoster = hasPoster
        self.durationFromVideo = durationFromVideo
        self.animation = animation
    }

    /// The file name extensions a video card's file may have (any case): what `check` and the decoder expect.
    public static let extensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "mpg", "mpeg", "ogv"]

    /// The file name extensions (any case) of a picture that may be animated: GIF, PNG (APNG) and WebP.
    public static let animatedPictureExtensions: Set<String> = ["gif", "png", "apng", "webp"]

    /// Whether `path` names a picture that may be animated (``animatedPictureExtensions``).
    public static func mayBeAnimatedName(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return animatedPictureExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Whether `path` names a file with a video extension.
    public static func isVideoName(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }
}

extension CardConfig {
    /// The card's video (`video`); nil for a picture card. Kept in ``CardExtras`` with the schedule and detail.
    public var video: CardVideo? {
        get { extras?.video }
        set { extras = CardExtras.make(schedule: schedule, detail: detail, video: newValue, direction: direction, motion: motionSettings, lang: lang) }
    }
}

extension KioskSchema {
    /// A card's video keys: `video`, and `duration` (seconds, or `"video"` for the video's length), in place of
    /// the schedule's own `duration`.
    static let videoFields: [ObjectSchema<CardDraft>.Field] = [
        .init("video", expected: "a non-empty string") { card, value, path, validator in
            card.videoSeen = true
            card.video = validator.filePath(value, at: path)
        },
        .init("duration", expected: "seconds, or \"video\"") { card, value, path, validator in
            if validator.document.string(value) == "video" {
                card.durationFromVideo = true
                card.durationPath = path
                return
            }
            scheduleDuration.apply(&card.schedule, value, path, &validator)
        },
    ]

    /// The schedule's `duration` key (seconds), which a card's `duration` falls back to.
    static let scheduleDuration = scheduleFields.first { $0.key == "duration" }!

    /// A card's timing keys but `duration`, which ``videoFields`` reads.
    static let cardScheduleFields = scheduleFields.filter { $0.key != "duration" }.map { $0.lifted(into: \CardDraft.schedule) }

    /// Checks what needs the whole card: an `image` or a `video` (the image then its poster), and
    /// `"duration": "video"` only with a `video`. Returns false after recording the errors.
    static func checkPicture(_ card: CardDraft, at path: ConfigPath, validator: inout ConfigValidator) -> Bool {
        var valid = true
        if !card.imageSeen, !card.videoSeen {
            validator.error(path.appending(key: "image"), "missing required key \"image\" (expected a non-empty string, or a \"video\")")
            valid = false
        }
        let animatable = card.image.flatMap { validator.document.string($0) }.map(CardVideo.mayBeAnimatedName) ?? false
        if card.durationFromVideo, card.video == nil, !card.videoSeen, !animatable, let durationPath = card.durationPath {
            validator.error(durationPath, "\"video\" needs a \"video\" key on the card, or an animated GIF or APNG as its image: "
                            + "only these can last as long as they play")
            valid = false
        }
        return valid
    }
}

extension KioskSchema.CardDraft {
    /// The card's video, resolved against `images`, when it has one.
    func cardVideo(images: ImageFolder, in document: JSONDocument) -> CardVideo? {
        if video == nil, durationFromVideo, let image {
            // An animated picture's length, found by the loader (KioskConfig+Animation.swift).
            var awaiting = CardVideo(path: images.resolve(image, in: document), durationFromVideo: true)
            awaiting.awaitsAnimation = true
            return awaiting
        }
        return video.map { CardVideo(path: images.resolve($0, in: document), hasPoster: image != nil, durationFromVideo: durationFromVideo) }
    }
}
