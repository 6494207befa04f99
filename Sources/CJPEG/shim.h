#pragma once
// libjpeg(-turbo) for Vitrine's JPEG decoder, and the one thing Swift cannot do itself: libjpeg reports a fatal
// error by calling error_exit, which must not return, so each call below sets a jump point first and returns 0
// (with the library's message in `message`) instead of returning into a decoder that gave up.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <time.h>
#include <jpeglib.h>
#include <jerror.h>
#include <errno.h>
#include <unistd.h>
#include <stdint.h>

/// A decompressor with its error manager, progress monitor and limits.
typedef struct vitrine_jpeg {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    /// The reason of the last failure, or of the first warning.
    char message[JMSG_LENGTH_MAX];
    /// How many warnings the library gave (corrupt or truncated data it decoded past), but for reading past the
    /// end of the file (`ended`).
    int warnings;
    char first_warning[JMSG_LENGTH_MAX];
    /// Whether libjpeg read past the end of the file ("Premature end of JPEG file"). It does so to look ahead too,
    /// so a file whose data is whole but which lacks its end marker warns as well.
    int ended;
    /// Whether the entropy decoder ran into the end of the data (the file's, or an end marker) while it still
    /// needed bits ("premature end of data segment" at EOI): libjpeg greys out the rest. With arithmetic coding,
    /// which gives no such warning, reading past the end counts.
    int truncated;
    /// Stop after this many progressive scans (0: no limit), or once the decoding thread's CPU time
    /// (CLOCK_THREAD_CPUTIME_ID) passes `deadline` seconds.
    int max_scans;
    double deadline;
    /// Asked in the progress monitor whether to give up (with `stop_context`); NULL: never.
    int (*should_stop)(void *stop_context);
    void *stop_context;
    /// The source reading a file descriptor (``vitrine_jpeg_create_file``), freed with the decompressor.
    void *file_source;
    /// A progressive JPEG's coefficient arrays, kept compact (``vitrine_jpeg_compact_coefficients``), the bytes
    /// they hold now and at most, and the most they may hold before the decode is refused (0: not compact).
    struct vitrine_barray *arrays;
    size_t compact_bytes, compact_peak, compact_limit;
    JBLOCKARRAY (*original_access)(j_common_ptr, jvirt_barray_ptr, JDIMENSION, JDIMENSION, boolean);
    void (*original_realize)(j_common_ptr);
} vitrine_jpeg;

static void vitrine_jpeg_error_exit(j_common_ptr info) {
    vitrine_jpeg *j = (vitrine_jpeg *)info->client_data;
    info->err->format_message(info, j->message);
    longjmp(j->jump, 1);
}

static void vitrine_jpeg_emit(j_common_ptr info, int level) {
    vitrine_jpeg *j = (vitrine_jpeg *)info->client_data;
    if (level >= 0) return;  // Trace messages.
    int code = info->err->msg_code;
    if (code == JWRN_JPEG_EOF) {
        j->ended = 1;
        if (j->info.arith_code) j->truncated = 1;
        return;
    }
    if (code == JWRN_HIT_MARKER && j->info.unread_marker == JPEG_EOI) j->truncated = 1;
    if (j->warnings++ == 0) info->err->format_message(info, j->first_warning);
}

static void vitrine_jpeg_progress(j_common_ptr info) {
    vitrine_jpeg *j = (vitrine_jpeg *)info->client_data;
    if (j->max_scans > 0 && j->info.input_scan_number > j->max_scans) {
        snprintf(j->message, sizeof j->message, "more than %d progressive scans", j->max_scans);
        longjmp(j->jump, 1);
    }
    if (j->should_stop && j->should_stop(j->stop_context)) {
        snprintf(j->message, sizeof j->message, "abandoned");
        longjmp(j->jump, 1);
    }
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    if (j->deadline > 0 && (double)now.tv_sec + now.tv_nsec / 1e9 > j->deadline) {
        snprintf(j->message, sizeof j->message, "decoding took longer than the time limit");
        longjmp(j->jump, 1);
    }
}

/// A decompressor with no source yet, or NULL without memory.
static inline vitrine_jpeg *vitrine_jpeg_new(void) {
    vitrine_jpeg *j = calloc(1, sizeof *j);
    if (!j) return NULL;
    j->info.err = jpeg_std_error(&j->errors);
    j->errors.error_exit = vitrine_jpeg_error_exit;
    j->errors.emit_message = vitrine_jpeg_emit;
    j->info.client_data = j;
    if (setjmp(j->jump)) { free(j); return NULL; }
    jpeg_create_decompress(&j->info);
    j->progress.progress_monitor = vitrine_jpeg_progress;
    j->info.progress = &j->progress;
    return j;
}

