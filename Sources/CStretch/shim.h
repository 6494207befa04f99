#pragma once
// Bilinear scaling one destination row at a time, with the arithmetic of SDL 2's SDL_SoftStretchLinear on x86-64
// (its SSE2 path): positions in 16.16 fixed point, pixel centres at one half, weights of 7 bits, each channel
// interpolated down the column first and then across, rounded down once at the end, and the edge rows and columns
// clamped as SDL clamps them. A picture can then be scaled while it is decoded, row by row, without holding it
// whole, and come out with the very pixels SDL gives from the whole picture (the tests compare the two).
#include <stdint.h>
#include <emmintrin.h>

/// How one axis maps: the position of the first destination pixel's sample and the step between samples (16.16),
/// and how many destination pixels at each end sample past the first or last source pixel.
typedef struct vitrine_stretch_axis {
    int32_t start;
    int32_t step;
    int32_t left_pad;
    int32_t right_pad;
    int32_t source_count;
    int32_t destination_count;
} vitrine_stretch_axis;

/// The mapping of `source` pixels onto `destination` pixels along one axis (both at least 1).
static inline vitrine_stretch_axis vitrine_stretch_axis_make(int32_t source, int32_t destination) {
    vitrine_stretch_axis axis;
    axis.step = (int32_t)(((int64_t)source << 16) / destination);
    // The first destination pixel's centre (one half) in source units, rounded to nearest, minus the half pixel.
    axis.start = (int32_t)(((int64_t)axis.step * 0x8000 + 0x8000) >> 16) - 0x8000;
    axis.left_pad = 0;
    axis.right_pad = 0;
    axis.source_count = source;
    axis.destination_count = destination;
    int32_t position = axis.start;
    for (int32_t i = 0; i < destination; i++, position += axis.step) {
        if (position < 0) axis.left_pad += 1;
        else if ((int32_t)((uint32_t)position >> 16) > source - 2) axis.right_pad += 1;
    }
    return axis;
}

/// The two source rows destination row `row` blends and the weight of the second (0...128).
static inline void vitrine_stretch_rows(const vitrine_stretch_axis *axis, int32_t row, int32_t *first, int32_t *second, int32_t *weight) {
    int32_t position = axis->start + row * axis->step;
    if (row < axis->left_pad) {
        *first = 0; *second = 0; *weight = 0;
    } else if (row > axis->destination_count - 1 - axis->right_pad) {
        *first = axis->source_count - 1; *second = axis->source_count - 1; *weight = 0;
    } else {
        *first = (int32_t)((uint32_t)position >> 16);
        *second = *first + 1;
        *weight = (position >> 9) & 127;
    }
}

/// One output pixel from pixels `upper[0]`, `upper[1]` and the two under them, `lower` weighted `vertical`
/// (of 128) and the right-hand pair weighted `horizontal` (of 128).
static inline uint32_t vitrine_stretch_pixel(const uint32_t *upper, const uint32_t *lower, __m128i keep, __m128i take, int32_t horizontal) {
    const __m128i zero = _mm_setzero_si128();
    __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)upper), zero);
    __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)lower), zero);
    // Down the columns: 16-bit lanes, at most 255 × 128, so nothing overflows.
    __m128i column = _mm_add_epi16(_mm_mullo_epi16(top, keep), _mm_mullo_epi16(bottom, take));
    // Across: pair each channel of the left pixel with the same channel of the right one, then weigh and add.
    __m128i pairs = _mm_unpacklo_epi16(column, _mm_srli_si128(column, 8));
    __m128i weights = _mm_set_epi16((short)horizontal, (short)(128 - horizontal), (short)horizontal, (short)(128 - horizontal),
                                    (short)horizontal, (short)(128 - horizontal), (short)horizontal, (short)(128 - horizontal));
    __m128i sum = _mm_srli_epi32(_mm_madd_epi16(pairs, weights), 14);
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(sum, sum), zero);
    return (uint32_t)_mm_cvtsi128_si32(bytes);
}

/// Writes one destination row of `x->destination_count` pixels from source rows `upper` and `lower` (each
/// `x->source_count` pixels, at least 2), `lower` weighted `vertical` of 128.
static inline void vitrine_stretch_row(const vitrine_stretch_axis *x, const uint32_t *upper, const uint32_t *lower, int32_t vertical, uint32_t *out) {
    __m128i keep = _mm_set1_epi16((short)(128 - vertical)), take = _mm_set1_epi16((short)vertical);
    int32_t i = 0;
    for (; i < x->left_pad; i++) *out++ = vitrine_stretch_pixel(upper, lower, keep, take, 0);
    int32_t position = x->start + x->left_pad * x->step;
    int32_t middle = x->destination_count - x->left_pad - x->right_pad;
    for (int32_t k = 0; k < middle; k++, position += x->step) {
        int32_t index = (int32_t)((uint32_t)position >> 16);
        *out++ = vitrine_stretch_pixel(upper + index, lower + index, keep, take, (position >> 9) & 127);
    }
    for (int32_t k = 0; k < x->right_pad; k++) {
        int32_t index = x->source_count - 2;
        *out++ = vitrine_stretch_pixel(upper + index, lower + index, keep, take, 128);
    }
}

/// Adds a row of `width` B, G, R pixels (a 24-bit BMP's) into the R, G, B sums of the box of `factor` pixels across
/// each falls in (for shrinking while reading, a row at a time).
static inline void vitrine_sum_bgr_row(const uint8_t *row, int32_t width, int32_t factor, uint32_t *sums) {
    for (int32_t x = 0; x < width; x++) {
        uint32_t *o = sums + (x / factor) * 3;
        o[0] += row[x * 3 + 2]; o[1] += row[x * 3 + 1]; o[2] += row[x * 3];
    }
}
