import VitrineCore

extension VideoDecoder {
    /// Refuses at once, with a one-line reason, what FFmpeg would block on or read for ever: a FIFO (its open waits
    /// for a writer), a device (`/dev/zero` reads without end), a directory or a socket; and says an empty file is
    /// empty (a copy over the file that has not begun). A file that cannot be opened at all (missing, no read
    /// permission, a dangling link) is left to FFmpeg's open, which says why.
    static func refuseSpecialFile(_ path: String) throws(VideoProblem) {
        let size: Int
        do {
            let opened = try FileDescriptor.openRegularFile(path)
            opened.file.close()
            size = opened.size
        } catch {
            guard let refusal = error.detail else { return }
            throw VideoProblem.unplayable(refusal)
        }
        if size == 0 { throw VideoProblem.unplayable("an empty file (0 bytes)") }
    }

    /// `path` as FFmpeg is to open it: always a local file (`file:`), so a name with a colon in it
    /// (`lobby:night.mp4`) is not taken for a protocol.
    static func ffmpegURL(_ path: String) -> String { "file:" + path }
}
