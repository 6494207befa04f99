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
    __typeof__(&heif_image_get_bits_per_pixel_range) image_get_bits_per_pixel_range;
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
    VITRINE_HEIF_FIND(image_get_bits_per_pixel_range)
#undef VITRINE_HEIF_FIND
    state->ready = 1;
}

/// libheif's functions, loaded once on first use (from any thread); NULL when libheif.so.1 is not installed.
static inline const struct vitrine_heif_api *vitrine_heif(void) {
    struct vitrine_heif_state *state = vitrine_heif_state();
    pthread_once(&state->once, vitrine_heif_load);
    return state->ready ? &state->api : 0;
}

/// One sample of a plane of `bits` bits a sample (more than 8: two bytes each, native order) as 8 bits.
static inline uint32_t vitrine_heif_sample(const uint8_t *row, int x, int bits) {
    if (bits <= 8) return row[x];
    uint32_t top = (1u << bits) - 1, v = ((const uint16_t *)row)[x];
    return v >= top ? 255 : (v * 255 + top / 2) / top;
}

/// Adds `rows` rows (from row `y0`) of libheif's RGB 4:4:4 planes (`bits` a sample; `alpha` NULL when opaque, else
/// `alpha_bits` a sample), composited over `under` (R, G, B), into `sums`, three for each box of `factor` pixels
/// across; returns whether any pixel was less than opaque. The planes are what libheif 1.15 makes of every picture
/// before it gives one (its own RGB conversion): taken as they are, nothing more is converted or copied.
static inline int vitrine_heif_sum_planes(const uint8_t *const planes[3], const int strides[3], int bits, const uint8_t *alpha,
                                          int alpha_stride, int alpha_bits, int width, int y0, int rows, int factor,
                                          const uint8_t under[3], uint32_t *sums) {
    int transparent = 0;
    for (int y = y0; y < y0 + rows; y++) {
        const uint8_t *r = planes[0] + (long)y * strides[0], *g = planes[1] + (long)y * strides[1], *b = planes[2] + (long)y * strides[2];
        const uint8_t *a = alpha ? alpha + (long)y * alpha_stride : 0;
        for (int x = 0; x < width; x++) {
            uint32_t *box = sums + (x / factor) * 3;
            uint32_t R = vitrine_heif_sample(r, x, bits), G = vitrine_heif_sample(g, x, bits), B = vitrine_heif_sample(b, x, bits);
            uint32_t A = a ? vitrine_heif_sample(a, x, alpha_bits) : 255;
            if (A != 255) {
                transparent = 1;
                R = (R * A + under[0] * (255 - A) + 127) / 255;
                G = (G * A + under[1] * (255 - A) + 127) / 255;
                B = (B * A + under[2] * (255 - A) + 127) / 255;
            }
            box[0] += R; box[1] += G; box[2] += B;
        }
    }
    return transparent;
}
