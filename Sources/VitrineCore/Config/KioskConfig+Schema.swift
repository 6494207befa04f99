/// The config file's schema: one table of known keys per kind of object.
///
/// To add a key, add a row to its object's table and, if needed, a field to the draft or model it fills.
enum KioskSchema {
    /// A config while it is being checked: required values stay nil until they are found valid.
    struct RootDraft {
        /// Where relative image paths lead.
        let images: ImageFolder
        /// The cards found valid; nil until a `cards` array is found.
        var cards: [CardConfig]? = nil
        /// How many elements of the `cards` array are objects, valid cards or not.
        var cardCount: Int? = nil
        var display = DisplayConfig()
        var wrap = true
        var autoplay: AutoplayConfig? = nil
        var transition = PageTransition.slide
        /// `motion`, `direction` and the other accessibility keys (see `KioskSchema+Access.swift`).
        var accessibility = AccessibilitySettings()
        /// The control socket's path, resolved; nil for none.
        var controlSocket: String? = nil
        /// The folder the cards come from, for `"cards": {"folder": …}`.
        var folder: FolderSource? = nil
        /// The broker of a fleet (`mqtt`, see `KioskSchema+MQTT.swift`); nil for none.
        var mqtt: MQTTConfig? = nil
        /// The group and wall tile (`sync`, see `KioskSchema+Sync.swift`); nil for none.
        var sync: SyncConfig? = nil
        /// Where in the error list an `autoplay.home` error belongs: it can only be checked once the cards are known.
        var autoplayErrorIndex = 0
        /// `style` and `overlay` (KioskSchema+Style.swift).
        var style = StyleConfig()
        var overlay: OverlayConfig? = nil
    }

    /// A card while it is being checked: required values stay nil until they are found valid.
    struct CardDraft {
        var id: String? = nil
        /// Empty for none: a card may be a picture alone (photo-frame mode).
        var title = ""
        var subtitle = ""
        /// The image path as written (a non-empty string), resolved only when the card is made.
        var image: JSONDocument.Node? = nil
        /// `duration`, `from`, `until` and `hours` (see `KioskSchema+Schedule.swift`).
        var schedule = CardSchedule()
        /// `video`, `"duration": "video"` and whether the keys were there (see `CardConfig+Video.swift`).
        var video: JSONDocument.Node? = nil
        var imageSeen = false, videoSeen = false, durationFromVideo = false
        var durationPath: ConfigPath? = nil
        /// `detail` (see `CardConfig+Detail.swift`).
        var detail: CardDetail? = nil
        /// The card's own `direction` (see `CardConfig+Direction.swift`).
        var direction = ParagraphDirection.auto
        /// `motion` and `focus` (see `CardConfig+Motion.swift`).
        var motion = CardMotionSettings()
        /// `lang`, the card's language for speech (see `KioskSchema+Speech.swift`).
        var lang: String? = nil

        /// The card, when its image was found valid, resolved against `images`.
        func card(images: ImageFolder, in document: JSONDocument) -> CardConfig? {
            guard let picture = image ?? video else { return nil }
            var card = CardConfig(id: id, title: title, subtitle: subtitle, image: images.resolve(picture, in: document))
            card.schedule = schedule
            card.video = cardVideo(images: images, in: document)
            card.detail = detail
            card.direction = direction
            card.motionSettings = motion
            card.lang = lang
            return card
        }
    }

    /// The top-level object.
    static let root = ObjectSchema<RootDraft>([
        .init("cards", required: true, expected: "an array of cards") { draft, value, path, validator in
            if validator.document.kind(of: value) == .object, decodeFolder(value, at: path, into: &draft, validator: &validator) { return }
            guard validator.document.kind(of: value) == .array else {
                validator.error(path, "expected an array of cards, found \(validator.kind(of: value))")
                return
            }
            let elements = validator.document.elements(of: value)
            var cards: [CardConfig] = []
            cards.reserveCapacity(elements.count)
            var count = 0
            let cardsPath = path.rendering()
            for (index, element) in elements.enumerated() {
                var card = CardDraft()
                let cardPath = cardsPath.appending(index: index)
                guard validator.decodeObject(element, at: cardPath, schema: KioskSchema.card, into: &card) else { continue }
                count += 1
                guard checkPicture(card, at: cardPath, validator: &validator) else { continue }
                if let card = card.card(images: draft.images, in: validator.document) { cards.append(card) }
            }
            draft.cards = cards
            draft.cardCount = count
        },
        .init("display", expected: "an object") { draft, value, path, validator in
            checkOneDisplayIndex(value, at: path, validator: &validator)
            validator.decodeObject(value, at: path, schema: KioskSchema.display, into: &draft.display)
        },
        .init("wrap", expected: "true or false") { draft, value, path, validator in
            if let wrap = validator.bool(value, at: path) { draft.wrap = wrap }
        },
        .init("autoplay", expected: "an object") { draft, value, path, validator in
            var autoplay = AutoplayConfig()
            if validator.decodeObject(value, at: path, schema: KioskSchema.autoplay, into: &autoplay) { draft.autoplay = autoplay }
            draft.autoplayErrorIndex = validator.errors.count
        },
        .init("transition", expected: "a transition") { draft, value, path, validator in
            if let transition: PageTransition = validator.choice(value, at: path) { draft.transition = transition }
        },
        .init("control", expected: "an object") { draft, value, path, validator in
            var control = ControlDraft()
            if validator.decodeObject(value, at: path, schema: KioskSchema.control, into: &control), let socket = control.socket {
                draft.controlSocket = draft.images.resolve(socket, in: validator.document)
            }
        },
    ] + readabilityRootFields + frameFields + [mqttField, syncField] + accessFields + speechFields)

