import VitrineCore

extension KioskConfig {
    /// Reads and validates the config file at `path`.
    ///
    /// Relative image paths are resolved against the folder of `path`. Returns the config and any warnings
    /// (such as unknown keys), which do not stop it from loading.
    ///
    /// - Throws: `ConfigError` of kind `.unreadable` when the file is missing, a directory, or cannot be read,
    ///   and of kind `.invalid` with every problem found when it is not a valid config.
    public static func load(path: String) throws(ConfigError) -> (config: KioskConfig, warnings: [ConfigDiagnostic]) {
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptor.readFile(atPath: path)
        } catch {
            throw ConfigError.unreadable(path: path, reason: error.reason)
        }
        return try decode(bytes, file: path)
    }
}
