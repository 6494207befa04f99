#pragma once
// Reading a video from its first byte when a seek by time does not find its frames, and measuring a length the
// file does not say. Included by shim.h.

/// ``vitrine_video_seek`` read from the file's first byte instead of from a seek by time: an MPEG-TS seek by time
/// can land past its only key frame, after which the decoder yields nothing. Returns what
/// ``vitrine_video_seek`` returns.
static inline int vitrine_video_seek_from_start(vitrine_video *video, double seconds, int max_packets) {
    const struct vitrine_ffmpeg_api *api = video->api;
    if (api->av_seek_frame(video->format, -1, 0, AVSEEK_FLAG_BYTE | AVSEEK_FLAG_BACKWARD) < 0) {
        int64_t start = video->format->streams[video->stream]->start_time;
        if (api->av_seek_frame(video->format, video->stream, start != AV_NOPTS_VALUE ? start : 0, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY) < 0)
            return -1;
    }
    api->avcodec_flush_buffers(video->codec);
    api->av_frame_unref(video->good);
    api->av_frame_unref(video->next);
    video->next_time = -1;
    video->good_time = 0;  // Read on from here: ``vitrine_video_seek`` takes the first frame it decodes.
    return vitrine_video_seek(video, seconds, max_packets);
}

/// The seconds from `video`'s first frame to the end of its last, read from its packets to the end of the file
/// (at most `max_packets`; reads give up at `video`'s deadline), for a file that does not say its length (a WebM
/// recorded live, with no duration in its header). Goes back to the start after. Returns 0 when it cannot tell.
static inline double vitrine_video_measure_length(vitrine_video *video, int max_packets) {
    const struct vitrine_ffmpeg_api *api = video->api;
    const AVStream *stream = video->format->streams[video->stream];
    int64_t first = AV_NOPTS_VALUE, end = AV_NOPTS_VALUE;
    // A packet that does not say how long it lasts (a WebM's blocks) lasts a frame at the stream's rate.
    AVRational rate = stream->avg_frame_rate.num > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
    double tick = av_q2d(stream->time_base);
    int64_t frame = rate.num > 0 && rate.den > 0 && tick > 0 ? (int64_t)(av_q2d(av_inv_q(rate)) / tick + 0.5) : 0;
    int complete = 0;
    for (int packets = 0; packets < max_packets; packets++) {
        int status = api->av_read_frame(video->format, video->packet);
        if (status < 0) { complete = status == AVERROR_EOF; break; }
        AVPacket *packet = video->packet;
        if (packet->stream_index == video->stream && packet->pts != AV_NOPTS_VALUE) {
            if (first == AV_NOPTS_VALUE || packet->pts < first) first = packet->pts;
            int64_t last = packet->pts + (packet->duration > 0 ? packet->duration : frame);
            if (end == AV_NOPTS_VALUE || last > end) end = last;
        }
        api->av_packet_unref(video->packet);
    }
    int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : first;
    if (api->av_seek_frame(video->format, video->stream, start != AV_NOPTS_VALUE ? start : 0, AVSEEK_FLAG_BACKWARD) < 0)
        api->av_seek_frame(video->format, -1, 0, AVSEEK_FLAG_BYTE | AVSEEK_FLAG_BACKWARD);
    api->avcodec_flush_buffers(video->codec);
    if (!complete || first == AV_NOPTS_VALUE || end <= start) return 0;
    return (end - start) * av_q2d(stream->time_base);
}

/// Goes back to the start of the file for ``vitrine_video_step``, as ``vitrine_video_rewind`` does, but by its
/// first byte in a format whose times may jump (MPEG-TS, MPEG-PS: AVFMT_TS_DISCONT, Ogg aside, as ffplay decides),
/// where a seek by time can land past the only key frame and the next pass would show nothing. Returns 0, or -1.
static inline int vitrine_video_rewind_to_start(vitrine_video *video) {
    const struct vitrine_ffmpeg_api *api = video->api;
    const AVInputFormat *format = video->format->iformat;
    if (!(format->flags & AVFMT_TS_DISCONT) || !strcmp(format->name, "ogg")) return vitrine_video_rewind(video);
    if (api->av_seek_frame(video->format, -1, 0, AVSEEK_FLAG_BYTE | AVSEEK_FLAG_BACKWARD) < 0) return vitrine_video_rewind(video);
    api->avcodec_flush_buffers(video->codec);
    video->draining = 0;
    return 0;
}

/// Moves `video`, for ``vitrine_video_step``, to the key frame at or before `seconds` from its start, so a video
/// opened again where its card's clock is (a deploy during a long video) does not decode all that comes before.
/// A format whose times may jump (AVFMT_TS_DISCONT) stays at its start. Returns 0, or -1 (then at the start).
static inline int vitrine_video_seek_key(vitrine_video *video, double seconds) {
    const struct vitrine_ffmpeg_api *api = video->api;
    if (seconds <= 0 || (video->format->iformat->flags & AVFMT_TS_DISCONT)) return 0;
    int64_t start = video->format->streams[video->stream]->start_time;
    int64_t target = (int64_t)(seconds / video->time_base) + (start != AV_NOPTS_VALUE ? start : 0);
    if (api->av_seek_frame(video->format, video->stream, target, AVSEEK_FLAG_BACKWARD) < 0) {
        vitrine_video_rewind(video);
        return -1;
    }
    api->avcodec_flush_buffers(video->codec);
    video->draining = 0;
    return 0;
}
