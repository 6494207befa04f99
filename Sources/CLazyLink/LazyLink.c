// SDL2, SDL_ttf, fontconfig, libsystemd and SDL_image, opened with dlopen rather than by the dynamic loader at start.
//
// Every library the executable names is mapped, and its constructors run, before main (Debian builds its libraries
// with BIND_NOW). Debian's SDL2 alone brings 50 libraries (PulseAudio, ALSA, Wayland, DRM, GBM, libdecor, ...), and
// SDL_ttf, fontconfig and libsystemd about 15 more. Measured with an empty C main linked against each set, 60 runs
// (median): 0.56 ms with libc alone, 1.58 ms with what Vitrine still links (libX11, libXext, libxcb, libjpeg, libpng,
// libstdc++), 3.56 ms with SDL2, 5.0 ms with all of them. The first picture of a restart needs none of the lazy ones
// (Splash.c puts a cached card on screen through libxcb while they are opened): vitrine_lazy_link_preload opens them
// on a thread of their own at the start of main, and whoever calls into one first waits for it.
//
// Each function Vitrine calls in them is defined here under its own name and signature (LazyLink+Functions.h, written
// by Scripts/lazy_link.py from the libraries' headers), so the callers are unchanged. A library is opened once
// (pthread_once, so any thread may be first), its functions looked up together, and it stays open. SDL2, SDL_ttf
// and fontconfig end the process with one line when they cannot be opened and one of their functions is called;
// libsystemd's and SDL_image's functions answer as if there were nothing to do or no such image.
//
// SDL_image is opened only when a card first needs it: it brings libtiff, libwebp, libLerc, libjbig and libdeflate,
// and JPEG and PNG go through libjpeg-turbo and libpng directly. Measured at 1200x800 with footprint.py: 70 libraries
// mapped at the first picture before, 64 after; PSS at rest 29.5-29.9 MiB before, 29.0-29.2 after.

#include "CLazyLink.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_syswm.h>
#include <SDL2/SDL_ttf.h>
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <systemd/sd-daemon.h>
#include <unistd.h>

// MARK: The libraries

// The libraries, by the names LazyLink+Functions.h gives them; the ones before sdl2_image are opened at start.
enum { sdl2, sdl2_ttf, fontconfig, systemd, sdl2_image, library_count };

static struct library {
    const char *soname;
    const char *package;  // Debian's, for the message when it is missing.
    pthread_once_t once;
    int state;            // 0 not opened yet, 1 open, -1 cannot be opened. Read and written atomically.
    char error[400];
} libraries[library_count] = {
    [sdl2] = {"libSDL2-2.0.so.0", "libsdl2-2.0-0", PTHREAD_ONCE_INIT, 0, ""},
    [sdl2_ttf] = {"libSDL2_ttf-2.0.so.0", "libsdl2-ttf-2.0-0", PTHREAD_ONCE_INIT, 0, ""},
    [fontconfig] = {"libfontconfig.so.1", "libfontconfig1", PTHREAD_ONCE_INIT, 0, ""},
    [systemd] = {"libsystemd.so.0", "libsystemd0", PTHREAD_ONCE_INIT, 0, ""},
    [sdl2_image] = {"libSDL2_image-2.0.so.0", "libsdl2-image-2.0-0", PTHREAD_ONCE_INIT, 0, ""},
};

// The functions, looked up when their library opens.
static struct {
#define LAZY_FUNCTION(library, type, name, parameters, arguments) __typeof__(&name) name;
#include "LazyLink+Functions.h"
#undef LAZY_FUNCTION
    __typeof__(&SDL_SetError) SDL_SetError;
} lazy;

static const struct { int library; const char *name; void **slot; } symbols[] = {
#define LAZY_FUNCTION(library, type, name, parameters, arguments) {library, #name, (void **)&lazy.name},
#include "LazyLink+Functions.h"
#undef LAZY_FUNCTION
    {sdl2, "SDL_SetError", (void **)&lazy.SDL_SetError},
};

static void open_library(int id) {
    struct library *library = &libraries[id];
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(library->error, sizeof library->error, "%s", reason ? reason : library->soname);
        __atomic_store_n(&library->state, -1, __ATOMIC_RELEASE);
        return;
    }
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        if (symbols[i].library != id) continue;
        void *function = dlsym(handle, symbols[i].name);
        if (!function) {
            // Left open: the dynamic loader may have run its constructors.
            snprintf(library->error, sizeof library->error, "%s has no function %s", library->soname, symbols[i].name);
            __atomic_store_n(&library->state, -1, __ATOMIC_RELEASE);
            return;
        }
        *symbols[i].slot = function;
    }
    __atomic_store_n(&library->state, 1, __ATOMIC_RELEASE);
}

static void open_sdl2(void) { open_library(sdl2); }
static void open_sdl2_ttf(void) { open_library(sdl2_ttf); }
static void open_fontconfig(void) { open_library(fontconfig); }
static void open_systemd(void) { open_library(systemd); }
static void open_sdl2_image(void) { open_library(sdl2_image); }
static void (*const openers[library_count])(void) = {open_sdl2, open_sdl2_ttf, open_fontconfig, open_systemd, open_sdl2_image};

/// Opens library `id` unless it is open (waiting while another thread opens it); 1 when it is open.
static int lazy_open_slow(int id) {
    pthread_once(&libraries[id].once, openers[id]);
    return __atomic_load_n(&libraries[id].state, __ATOMIC_ACQUIRE) == 1;
}

