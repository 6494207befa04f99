import Glibc
import VitrineCore

extension KioskConfig {
    /// Whether `path` names a folder (or a link to one): a deck of that folder's images with default settings,
    /// where a config file is expected. Asks `stat`, which opens nothing.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The deck of the folder at `path`, given where a config file is expected: every setting at its default,
    /// the cards in name order.
    static func folderDeck(path: String) throws(ConfigError) -> (config: KioskConfig, warnings: [ConfigDiagnostic]) {
        try listingFolder(of: KioskConfig.folderDeck(path), warnings: [])
    }

    /// `config` with the cards of its folder (``FolderDeck``), and the problems found there after `warnings`.
    ///
    /// - Throws: ``ConfigError`` of kind `.unreadable` when the folder cannot be listed.
    static func listingFolder(of config: KioskConfig, warnings: [ConfigDiagnostic]) throws(ConfigError) -> (config: KioskConfig, warnings: [ConfigDiagnostic]) {
        guard let source = config.folder else { return (config, warnings) }
        let listing: FolderListing
        do {
            listing = try FolderListing.read(folder: source.path, order: source.order)
        } catch {
            let message = "cannot list the folder \(Limits.shortened(source.path, quoting: true)): \(error.reason)"
            throw ConfigError(kind: .unreadable, diagnostics: [ConfigDiagnostic(file: config.file, path: config.isFolderOnly ? "(folder)" : "cards.folder",
                                                                                message: message)], warnings: warnings)
        }
        var config = config
        let (cards, problems) = FolderDeck.cards(from: listing, source: source)
        config.cards = CardConfig.packing(cards)  // One string for the deck's texts, as a config's cards.
        return (config, warnings + problems)
    }
}
