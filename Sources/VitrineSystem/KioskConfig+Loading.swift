import Glibc
import VitrineCore

extension KioskConfig {
    /// Reads and validates the config file at `path`.
    ///
    /// Relative image paths are resolved against the folder of `path`. Returns the config and any warnings
    /// (such as unknown keys), which do not stop it from loading.
    ///
    /// A folder (or a link to one) is a deck of its images with default settings, and a config's
    /// `"cards": {"folder": …}` is listed here (``FolderListing/read(folder:order:)``), its problems as warnings.
    ///
    /// - Throws: `ConfigError` of kind `.unreadable` when the file is missing, not a regular file (a FIFO, a
    ///   device: refused at once, never read), a deck's folder cannot be listed, over ``Limits/configFileBytes``, or cannot be read,
    ///   and of kind `.invalid` with every problem found when it is not a valid config.
    public static func load(path: String) throws(ConfigError) -> (config: KioskConfig, warnings: [ConfigDiagnostic]) {
        if isFolder(path) {
            var (config, warnings) = try folderDeck(path: path)
            config = config.withAnimations(warnings: &warnings)
            return (config, warnings)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptor.readFile(atPath: path, limit: Limits.configFileBytes)
        } catch {
            throw ConfigError.unreadable(path: path, reason: error.reason)
        }
        var (config, warnings) = try decode(bytes, file: path)
        config = config.withVideoLengths(warnings: &warnings)
        var listed = try listingFolder(of: config, warnings: warnings)
        listed.config = listed.config.withAnimations(warnings: &listed.warnings)
        return listed
    }
}

extension KioskConfig {
    /// The images the config names that do not exist: what a reload of a deck still arriving waits for.
    public func missingImages() -> Set<PathKey> {
        var missing = Set<PathKey>()
        for image in Set(cards.map { PathKey($0.image) }) where access(image.path, F_OK) != 0 && errno == ENOENT {
            missing.insert(image)
        }
        return missing
    }
}

extension LoadedConfig {
    /// Reads and validates the config file at `path` for a reload, noting the images it names that are not there
    /// yet (``KioskConfig/missingImages()``), which the runtime waits for.
    public static func read(_ path: String) -> Result<LoadedConfig, ConfigError> {
        Result { () throws(ConfigError) in
            let loaded = try KioskConfig.load(path: path)
            return LoadedConfig(config: loaded.config, warnings: loaded.warnings, missingImages: loaded.config.missingImages())
        }
    }
}