    /// `"cards": {"folder": PATH, "order": "name"}`: when the object has a `folder` key, checks it into
    /// `draft.folder` (no cards yet: the loader lists the folder) and returns true; false for any other object.
    static func decodeFolder(_ value: JSONDocument.Node, at path: ConfigPath, into draft: inout RootDraft,
                             validator: inout ConfigValidator) -> Bool {
        let document = validator.document
        guard document.members(of: value).contains(where: { document.string($0.key) == "folder" }) else { return false }
        var folder = FolderDraft()
        if validator.decodeObject(value, at: path, schema: KioskSchema.folder, into: &folder), let node = folder.path {
            draft.folder = FolderSource(path: draft.images.resolve(node, in: document), order: folder.order)
            draft.folder?.titles = folder.titles
            draft.cards = []
        }
        return true
    }

    /// The `cards` object of a folder deck while it is checked.
    struct FolderDraft {
        /// The folder as written.
        var path: JSONDocument.Node? = nil
        var order = FolderOrder.name
        /// Whether a picture without a sidecar title is titled from its metadata or file name (`titles`).
        var titles = true
    }

    /// The `cards` object of a folder deck.
    static let folder = ObjectSchema<FolderDraft>([
        .init("folder", required: true, expected: "a non-empty string") { folder, value, path, validator in
            folder.path = validator.filePath(value, at: path)
        },
        .init("order", expected: "a folder order") { folder, value, path, validator in
            if let order: FolderOrder = validator.choice(value, at: path) { folder.order = order }
        },
        .init("titles", expected: "true or false") { folder, value, path, validator in
            if let titles = validator.bool(value, at: path) { folder.titles = titles }
        },
    ])

    /// The `control` object while it is checked.
    struct ControlDraft {
        /// The socket path as written.
        var socket: JSONDocument.Node? = nil
    }

    /// The `control` object: where the remote-control socket is made.
    static let control = ObjectSchema<ControlDraft>([
        .init("socket", expected: "a non-empty string") { control, value, path, validator in
            control.socket = validator.stringNode(value, at: path, nonEmpty: true)
        },
    ])

    /// The longest time, in seconds, an autoplay setting may name: a day.
    static let longestAutoplayTime = 86_400.0

    /// The `autoplay` object.
    static let autoplay = ObjectSchema<AutoplayConfig>([
        .init("interval", expected: "seconds") { autoplay, value, path, validator in
            if let seconds = validator.number(value, at: path, in: 0.5...longestAutoplayTime) { autoplay.interval = seconds }
        },
        .init("resumeAfterIdle", expected: "seconds") { autoplay, value, path, validator in
            if let seconds = validator.number(value, at: path, in: 0...longestAutoplayTime) { autoplay.resumeAfterIdle = seconds }
        },
        .init("homeAfterIdle", expected: "seconds") { autoplay, value, path, validator in
            if let seconds = validator.number(value, at: path, in: 1...longestAutoplayTime) { autoplay.homeAfterIdle = seconds }
        },
        .init("home", expected: "a card number") { autoplay, value, path, validator in
            if let home = validator.integer(value, at: path, in: 0...1_000_000) { autoplay.home = home }
        },
        .init("progressBar", expected: "true or false") { autoplay, value, path, validator in
            if let bar = validator.bool(value, at: path) { autoplay.progressBar = bar }
        },
    ] + [shuffleField])

