#pragma once
// What the X server says about an SDL window, for Window+Cover.swift: whether a window manager runs, where the
// window really is, how large the screen is now, and the root window's size changes. libX11 is linked through
// CX11 (its error handlers); these few calls are C so that Xlib's `Window` and the SDL edge's never meet in Swift.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>

/// Facts about an SDL window on X11; `known` is 0 when the window is not on X11.
typedef struct {
    int known;
    /// Whether an EWMH window manager runs (_NET_SUPPORTING_WM_CHECK on the root names a live window naming itself).
    int hasWindowManager;
    /// The window's real position on the root window and its real size, as the server has them now.
    int x, y, width, height;
    /// The root window's size: the whole screen, as it is now (SDL keeps the size it saw at start-up).
    int rootWidth, rootHeight;
} VitrineX11Facts;

static inline int vitrine_x11_ignore_error(Display *display, XErrorEvent *event) { (void)display; (void)event; return 0; }

/// The window named by `property` on `window`, or 0.
static inline Window vitrine_x11_window_property(Display *display, Window window, Atom property) {
    Atom type = 0; int format = 0; unsigned long count = 0, after = 0; unsigned char *data = NULL;
    Window result = 0;
    if (XGetWindowProperty(display, window, property, 0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success
        && data && type == XA_WINDOW && format == 32 && count == 1) {
        result = *(Window *)data;
    }
    if (data) XFree(data);
    return result;
}

/// The X display and window of `sdlWindow`, or 0 when it is not on X11.
static inline int vitrine_x11_window(SDL_Window *sdlWindow, Display **display, Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(sdlWindow, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    *window = info.info.x11.window;
    return 1;
}

/// Asks the X server about `sdlWindow`: whether a window manager runs, the window's real geometry, the screen's size.
static inline VitrineX11Facts vitrine_x11_facts(SDL_Window *sdlWindow) {
    VitrineX11Facts facts = {0};
    Display *display; Window window;
    if (!vitrine_x11_window(sdlWindow, &display, &window)) return facts;
    Window root = 0, child = 0;
    int x = 0, y = 0; unsigned int width = 0, height = 0, border = 0, depth = 0;
    if (!XGetGeometry(display, window, &root, &x, &y, &width, &height, &border, &depth)) return facts;
    facts.width = (int)width;
    facts.height = (int)height;
    if (XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child)) { facts.x = x; facts.y = y; }
    if (XGetGeometry(display, root, &child, &x, &y, &width, &height, &border, &depth)) {
        facts.rootWidth = (int)width;
        facts.rootHeight = (int)height;
    }
    // EWMH: the root's _NET_SUPPORTING_WM_CHECK names a window whose own property names itself. A window manager
    // that died leaves the root's property behind, naming a window that is gone: that error is swallowed.
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", False);
    Window named = vitrine_x11_window_property(display, root, check);
    if (named) {
        XSync(display, False);
        int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(vitrine_x11_ignore_error);
        Window itself = vitrine_x11_window_property(display, named, check);
        XSync(display, False);
        XSetErrorHandler(previous);
        facts.hasWindowManager = itself == named;
    }
    facts.known = 1;
    return facts;
}

/// Asks the X server to tell this client when the root window changes size (a screen resized with xrandr), keeping
/// the events this client already selected on it; SDL hands such events over as SDL_SYSWMEVENT once those are
/// enabled. Returns whether it could.
static inline int vitrine_x11_watch_root_size(SDL_Window *sdlWindow) {
    Display *display; Window window;
    if (!vitrine_x11_window(sdlWindow, &display, &window)) return 0;
    XWindowAttributes attributes;
    Window root = DefaultRootWindow(display);
    if (!XGetWindowAttributes(display, root, &attributes)) return 0;
    XSelectInput(display, root, attributes.your_event_mask | StructureNotifyMask);
    return 1;
}

/// Whether `event` is an SDL_SYSWMEVENT carrying the root window's ConfigureNotify: the screen changed size.
static inline int vitrine_x11_is_root_resize(const SDL_Event *event) {
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    return x->type == ConfigureNotify && x->xconfigure.window == x->xconfigure.event
        && x->xconfigure.window == DefaultRootWindow(x->xconfigure.display);
}

/// A TrueColor visual of 8 bits a channel (depth 24, else 32) on the default screen of the X display SDL opens
/// (`DISPLAY`), or 0 when there is none or the display cannot be opened.
///
/// Asked on a connection of its own, before SDL makes a window: SDL's software renderer has no window format for a
/// 30-bit screen's default visual, and a window made with it would have to be thrown away.
static inline unsigned long vitrine_x11_eight_bit_visual(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return 0;
    XVisualInfo info;
    int screen = DefaultScreen(display);
    unsigned long visual = 0;
    if (XMatchVisualInfo(display, screen, 24, TrueColor, &info) || XMatchVisualInfo(display, screen, 32, TrueColor, &info)) {
        visual = info.visualid;
    }
    XCloseDisplay(display);
    return visual;
}
