// Xlib, for its error handlers: a lost X server or a stray X error must end (or not end) the kiosk on our terms,
// not Xlib's (exit 1); and the X window behind an SDL window, to tell an error about it from any other.
#include <X11/Xlib.h>
#include <SDL2/SDL_syswm.h>

/// The X11 window id of an SDL window, or 0 when it has none (another video driver).
static inline unsigned long vitrine_x11_window(void *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo((SDL_Window *)window, &info) && info.subsystem == SDL_SYSWM_X11) {
        return (unsigned long)info.info.x11.window;
    }
    return 0;
}
