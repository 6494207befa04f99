#pragma once
// How a video's stored picture is turned to be shown upright (a phone's portrait clip is stored landscape with a
// display matrix) and the shape of its pixels (sample aspect ratio): read from the stream, and a frame scaled to
// its stored orientation turned into the shown one. Included by shim.h.
#include <math.h>

/// How the stored picture is shown: `transposed` swaps its rows and columns (a quarter turn), then `flip_x` and
/// `flip_y` mirror the shown picture. A shown pixel (X, Y) of a W x H stored picture comes from the stored pixel
/// (x, y) with, untransposed, X = x (W-1-x when flip_x) and Y = y (H-1-y when flip_y); transposed, X = y (H-1-y
/// when flip_x) and Y = x (W-1-x when flip_y). `sar_num`:`sar_den` is the width of a stored pixel to its height.
typedef struct vitrine_video_orientation {
    int transposed, flip_x, flip_y;
    int sar_num, sar_den;
} vitrine_video_orientation;

/// The orientation of `video`'s stream: its display matrix (the stream's side data; a matrix at other than a
/// quarter turn is taken at the nearest one) and its sample aspect ratio (the stream's, else the codec's, else
/// square).
static inline vitrine_video_orientation vitrine_video_get_orientation(const vitrine_video *video) {
    vitrine_video_orientation orientation = { 0, 0, 0, 1, 1 };
    const AVStream *stream = video->format->streams[video->stream];
    for (int i = 0; i < stream->nb_side_data; i++) {
        const AVPacketSideData *side = &stream->side_data[i];
        if (side->type != AV_PKT_DATA_DISPLAYMATRIX || side->size < 9 * (int)sizeof(int32_t)) continue;
        int32_t matrix[9];
        memcpy(matrix, side->data, sizeof matrix);
        // The matrix maps a stored point (x, y) to a shown one (a x + c y, b x + d y), a = m[0], b = m[1],
        // c = m[3], d = m[4] (16.16 fixed point; y down).
        double a = matrix[0], b = matrix[1], c = matrix[3], d = matrix[4];
        if (fabs(a) + fabs(d) >= fabs(b) + fabs(c)) {
            orientation.flip_x = a < 0;
            orientation.flip_y = d < 0;
        } else {
            orientation.transposed = 1;
            orientation.flip_x = c < 0;
            orientation.flip_y = b < 0;
        }
        break;
    }
    AVRational sar = stream->sample_aspect_ratio;
    if (sar.num <= 0 || sar.den <= 0) sar = stream->codecpar->sample_aspect_ratio;
    if (sar.num > 0 && sar.den > 0 && sar.num != sar.den) {
        orientation.sar_num = sar.num;
        orientation.sar_den = sar.den;
    }
    return orientation;
}

/// Turns one plane of `bytes` bytes a pixel, `width`x`height` in its stored orientation at `source` (`source_pitch`
/// bytes a row), into its shown orientation at `target` (`target_pitch` bytes a row; `height`x`width` when
/// transposed).
static inline void vitrine_video_orient_plane(const uint8_t *source, int source_pitch, int width, int height, int bytes,
                                              uint8_t *target, int target_pitch, vitrine_video_orientation orientation) {
    int shown_w = orientation.transposed ? height : width, shown_h = orientation.transposed ? width : height;
    for (int y = 0; y < shown_h; y++) {
        uint8_t *row = target + (size_t)y * target_pitch;
        for (int x = 0; x < shown_w; x++) {
            int sx, sy;
            if (orientation.transposed) {
                sy = orientation.flip_x ? height - 1 - x : x;
                sx = orientation.flip_y ? width - 1 - y : y;
            } else {
                sx = orientation.flip_x ? width - 1 - x : x;
                sy = orientation.flip_y ? height - 1 - y : y;
            }
            memcpy(row + (size_t)x * bytes, source + (size_t)sy * source_pitch + (size_t)sx * bytes, (size_t)bytes);
        }
    }
}

/// Scales the good frame to `width`x`height` ARGB8888 in its stored orientation (`height`x`width` when transposed)
/// and turns it into the shown orientation at `pixels` (`width`x`height`, `pitch` bytes a row). Returns 0, or -1.
static inline int vitrine_video_scale_oriented(vitrine_video *video, vitrine_video_orientation orientation, int width, int height,
                                               uint8_t *pixels, int pitch) {
    int stored_w = orientation.transposed ? height : width, stored_h = orientation.transposed ? width : height;
    uint8_t *stored = malloc((size_t)stored_w * stored_h * 4);
    if (!stored) return -1;
    int status = vitrine_video_scale(video, stored_w, stored_h, stored, stored_w * 4);
    if (status == 0) vitrine_video_orient_plane(stored, stored_w * 4, stored_w, stored_h, 4, pixels, pitch, orientation);
    free(stored);
    return status;
}

/// ``vitrine_video_scale_yuv`` for a turned video: the crop (in stored pixels) scaled to the stored orientation of
/// a `width`x`height` card (`height`x`width` when transposed), then each plane turned into `pixels` (`pitch` bytes
/// a row for Y, `pitch / 2` for U and V). Returns 0, or -1 with nothing written.
static inline int vitrine_video_scale_yuv_oriented(vitrine_video *video, vitrine_video_orientation orientation, int crop_x, int crop_y,
                                                   int crop_w, int crop_h, int width, int height, uint8_t *pixels, int pitch) {
    if (width % 2 || height % 2 || pitch % 2) return -1;
    int stored_w = orientation.transposed ? height : width, stored_h = orientation.transposed ? width : height;
    size_t luma = (size_t)stored_w * stored_h, chroma = (size_t)(stored_w / 2) * (stored_h / 2);
    uint8_t *stored = malloc(luma + 2 * chroma);
    if (!stored) return -1;
    int status = vitrine_video_scale_yuv(video, crop_x, crop_y, crop_w, crop_h, stored_w, stored_h, stored, stored_w);
    if (status == 0) {
        uint8_t *u = pixels + (size_t)pitch * height, *v = u + (size_t)(pitch / 2) * (height / 2);
        vitrine_video_orient_plane(stored, stored_w, stored_w, stored_h, 1, pixels, pitch, orientation);
        vitrine_video_orient_plane(stored + luma, stored_w / 2, stored_w / 2, stored_h / 2, 1, u, pitch / 2, orientation);
        vitrine_video_orient_plane(stored + luma + chroma, stored_w / 2, stored_w / 2, stored_h / 2, 1, v, pitch / 2, orientation);
    }
    free(stored);
    return status;
}
