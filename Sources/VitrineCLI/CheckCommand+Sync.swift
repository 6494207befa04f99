import VitrineCore

extension CheckCommand {
    /// The `note:` line of a group member (`sync`): the group's topic and the lead; nil without `sync`.
    static func groupLine(_ config: KioskConfig) -> String? {
        guard let sync = config.sync, let mqtt = config.mqtt else { return nil }
        let tile = sync.tile.map { ", tile column \($0.column), row \($0.row) of a \($0.columns)x\($0.rows) wall" } ?? ""
        return "note: sync: moves with group \(JSONText.quoted(sync.group)) on \(sync.topic(prefix: mqtt.prefix)), "
            + "transitions \(PagerEvent.formatSeconds(sync.lead)) s after a command\(tile)"
    }
}
