#pragma once
// VA-API hardware decoding for a video played in order (VideoFrameSource), with software decoding whenever anything
// on the way fails: no device, a device that is no DRM render node, no driver for it, a codec or profile the driver
// does not decode, a frame that cannot be read back. Where VA-API cannot be had, a V4L2 memory-to-memory decoder
// (FFmpeg's `*_v4l2m2m` wrappers: the SoC decoders of ARM boards) is tried before software. Included by shim.h; the functions come from the FFmpeg
// libraries shim.h opened, found again here.
#include <libavutil/hwcontext.h>
#include <dirent.h>
#include <sys/stat.h>

/// The FFmpeg functions hardware decoding needs beyond shim.h's.
struct vitrine_hwaccel_api {
    __typeof__(&av_hwdevice_ctx_create) av_hwdevice_ctx_create;
    __typeof__(&av_hwframe_transfer_data) av_hwframe_transfer_data;
    __typeof__(&av_buffer_ref) av_buffer_ref;
    __typeof__(&av_buffer_unref) av_buffer_unref;
    __typeof__(&av_frame_copy_props) av_frame_copy_props;
    __typeof__(&avcodec_get_hw_config) avcodec_get_hw_config;
    __typeof__(&avcodec_default_get_format) avcodec_default_get_format;
    __typeof__(&avcodec_find_decoder_by_name) avcodec_find_decoder_by_name;
};

