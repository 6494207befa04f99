#pragma once
// libpng for Vitrine's PNG decoder. libpng reports a fatal error by longjmp-ing to the jump point its png_struct
// holds, so each call below sets that point first and returns 0 (with the reason in `message`) instead.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

/// A reader of a PNG held in memory, with its limits and what it reported.
typedef struct vitrine_png {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size, at;
    char message[200];
    int warnings;
    char first_warning[200];
} vitrine_png;

static void vitrine_png_error(png_structp png, png_const_charp text) {
    vitrine_png *v = (vitrine_png *)png_get_error_ptr(png);
    snprintf(v->message, sizeof v->message, "%s", text);
    png_longjmp(png, 1);
}

static void vitrine_png_warning(png_structp png, png_const_charp text) {
    vitrine_png *v = (vitrine_png *)png_get_error_ptr(png);
    if (v->warnings++ == 0) snprintf(v->first_warning, sizeof v->first_warning, "%s", text);
}

static void vitrine_png_read(png_structp png, png_bytep out, size_t count) {
    vitrine_png *v = (vitrine_png *)png_get_io_ptr(png);
    if (v->size - v->at < count) png_error(png, "the file is cut off");
    memcpy(out, v->data + v->at, count);
    v->at += count;
}

/// A reader of `size` bytes at `data` (which must outlive it) that refuses pictures over `max_width` x `max_height`,
/// ancillary chunks over `chunk_bytes` and more than `chunk_count` of them; NULL without memory.
static inline vitrine_png *vitrine_png_create(const unsigned char *data, size_t size, unsigned max_width, unsigned max_height,
                                              size_t chunk_bytes, unsigned chunk_count) {
    vitrine_png *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->data = data;
    v->size = size;
    v->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, v, vitrine_png_error, vitrine_png_warning);
    if (!v->png) { free(v); return NULL; }
    v->info = png_create_info_struct(v->png);
    if (!v->info) { png_destroy_read_struct(&v->png, NULL, NULL); free(v); return NULL; }
    png_set_read_fn(v->png, v, vitrine_png_read);
    png_set_user_limits(v->png, max_width, max_height);
    png_set_chunk_malloc_max(v->png, chunk_bytes);
    png_set_chunk_cache_max(v->png, chunk_count);
    return v;
}

static inline void vitrine_png_destroy(vitrine_png *v) {
    png_destroy_read_struct(&v->png, &v->info, NULL);
    free(v);
}

/// Reads the header and sets the output to 8-bit BGRA (ARGB8888's bytes on a little-endian machine): palettes and
/// low bit depths expanded, grey made RGB, a tRNS colour made alpha, 16-bit samples scaled, opaque pictures given
/// 255 alpha. Gives the number of interlace passes in `passes`; 0 on failure.
static inline int vitrine_png_start(vitrine_png *v, int *passes) {
    if (setjmp(png_jmpbuf(v->png))) return 0;
    png_read_info(v->png, v->info);
    png_set_expand(v->png);
    png_set_gray_to_rgb(v->png);
    png_set_scale_16(v->png);
    png_set_bgr(v->png);
    png_set_filler(v->png, 0xFF, PNG_FILLER_AFTER);
    *passes = png_set_interlace_handling(v->png);
    png_read_update_info(v->png, v->info);
    return 1;
}

/// Reads the next row (of the current pass) into `row`; 0 on failure.
static inline int vitrine_png_read_row(vitrine_png *v, unsigned char *row) {
    if (setjmp(png_jmpbuf(v->png))) return 0;
    png_read_row(v->png, row, NULL);
    return 1;
}
