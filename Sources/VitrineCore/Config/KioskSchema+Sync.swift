/// The `sync` object's schema: the group, the wall tile and the lead time.
extension KioskSchema {
    /// The `sync` object while it is checked.
    struct SyncDraft {
        var group: String? = nil
        var tile: SyncConfig.Tile? = nil
        var tileSeen = false
        var lead = SyncConfig.defaultLead
    }

    /// The root's `sync` row: checks the object into `draft.sync`; a group needs `mqtt` (checked once the root
    /// is read, in `KioskConfig.decode`).
    static let syncField = ObjectSchema<RootDraft>.Field("sync", expected: "an object") { draft, value, path, validator in
        var sync = SyncDraft()
        guard validator.decodeObject(value, at: path, schema: KioskSchema.sync, into: &sync), let group = sync.group,
              !sync.tileSeen || sync.tile != nil else { return }
        var config = SyncConfig(group: group)
        config.tile = sync.tile
        config.lead = sync.lead
        draft.sync = config
    }

    /// The `sync` object.
    static let sync = ObjectSchema<SyncDraft>([
        .init("group", required: true, expected: "a topic level such as \"lobby\"") { sync, value, path, validator in
            sync.group = topicLevel(value, at: path, validator: &validator)
        },
        .init("tile", expected: "an object such as {\"columns\": 2, \"rows\": 2, \"column\": 0, \"row\": 1}") { sync, value, path, validator in
            sync.tileSeen = true
            var tile = TileDraft()
            guard validator.decodeObject(value, at: path, schema: KioskSchema.tile, into: &tile),
                  let columns = tile.columns, let rows = tile.rows, let column = tile.column, let row = tile.row else { return }
            if column >= columns {
                validator.error(path.appending(key: "column"), "column \(column) is outside a wall \(columns) screens wide (columns 0 to \(columns - 1))")
                return
            }
            if row >= rows {
                validator.error(path.appending(key: "row"), "row \(row) is outside a wall \(rows) screens high (rows 0 to \(rows - 1))")
                return
            }
            sync.tile = SyncConfig.Tile(columns: columns, rows: rows, column: column, row: row)
        },
        .init("lead", expected: "a number of seconds from 0.02 to 5") { sync, value, path, validator in
            if let lead = validator.number(value, at: path, in: SyncConfig.leadRange) { sync.lead = lead }
        },
    ])

    /// A `tile` object while it is checked.
    struct TileDraft {
        var columns: Int? = nil, rows: Int? = nil, column: Int? = nil, row: Int? = nil
    }

    /// The `tile` object: all four keys are required.
    static let tile = ObjectSchema<TileDraft>([
        .init("columns", required: true, expected: "a whole number from 1 to 16") { tile, value, path, validator in
            tile.columns = validator.integer(value, at: path, in: 1...SyncConfig.Tile.largestSide)
        },
        .init("rows", required: true, expected: "a whole number from 1 to 16") { tile, value, path, validator in
            tile.rows = validator.integer(value, at: path, in: 1...SyncConfig.Tile.largestSide)
        },
        .init("column", required: true, expected: "a whole number from 0") { tile, value, path, validator in
            tile.column = validator.integer(value, at: path, in: 0...(SyncConfig.Tile.largestSide - 1))
        },
        .init("row", required: true, expected: "a whole number from 0") { tile, value, path, validator in
            tile.row = validator.integer(value, at: path, in: 0...(SyncConfig.Tile.largestSide - 1))
        },
    ])
}