struct vitrine_hwaccel_state {
    struct vitrine_hwaccel_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_hwaccel_state *vitrine_hwaccel_state(void) {
    static struct vitrine_hwaccel_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_hwaccel_load(void) {
    struct vitrine_hwaccel_state *state = vitrine_hwaccel_state();
    if (!vitrine_ffmpeg()) return;
    void *util = dlopen("libavutil.so.57", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    void *codec = dlopen("libavcodec.so.59", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!util || !codec) return;
#define VITRINE_HWACCEL_FIND(library, name) \
    state->api.name = (__typeof__(state->api.name))dlsym(library, #name); \
    if (!state->api.name) return;
    VITRINE_HWACCEL_FIND(util, av_hwdevice_ctx_create)
    VITRINE_HWACCEL_FIND(util, av_hwframe_transfer_data)
    VITRINE_HWACCEL_FIND(util, av_buffer_ref)
    VITRINE_HWACCEL_FIND(util, av_buffer_unref)
    VITRINE_HWACCEL_FIND(util, av_frame_copy_props)
    VITRINE_HWACCEL_FIND(codec, avcodec_get_hw_config)
    VITRINE_HWACCEL_FIND(codec, avcodec_default_get_format)
    VITRINE_HWACCEL_FIND(codec, avcodec_find_decoder_by_name)
#undef VITRINE_HWACCEL_FIND
    state->ready = 1;
}

/// The hardware decoding functions, loaded once; NULL when FFmpeg or one of them is missing.
static inline const struct vitrine_hwaccel_api *vitrine_hwaccel(void) {
    struct vitrine_hwaccel_state *state = vitrine_hwaccel_state();
    pthread_once(&state->once, vitrine_hwaccel_load);
    return state->ready ? &state->api : 0;
}

/// The VA-API device tried: `VITRINE_VAAPI_DEVICE` when set and not empty, else the first DRM render node.
static inline const char *vitrine_vaapi_device(void) {
    const char *named = getenv("VITRINE_VAAPI_DEVICE");
    return named && *named ? named : "/dev/dri/renderD128";
}

/// The decoder's format callback with a VA-API device: VA-API frames when FFmpeg offers them, else (the driver
/// cannot decode this profile, or its set-up failed) the software format, noted in `hw_refused`.
static inline enum AVPixelFormat vitrine_vaapi_get_format(AVCodecContext *codec, const enum AVPixelFormat *formats) {
    vitrine_video *video = codec->opaque;
    for (const enum AVPixelFormat *format = formats; *format != AV_PIX_FMT_NONE; format++) {
        if (*format == AV_PIX_FMT_VAAPI) return *format;
    }
    video->hw_refused = 1;
    return vitrine_hwaccel()->avcodec_default_get_format(codec, formats);
}

/// Makes `video` (just opened, nothing decoded yet) decode with VA-API on `device`: its decoder is opened again with
/// the device. Returns 0, or -1 with why in `why` (one line) and `video` decoding in software as before.
static inline int vitrine_video_use_vaapi(vitrine_video *video, const char *device, char *why, size_t why_size) {
    const struct vitrine_ffmpeg_api *api = video->api;
    const struct vitrine_hwaccel_api *hw = vitrine_hwaccel();
    struct stat node;
    if (stat(device, &node) != 0) { snprintf(why, why_size, "no VA-API device (%s: %s)", device, strerror(errno)); return -1; }
    if (!hw) { snprintf(why, why_size, "this FFmpeg has no hardware decoding"); return -1; }
    const AVCodec *decoder = video->codec->codec;
    int offered = 0;
    for (int i = 0;; i++) {
        const AVCodecHWConfig *config = hw->avcodec_get_hw_config(decoder, i);
        if (!config) break;
        if ((config->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX) && config->device_type == AV_HWDEVICE_TYPE_VAAPI) offered = 1;
    }
    if (!offered) { snprintf(why, why_size, "FFmpeg has no VA-API decoding for %s", decoder->name); return -1; }
    AVBufferRef *context = 0;
    int status = hw->av_hwdevice_ctx_create(&context, AV_HWDEVICE_TYPE_VAAPI, device, 0, 0);
    if (status < 0) {
        if (!S_ISCHR(node.st_mode)) snprintf(why, why_size, "%s is not a DRM render node", device);
        else if (status == AVERROR(EIO) || status == AVERROR_EXTERNAL) snprintf(why, why_size, "no VA-API driver could start on %s", device);
        else {
            char message[128];
            api->av_strerror(status, message, sizeof message);
            snprintf(why, why_size, "VA-API could not open %s (%s)", device, message);
        }
        return -1;
    }
    AVCodecContext *codec = api->avcodec_alloc_context3(decoder);
    if (!codec || api->avcodec_parameters_to_context(codec, video->format->streams[video->stream]->codecpar) < 0) {
        if (codec) api->avcodec_free_context(&codec);
        hw->av_buffer_unref(&context);
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    codec->hw_device_ctx = hw->av_buffer_ref(context);
    codec->get_format = vitrine_vaapi_get_format;
    codec->opaque = video;
    codec->thread_count = video->codec->thread_count;
    if (!codec->hw_device_ctx || api->avcodec_open2(codec, decoder, 0) < 0) {
        api->avcodec_free_context(&codec);
        hw->av_buffer_unref(&context);
        snprintf(why, why_size, "the VA-API %s decoder would not open on %s", decoder->name, device);
        return -1;
    }
    api->avcodec_free_context(&video->codec);
    video->codec = codec;
    video->hw_device = context;
    return 0;
}

/// Whether `/dev` has a V4L2 video node (`video*`), where a memory-to-memory decoder would be.
static inline int vitrine_v4l2_has_video_node(void) {
    DIR *dev = opendir("/dev");
    if (!dev) return 0;
    int found = 0;
    for (struct dirent *entry; !found && (entry = readdir(dev));) found = strncmp(entry->d_name, "video", 5) == 0;
    closedir(dev);
    return found;
}

/// Makes `video` (just opened, nothing decoded yet) decode with FFmpeg's V4L2 memory-to-memory wrapper for its codec
/// (`h264_v4l2m2m` and the like, which finds the device among /dev/video* itself and gives frames in memory): its
/// decoder is opened again as that one. Returns 0, or -1 with why in `why` (one line) and `video` decoding as before.
static inline int vitrine_video_use_v4l2m2m(vitrine_video *video, char *why, size_t why_size) {
    const struct vitrine_ffmpeg_api *api = video->api;
    const struct vitrine_hwaccel_api *hw = vitrine_hwaccel();
    if (!vitrine_v4l2_has_video_node()) { snprintf(why, why_size, "no V4L2 memory-to-memory device (/dev/video*)"); return -1; }
    if (!hw) { snprintf(why, why_size, "this FFmpeg has no hardware decoding"); return -1; }
    char name[64];
    snprintf(name, sizeof name, "%s_v4l2m2m", video->codec->codec->name);
    const AVCodec *decoder = hw->avcodec_find_decoder_by_name(name);
    if (!decoder) { snprintf(why, why_size, "FFmpeg has no V4L2 memory-to-memory decoder for %s", video->codec->codec->name); return -1; }
    AVCodecContext *codec = api->avcodec_alloc_context3(decoder);
    if (!codec || api->avcodec_parameters_to_context(codec, video->format->streams[video->stream]->codecpar) < 0) {
        if (codec) api->avcodec_free_context(&codec);
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    if (api->avcodec_open2(codec, decoder, 0) < 0) {
        api->avcodec_free_context(&codec);
        snprintf(why, why_size, "no V4L2 device decodes %s (%s)", video->codec->codec->name, name);
        return -1;
    }
    api->avcodec_free_context(&video->codec);
    video->codec = codec;
    return 0;
}

/// Reads a VA-API frame just decoded into `frame` back into memory (NV12 as a rule), for the scaler; a software
/// frame stays as it is. Returns 0, or -1 when it cannot be read back.
static inline int vitrine_video_download(vitrine_video *video) {
    if (video->frame->format != AV_PIX_FMT_VAAPI) return 0;
    const struct vitrine_ffmpeg_api *api = video->api;
    const struct vitrine_hwaccel_api *hw = vitrine_hwaccel();
    AVFrame *memory = api->av_frame_alloc();
    if (!memory) return -1;
    if (hw->av_hwframe_transfer_data(memory, video->frame, 0) < 0 || hw->av_frame_copy_props(memory, video->frame) < 0) {
        api->av_frame_free(&memory);
        return -1;
    }
    api->av_frame_unref(video->frame);
    api->av_frame_move_ref(video->frame, memory);
    api->av_frame_free(&memory);
    return 0;
}

/// Frees what hardware decoding holds (the device), at close.
static inline void vitrine_video_close_hw(vitrine_video *video) {
    if (video->hw_device) vitrine_hwaccel()->av_buffer_unref(&video->hw_device);
}
