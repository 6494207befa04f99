#pragma once
// FFmpeg's libavformat, libavcodec, libswscale and libavutil, for video cards, opened with dlopen when the first
// video is met rather than linked, as CHeif opens libheif: a kiosk without them starts and runs, and a video card
// says once what to install. Everything here is static inline: a system-library target holds headers only.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/imgutils.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <time.h>

/// The FFmpeg functions Vitrine calls, found in Debian 12's sonames at run time.
struct vitrine_ffmpeg_api {
    __typeof__(&avformat_open_input) avformat_open_input;
    __typeof__(&avformat_find_stream_info) avformat_find_stream_info;
    __typeof__(&av_find_best_stream) av_find_best_stream;
    __typeof__(&av_read_frame) av_read_frame;
    __typeof__(&av_seek_frame) av_seek_frame;
    __typeof__(&avformat_close_input) avformat_close_input;
    __typeof__(&avformat_alloc_context) avformat_alloc_context;
    __typeof__(&avcodec_find_decoder) avcodec_find_decoder;
    __typeof__(&avcodec_get_name) avcodec_get_name;
    __typeof__(&avcodec_alloc_context3) avcodec_alloc_context3;
    __typeof__(&avcodec_parameters_to_context) avcodec_parameters_to_context;
    __typeof__(&avcodec_open2) avcodec_open2;
    __typeof__(&avcodec_send_packet) avcodec_send_packet;
    __typeof__(&avcodec_receive_frame) avcodec_receive_frame;
    __typeof__(&avcodec_flush_buffers) avcodec_flush_buffers;
    __typeof__(&avcodec_free_context) avcodec_free_context;
    __typeof__(&av_packet_alloc) av_packet_alloc;
    __typeof__(&av_packet_free) av_packet_free;
    __typeof__(&av_packet_unref) av_packet_unref;
    __typeof__(&av_frame_alloc) av_frame_alloc;
    __typeof__(&av_frame_free) av_frame_free;
    __typeof__(&av_frame_unref) av_frame_unref;
    __typeof__(&av_frame_ref) av_frame_ref;
    __typeof__(&av_frame_move_ref) av_frame_move_ref;
    __typeof__(&av_frame_apply_cropping) av_frame_apply_cropping;
    __typeof__(&av_log_set_level) av_log_set_level;
    __typeof__(&av_strerror) av_strerror;
    __typeof__(&sws_getContext) sws_getContext;
    __typeof__(&sws_scale) sws_scale;
    __typeof__(&sws_freeContext) sws_freeContext;
    __typeof__(&sws_getCachedContext) sws_getCachedContext;
};

