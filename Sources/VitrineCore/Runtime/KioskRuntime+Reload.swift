/// What a reload is to read again.
enum ReloadRequest: Sendable, Equatable {
    /// These files changed.
    case files(Set<PathKey>)
    /// Everything may have changed (SIGHUP).
    case everything

    /// Both requests in one.
    func merged(with other: ReloadRequest) -> ReloadRequest {
        switch (self, other) {
        case (.files(let a), .files(let b)): .files(a.union(b))
        default: .everything
        }
    }

    /// The changed images to pass along: nil for everything.
    var changedImages: Set<PathKey>? {
        if case .files(let paths) = self { return paths }
        return nil
    }
}

extension KioskRuntime {
    /// The config file and every image the deck names: what a change is looked for in, as bytes (``PathKey``);
    /// for a folder deck also its folder's list of entries (``FolderSource/watchKey``), and no config file when
    /// the folder stands in for one.
    public var watchedPaths: Set<PathKey> {
        var paths = Set(((config.isFolderOnly ? [] : [config.file]) + config.cards.map(\.image) + config.cards.compactMap(\.video?.path))
            .map { PathKey($0) })
        if let folder = config.folder { paths.insert(folder.watchKey) }
        return paths
    }

    /// Asks for the config to be read again, unless a read is out already (then this one follows it).
    mutating func requestReload(_ request: ReloadRequest) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        // Changed images are forgotten when the reload is taken (applyReload), not now: while a deploy is still
        // arriving, the cards on screen keep their pictures.
        if case .everything = request { effects.append(.forgetAllCards) }
        pacing.needsFrame = true
        if let send = reload.request(request) { effects.append(.loadConfig(changedImages: send.changedImages)) }
        return effects
    }

    /// Takes a config read again: when it is valid, swaps the deck in one step, staying on the same card.
    ///
    /// An invalid config changes nothing: each diagnostic is reported on its own line (not again while the same
    /// error recurs), and the last good deck stays. A valid one logs `deckReloaded`, and `pageChanged` (with
    /// `"reason":"reload"`) when the card on screen is now at another index.
    mutating func applyReload(_ result: Result<LoadedConfig, ConfigError>, changedImages: Set<PathKey>?) -> [KioskEffect] {
        reload.readReturned()
        pacing.needsFrame = true
        var effects: [KioskEffect]
        if case .success(let loaded) = result, let changedImages, let held = holdForMissingImages(loaded, changed: changedImages) {
            effects = held
        } else {
            // Whatever was awaited, this reload is taken (a SIGHUP, a bad config, all there).
            let changed = reload.take(changed: changedImages ?? [])
            effects = changed.isEmpty ? [] : [.forgetImages(changed)]
            effects += swapDeck(result)
            for client in reload.takeReplies() {
                switch result {
                case .success: effects.append(.reply(client: client, ControlReply(ok: true, fields: [("cards", "\(config.cards.count)")])))
                case .failure(let error):
                    let reason = error.diagnostics.first.map { "\($0)" } ?? "the config cannot be used"
                    effects.append(.reply(client: client, .failure("config reload failed, keeping the last good deck: \(reason)")))
                }
            }
        }
        // Changes seen while the config was being read are read next.
        if let queued = reload.sendQueued() { effects.append(.loadConfig(changedImages: queued.changedImages)) }
        return effects
    }

    /// The half of ``applyReload(_:changedImages:)`` that takes the new deck, or reports why it cannot.
    private mutating func swapDeck(_ result: Result<LoadedConfig, ConfigError>) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        let loaded: LoadedConfig
        switch result {
        case .failure(let error):
            if reload.failed(error) {
                for diagnostic in error.diagnostics {
                    effects.append(.report("config reload failed, keeping the last good deck: \(diagnostic)"))
                }
                for warning in error.warnings { effects.append(.report("\(warning)")) }
            }
            return effects
        case .success(let value):
            loaded = value
        }
        for warning in reload.succeeded(warnings: loaded.warnings) { effects.append(.report("\(warning)")) }
        let old = config
        var new = loaded.config
        // The mode (windowed or kiosk) is the run's, not the file's: --kiosk stays in force.
        new.display.mode = old.display.mode
        if let index = settings.commandLineDisplay { new.display.displayIndex = index }  // And so is --display.
        let restartOnly = new.display.window != old.display.window || new.display.fullscreen != old.display.fullscreen
            || new.display.rotation != old.display.rotation || new.display.exitChord != old.display.exitChord
            || new.display.displayIndex != old.display.displayIndex || new.display.renderer != old.display.renderer
        if restartOnly {
            effects.append(.report("\(new.file): display.window, fullscreen, rotation, index, renderer and exitChord take effect at the next start"))
            new.display.window = old.display.window
            new.display.fullscreen = old.display.fullscreen
            new.display.rotation = old.display.rotation
            new.display.exitChord = old.display.exitChord
            new.display.displayIndex = old.display.displayIndex
            new.display.renderer = old.display.renderer
        }
        if new.mqtt != old.mqtt {  // The fleet link is made once, at the start (FleetLink).
            effects.append(.report("\(new.file): mqtt takes effect at the next start"))
            new.mqtt = old.mqtt
        }
        if new.sync != old.sync {  // The group is joined once, at the start, like the broker.
            effects.append(.report("\(new.file): sync takes effect at the next start"))
            new.sync = old.sync
        }
        let t = now
        let direction = new.deckDirection
        if new.display.fit != old.display.fit || new.display.readability != old.display.readability || direction != session.stage.direction {
            session.setStage(KioskRuntime.stage(pixels: physicalPixels, pointScale: pointScale, display: new.display, tile: new.sync?.tile,
                                                direction: direction))
        }
        var settledOldPage = 0
        let oldOrder = schedule.order  // Pages are the showing cards: the old page is turned into its card first.
        let pagerEvents = session.replaceDeck(pageCount: new.cards.count, wraps: new.wrap, at: clock.simulatedTime(at: t)) { oldPage in
            settledOldPage = oldOrder.indices.contains(oldPage) ? oldOrder[oldPage] : oldPage
            return DeckReload.matchedPage(current: settledOldPage, in: old.cards, newCards: new.cards)
        }
        effects += log(pagerEvents, t: t)
        session.pager.transition = new.transition
        session.pager.motion = new.motion
        session.pager.transitionDuration = new.style.transition
        session.dotsShown = new.style.dots
        session.pauseButtonShown = new.autoplay != nil && new.cards.count > 1  // And a moving card: followPauseButton.
        session.longPressShown = new.accessibility.speech != nil
        if new.accessibility.speech == nil {
            if speech.on { effects.append(.stopSpeaking) }
            speech.on = false
        } else if old.accessibility.speech == nil {
            speech.on = new.accessibility.speech?.startsOn ?? false
        }
        var events: [TimedKioskEvent] = []
        let newPage = session.pager.currentPage
        let sameCard = old.cards.indices.contains(settledOldPage) && new.cards.indices.contains(newPage)
            && DeckReload.isSameCard(old.cards[settledOldPage], new.cards[newPage])
        renumberCardOnScreen(to: new.cards.isEmpty ? nil : newPage, same: sameCard)
        if !old.cards.isEmpty, !new.cards.isEmpty, newPage != settledOldPage {
            events.append(TimedKioskEvent(t: t, .pageMovedByReload(from: settledOldPage, to: newPage)))
        }
        events.append(TimedKioskEvent(t: t, .deckReloaded(cards: new.cards.count)))
        effects.append(.log(events))
        if new.autoplay != old.autoplay { autoplay = new.autoplay.map { Autoplay(config: $0, start: t) } }
        if new.cards != old.cards { deckGeneration += 1 }
        config = new
        effects += scheduleDeckReplaced(old: old)
        if pacing.firstShown { effects.append(.watch(watchedPaths)) }
        return effects
    }
}
