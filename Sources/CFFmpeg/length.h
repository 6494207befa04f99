#pragma once
// How long a video's picture lasts, from its own stream. Included by shim.h.

/// The seconds `video`'s picture lasts: its video stream's own duration, else the container's; 0 when neither
/// says. The container's duration covers every stream and, in an MP4, an edit list's empty start, so a clip moved
/// by an edit list (its first frame at 10 s) or with a longer sound track would seem longer than its frames and
/// hold its last one.
static inline double vitrine_video_length(const vitrine_video *video) {
    const AVStream *stream = video->format->streams[video->stream];
    if (stream->duration > 0 && stream->duration != AV_NOPTS_VALUE) return stream->duration * av_q2d(stream->time_base);
    int64_t duration = video->format->duration;
    return duration > 0 && duration != AV_NOPTS_VALUE ? (double)duration / AV_TIME_BASE : 0;
}
