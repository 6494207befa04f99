internal import CFFmpeg
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

extension VideoDecoder {
    /// The most packets read to measure a length the file does not say (about an hour at 30 fps).
    static let maxPacketsToMeasure: Int32 = 100_000
    /// The longest measuring a length may take before it gives up (the length is then unknown).
    static let measureDeadline = 2.0

    /// The seconds `video`'s picture lasts: its stream's or container's word (``vitrine_video_length``), else
    /// measured from its packets (a WebM recorded live says none), within ``measureDeadline``; 0 when unknown.
    static func length(of video: UnsafeMutablePointer<vitrine_video>) -> Double {
        let said = vitrine_video_length(video)
        guard said <= 0 else { return said }
        vitrine_video_set_deadline(video, measureDeadline)
        defer { vitrine_video_set_deadline(video, 0) }
        return vitrine_video_measure_length(video, maxPacketsToMeasure)
    }
}
