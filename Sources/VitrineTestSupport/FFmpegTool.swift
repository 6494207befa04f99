import Foundation

/// The `ffmpeg` command the video tests make their clips with (`make test` installs it; CI too).
public enum FFmpegTool {
    /// Where it is.
    public static let path = "/usr/bin/ffmpeg"

    /// Whether it is installed: a suite that needs it is enabled only then.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `ffmpeg -v error -nostdin -y ARGUMENTS` to its end; returns its exit status (0: the file was made).
    public static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-v", "error", "-nostdin", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