static inline void vitrine_jpeg_free_arrays(vitrine_jpeg *j);

static inline void vitrine_jpeg_destroy(vitrine_jpeg *j) {
    jpeg_destroy_decompress(&j->info);
    vitrine_jpeg_free_arrays(j);
    free(j->file_source);
    free(j);
}

/// A decompressor reading `size` bytes at `data` (which must outlive it), or NULL without memory.
static inline vitrine_jpeg *vitrine_jpeg_create(const unsigned char *data, unsigned long size) {
    vitrine_jpeg *j = vitrine_jpeg_new();
    if (!j) return NULL;
    if (setjmp(j->jump)) { vitrine_jpeg_destroy(j); return NULL; }
    jpeg_mem_src(&j->info, data, size);
    return j;
}

/// A source manager reading a file descriptor a chunk at a time (by `pread`, from the file's start): a large JPEG
/// is never held whole, where `jpeg_mem_src` needs all of it in memory (a 63 MB photo, 60 MiB).
enum { VITRINE_JPEG_FILE_CHUNK = 64 * 1024 };

typedef struct vitrine_jpeg_file_source {
    struct jpeg_source_mgr manager;
    int fd;
    off_t offset;
    JOCTET buffer[VITRINE_JPEG_FILE_CHUNK];
} vitrine_jpeg_file_source;

static void vitrine_jpeg_file_init(j_decompress_ptr info) { (void)info; }
static void vitrine_jpeg_file_term(j_decompress_ptr info) { (void)info; }

static boolean vitrine_jpeg_file_fill(j_decompress_ptr info) {
    vitrine_jpeg_file_source *source = (vitrine_jpeg_file_source *)info->src;
    ssize_t got;
    do {
        got = pread(source->fd, source->buffer, sizeof source->buffer, source->offset);
    } while (got < 0 && errno == EINTR);
    if (got < 0) ERREXIT(info, JERR_FILE_READ);
    if (got == 0) {
        // As jpeg_mem_src does at the end of its bytes: warn, and insert an end marker.
        WARNMS(info, JWRN_JPEG_EOF);
        source->buffer[0] = (JOCTET)0xFF;
        source->buffer[1] = (JOCTET)JPEG_EOI;
        got = 2;
    } else {
        source->offset += got;
    }
    source->manager.next_input_byte = source->buffer;
    source->manager.bytes_in_buffer = (size_t)got;
    return TRUE;
}

static void vitrine_jpeg_file_skip(j_decompress_ptr info, long count) {
    vitrine_jpeg_file_source *source = (vitrine_jpeg_file_source *)info->src;
    struct jpeg_source_mgr *manager = &source->manager;
    if (count <= 0) return;
    if (count > (long)manager->bytes_in_buffer) {  // Past the buffer: the next fill reads from there.
        source->offset += count - (long)manager->bytes_in_buffer;
        manager->bytes_in_buffer = 0;
        return;
    }
    manager->next_input_byte += count;
    manager->bytes_in_buffer -= (size_t)count;
}

/// A decompressor reading the JPEG file open as `fd` (which must stay open while it lives), or NULL without memory.
static inline vitrine_jpeg *vitrine_jpeg_create_file(int fd) {
    vitrine_jpeg *j = vitrine_jpeg_new();
    if (!j) return NULL;
    vitrine_jpeg_file_source *source = calloc(1, sizeof *source);
    if (!source) { vitrine_jpeg_destroy(j); return NULL; }
    j->file_source = source;
    source->manager.init_source = vitrine_jpeg_file_init;
    source->manager.fill_input_buffer = vitrine_jpeg_file_fill;
    source->manager.skip_input_data = vitrine_jpeg_file_skip;
    source->manager.resync_to_restart = jpeg_resync_to_restart;
    source->manager.term_source = vitrine_jpeg_file_term;
    source->manager.bytes_in_buffer = 0;
    source->manager.next_input_byte = NULL;
    source->fd = fd;
    source->offset = 0;
    j->info.src = &source->manager;
    return j;
}

/// Reads the header (markers up to the first scan); 0 on failure.
static inline int vitrine_jpeg_read_header(vitrine_jpeg *j) {
    if (setjmp(j->jump)) return 0;
    jpeg_read_header(&j->info, TRUE);
    return 1;
}

/// Works out the output size for the scale set in `info`; 0 on failure.
static inline int vitrine_jpeg_calc_output(vitrine_jpeg *j) {
    if (setjmp(j->jump)) return 0;
    jpeg_calc_output_dimensions(&j->info);
    return 1;
}