    /// One element of `cards`.
    static let card = ObjectSchema<CardDraft>([
        .init("id", expected: "a string") { card, value, path, validator in
            card.id = validator.string(value, at: path)
        },
        .init("title", expected: "a string") { card, value, path, validator in
            if let title = validator.text(value, at: path) { card.title = title }
        },
        .init("subtitle", expected: "a string") { card, value, path, validator in
            if let subtitle = validator.text(value, at: path) { card.subtitle = subtitle }
        },
        .init("image", expected: "a non-empty string") { card, value, path, validator in
            card.imageSeen = true
            card.image = validator.filePath(value, at: path)
        },
    ] + videoFields + cardScheduleFields + [detailField.lifted(into: \CardDraft.detail), cardDirectionField,
                                            languageField.lifted(into: \CardDraft.lang)]
      + cardMotionFields.map { $0.lifted(into: \CardDraft.motion) })

    /// The `display` object.
    static let display = ObjectSchema<DisplayConfig>([
        .init("window", expected: "an object") { display, value, path, validator in
            var size = WindowDraft()
            if validator.decodeObject(value, at: path, schema: KioskSchema.window, into: &size),
               let width = size.width, let height = size.height {
                guard width * height <= Limits.windowPixels else {
                    validator.error(path, "\(width)x\(height) is \(ConfigValidator.megapixels(width * height)) megapixels, over the "
                                    + "limit of \(ConfigValidator.megapixels(Limits.windowPixels)) (7680x4320)")
                    return
                }
                display.window = PixelSize(width: width, height: height)
            }
        },
        .init("fit", expected: "a fit mode") { display, value, path, validator in
            if let fit: FitMode = validator.choice(value, at: path) { display.fit = fit }
        },
        .init("background", expected: "a color") { display, value, path, validator in
            if let color = validator.color(value, at: path) { display.background = color }
        },
        .init("fullscreen", expected: "true or false") { display, value, path, validator in
            if let fullscreen = validator.bool(value, at: path) { display.fullscreen = fullscreen }
        },
        .init("renderer", expected: "a renderer") { display, value, path, validator in
            if let renderer: RendererChoice = validator.choice(value, at: path) { display.renderer = renderer }
        },
        .init("mode", expected: "a display mode") { display, value, path, validator in
            if let mode: DisplayMode = validator.choice(value, at: path) { display.mode = mode }
        },
    ] + displayIndexFields + [
        .init("exitChord", expected: "a key chord such as \"ctrl+alt+shift+q\"") { display, value, path, validator in
            guard let text = validator.string(value, at: path, nonEmpty: true) else { return }
            guard let chord = KeyChord(parsing: text) else {
                validator.error(path, "expected a key chord such as \"ctrl+alt+shift+q\" (modifiers ctrl, alt, shift, super, then one key), found \(ConfigValidator.quoted(text))")
                return
            }
            display.exitChord = chord
        },
        .init("rotation", expected: "0, 90, 180 or 270") { display, value, path, validator in
            let number = validator.document.number(value)
            guard let degrees = number, let rotation = Rotation(rawValue: Int(exactly: degrees) ?? -1) else {
                let found = number.map(ConfigValidator.format) ?? validator.kind(of: value)
                validator.error(path, "expected 0, 90, 180 or 270 (degrees clockwise), found \(found)")
                return
            }
            display.rotation = rotation
        },
        .init("exifOrientation", expected: "true or false") { display, value, path, validator in
            if let apply = validator.bool(value, at: path) { display.exifOrientation = apply }
        },
        .init("hardwareDecoding", expected: "true or false") { display, value, path, validator in
            if let use = validator.bool(value, at: path) { display.hardwareDecoding = use }
        },
        .init("awake", expected: "hours such as \"mon-fri 09:00-18:00\"") { display, value, path, validator in
            if let hours = validator.awakeHours(value, at: path) { display.awake = hours }
        },
        .init("wakeFor", expected: "seconds") { display, value, path, validator in
            if let seconds = validator.number(value, at: path, in: DisplayConfig.wakeForRange) { display.wakeFor = seconds }
        },
    ] + [displayScaleField] + KioskSchema.powerHookFields + KioskSchema.touchFields)

    /// `display.window` while it is being checked; both dimensions are required when the object is present.
    struct WindowDraft {
        var width: Int? = nil
        var height: Int? = nil
    }

    /// The `display.window` object.
    static let window = ObjectSchema<WindowDraft>([
        .init("width", required: true, expected: "a whole number from 1 to \(Limits.windowSide)") { size, value, path, validator in
            size.width = validator.integer(value, at: path, in: DisplayConfig.windowDimensionRange)
        },
        .init("height", required: true, expected: "a whole number from 1 to \(Limits.windowSide)") { size, value, path, validator in
            size.height = validator.integer(value, at: path, in: DisplayConfig.windowDimensionRange)
        },
    ])
}
