#pragma once
// libpng for Vitrine's PNG decoder. libpng reports a fatal error by longjmp-ing to the jump point its png_struct
// holds, so each call below sets that point first and returns 0 (with the reason in `message`) instead.
//
// Once the last row is decoded, libpng goes on inflating the rest of the zlib stream before it returns that row
// (png_read_finish_IDAT), however long it is: a valid file with gigabytes of zeros after its rows took minutes.
// A user transform counts the rows as they are decoded, and once the last is, the next read of the file stops
// libpng (rows_done): the rows are all that is wanted. Each read of the file also checks the time limit.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <png.h>
#include <stdint.h>
#include <errno.h>
#include <unistd.h>

/// A reader of a PNG held in memory, with its limits and what it reported.
typedef struct vitrine_png {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size, at;
    /// The file read instead of `data`, a read at a time at `at` (-1: none): a large PNG is never held whole.
    int fd;
    char message[200];
    int warnings;
    char first_warning[200];
    /// The rows (of every interlace pass) not yet decoded; once it reaches 0, `rows_done` is set.
    unsigned long rows_left;
    int rows_done;
    /// Whether libpng was stopped after the last row, reading what follows it.
    int tail_skipped;
    /// The decoding thread's CPU time (CLOCK_THREAD_CPUTIME_ID) past which a read of the file fails (0: none),
    /// and whether one did.
    double deadline;
    int over_time;
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
    if (v->rows_done) {
        v->tail_skipped = 1;
        png_error(png, "every row is decoded");
    }
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    if (v->deadline > 0 && (double)now.tv_sec + now.tv_nsec / 1e9 > v->deadline) {
        v->over_time = 1;
        png_error(png, "decoding took longer than the time limit");
    }
    if (v->size - v->at < count) png_error(png, "the file is cut off");
    if (v->fd >= 0) {
        size_t done = 0;
        while (done < count) {
            ssize_t got = pread(v->fd, out + done, count - done, (off_t)(v->at + done));
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) png_error(png, got < 0 ? "the file cannot be read" : "the file is cut off");
            done += (size_t)got;
        }
    } else {
        memcpy(out, v->data + v->at, count);
    }
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
    v->fd = -1;
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

/// Called by libpng on each row once it is inflated and unfiltered, before it goes to the caller.
static void vitrine_png_row_decoded(png_structp png, png_row_infop row, png_bytep data) {
    (void)row; (void)data;
    vitrine_png *v = (vitrine_png *)png_get_error_ptr(png);
    if (v->rows_left > 0 && --v->rows_left == 0) v->rows_done = 1;
}

/// A reader of the PNG file open as `fd`, `size` bytes long (which must stay open while it lives), with the limits
/// of ``vitrine_png_create``; NULL without memory.
static inline vitrine_png *vitrine_png_create_file(int fd, size_t size, unsigned max_width, unsigned max_height, size_t chunk_bytes,
                                                   unsigned chunk_count) {
    vitrine_png *v = vitrine_png_create(NULL, size, max_width, max_height, chunk_bytes, chunk_count);
    if (v) v->fd = fd;
    return v;
}

static inline void vitrine_png_destroy(vitrine_png *v) {
    png_destroy_read_struct(&v->png, &v->info, NULL);
    free(v);
}

/// Reads the header and sets the output to 8-bit BGRA (ARGB8888's bytes on a little-endian machine): palettes and
/// low bit depths expanded, grey made RGB, a tRNS colour made alpha, 16-bit samples scaled, opaque pictures given
/// 255 alpha. Gives the number of interlace passes in `passes`; 0 on failure. An interlaced picture comes as whole
/// rows, once per pass (libpng combining the passes in the caller's picture), with `combine_passes`; else as each
/// pass's own rows in turn (Adam7: a pass with no rows or no columns is skipped).
static inline int vitrine_png_start(vitrine_png *v, int *passes, int combine_passes) {
    if (setjmp(png_jmpbuf(v->png))) return 0;
    png_read_info(v->png, v->info);
    png_set_expand(v->png);
    png_set_gray_to_rgb(v->png);
    png_set_scale_16(v->png);
    png_set_bgr(v->png);
    png_set_filler(v->png, 0xFF, PNG_FILLER_AFTER);
    *passes = png_get_interlace_type(v->png, v->info) == PNG_INTERLACE_ADAM7 ? 7 : 1;
    if (combine_passes) png_set_interlace_handling(v->png);
    png_uint_32 width = png_get_image_width(v->png, v->info), height = png_get_image_height(v->png, v->info);
    if (*passes > 1) {
        // Adam7: a pass with no columns has no rows either.
        v->rows_left = 0;
        for (int pass = 0; pass < 7; pass++)
            if (PNG_PASS_COLS(width, pass) > 0) v->rows_left += PNG_PASS_ROWS(height, pass);
    } else {
        v->rows_left = height;
    }
    png_set_read_user_transform_fn(v->png, vitrine_png_row_decoded);
    png_read_update_info(v->png, v->info);
    return 1;
}

/// Reads the next row (of the current pass) into `row`; 0 on failure. Once every row is decoded, libpng is not
/// called again: the row it was stopped in is whole.
static inline int vitrine_png_read_row(vitrine_png *v, unsigned char *row) {
    if (v->tail_skipped) return 1;
    if (setjmp(png_jmpbuf(v->png))) return v->tail_skipped;
    png_read_row(v->png, row, NULL);
    return 1;
}

/// Adds a row of `columns` BGRA pixels of an interlace pass (its pixels at `x0`, `x0 + dx`, …), each composited over
/// the B, G, R of `under`, into the three sums of the box of `factor` pixels across each falls in, from `boxes`;
/// says whether any was not opaque. 16-bit sums hold a box of up to 16 x 16 pixels; the 32-bit ones any.
#define VITRINE_PNG_SUM_ROW(name, type) \
static inline int name(const unsigned char *row, int columns, int x0, int dx, int factor, type *boxes, const unsigned char *under) { \
    int transparent = 0; \
    for (int i = 0; i < columns; i++) { \
        const unsigned char *p = row + i * 4; \
        unsigned a = p[3]; \
        if (a != 255) transparent = 1; \
        type *o = boxes + ((x0 + i * dx) / factor) * 3; \
        for (int c = 0; c < 3; c++) o[c] += (type)((p[c] * a + under[c] * (255 - a) + 127) / 255); \
    } \
    return transparent; \
}
VITRINE_PNG_SUM_ROW(vitrine_png_sum_row16, uint16_t)
VITRINE_PNG_SUM_ROW(vitrine_png_sum_row32, uint32_t)
#undef VITRINE_PNG_SUM_ROW
