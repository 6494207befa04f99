import VitrineCore
import VitrineSystem

/// Carrying out the runtime's effects: the one place the kiosk turns what the runtime decided into I/O.
extension KioskApp {
    /// Carries out the runtime's effects (which came back for `input`; nil: time moved), in order.
    func perform(_ effects: [KioskEffect], after input: RuntimeInput? = nil) {
        fleet?.note(input, effects: effects, runtime: runtime)
        for effect in effects {
            switch effect {
            case .log(let lines):
                events?.write(lines)
            case .report(let line):
                report(line)
            case .loadConfig(let changed):
                // LoadedConfig.read also notes the pictures not there yet, which the runtime waits for. Read beside
                // the loop; the runtime takes no other reload until this one is back.
                let file = runtime.config.file
                reloadQueue.async { [waker] in waker.post(.configLoaded(LoadedConfig.read(file), changedImages: changed)) }
            case .forgetImages(let paths):
                deck?.invalidate(imagePaths: paths)
            case .forgetAllCards:
                deck?.invalidate()
                cardPreparer?.keepOnly([])
            case .watch(let paths):
                watch(paths)
            case .firstFrameShown:
                StartupTimeline.mark("first frame presented")
                deck?.preparer = cardPreparer
                onFirstFrame()
                fleet?.connect()
            case .feedWatchdog:
                onWatchdog()
            case .logStatistics:
                onUser1()
            case .idleChores(let work):
                send(.idleChoresDone(heapGaveBack: doIdleChores(work)))
            case .quit:
                break
            case .reply(let client, let reply):
                if fleet?.reply(client, reply) != true { control?.reply(client, reply) }
            case .screenshot(let path, let client):
                let reply = screenshot(to: path)
                if fleet?.reply(client, reply) != true { control?.reply(client, reply) }
            case .displaySleep(let asleep, let note):
                setDisplaySleep(asleep, note: note)
            case .runHook(let hook):
                hooks.run(hook)
            case .speak(let request):
                speaker.speak(request)
            case .stopSpeaking:
                speaker.stop()
            case .groupSend(let command):
                fleet?.sendGroup(command)
            }
        }
    }

    /// Lets the display power down while the kiosk sleeps, or powers it on as it wakes; logs `note` and how.
    func setDisplaySleep(_ asleep: Bool, note: String) {
        guard let window else { return }
        if asleep, poweredDown == nil {
            let down = window.powerDown()
            poweredDown = down
            Logger.shared.log(.info, "\(note): \(down.description)")
        } else if !asleep, let down = poweredDown {
            window.powerUp(down)
            poweredDown = nil
            Logger.shared.log(.info, note)
        }
    }

    /// Watches `paths` for hot reload, starting the watcher the first time; without inotify the kiosk runs on,
    /// without hot reload.
    func watch(_ paths: Set<PathKey>) {
        var problems: [FileWatcherError]
        if let watcher {
            problems = watcher.watch(paths)
        } else {
            do throws(FileWatcherError) {
                let watcher = try FileWatcher(paths: paths) { [waker] changed in waker.post(.filesChanged(changed)) }
                self.watcher = watcher
                problems = watcher.initialProblems
            } catch {
                report("hot reload is off: \(error)")
                return
            }
        }
        for problem in problems where reportedWatchProblems.insert(PathKey(problem.operation)).inserted {
            report("cannot watch for changes: \(problem); edits there need a reload")
        }
    }
}
