/// The `sync` key: the group of screens a kiosk moves with, and its tile when the group is a video wall.
///
/// A group needs `mqtt`: its commands travel through the broker on `<prefix>/group/<group>/cmd`.
public struct SyncConfig: Sendable, Equatable {
    /// One screen's part of a video wall: the wall is `columns` × `rows` screens, and this one is at
    /// (`column`, `row`), counted from 0 at the top left.
    public struct Tile: Sendable, Equatable {
        /// How many screens side by side, and how many one above the other.
        public var columns: Int, rows: Int
        /// Where this screen is in the wall.
        public var column: Int, row: Int

        /// The tile at (`column`, `row`) of a `columns` × `rows` wall.
        public init(columns: Int, rows: Int, column: Int, row: Int) {
            self.columns = columns; self.rows = rows; self.column = column; self.row = row
        }

        /// The most screens along either side of a wall.
        public static let largestSide = 16
    }

    /// The group's name: one topic level.
    public var group: String
    /// This screen's tile of a wall; nil when each screen shows the whole card.
    public var tile: Tile? = nil
    /// How far ahead of the wall-clock moment a command is sent to start its transition, in seconds, so every
    /// member has it before that moment.
    public var lead: Double = SyncConfig.defaultLead

    /// A member of `group` showing whole cards.
    public init(group: String) { self.group = group }

    /// The default ``lead``: 0.25 s, several times a LAN's round trip through a broker.
    public static let defaultLead = 0.25
    /// The range ``lead`` may take.
    public static let leadRange: ClosedRange<Double> = 0.02...5
}
