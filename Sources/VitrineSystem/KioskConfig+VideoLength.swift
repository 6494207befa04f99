import VitrineCore

extension KioskConfig {
    /// This config with each `"duration": "video"` card's `schedule.duration` set to its video's length (read with
    /// ``VideoDecoder``, held to the 0.5 to 86400 s of a `duration`), so attract mode moves on when the video ends.
    /// A video whose length cannot be read keeps the autoplay interval, with one warning in `warnings`.
    func withVideoLengths(warnings: inout [ConfigDiagnostic]) -> KioskConfig {
        var config = self
        var lengths: [PathKey: Result<Double, VideoProblem>] = [:]
        for index in config.cards.indices {
            guard let video = config.cards[index].video, video.durationFromVideo, !video.awaitsAnimation else { continue }
            let key = PathKey(video.path)
            let length = lengths[key] ?? Result { () throws(VideoProblem) in
                let decoder = try VideoDecoder(path: video.path)
                guard decoder.info.duration > 0 else { throw VideoProblem.unplayable("its length is not known") }
                return decoder.info.duration
            }
            lengths[key] = length
            switch length {
            case .success(let seconds):
                config.cards[index].schedule.duration = min(max(seconds, 0.5), 86_400)
            case .failure(let problem):
                warnings.append(ConfigDiagnostic(file: file, path: "cards[\(index)].duration",
                                                 message: "\"video\": \(Limits.shortened(video.path)): \(problem); the card lasts the autoplay interval"))
            }
        }
        return config
    }
}
