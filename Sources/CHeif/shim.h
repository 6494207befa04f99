#pragma once
// libheif, for HEIC and AVIF photos (HEVC through libde265, AV1 through dav1d or libaom), opened with dlopen when
// the first HEIF file is met rather than linked: linked, libheif and the codecs it pulls in (x265, aom, dav1d,
// de265) were loaded at every start and cost about 2 MiB of PSS in a kiosk that may never show a HEIF file
// (measured with footprint.py: 23.4-24.0 MiB before libheif, 25.8 MiB with it linked).
#include <libheif/heif.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>

/// The libheif functions Vitrine calls, found in libheif.so.1 at run time.
struct vitrine_heif_api {
    __typeof__(&heif_context_alloc) context_alloc;
    __typeof__(&heif_context_free) context_free;
    __typeof__(&heif_context_set_maximum_image_size_limit) context_set_maximum_image_size_limit;
    __typeof__(&heif_context_read_from_memory_without_copy) context_read_from_memory_without_copy;
    __typeof__(&heif_context_get_primary_image_handle) context_get_primary_image_handle;
    __typeof__(&heif_image_handle_release) image_handle_release;
    __typeof__(&heif_image_handle_get_width) image_handle_get_width;
    __typeof__(&heif_image_handle_get_height) image_handle_get_height;
    __typeof__(&heif_decode_image) decode_image;
    __typeof__(&heif_image_release) image_release;
    __typeof__(&heif_image_get_width) image_get_width;
    __typeof__(&heif_image_get_height) image_get_height;
    __typeof__(&heif_image_get_plane_readonly) image_get_plane_readonly;
    __typeof__(&heif_image_handle_has_alpha_channel) image_handle_has_alpha_channel;
    __typeof__(&heif_image_handle_get_luma_bits_per_pixel) image_handle_get_luma_bits_per_pixel;
    __typeof__(&heif_image_handle_get_nclx_color_profile) image_handle_get_nclx_color_profile;
    __typeof__(&heif_nclx_color_profile_free) nclx_color_profile_free;
    __typeof__(&heif_image_get_nclx_color_profile) image_get_nclx_color_profile;
};

