// SDL2, SDL_ttf, fontconfig, libsystemd and SDL_image, opened with dlopen rather than by the dynamic loader at start.
//
// Every library the executable names is mapped, and its constructors run, before main (Debian builds its libraries
// with BIND_NOW). Debian's SDL2 alone brings 50 libraries (PulseAudio, ALSA, Wayland, DRM, GBM, libdecor, ...), and
// SDL_ttf, fontconfig and libsystemd about 15 more. Measured with an empty C main linked against each set, 60 runs
// (median): 0.56 ms with libc alone, 1.58 ms with what Vitrine still links (libX11, libXext, libxcb, libjpeg, libpng,
// libstdc++), 3.56 ms with SDL2, 5.0 ms with all of them. The first picture of a restart needs none of the lazy ones
// (Splash.c puts a cached card on screen through libX11 while they are opened): vitrine_lazy_link_preload opens them
// on a thread of their own at the start of main, and whoever calls into one first waits for it.
//
// Each function Vitrine calls in them is defined here under its own name and signature (LazyLink+Functions.h, written
// by Scripts/lazy_link.py from the libraries' headers), so the callers are unchanged. A library is opened once
// (pthread_once, so any thread may be first), its functions looked up together, and it stays open.
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

// MARK: SDL2, SDL_ttf, fontconfig and libsystemd

// The libraries, by the names LazyLink+Functions.h gives them.
enum { sdl2, sdl2_ttf, fontconfig, systemd, library_count };

