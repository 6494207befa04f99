#pragma once
// What the X server says about an SDL window, asked through the libX11 that SDL itself loaded: nothing here links
// libX11, so a kiosk on KMS/DRM or Wayland needs no X library. Used by Window.coverDisplay() (Window+Cover.swift).
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
#include <dlfcn.h>

/// Facts about an SDL window on X11; `known` is 0 when the window is not on X11 or libX11 is not loaded.
typedef struct {
    int known;
    /// Whether an EWMH window manager runs (_NET_SUPPORTING_WM_CHECK on the root names a live window naming itself).
    int hasWindowManager;
    /// The window's real position on the root window and its real size, as the server has them now.
    int x, y, width, height;
    /// The root window's size: the whole screen, as it is now (SDL keeps the size it saw at start-up).
    int rootWidth, rootHeight;
} VitrineX11Facts;

typedef Atom (*VitrineXInternAtom)(Display *, const char *, Bool);
typedef int (*VitrineXGetWindowProperty)(Display *, Window, Atom, long, long, Bool, Atom, Atom *, int *,
                                          unsigned long *, unsigned long *, unsigned char **);
typedef int (*VitrineXFree)(void *);
typedef Status (*VitrineXGetGeometry)(Display *, Drawable, Window *, int *, int *, unsigned int *, unsigned int *,
                                      unsigned int *, unsigned int *);
typedef Bool (*VitrineXTranslateCoordinates)(Display *, Window, Window, int, int, int *, int *, Window *);
typedef int (*VitrineXErrorHandler)(Display *, XErrorEvent *);
typedef VitrineXErrorHandler (*VitrineXSetErrorHandler)(VitrineXErrorHandler);
typedef int (*VitrineXSync)(Display *, Bool);
typedef Status (*VitrineXGetWindowAttributes)(Display *, Window, XWindowAttributes *);
typedef int (*VitrineXSelectInput)(Display *, Window, long);

static inline int vitrine_x11_ignore_error(Display *display, XErrorEvent *event) { (void)display; (void)event; return 0; }

/// The window named by `property` on `window`, or 0.
static inline Window vitrine_x11_window_property(Display *display, Window window, Atom property, void *library) {
    VitrineXGetWindowProperty getProperty = (VitrineXGetWindowProperty)dlsym(library, "XGetWindowProperty");
    VitrineXFree xFree = (VitrineXFree)dlsym(library, "XFree");
    if (!getProperty || !xFree) return 0;
    Atom type = 0; int format = 0; unsigned long count = 0, after = 0; unsigned char *data = NULL;
    Window result = 0;
    if (getProperty(display, window, property, 0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success
        && data && type == XA_WINDOW && format == 32 && count == 1) {
        result = *(Window *)data;
    }
    if (data) xFree(data);
    return result;
}

/// Asks the X server about `sdlWindow`: whether a window manager runs, the window's real geometry, the screen's size.
static inline VitrineX11Facts vitrine_x11_facts(SDL_Window *sdlWindow) {
    VitrineX11Facts facts = {0};
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(sdlWindow, &info) || info.subsystem != SDL_SYSWM_X11) return facts;
    void *library = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!library) return facts;
    VitrineXInternAtom internAtom = (VitrineXInternAtom)dlsym(library, "XInternAtom");
    VitrineXGetGeometry getGeometry = (VitrineXGetGeometry)dlsym(library, "XGetGeometry");
    VitrineXTranslateCoordinates translate = (VitrineXTranslateCoordinates)dlsym(library, "XTranslateCoordinates");
    VitrineXSetErrorHandler setErrorHandler = (VitrineXSetErrorHandler)dlsym(library, "XSetErrorHandler");
    VitrineXSync sync = (VitrineXSync)dlsym(library, "XSync");
    if (!internAtom || !getGeometry || !translate || !setErrorHandler || !sync) { dlclose(library); return facts; }
    Display *display = info.info.x11.display;
    Window window = info.info.x11.window;
    Window root = 0, child = 0;
    int x = 0, y = 0; unsigned int width = 0, height = 0, border = 0, depth = 0;
    if (!getGeometry(display, window, &root, &x, &y, &width, &height, &border, &depth)) { dlclose(library); return facts; }
    facts.width = (int)width;
    facts.height = (int)height;
    if (translate(display, window, root, 0, 0, &x, &y, &child)) { facts.x = x; facts.y = y; }
    int rootX = 0, rootY = 0; unsigned int rootWidth = 0, rootHeight = 0;
    if (getGeometry(display, root, &child, &rootX, &rootY, &rootWidth, &rootHeight, &border, &depth)) {
        facts.rootWidth = (int)rootWidth;
        facts.rootHeight = (int)rootHeight;
    }
    // EWMH: the root's _NET_SUPPORTING_WM_CHECK names a window whose own property names itself. A window manager
    // that died leaves the root's property behind, naming a window that is gone: that error is swallowed.
    Atom check = internAtom(display, "_NET_SUPPORTING_WM_CHECK", False);
    Window named = vitrine_x11_window_property(display, root, check, library);
    if (named) {
        sync(display, False);
        VitrineXErrorHandler previous = setErrorHandler(vitrine_x11_ignore_error);
        Window itself = vitrine_x11_window_property(display, named, check, library);
        sync(display, False);
        setErrorHandler(previous);
        facts.hasWindowManager = itself == named;
    }
    facts.known = 1;
    dlclose(library);
    return facts;
}

/// Asks the X server to tell this client when the root window changes size (a screen resized with xrandr), keeping
/// the events this client already selected on it; SDL hands such events over as SDL_SYSWMEVENT once those are
/// enabled. Returns whether it could.
static inline int vitrine_x11_watch_root_size(SDL_Window *sdlWindow) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(sdlWindow, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    void *library = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!library) return 0;
    VitrineXGetWindowAttributes getAttributes = (VitrineXGetWindowAttributes)dlsym(library, "XGetWindowAttributes");
    VitrineXSelectInput selectInput = (VitrineXSelectInput)dlsym(library, "XSelectInput");
    VitrineXGetGeometry getGeometry = (VitrineXGetGeometry)dlsym(library, "XGetGeometry");
    int done = 0;
    if (getAttributes && selectInput && getGeometry) {
        Display *display = info.info.x11.display;
        Window root = 0; int x, y; unsigned int w, h, border, depth;
        XWindowAttributes attributes;
        if (getGeometry(display, info.info.x11.window, &root, &x, &y, &w, &h, &border, &depth)
            && getAttributes(display, root, &attributes)) {
            selectInput(display, root, attributes.your_event_mask | StructureNotifyMask);
            done = 1;
        }
    }
    dlclose(library);
    return done;
}

/// Whether `event` is an SDL_SYSWMEVENT carrying the root window's ConfigureNotify: the screen changed size.
static inline int vitrine_x11_is_root_resize(const SDL_Event *event) {
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    return x->type == ConfigureNotify && x->xconfigure.window == x->xconfigure.event
        && x->xconfigure.window == DefaultRootWindow(x->xconfigure.display);
}
