import VitrineCore

extension CheckCommand {
    /// The `note:` line of a group member (`sync`): the group's topic and the lead (a wall's tile has its own line); nil
    /// without `sync`.
    static func groupLine(_ config: KioskConfig) -> String? {
        guard let sync = config.sync, let mqtt = config.mqtt else { return nil }
        return "note: sync: moves with group \(JSONText.quoted(sync.group)) on \(sync.topic(prefix: mqtt.prefix)), "
            + "transitions \(PagerEvent.formatSeconds(sync.lead)) s after a command"
    }
}
