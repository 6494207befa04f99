#pragma once
// libwebp's demuxer and animation decoder, for animated WebP cards, opened with dlopen when the first animated
// WebP is played rather than linked, as CHeif opens libheif: a kiosk without libwebpdemux2 starts and runs, and an
// animated WebP card says once what to install. `WebPDemux` and `WebPAnimDecoderNew` are inline wrappers in
// <webp/demux.h> over the `...Internal` functions with the header's ABI version: those are what is looked up, and
// the wrappers are written again here over the looked-up pointers. Everything is static inline: a system-library
// target holds headers only.
#include <webp/decode.h>
#include <webp/demux.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/// The libwebpdemux functions Vitrine calls, found in libwebpdemux.so.2 (which loads libwebp.so.7) at run time.
struct vitrine_webp_api {
    __typeof__(&WebPDemuxInternal) demux_internal;
    __typeof__(&WebPDemuxDelete) demux_delete;
    __typeof__(&WebPDemuxGetI) demux_get_i;
    __typeof__(&WebPDemuxGetFrame) demux_get_frame;
    __typeof__(&WebPDemuxNextFrame) demux_next_frame;
    __typeof__(&WebPDemuxReleaseIterator) demux_release_iterator;
    __typeof__(&WebPAnimDecoderOptionsInitInternal) anim_options_init_internal;
    __typeof__(&WebPAnimDecoderNewInternal) anim_new_internal;
    __typeof__(&WebPAnimDecoderGetInfo) anim_get_info;
    __typeof__(&WebPAnimDecoderGetNext) anim_get_next;
    __typeof__(&WebPAnimDecoderHasMoreFrames) anim_has_more_frames;
    __typeof__(&WebPAnimDecoderReset) anim_reset;
    __typeof__(&WebPAnimDecoderDelete) anim_delete;
};