static inline int lazy_open(int id) {
    if (__builtin_expect(__atomic_load_n(&libraries[id].state, __ATOMIC_ACQUIRE) == 1, 1)) return 1;
    return lazy_open_slow(id);
}

/// Set by the first thread to find a required library missing: it alone says so and ends the process.
static int ending;

/// Says that required library `id` cannot be opened, in one line naming it and its package, and ends the process
/// (as the dynamic loader would have).
///
/// Several threads may call into SDL at once (the main thread starting video, the first-card thread making a
/// surface): each found it missing and printed its own line, two lines in 1 start of about 50 in CI. The first
/// prints and ends the process; any other waits for that end, since its own _exit could cut the line short.
static void lazy_fail(int id) __attribute__((noreturn, cold));
static void lazy_fail(int id) {
    if (__atomic_exchange_n(&ending, 1, __ATOMIC_ACQ_REL)) {
        for (;;) pause();
    }
    struct library *library = &libraries[id];
    fprintf(stderr, "vitrine: error: %s cannot be opened (%s): apt-get install %s\n", library->soname, library->error, library->package);
    _exit(69);  // EX_UNAVAILABLE, as ExitCode.unavailable.
}

/// Opens required library `id`, or says why it cannot be opened and ends the process.
static inline void lazy_require(int id) {
    if (__builtin_expect(lazy_open(id), 1)) return;
    lazy_fail(id);
}

static void *preload(void *unused) {
    (void)unused;
    for (int id = 0; id < sdl2_image; id++) lazy_open(id);
    return NULL;
}

void vitrine_lazy_link_preload(void) {
    pthread_attr_t attributes;
    pthread_t thread;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // Opened on the calling thread, one by one on first use, if no thread can be started.
    (void)pthread_create(&thread, &attributes, preload, NULL);
    pthread_attr_destroy(&attributes);
}

int vitrine_lazy_link_open(int library) {
    return library >= 0 && library < library_count && lazy_open(library);
}

const char *vitrine_lazy_link_error(int library) {
    if (library < 0 || library >= library_count || __atomic_load_n(&libraries[library].state, __ATOMIC_ACQUIRE) != -1) return "";
    return libraries[library].error;
}

int vitrine_lazy_link_is_open(int library) {
    return library >= 0 && library < library_count && __atomic_load_n(&libraries[library].state, __ATOMIC_ACQUIRE) == 1;
}

// The functions themselves: open the library, then call its own. libsystemd's and SDL_image's are written by hand
// below.
#define LAZY_TRAMPOLINE(library, type, name, parameters, arguments) \
    type name parameters { lazy_require(library); return lazy.name arguments; }
#define LAZY_FUNCTION_sdl2 LAZY_TRAMPOLINE
#define LAZY_FUNCTION_sdl2_ttf LAZY_TRAMPOLINE
#define LAZY_FUNCTION_fontconfig LAZY_TRAMPOLINE
#define LAZY_FUNCTION_systemd(library, type, name, parameters, arguments)
#define LAZY_FUNCTION_sdl2_image(library, type, name, parameters, arguments)
#define LAZY_FUNCTION(library, type, name, parameters, arguments) LAZY_FUNCTION_##library(library, type, name, parameters, arguments)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpedantic"
#include "LazyLink+Functions.h"
#pragma clang diagnostic pop
#undef LAZY_FUNCTION

int SDL_SetError(const char *format, ...) {
    char message[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    lazy_require(sdl2);
    return lazy.SDL_SetError("%s", message);
}

// Without libsystemd there is nothing to notify and no socket passed: what sd-daemon.h returns outside systemd.
int sd_listen_fds(int unset_environment) { return lazy_open(systemd) ? lazy.sd_listen_fds(unset_environment) : 0; }
int sd_notify(int unset_environment, const char *state) { return lazy_open(systemd) ? lazy.sd_notify(unset_environment, state) : 0; }
int sd_watchdog_enabled(int unset_environment, uint64_t *usec) {
    return lazy_open(systemd) ? lazy.sd_watchdog_enabled(unset_environment, usec) : 0;
}

// MARK: SDL_image

// Opened on first use only (no deck of JPEGs and PNGs needs it); a system without it has those files unsupported.

int vitrine_sdl_image_available(void) {
    if (lazy_open(sdl2_image)) return 1;
    SDL_SetError("SDL_image cannot be opened: %s", libraries[sdl2_image].error);
    return 0;
}

int IMG_Init(int flags) { return vitrine_sdl_image_available() ? lazy.IMG_Init(flags) : 0; }

void IMG_Quit(void) {
    // Not opened just to be shut down.
    if (vitrine_lazy_link_is_open(sdl2_image)) lazy.IMG_Quit();
}

const SDL_version *IMG_Linked_Version(void) {
    static const SDL_version none = {0, 0, 0};
    return vitrine_sdl_image_available() ? lazy.IMG_Linked_Version() : &none;
}

SDL_Surface *IMG_Load(const char *file) { return vitrine_sdl_image_available() ? lazy.IMG_Load(file) : NULL; }

SDL_Surface *IMG_Load_RW(SDL_RWops *src, int freesrc) {
    if (vitrine_sdl_image_available()) return lazy.IMG_Load_RW(src, freesrc);
    if (freesrc && src) SDL_RWclose(src);
    return NULL;
}

int IMG_SavePNG(SDL_Surface *surface, const char *file) {
    return vitrine_sdl_image_available() ? lazy.IMG_SavePNG(surface, file) : -1;
}

int IMG_SaveJPG(SDL_Surface *surface, const char *file, int quality) {
    return vitrine_sdl_image_available() ? lazy.IMG_SaveJPG(surface, file, quality) : -1;
}