/// Starts decompressing with the output settings made in `info`; 0 on failure.
static inline int vitrine_jpeg_start(vitrine_jpeg *j) {
    if (setjmp(j->jump)) return 0;
    jpeg_start_decompress(&j->info);
    return 1;
}

/// Reads every output row into `pixels`, `pitch` bytes apart, then finishes; 0 on failure.
static inline int vitrine_jpeg_read_all(vitrine_jpeg *j, unsigned char *pixels, long pitch) {
    if (setjmp(j->jump)) return 0;
    while (j->info.output_scanline < j->info.output_height) {
        JSAMPROW row = pixels + (long)j->info.output_scanline * pitch;
        jpeg_read_scanlines(&j->info, &row, 1);
    }
    jpeg_finish_decompress(&j->info);
    return 1;
}

/// Reads the next output row into `row`; 0 on failure. With ``vitrine_jpeg_finish``, for decoding a row at a time.
static inline int vitrine_jpeg_read_row(vitrine_jpeg *j, unsigned char *row) {
    if (setjmp(j->jump)) return 0;
    JSAMPROW rows = row;
    jpeg_read_scanlines(&j->info, &rows, 1);
    return 1;
}

/// Finishes decompressing once every row was read; 0 on failure.
static inline int vitrine_jpeg_finish(vitrine_jpeg *j) {
    if (setjmp(j->jump)) return 0;
    jpeg_finish_decompress(&j->info);
    return 1;
}

// A progressive JPEG's coefficients are all kept while it is decoded: 128 bytes a block of 8x8 (a 24-megapixel
// 4:2:0 photo: 69 MiB), most of them zero. Its virtual block arrays are taken over from libjpeg's memory manager
// (request, realize and access are its documented methods) and each block row kept compact: per block, a 64-bit
// mask of its non-zero coefficients and those coefficients; a row of zeros takes nothing. A window of the rows
// libjpeg asks for at once is unpacked, and packed again when it moves on.
typedef struct vitrine_barray {
    JDIMENSION rows, blocks, max_access;
    unsigned char **packed;  /// A block row's packed bytes, NULL when all zero.
    size_t *packed_bytes;
    JBLOCKARRAY window;      /// `max_access` unpacked rows, from `first` (`count` of them hold rows).
    JBLOCKROW window_blocks;
    unsigned char *scratch;  /// Room to pack a row: at most a mask and 64 coefficients a block.
    JDIMENSION first, count;
    int dirty;
    struct vitrine_barray *next;
} vitrine_barray;

static inline void vitrine_jpeg_free_arrays(vitrine_jpeg *j) {
    while (j->arrays) {
        vitrine_barray *a = j->arrays;
        j->arrays = a->next;
        if (a->packed) for (JDIMENSION r = 0; r < a->rows; r++) free(a->packed[r]);
        free(a->packed); free(a->packed_bytes); free(a->window); free(a->window_blocks); free(a->scratch); free(a);
    }
}

/// Counts `delta` bytes more (or fewer) held; past the limit, the decode is refused before they are allocated.
static void vitrine_jpeg_count(vitrine_jpeg *j, long delta) {
    if (delta > 0 && j->compact_bytes + (size_t)delta > j->compact_limit) {
        snprintf(j->message, sizeof j->message, "coefficients over the limit");
        longjmp(j->jump, 1);
    }
    j->compact_bytes += (size_t)delta;
    if (j->compact_bytes > j->compact_peak) j->compact_peak = j->compact_bytes;
}

static jvirt_barray_ptr vitrine_jpeg_request_barray(j_common_ptr info, int pool, boolean pre_zero, JDIMENSION blocks,
                                                    JDIMENSION rows, JDIMENSION max_access) {
    (void)pool; (void)pre_zero;  // Every row starts as zeros.
    vitrine_jpeg *j = (vitrine_jpeg *)info->client_data;
    vitrine_barray *a = calloc(1, sizeof *a);
    if (!a) ERREXIT1(info, JERR_OUT_OF_MEMORY, 10);
    a->rows = rows; a->blocks = blocks; a->max_access = max_access;
    a->next = j->arrays;
    j->arrays = a;
    return (jvirt_barray_ptr)a;
}

