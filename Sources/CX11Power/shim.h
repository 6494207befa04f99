#pragma once
// Powering the display down while the kiosk sleeps, and on again when it wakes: DPMS from libXext (dpms.h), or the
// core protocol's screen saver where the server has no DPMS. libX11 is linked through CX11. Called only when the
// kiosk falls asleep or wakes, never per frame; every call is skipped when the window is not on X11.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/extensions/dpms.h>

/// How the display was powered down or up: not at all (not on X11), through DPMS, or through the screen saver.
typedef enum { VITRINE_POWER_NONE = 0, VITRINE_POWER_DPMS = 1, VITRINE_POWER_SCREEN_SAVER = 2 } VitrinePowerMethod;

/// The X display of `window`, or NULL when it is not on X11 (kmsdrm, Wayland, offscreen).
static inline Display *vitrine_power_display(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    return info.info.x11.display;
}

/// Asks the display of `window` to power down now. DPMS when the server can (it is enabled first when it was off,
/// since forcing a level needs it on; `*enabledDPMS` says so, for the wake), else the screen saver is made active.
static inline VitrinePowerMethod vitrine_power_off(SDL_Window *window, int *enabledDPMS) {
    *enabledDPMS = 0;
    Display *display = vitrine_power_display(window);
    if (!display) return VITRINE_POWER_NONE;
    int eventBase = 0, errorBase = 0;
    if (DPMSQueryExtension(display, &eventBase, &errorBase) && DPMSCapable(display)) {
        CARD16 level = 0;
        BOOL enabled = False;
        if (DPMSInfo(display, &level, &enabled) && !enabled) {
            DPMSEnable(display);
            *enabledDPMS = 1;
        }
        DPMSForceLevel(display, DPMSModeOff);
        XFlush(display);
        return VITRINE_POWER_DPMS;
    }
    XForceScreenSaver(display, ScreenSaverActive);
    XFlush(display);
    return VITRINE_POWER_SCREEN_SAVER;
}

/// Powers the display of `window` on again after ``vitrine_power_off`` did it by `method`; DPMS is disabled again
/// when `disableDPMS` (the kiosk enabled it only to power down).
static inline void vitrine_power_on(SDL_Window *window, VitrinePowerMethod method, int disableDPMS) {
    Display *display = vitrine_power_display(window);
    if (!display || method == VITRINE_POWER_NONE) return;
    if (method == VITRINE_POWER_DPMS) {
        DPMSForceLevel(display, DPMSModeOn);
        if (disableDPMS) DPMSDisable(display);
    }
    XForceScreenSaver(display, ScreenSaverReset);
    XFlush(display);
}
