#pragma once
// Animated pictures (GIF, APNG) decoded frame by frame by FFmpeg (AnimatedFrameSource): each frame, a whole
// canvas with the format's disposal and blending done by FFmpeg's decoder, is turned into 32-bit ARGB at its own
// size (to be laid over the card's background), then its aspect-fill crop is scaled to the card. Included by shim.h.

/// Converts the good frame, at its own size, to 32-bit ARGB (SDL's ARGB8888: B, G, R, A in memory) into `canvas`,
/// `pitch` bytes a row, alpha kept. The converter is made once and kept while the size stays. Returns 0, or -1
/// with nothing written.
static inline int vitrine_video_canvas_argb(vitrine_video *video, uint8_t *canvas, int width, int height, int pitch) {
    const struct vitrine_ffmpeg_api *api = video->api;
    AVFrame *good = video->good;
    if (!good->data[0] || good->width != width || good->height != height) return -1;
    video->sws = api->sws_getCachedContext(video->sws, width, height, (enum AVPixelFormat)good->format, width, height,
                                           AV_PIX_FMT_BGRA, SWS_POINT, 0, 0, 0);
    if (!video->sws) return -1;
    uint8_t *planes[4] = { canvas, 0, 0, 0 };
    int strides[4] = { pitch, 0, 0, 0 };
    int rows = api->sws_scale(video->sws, (const uint8_t *const *)good->data, good->linesize, 0, height, planes, strides);
    return rows == height ? 0 : -1;
}

/// Scales the part of an ARGB picture (`source`, `source_pitch` bytes a row) from (`crop_x`, `crop_y`),
/// `crop_w`x`crop_h` in size, to `width`x`height` ARGB into `pixels` (`pitch` bytes a row), bilinear with exact
/// rounding: the same pixels on every run. `*scaler` holds the scaler between calls (NULL at first), freed with
/// ``vitrine_argb_scaler_free``. Returns 0, or -1 with nothing written (or no FFmpeg).
static inline int vitrine_argb_scale(struct SwsContext **scaler, const uint8_t *source, int source_pitch, int crop_x, int crop_y,
                                     int crop_w, int crop_h, uint8_t *pixels, int width, int height, int pitch) {
    const struct vitrine_ffmpeg_api *api = vitrine_ffmpeg();
    if (!api || crop_w <= 0 || crop_h <= 0 || width <= 0 || height <= 0) return -1;
    *scaler = api->sws_getCachedContext(*scaler, crop_w, crop_h, AV_PIX_FMT_BGRA, width, height, AV_PIX_FMT_BGRA,
                                        SWS_BILINEAR | SWS_ACCURATE_RND, 0, 0, 0);
    if (!*scaler) return -1;
    const uint8_t *planes[4] = { source + (size_t)crop_y * source_pitch + (size_t)crop_x * 4, 0, 0, 0 };
    int strides[4] = { source_pitch, 0, 0, 0 };
    uint8_t *out[4] = { pixels, 0, 0, 0 };
    int out_strides[4] = { pitch, 0, 0, 0 };
    int rows = api->sws_scale(*scaler, planes, strides, 0, crop_h, out, out_strides);
    return rows == height ? 0 : -1;
}

/// Frees a scaler ``vitrine_argb_scale`` made; NULL is fine.
static inline void vitrine_argb_scaler_free(struct SwsContext *scaler) {
    const struct vitrine_ffmpeg_api *api = vitrine_ffmpeg();
    if (api && scaler) api->sws_freeContext(scaler);
}