/// What loading found, and the once-flag that guards it: a function's own static, as in CHeif.
struct vitrine_webp_state {
    struct vitrine_webp_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_webp_state *vitrine_webp_state(void) {
    static struct vitrine_webp_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_webp_load(void) {
    struct vitrine_webp_state *state = vitrine_webp_state();
    void *library = dlopen("libwebpdemux.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VITRINE_WEBP_FIND(field, name) \
    state->api.field = (__typeof__(state->api.field))dlsym(library, #name); \
    if (!state->api.field) return;
    VITRINE_WEBP_FIND(demux_internal, WebPDemuxInternal)
    VITRINE_WEBP_FIND(demux_delete, WebPDemuxDelete)
    VITRINE_WEBP_FIND(demux_get_i, WebPDemuxGetI)
    VITRINE_WEBP_FIND(demux_get_frame, WebPDemuxGetFrame)
    VITRINE_WEBP_FIND(demux_next_frame, WebPDemuxNextFrame)
    VITRINE_WEBP_FIND(demux_release_iterator, WebPDemuxReleaseIterator)
    VITRINE_WEBP_FIND(anim_options_init_internal, WebPAnimDecoderOptionsInitInternal)
    VITRINE_WEBP_FIND(anim_new_internal, WebPAnimDecoderNewInternal)
    VITRINE_WEBP_FIND(anim_get_info, WebPAnimDecoderGetInfo)
    VITRINE_WEBP_FIND(anim_get_next, WebPAnimDecoderGetNext)
    VITRINE_WEBP_FIND(anim_has_more_frames, WebPAnimDecoderHasMoreFrames)
    VITRINE_WEBP_FIND(anim_reset, WebPAnimDecoderReset)
    VITRINE_WEBP_FIND(anim_delete, WebPAnimDecoderDelete)
#undef VITRINE_WEBP_FIND
    state->ready = 1;
}

/// libwebpdemux's functions, loaded once on first use (from any thread); NULL when libwebpdemux.so.2 is missing.
static inline const struct vitrine_webp_api *vitrine_webp(void) {
    struct vitrine_webp_state *state = vitrine_webp_state();
    pthread_once(&state->once, vitrine_webp_load);
    return state->ready ? &state->api : 0;
}

/// What ``vitrine_webp_probe`` read from a WebP's chunks, without decoding a pixel.
typedef struct vitrine_webp_facts {
    /// Whether the VP8X header says it is an animation.
    int animated;
    int canvas_width, canvas_height;
    /// How many times it plays; 0 is forever.
    int loop_count;
    /// The whole frames, from the first, up to the first one cut short or missing.
    int frames;
    /// The frames the file's chunks name, whole or not.
    int named_frames;
    /// Where the last whole frame's data ends: the bytes an animation cut off there is read from.
    size_t whole_end;
    /// Whether the file ends before its RIFF header says (cut off), or frames after the whole ones are missing.
    int cut;
} vitrine_webp_facts;

/// Reads `size` bytes of a WebP with libwebp's demuxer, allowing a file cut short, into `facts`, and the first
/// `max_durations` whole frames' durations (milliseconds, as the file says them) into `durations`. Returns 0, or
/// -1 when libwebpdemux is missing, -2 when the bytes are not a WebP the demuxer can read.
static inline int vitrine_webp_probe(const uint8_t *bytes, size_t size, vitrine_webp_facts *facts, int *durations, int max_durations) {
    const struct vitrine_webp_api *api = vitrine_webp();
    if (!api) return -1;
    *facts = (vitrine_webp_facts){0};
    WebPData data = { bytes, size };
    WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    WebPDemuxer *demux = api->demux_internal(&data, 1, &state, WEBP_DEMUX_ABI_VERSION);
    if (!demux || state < WEBP_DEMUX_PARSED_HEADER) {
        if (demux) api->demux_delete(demux);
        return -2;
    }
    facts->animated = (api->demux_get_i(demux, WEBP_FF_FORMAT_FLAGS) & ANIMATION_FLAG) != 0;
    facts->canvas_width = (int)api->demux_get_i(demux, WEBP_FF_CANVAS_WIDTH);
    facts->canvas_height = (int)api->demux_get_i(demux, WEBP_FF_CANVAS_HEIGHT);
    facts->loop_count = (int)api->demux_get_i(demux, WEBP_FF_LOOP_COUNT);
    facts->named_frames = (int)api->demux_get_i(demux, WEBP_FF_FRAME_COUNT);
    facts->cut = state != WEBP_DEMUX_DONE;
    WebPIterator frame;
    if (api->demux_get_frame(demux, 1, &frame)) {
        do {
            if (!frame.complete) { facts->cut = 1; break; }
            if (facts->frames < max_durations) durations[facts->frames] = frame.duration;
            facts->frames += 1;
            size_t end = (size_t)(frame.fragment.bytes - bytes) + frame.fragment.size;
            facts->whole_end = end + (end & 1) <= size ? end + (end & 1) : end;
        } while (api->demux_next_frame(&frame));
        api->demux_release_iterator(&frame);
    }
    if (facts->frames < facts->named_frames) facts->cut = 1;
    api->demux_delete(demux);
    return 0;
}

/// An animation decoder over `size` bytes (kept by the caller while it lives), giving whole canvases as B, G, R,
/// A bytes with straight (not premultiplied) alpha: SDL's ARGB8888 read as little-endian 32-bit words. One thread,
/// no worker threads (the same pixels on every run). NULL when the bytes are not an animation it can read.
static inline WebPAnimDecoder *vitrine_webp_anim_open(const uint8_t *bytes, size_t size) {
    const struct vitrine_webp_api *api = vitrine_webp();
    if (!api) return 0;
    WebPAnimDecoderOptions options;
    if (!api->anim_options_init_internal(&options, WEBP_DEMUX_ABI_VERSION)) return 0;
    options.color_mode = MODE_BGRA;
    options.use_threads = 0;
    WebPData data = { bytes, size };
    return api->anim_new_internal(&data, &options, WEBP_DEMUX_ABI_VERSION);
}

/// Decodes the next frame onto the canvas; the canvas (width × height × 4 bytes, owned by the decoder, valid until
/// the next call) in `canvas`. Returns 1, or 0 when the frame cannot be decoded or there is none left.
static inline int vitrine_webp_anim_next(WebPAnimDecoder *decoder, uint8_t **canvas) {
    int timestamp = 0;
    return vitrine_webp()->anim_get_next(decoder, canvas, &timestamp);
}

/// Back to the first frame.
static inline void vitrine_webp_anim_reset(WebPAnimDecoder *decoder) { vitrine_webp()->anim_reset(decoder); }

static inline void vitrine_webp_anim_close(WebPAnimDecoder *decoder) {
    if (decoder) vitrine_webp()->anim_delete(decoder);
}