static struct library {
    const char *soname;
    const char *package;  // Debian's, for the message when it is missing.
    int required;         // Without it Vitrine cannot run; libsystemd is optional (no notifications, no socket).
    pthread_once_t once;
    int state;            // 0 not opened yet, 1 open, -1 cannot be opened. Read and written atomically.
    char error[400];
} libraries[library_count] = {
    [sdl2] = {"libSDL2-2.0.so.0", "libsdl2-2.0-0", 1, PTHREAD_ONCE_INIT, 0, ""},
    [sdl2_ttf] = {"libSDL2_ttf-2.0.so.0", "libsdl2-ttf-2.0-0", 1, PTHREAD_ONCE_INIT, 0, ""},
    [fontconfig] = {"libfontconfig.so.1", "libfontconfig1", 1, PTHREAD_ONCE_INIT, 0, ""},
    [systemd] = {"libsystemd.so.0", "libsystemd0", 0, PTHREAD_ONCE_INIT, 0, ""},
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
static void (*const openers[library_count])(void) = {open_sdl2, open_sdl2_ttf, open_fontconfig, open_systemd};

/// Opens library `id` unless it is open (waiting while another thread opens it); 1 when it is open.
static int lazy_open_slow(int id) {
    pthread_once(&libraries[id].once, openers[id]);
    return __atomic_load_n(&libraries[id].state, __ATOMIC_ACQUIRE) == 1;
}

static inline int lazy_open(int id) {
    if (__builtin_expect(__atomic_load_n(&libraries[id].state, __ATOMIC_ACQUIRE) == 1, 1)) return 1;
    return lazy_open_slow(id);
}

/// Opens required library `id`, or says why it cannot be opened and ends the process (as the dynamic loader would
/// have, with one line naming the library and its package).
static inline void lazy_require(int id) {
    if (__builtin_expect(lazy_open(id), 1)) return;
    struct library *library = &libraries[id];
    fprintf(stderr, "vitrine: error: %s cannot be opened (%s): apt-get install %s\n", library->soname, library->error, library->package);
    _exit(69);  // EX_UNAVAILABLE, as ExitCode.unavailable.
}

static void *preload(void *unused) {
    (void)unused;
    for (int id = 0; id < library_count; id++) lazy_open(id);
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

// The functions themselves: open the library, then call its own. libsystemd's are written by hand below.
#define LAZY_TRAMPOLINE(library, type, name, parameters, arguments) \
    type name parameters { lazy_require(library); return lazy.name arguments; }
#define LAZY_FUNCTION_sdl2 LAZY_TRAMPOLINE
#define LAZY_FUNCTION_sdl2_ttf LAZY_TRAMPOLINE
#define LAZY_FUNCTION_fontconfig LAZY_TRAMPOLINE
#define LAZY_FUNCTION_systemd(library, type, name, parameters, arguments)
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

#define SDL_IMAGE_SONAME "libSDL2_image-2.0.so.0"

// The library's own functions (declared with these names in its header, and defined below as the ones that open it).
static struct {
    __typeof__(&IMG_Init) init;
    __typeof__(&IMG_Quit) quit;
    __typeof__(&IMG_Linked_Version) linked_version;
    __typeof__(&IMG_Load) load;
    __typeof__(&IMG_Load_RW) load_rw;
    __typeof__(&IMG_SavePNG) save_png;
    __typeof__(&IMG_SaveJPG) save_jpg;
    char error[300];
} sdl_image;
static pthread_once_t sdl_image_once = PTHREAD_ONCE_INIT;
static int sdl_image_opened = 0;  // Read and written atomically: IMG_Quit reads it without opening the library.

static void open_sdl_image(void) {
    void *library = dlopen(SDL_IMAGE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(sdl_image.error, sizeof sdl_image.error, "SDL_image cannot be opened: %s", reason ? reason : SDL_IMAGE_SONAME);
        return;
    }
    sdl_image.init = (__typeof__(sdl_image.init))dlsym(library, "IMG_Init");
    sdl_image.quit = (__typeof__(sdl_image.quit))dlsym(library, "IMG_Quit");
    sdl_image.linked_version = (__typeof__(sdl_image.linked_version))dlsym(library, "IMG_Linked_Version");
    sdl_image.load = (__typeof__(sdl_image.load))dlsym(library, "IMG_Load");
    sdl_image.load_rw = (__typeof__(sdl_image.load_rw))dlsym(library, "IMG_Load_RW");
    sdl_image.save_png = (__typeof__(sdl_image.save_png))dlsym(library, "IMG_SavePNG");
    sdl_image.save_jpg = (__typeof__(sdl_image.save_jpg))dlsym(library, "IMG_SaveJPG");
    if (!sdl_image.init || !sdl_image.quit || !sdl_image.linked_version || !sdl_image.load || !sdl_image.load_rw
        || !sdl_image.save_png || !sdl_image.save_jpg) {
        snprintf(sdl_image.error, sizeof sdl_image.error, "SDL_image (%s) lacks a function Vitrine uses", SDL_IMAGE_SONAME);
        return;  // Left open: the dynamic loader may have run its constructors.
    }
    __atomic_store_n(&sdl_image_opened, 1, __ATOMIC_RELEASE);
}

int vitrine_sdl_image_available(void) {
    pthread_once(&sdl_image_once, open_sdl_image);
    if (__atomic_load_n(&sdl_image_opened, __ATOMIC_ACQUIRE)) return 1;
    SDL_SetError("%s", sdl_image.error);
    return 0;
}

int IMG_Init(int flags) { return vitrine_sdl_image_available() ? sdl_image.init(flags) : 0; }

void IMG_Quit(void) {
    // Not opened just to be shut down.
    if (__atomic_load_n(&sdl_image_opened, __ATOMIC_ACQUIRE)) sdl_image.quit();
}

const SDL_version *IMG_Linked_Version(void) {
    static const SDL_version none = {0, 0, 0};
    return vitrine_sdl_image_available() ? sdl_image.linked_version() : &none;
}

SDL_Surface *IMG_Load(const char *file) { return vitrine_sdl_image_available() ? sdl_image.load(file) : NULL; }

SDL_Surface *IMG_Load_RW(SDL_RWops *src, int freesrc) {
    if (vitrine_sdl_image_available()) return sdl_image.load_rw(src, freesrc);
    if (freesrc && src) SDL_RWclose(src);
    return NULL;
}

int IMG_SavePNG(SDL_Surface *surface, const char *file) {
    return vitrine_sdl_image_available() ? sdl_image.save_png(surface, file) : -1;
}

int IMG_SaveJPG(SDL_Surface *surface, const char *file, int quality) {
    return vitrine_sdl_image_available() ? sdl_image.save_jpg(surface, file, quality) : -1;
}
