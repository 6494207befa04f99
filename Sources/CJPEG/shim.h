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

static inline void vitrine_jpeg_destroy(vitrine_jpeg *j) {
    jpeg_destroy_decompress(&j->info);
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