static void vitrine_jpeg_realize(j_common_ptr info) {
    vitrine_jpeg *j = (vitrine_jpeg *)info->client_data;
    j->original_realize(info);
    for (vitrine_barray *a = j->arrays; a; a = a->next) {
        if (a->window) continue;
        size_t window = (size_t)a->max_access * a->blocks * sizeof(JBLOCK);
        size_t most = (size_t)a->blocks * (8 + sizeof(JBLOCK));
        vitrine_jpeg_count(j, (long)(window + most + a->rows * (sizeof(unsigned char *) + sizeof(size_t)) + a->max_access * sizeof(JBLOCKROW)));
        a->scratch = malloc(most);
        a->packed = calloc(a->rows, sizeof *a->packed);
        a->packed_bytes = calloc(a->rows, sizeof *a->packed_bytes);
        a->window = calloc(a->max_access, sizeof(JBLOCKROW));
        a->window_blocks = calloc(1, window);
        if (!a->packed || !a->packed_bytes || !a->window || !a->window_blocks || !a->scratch) ERREXIT1(info, JERR_OUT_OF_MEMORY, 11);
        for (JDIMENSION r = 0; r < a->max_access; r++) a->window[r] = a->window_blocks + (size_t)r * a->blocks;
    }
}

/// Packs the window's rows back (each as its mask and non-zero coefficients).
static void vitrine_jpeg_pack(vitrine_jpeg *j, vitrine_barray *a) {
    if (!a->dirty) return;
    unsigned char *scratch = a->scratch;
    for (JDIMENSION r = 0; r < a->count; r++) {
        JDIMENSION row = a->first + r;
        size_t used = 0;
        int any = 0;
        for (JDIMENSION b = 0; b < a->blocks; b++) {
            const JCOEF *c = a->window[r][b];
            uint64_t mask = 0;
            size_t at = used + 8;
            for (int k = 0; k < DCTSIZE2; k++) {
                if (!c[k]) continue;
                mask |= (uint64_t)1 << k;
                memcpy(scratch + at, &c[k], sizeof(JCOEF));
                at += sizeof(JCOEF);
            }
            memcpy(scratch + used, &mask, 8);
            used = at;
            any |= mask != 0;
        }
        size_t keep = any ? used : 0;
        unsigned char *packed = NULL;
        if (keep) {
            vitrine_jpeg_count(j, (long)keep - (long)a->packed_bytes[row]);
            packed = malloc(keep);
            if (!packed) ERREXIT1((j_common_ptr)&j->info, JERR_OUT_OF_MEMORY, 13);
            memcpy(packed, scratch, keep);
        } else {
            vitrine_jpeg_count(j, -(long)a->packed_bytes[row]);
        }
        free(a->packed[row]);
        a->packed[row] = packed;
        a->packed_bytes[row] = keep;
    }
    a->dirty = 0;
}

static JBLOCKARRAY vitrine_jpeg_access_barray(j_common_ptr info, jvirt_barray_ptr ptr, JDIMENSION start, JDIMENSION count,
                                              boolean writable) {
    vitrine_jpeg *j = (vitrine_jpeg *)info->client_data;
    vitrine_barray *a = (vitrine_barray *)ptr;
    if (count > a->max_access || start + count > a->rows || !a->window) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    if (start < a->first || start + count > a->first + a->count) {
        vitrine_jpeg_pack(j, a);
        a->first = start;
        a->count = a->max_access < a->rows - start ? a->max_access : a->rows - start;
        for (JDIMENSION r = 0; r < a->count; r++) {
            JBLOCKROW out = a->window[r];
            memset(out, 0, (size_t)a->blocks * sizeof(JBLOCK));
            const unsigned char *p = a->packed[start + r];
            if (!p) continue;
            for (JDIMENSION b = 0; b < a->blocks; b++) {
                uint64_t mask;
                memcpy(&mask, p, 8);
                p += 8;
                while (mask) {
                    int k = __builtin_ctzll(mask);
                    memcpy(&out[b][k], p, sizeof(JCOEF));
                    p += sizeof(JCOEF);
                    mask &= mask - 1;
                }
            }
        }
    }
    if (writable) a->dirty = 1;
    return a->window + (start - a->first);
}

/// Keeps a progressive JPEG's coefficients compact, up to `limit` bytes with the windows (refused past it, with
/// "coefficients over the limit"); call after reading the header, before starting.
static inline void vitrine_jpeg_compact_coefficients(vitrine_jpeg *j, size_t limit) {
    j->compact_limit = limit;
    j->original_realize = j->info.mem->realize_virt_arrays;
    j->original_access = j->info.mem->access_virt_barray;
    j->info.mem->request_virt_barray = vitrine_jpeg_request_barray;
    j->info.mem->realize_virt_arrays = vitrine_jpeg_realize;
    j->info.mem->access_virt_barray = vitrine_jpeg_access_barray;
}
