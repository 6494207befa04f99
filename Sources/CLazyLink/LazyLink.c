// SDL_image, opened with dlopen on first use rather than by the dynamic loader at start.
//
// Every library the executable names is mapped and has its symbols bound before main runs (Debian builds its
// libraries with BIND_NOW), and Debian's SDL_image brings five more that nothing else here needs: libtiff, libwebp,
// libLerc, libjbig and libdeflate. The first picture needs none of them: JPEG and PNG go through libjpeg-turbo and
// libpng directly; SDL_image only decodes the other formats and writes PNG and JPEG files. Measured at 1200x800 with
// footprint.py, base and lazy side by side: 70 libraries mapped at the first picture before, 64 after; PSS at rest
// 29.5-29.9 MiB before, 29.0-29.2 after. (libsystemd was tried the same way and gained nothing: libpulse and
// libdbus, which SDL2 links, bring it anyway.)
//
// Each function below has the name and signature of SDL_image's own, so the callers are unchanged. The library is
// opened once (pthread_once, so any thread may be first) and its functions looked up together; it stays open.

#include "CLazyLink.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

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
