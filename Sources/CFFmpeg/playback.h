#pragma once
// Playing a video in order on its decode thread (VideoFrameSource): the next frame, back to the start, and the
// frame scaled once to the card's size as planar YUV for an SDL IYUV texture. Included by shim.h.

/// Decodes the next frame in order into `good` (playback): reads at most `max_packets` packets for it. Returns 0
/// with `good_time` its presentation time, 1 at the end of the file (`good` still the last frame), -1 when a read
/// failed or no frame came within the packets (`damaged` set). ``vitrine_video_rewind`` starts it over.
static inline int vitrine_video_step(vitrine_video *video, int max_packets) {
    const struct vitrine_ffmpeg_api *api = video->api;
    for (int packets = 0; packets <= max_packets; packets++) {
        int status = api->avcodec_receive_frame(video->codec, video->frame);
        if (status == 0 && vitrine_video_download(video) < 0) {  // A VA-API frame that cannot be read back (hwaccel.h).
            api->av_frame_unref(video->frame);
            video->damaged = 1;
            return -1;
        }
        if (status == 0) {
            api->av_frame_unref(video->good);
            api->av_frame_move_ref(video->good, video->frame);
            double time = vitrine_video_frame_time(video, video->good);
            video->good_time = time < 0 ? (video->good_time < 0 ? 0 : video->good_time) : time;
            return 0;
        }
        if (status == AVERROR_EOF) return 1;
        if (status != AVERROR(EAGAIN)) { video->damaged = 1; return video->draining ? 1 : -1; }
        if (video->draining) return 1;
        status = api->av_read_frame(video->format, video->packet);
        if (status < 0) {
            if (status != AVERROR_EOF) video->damaged = 1;
            video->draining = 1;
            api->avcodec_send_packet(video->codec, 0);
            continue;
        }
        if (video->packet->stream_index == video->stream && api->avcodec_send_packet(video->codec, video->packet) < 0) video->damaged = 1;
        api->av_packet_unref(video->packet);
    }
    video->damaged = 1;
    return -1;
}

/// Goes back to the start of the file for ``vitrine_video_step``; returns 0, or -1 when the file cannot seek.
static inline int vitrine_video_rewind(vitrine_video *video) {
    const struct vitrine_ffmpeg_api *api = video->api;
    int64_t start = video->format->streams[video->stream]->start_time;
    int status = api->av_seek_frame(video->format, video->stream, start != AV_NOPTS_VALUE ? start : 0, AVSEEK_FLAG_BACKWARD);
    if (status < 0) status = api->av_seek_frame(video->format, video->stream, 0, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_BYTE);
    api->avcodec_flush_buffers(video->codec);
    video->draining = 0;
    return status < 0 ? -1 : 0;
}

/// Scales the part of the good frame from (`crop_x`, `crop_y`), `crop_w`x`crop_h` in size, to `width`x`height`
/// planar YUV 4:2:0 (SDL's IYUV: Y, then U, then V, each row `pitch` bytes for Y and `pitch / 2` for U and V;
/// `width` and `height` even) into `pixels`, with bilinear filtering: the card's aspect-fill crop, scaled once to
/// the card. The scaler is made once and kept while the sizes stay. Returns 0, or -1 with nothing written.
static inline int vitrine_video_scale_yuv(vitrine_video *video, int crop_x, int crop_y, int crop_w, int crop_h,
                                          int width, int height, uint8_t *pixels, int pitch) {
    const struct vitrine_ffmpeg_api *api = video->api;
    AVFrame *good = video->good;
    if (!good->data[0] || good->width <= 0 || good->height <= 0 || width % 2 || height % 2 || pitch % 2) return -1;
    if (crop_x >= 0 && crop_y >= 0 && crop_w > 0 && crop_h > 0 && crop_x + crop_w <= good->width && crop_y + crop_h <= good->height) {
        good->crop_left = crop_x;
        good->crop_top = crop_y;
        good->crop_right = good->width - crop_x - crop_w;
        good->crop_bottom = good->height - crop_y - crop_h;
        if (api->av_frame_apply_cropping(good, AV_FRAME_CROP_UNALIGNED) < 0) return -1;
    }
    video->sws = api->sws_getCachedContext(video->sws, good->width, good->height, (enum AVPixelFormat)good->format, width, height,
                                           AV_PIX_FMT_YUV420P, SWS_BILINEAR, 0, 0, 0);
    if (!video->sws) return -1;
    uint8_t *planes[4] = { pixels, pixels + (size_t)pitch * height, pixels + (size_t)pitch * height + (size_t)(pitch / 2) * (height / 2), 0 };
    int strides[4] = { pitch, pitch / 2, pitch / 2, 0 };
    int rows = api->sws_scale(video->sws, (const uint8_t *const *)good->data, good->linesize, 0, good->height, planes, strides);
    return rows == height ? 0 : -1;
}

