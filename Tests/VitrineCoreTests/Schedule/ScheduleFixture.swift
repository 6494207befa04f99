@testable import VitrineCore

/// Decks with schedules on a manual clock that starts at a given wall time.
enum ScheduleFixture {
    /// The local time `text` (it must parse).
    static func at(_ text: String) -> LocalTime { LocalTime.parse(text)! }

    /// Card `n` of ``RuntimeFixture/cards(_:prefix:)`` with `hours`, `from`, `until` and `duration`.
    static func card(_ n: Int, hours: [String] = [], from: String? = nil, until: String? = nil, duration: Double? = nil) -> CardConfig {
        var card = RuntimeFixture.cards(n + 1)[n]
        card.schedule = CardSchedule(duration: duration, from: from.map(at), until: until.map(at),
                                     hours: hours.map { try! WeeklyHours.parse($0).get() })
        return card
    }

    /// A kiosk showing `cards` whose wall clock shows `start` (nil: no wall clock) at runtime time 0.
    static func kiosk(_ cards: [CardConfig], start: String?, autoplay: AutoplayConfig? = nil,
                      files: [String: KioskConfig] = [:]) -> EmbeddedKiosk {
        EmbeddedKiosk(config: RuntimeFixture.config(cards, autoplay: autoplay), pixels: RuntimeFixture.pixels,
                      localStart: start.map(at), loadConfig: RuntimeFixture.loader(files))
    }

    /// The `showing` lines of `events`: time and cards.
    static func showing(_ events: [TimedKioskEvent]) -> [(t: Double, cards: [Int])] {
        events.compactMap { event in
            if case .showing(let cards) = event.event { return (event.t, cards) }
            return nil
        }
    }

    /// The runtime time, from a start at `start`, at which the wall clock shows `local`.
    static func seconds(from start: String, to local: String) -> Double { at(local).seconds - at(start).seconds }
}