/// What loading found: the functions, whether all were found, and the once-flag that guards loading. A function's
/// own static, because Swift's importer emits the statics of the functions it calls but not a header's globals.
struct vitrine_heif_state {
    struct vitrine_heif_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_heif_state *vitrine_heif_state(void) {
    static struct vitrine_heif_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_heif_load(void) {
    struct vitrine_heif_state *state = vitrine_heif_state();
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VITRINE_HEIF_FIND(name) \
    state->api.name = (__typeof__(state->api.name))dlsym(library, "heif_" #name); \
    if (!state->api.name) return;
    VITRINE_HEIF_FIND(context_alloc)
    VITRINE_HEIF_FIND(context_free)
    VITRINE_HEIF_FIND(context_set_maximum_image_size_limit)
    VITRINE_HEIF_FIND(context_read_from_memory_without_copy)
    VITRINE_HEIF_FIND(context_get_primary_image_handle)
    VITRINE_HEIF_FIND(image_handle_release)
    VITRINE_HEIF_FIND(image_handle_get_width)
    VITRINE_HEIF_FIND(image_handle_get_height)
    VITRINE_HEIF_FIND(decode_image)
    VITRINE_HEIF_FIND(image_release)
    VITRINE_HEIF_FIND(image_get_width)
    VITRINE_HEIF_FIND(image_get_height)
    VITRINE_HEIF_FIND(image_get_plane_readonly)
    VITRINE_HEIF_FIND(image_handle_has_alpha_channel)
    VITRINE_HEIF_FIND(image_handle_get_luma_bits_per_pixel)
    VITRINE_HEIF_FIND(image_handle_get_nclx_color_profile)
    VITRINE_HEIF_FIND(nclx_color_profile_free)
    VITRINE_HEIF_FIND(image_get_nclx_color_profile)
#undef VITRINE_HEIF_FIND
    state->ready = 1;
}

/// libheif's functions, loaded once on first use (from any thread); NULL when libheif.so.1 is not installed.
static inline const struct vitrine_heif_api *vitrine_heif(void) {
    struct vitrine_heif_state *state = vitrine_heif_state();
    pthread_once(&state->once, vitrine_heif_load);
    return state->ready ? &state->api : 0;
}

/// How YCbCr samples become RGB (ITU-T H.273's matrix coefficients and range), in 16.16 fixed point.
typedef struct vitrine_heif_matrix {
    int32_t cr_r, cb_g, cr_g, cb_b;
    /// Limited ("video") range: Y from 16-235 and Cb, Cr from 16-240 stretched to the full 0-255.
    int full_range;
    /// Matrix 0 (GBR): the planes hold G, B and R as they are.
    int identity;
} vitrine_heif_matrix;

/// The matrix for H.273 `matrix` (1: BT.709, 9 or 10: BT.2020, 0: GBR, anything else BT.601, libheif's default
/// without a colour profile) and `full_range`.
static inline vitrine_heif_matrix vitrine_heif_matrix_make(int matrix, int full_range) {
    double kr = 0.299, kb = 0.114;
    if (matrix == 1) { kr = 0.2126; kb = 0.0722; }
    if (matrix == 9 || matrix == 10) { kr = 0.2627; kb = 0.0593; }
    double kg = 1 - kr - kb;
    vitrine_heif_matrix m;
    m.cr_r = (int32_t)(2 * (1 - kr) * 65536 + 0.5);
    m.cb_g = (int32_t)(2 * kb * (1 - kb) / kg * 65536 + 0.5);
    m.cr_g = (int32_t)(2 * kr * (1 - kr) / kg * 65536 + 0.5);
    m.cb_b = (int32_t)(2 * (1 - kb) * 65536 + 0.5);
    m.full_range = full_range;
    m.identity = matrix == 0;
    return m;
}

static inline uint32_t vitrine_heif_clamp(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : (uint32_t)v; }

/// Adds the RGB of `rows` rows of 8-bit YCbCr planes (from row `y0`; chroma subsampled by `sub_x`, `sub_y`, each 1
/// or 2, and read at the nearest sample, as libheif does) into `sums`, three for each box of `factor` pixels across.
static inline void vitrine_heif_sum_rows(const uint8_t *luma, int luma_stride, const uint8_t *cb, int cb_stride, const uint8_t *cr,
                                         int cr_stride, int width, int y0, int rows, int sub_x, int sub_y, int factor,
                                         const vitrine_heif_matrix *m, uint32_t *sums) {
    for (int y = y0; y < y0 + rows; y++) {
        const uint8_t *yr = luma + (long)y * luma_stride;
        const uint8_t *br = cb + (long)(y / sub_y) * cb_stride, *rr = cr + (long)(y / sub_y) * cr_stride;
        for (int x = 0; x < width; x++) {
            int32_t Y = yr[x], U = br[x / sub_x], V = rr[x / sub_x];
            uint32_t r, g, b;
            if (m->identity) {
                g = (uint32_t)Y; b = (uint32_t)U; r = (uint32_t)V;
            } else {
                int32_t Yf = Y << 16;
                if (!m->full_range) {
                    Yf = (Y - 16) * (int32_t)(65536 * 255.0 / 219 + 0.5);
                    U = (U - 128) * 255 / 224 + 128;
                    V = (V - 128) * 255 / 224 + 128;
                }
                U -= 128; V -= 128;
                r = vitrine_heif_clamp((Yf + m->cr_r * V + 32768) >> 16);
                g = vitrine_heif_clamp((Yf - m->cb_g * U - m->cr_g * V + 32768) >> 16);
                b = vitrine_heif_clamp((Yf + m->cb_b * U + 32768) >> 16);
            }
            uint32_t *box = sums + (x / factor) * 3;
            box[0] += r; box[1] += g; box[2] += b;
        }
    }
}