/// Darkens a planar YUV 4:2:0 frame (limited range, laid out as ``vitrine_video_scale_yuv`` writes it) as black
/// blended over its pixels at `alpha[row]` (0-255, one a luma row; rows past `rows` are left) darkens their RGB:
/// the conversion to RGB is linear in Y - 16, U - 128 and V - 128, so scaling those by (255 - alpha) / 255 scales
/// the RGB by it (but for rounding, and colours out of RGB's range). A chroma row takes its two luma rows' mean.
/// A video card's gradient, applied on the decode thread instead of blended over every frame on the loop.
static inline void vitrine_yuv420_shade(uint8_t *pixels, int pitch, int width, int height, const uint8_t *alpha, int rows) {
    if (width <= 0 || height <= 0 || width % 2 || height % 2 || pitch < width || pitch % 2) return;
    uint8_t *u_plane = pixels + (size_t)pitch * height, *v_plane = u_plane + (size_t)(pitch / 2) * (height / 2);
    for (int y = 0; y < height; y++) {
        int a = y < rows ? alpha[y] : 0;
        if (!a) continue;
        int32_t factor = ((255 - a) * 65536 + 127) / 255;  // (255 - a) / 255 in 16.16 fixed point.
        uint8_t *row = pixels + (size_t)pitch * y;
        for (int x = 0; x < width; x++) row[x] = (uint8_t)(16 + ((((int32_t)row[x] - 16) * factor + 32768) >> 16));
    }
    for (int y = 0; y < height / 2; y++) {
        int a0 = 2 * y < rows ? alpha[2 * y] : 0, a1 = 2 * y + 1 < rows ? alpha[2 * y + 1] : 0;
        int a = (a0 + a1 + 1) / 2;
        if (!a) continue;
        int32_t factor = ((255 - a) * 65536 + 127) / 255;
        uint8_t *u = u_plane + (size_t)(pitch / 2) * y, *v = v_plane + (size_t)(pitch / 2) * y;
        for (int x = 0; x < width / 2; x++) {
            u[x] = (uint8_t)(128 + ((((int32_t)u[x] - 128) * factor + 32768) >> 16));
            v[x] = (uint8_t)(128 + ((((int32_t)v[x] - 128) * factor + 32768) >> 16));
        }
    }
}

/// Lets the good frame go once it is scaled (playback in order): its buffer goes back to the decoder's pool for the
/// next frame instead of the pool growing by one frame (3.1 MB at 1920x1080). `good_time` stays.
static inline void vitrine_video_release_good(vitrine_video *video) { video->api->av_frame_unref(video->good); }

#include <sys/prctl.h>

/// Names the calling thread (at most 15 bytes), as `/proc/PID/task/*/comm` shows it; `previous` (16 bytes) gets
/// its name before, when not NULL. The decode thread is named while it runs.
static inline void vitrine_video_name_thread(const char *name, char *previous) {
    if (previous) prctl(PR_GET_NAME, (unsigned long)previous, 0, 0, 0);
    prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