struct vitrine_ffmpeg_state {
    struct vitrine_ffmpeg_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_ffmpeg_state *vitrine_ffmpeg_state(void) {
    static struct vitrine_ffmpeg_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_ffmpeg_load(void) {
    struct vitrine_ffmpeg_state *state = vitrine_ffmpeg_state();
    void *util = dlopen("libavutil.so.57", RTLD_NOW | RTLD_LOCAL);
    void *codec = util ? dlopen("libavcodec.so.59", RTLD_NOW | RTLD_LOCAL) : 0;
    void *format = codec ? dlopen("libavformat.so.59", RTLD_NOW | RTLD_LOCAL) : 0;
    void *scale = format ? dlopen("libswscale.so.6", RTLD_NOW | RTLD_LOCAL) : 0;
    if (!scale) return;
#define VITRINE_FFMPEG_FIND(library, name) \
    state->api.name = (__typeof__(state->api.name))dlsym(library, #name); \
    if (!state->api.name) return;
    VITRINE_FFMPEG_FIND(format, avformat_open_input)
    VITRINE_FFMPEG_FIND(format, avformat_find_stream_info)
    VITRINE_FFMPEG_FIND(format, av_find_best_stream)
    VITRINE_FFMPEG_FIND(format, av_read_frame)
    VITRINE_FFMPEG_FIND(format, av_seek_frame)
    VITRINE_FFMPEG_FIND(format, avformat_close_input)
    VITRINE_FFMPEG_FIND(format, avformat_alloc_context)
    VITRINE_FFMPEG_FIND(codec, avcodec_find_decoder)
    VITRINE_FFMPEG_FIND(codec, avcodec_get_name)
    VITRINE_FFMPEG_FIND(codec, avcodec_alloc_context3)
    VITRINE_FFMPEG_FIND(codec, avcodec_parameters_to_context)
    VITRINE_FFMPEG_FIND(codec, avcodec_open2)
    VITRINE_FFMPEG_FIND(codec, avcodec_send_packet)
    VITRINE_FFMPEG_FIND(codec, avcodec_receive_frame)
    VITRINE_FFMPEG_FIND(codec, avcodec_flush_buffers)
    VITRINE_FFMPEG_FIND(codec, avcodec_free_context)
    VITRINE_FFMPEG_FIND(codec, av_packet_alloc)
    VITRINE_FFMPEG_FIND(codec, av_packet_free)
    VITRINE_FFMPEG_FIND(codec, av_packet_unref)
    VITRINE_FFMPEG_FIND(util, av_frame_alloc)
    VITRINE_FFMPEG_FIND(util, av_frame_free)
    VITRINE_FFMPEG_FIND(util, av_frame_unref)
    VITRINE_FFMPEG_FIND(util, av_frame_ref)
    VITRINE_FFMPEG_FIND(util, av_frame_move_ref)
    VITRINE_FFMPEG_FIND(util, av_frame_apply_cropping)
    VITRINE_FFMPEG_FIND(util, av_log_set_level)
    VITRINE_FFMPEG_FIND(util, av_strerror)
    VITRINE_FFMPEG_FIND(scale, sws_getContext)
    VITRINE_FFMPEG_FIND(scale, sws_scale)
    VITRINE_FFMPEG_FIND(scale, sws_freeContext)
    VITRINE_FFMPEG_FIND(scale, sws_getCachedContext)
#undef VITRINE_FFMPEG_FIND
    state->api.av_log_set_level(AV_LOG_QUIET);  // Problems are told in Vitrine's own one-line messages.
    state->ready = 1;
}

/// FFmpeg's functions, loaded once on first use (from any thread); NULL when a library is not installed.
static inline const struct vitrine_ffmpeg_api *vitrine_ffmpeg(void) {
    struct vitrine_ffmpeg_state *state = vitrine_ffmpeg_state();
    pthread_once(&state->once, vitrine_ffmpeg_load);
    return state->ready ? &state->api : 0;
}

/// What `vitrine_video_open` found: the facts `check` prints.
typedef struct vitrine_video_info {
    char container[64];
    char codec[64];
    int width, height;
    double fps;
    /// Seconds; 0 when the file does not say.
    double duration;
} vitrine_video_info;

/// An open video: its demuxer, decoder, the last good frame and the scaler.
typedef struct vitrine_video {
    const struct vitrine_ffmpeg_api *api;
    AVFormatContext *format;
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *frame, *good, *next;
    struct SwsContext *sws;
    int stream;
    double time_base;
    /// Presentation time of `good`, in seconds; -1 when there is none.
    double good_time;
    /// A frame decoded past the time last asked for, kept for the next later time; `next_time` -1 when none.
    double next_time;
    /// Whether a read or decode error was met since opening (a truncated or corrupt file).
    int damaged;
    /// Playing in order (``vitrine_video_step``): the demuxer is at its end and the decoder is being drained.
    int draining;
    /// Set from any thread to abandon the file: FFmpeg's reads give up at once (``vitrine_video_interrupt``).
    int stop;
    /// CLOCK_MONOTONIC nanoseconds after which reads give up (the decode thread's watchdog); 0 for none.
    int64_t deadline;
    /// The VA-API device the decoder uses (hwaccel.h); NULL when it decodes in software.
    AVBufferRef *hw_device;
    /// Set when FFmpeg did not offer VA-API frames for this stream (the driver cannot decode its profile).
    int hw_refused;
} vitrine_video;

/// CLOCK_MONOTONIC in nanoseconds.
static inline int64_t vitrine_video_clock(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// Makes FFmpeg's reads on `video` give up from now on; from any thread.
static inline void vitrine_video_abandon(vitrine_video *video) { __atomic_store_n(&video->stop, 1, __ATOMIC_RELEASE); }

/// Reads on `video` give up `seconds` from now (0: never): the decode thread's watchdog for one frame.
static inline void vitrine_video_set_deadline(vitrine_video *video, double seconds) {
    __atomic_store_n(&video->deadline, seconds > 0 ? vitrine_video_clock() + (int64_t)(seconds * 1e9) : 0, __ATOMIC_RELEASE);
}

/// FFmpeg's interrupt callback: reads give up once the video is stopped or its deadline has passed, so a file on
/// a stalled disk or one that makes the demuxer read forever cannot hold the decode thread.
static inline int vitrine_video_interrupt(void *opaque) {
    vitrine_video *video = opaque;
    if (__atomic_load_n(&video->stop, __ATOMIC_ACQUIRE)) return 1;
    int64_t deadline = __atomic_load_n(&video->deadline, __ATOMIC_ACQUIRE);
    return deadline > 0 && vitrine_video_clock() > deadline;
}

static inline void vitrine_video_close_hw(vitrine_video *video);

static inline void vitrine_video_close(vitrine_video *video) {
    if (!video) return;
    const struct vitrine_ffmpeg_api *api = video->api;
    if (video->sws) api->sws_freeContext(video->sws);
    if (video->frame) api->av_frame_free(&video->frame);
    if (video->good) api->av_frame_free(&video->good);
    if (video->next) api->av_frame_free(&video->next);
    if (video->packet) api->av_packet_free(&video->packet);
    if (video->codec) api->avcodec_free_context(&video->codec);
    if (video->format) api->avformat_close_input(&video->format);
    if (video->hw_device) vitrine_video_close_hw(video);
    free(video);
}

/// Opens `path` and its best video stream, refusing one over `max_w`x`max_h` or with no decoder here.
/// Returns NULL with the reason in `why` (one line, no file name).
static inline vitrine_video *vitrine_video_open(const char *path, int max_w, int max_h, int threads, vitrine_video_info *info,
                                                char *why, size_t why_size) {
    const struct vitrine_ffmpeg_api *api = vitrine_ffmpeg();
    if (!api) { snprintf(why, why_size, "FFmpeg's libraries are not installed"); return 0; }
    vitrine_video *video = calloc(1, sizeof *video);
    if (!video) { snprintf(why, why_size, "out of memory"); return 0; }
    video->api = api;
    video->good_time = -1;
    video->next_time = -1;
    char message[128];
    video->format = api->avformat_alloc_context();
    if (!video->format) { snprintf(why, why_size, "out of memory"); vitrine_video_close(video); return 0; }
    video->format->interrupt_callback.callback = vitrine_video_interrupt;
    video->format->interrupt_callback.opaque = video;
    int status = api->avformat_open_input(&video->format, path, 0, 0);
    if (status < 0) {
        api->av_strerror(status, message, sizeof message);
        snprintf(why, why_size, "not a video FFmpeg can read (%s)", message);
        vitrine_video_close(video);
        return 0;
    }
    status = api->avformat_find_stream_info(video->format, 0);
    if (status < 0) {
        api->av_strerror(status, message, sizeof message);
        snprintf(why, why_size, "cannot read its streams (%s)", message);
        vitrine_video_close(video);
        return 0;
    }
    int index = api->av_find_best_stream(video->format, AVMEDIA_TYPE_VIDEO, -1, -1, 0, 0);
    if (index < 0) { snprintf(why, why_size, "has no video stream"); vitrine_video_close(video); return 0; }
    AVStream *stream = video->format->streams[index];
    AVCodecParameters *parameters = stream->codecpar;
    memset(info, 0, sizeof *info);
    snprintf(info->container, sizeof info->container, "%s", video->format->iformat->name);
    snprintf(info->codec, sizeof info->codec, "%s", api->avcodec_get_name(parameters->codec_id));
    info->width = parameters->width;
    info->height = parameters->height;
    AVRational rate = stream->avg_frame_rate.num > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
    info->fps = rate.den > 0 ? (double)rate.num / rate.den : 0;
    if (video->format->duration > 0) info->duration = (double)video->format->duration / AV_TIME_BASE;
    else if (stream->duration > 0) info->duration = stream->duration * av_q2d(stream->time_base);
    if (info->width <= 0 || info->height <= 0) {
        snprintf(why, why_size, "%s video with no size", info->codec); vitrine_video_close(video); return 0;
    }
    if (info->width > max_w || info->height > max_h) {
        snprintf(why, why_size, "%dx%d is over the limit of %dx%d", info->width, info->height, max_w, max_h);
        vitrine_video_close(video);
        return 0;
    }
    const AVCodec *decoder = api->avcodec_find_decoder(parameters->codec_id);
    if (!decoder) { snprintf(why, why_size, "no decoder here for its codec (%s)", info->codec); vitrine_video_close(video); return 0; }
    video->codec = api->avcodec_alloc_context3(decoder);
    video->packet = api->av_packet_alloc();
    video->frame = api->av_frame_alloc();
    video->good = api->av_frame_alloc();
    video->next = api->av_frame_alloc();
    if (!video->codec || !video->packet || !video->frame || !video->good || !video->next) {
        snprintf(why, why_size, "out of memory"); vitrine_video_close(video); return 0;
    }
    // One thread for a frame picked by time (the same frames on every machine); playback in order may use more.
    video->codec->thread_count = threads > 0 ? threads : 1;
    if (api->avcodec_parameters_to_context(video->codec, parameters) < 0 || api->avcodec_open2(video->codec, decoder, 0) < 0) {
        snprintf(why, why_size, "cannot open its %s decoder", info->codec); vitrine_video_close(video); return 0;
    }
    video->stream = index;
    video->time_base = av_q2d(stream->time_base);
    return video;
}

/// The presentation time of `frame` in seconds, or -1 when it has none.
static inline double vitrine_video_frame_time(const vitrine_video *video, const AVFrame *frame) {
    int64_t pts = frame->best_effort_timestamp != AV_NOPTS_VALUE ? frame->best_effort_timestamp : frame->pts;
    if (pts == AV_NOPTS_VALUE) return -1;
    int64_t start = video->format->streams[video->stream]->start_time;
    if (start != AV_NOPTS_VALUE) pts -= start;
    return pts * video->time_base;
}

/// Makes `good` the frame shown at `seconds` from the start: the last frame whose presentation time is not after
/// it (the first frame for an earlier time, the last good one past the end or at damage). Reads at most
/// `max_packets` packets, so a file that never yields a frame cannot hang it. Returns 0, or -1 when no frame at all
/// could be decoded; sets `damaged` when a read or decode error was met.
static inline int vitrine_video_seek(vitrine_video *video, double seconds, int max_packets) {
    const struct vitrine_ffmpeg_api *api = video->api;
    const double slack = 1e-6;  // A frame exactly at `seconds` is that frame, whatever rounding the time base has.
    if (!(video->good_time >= 0 && video->good_time <= seconds + slack)) {
        int64_t start = video->format->streams[video->stream]->start_time;
        int64_t target = (int64_t)(seconds / video->time_base) + (start != AV_NOPTS_VALUE ? start : 0);
        if (api->av_seek_frame(video->format, video->stream, target, AVSEEK_FLAG_BACKWARD) < 0)
            api->av_seek_frame(video->format, video->stream, 0, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_BYTE);
        api->avcodec_flush_buffers(video->codec);
        api->av_frame_unref(video->good);
        api->av_frame_unref(video->next);
        video->good_time = -1;
        video->next_time = -1;
    } else if (video->next_time >= 0) {
        if (video->next_time > seconds + slack) return 0;  // The good frame is still the one shown.
        api->av_frame_unref(video->good);
        api->av_frame_move_ref(video->good, video->next);
        video->good_time = video->next_time;
        video->next_time = -1;
    }
    int draining = 0;
    for (int packets = 0; packets < max_packets; packets++) {
        int status;
        if (!draining) {
            status = api->av_read_frame(video->format, video->packet);
            if (status < 0) {
                if (status != AVERROR_EOF) video->damaged = 1;
                draining = 1;
                api->avcodec_send_packet(video->codec, 0);
            } else if (video->packet->stream_index != video->stream) {
                api->av_packet_unref(video->packet);
                continue;
            } else {
                if (api->avcodec_send_packet(video->codec, video->packet) < 0) video->damaged = 1;
                api->av_packet_unref(video->packet);
            }
        }
        for (;;) {
            status = api->avcodec_receive_frame(video->codec, video->frame);
            if (status == AVERROR(EAGAIN)) break;
            if (status < 0) {
                if (status != AVERROR_EOF) video->damaged = 1;
                return video->good_time >= 0 || video->good->data[0] ? 0 : -1;
            }
            double time = vitrine_video_frame_time(video, video->frame);
            if (video->good->data[0] && time > seconds + slack) {
                // Kept for the next, later time: the decoder goes on from here.
                api->av_frame_move_ref(video->next, video->frame);
                video->next_time = time;
                return 0;
            }
            api->av_frame_unref(video->good);
            api->av_frame_ref(video->good, video->frame);
            api->av_frame_unref(video->frame);
            video->good_time = time < 0 ? 0 : time;
            if (time > seconds + slack) return 0;  // The first frame, for a time before it.
        }
        if (draining) return video->good->data[0] ? 0 : -1;
    }
    video->damaged = 1;
    return video->good->data[0] ? 0 : -1;
}

/// Scales the good frame to `width`x`height` 32-bit ARGB (SDL's ARGB8888: B, G, R, A in memory) into `pixels`,
/// `pitch` bytes a row, with bilinear filtering. Returns 0, or -1 with nothing written.
static inline int vitrine_video_scale(vitrine_video *video, int width, int height, uint8_t *pixels, int pitch) {
    const struct vitrine_ffmpeg_api *api = video->api;
    AVFrame *good = video->good;
    if (!good->data[0] || good->width <= 0 || good->height <= 0) return -1;
    video->sws = api->sws_getContext(good->width, good->height, (enum AVPixelFormat)good->format, width, height,
                                     AV_PIX_FMT_BGRA, SWS_BILINEAR | SWS_ACCURATE_RND, 0, 0, 0);
    if (!video->sws) return -1;
    uint8_t *planes[4] = { pixels, 0, 0, 0 };
    int strides[4] = { pitch, 0, 0, 0 };
    int rows = api->sws_scale(video->sws, (const uint8_t *const *)good->data, good->linesize, 0, good->height, planes, strides);
    api->sws_freeContext(video->sws);
    video->sws = 0;
    return rows == height ? 0 : -1;
}

#include "hwaccel.h"
#include "playback.h"
#include "orientation.h"
#include "length.h"
#include "fallback.h"
#include "animation.h"
