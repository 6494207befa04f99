#pragma once

#include <stdint.h>

// A first picture put on an X screen through libxcb alone, before SDL is open (see Splash.c).

/// A connection to an X server that a splash can be shown on, and then the window showing it; closed by
/// vitrine_splash_close.
typedef struct vitrine_splash vitrine_splash;

/// Connects to the X display `display_name` (NULL: $DISPLAY) when a splash can be shown there. Returns NULL when it
/// cannot: no such display, a window manager runs there (it would place and decorate the window), or the screen's
/// pixels are not 8-bit-a-channel TrueColor in 32 bits; `why` (when not NULL) then says which, in a static string.
vitrine_splash *vitrine_splash_open(const char *display_name, const char **why);

/// The size of the screen, in pixels.
void vitrine_splash_screen_size(const vitrine_splash *splash, int *width, int *height);

/// Shows a window of `window_width`x`window_height` pixels centred on the screen, filled with `background`
/// (0xRRGGBB) and holding the ARGB8888 picture `pixels` (`width`x`height`, `pitch` bytes a row) at (`x`, `y`) inside
/// it. Returns 1 when it is shown; 0 otherwise (shown already, or the picture does not fit), with `why` as above.
int vitrine_splash_show(vitrine_splash *splash, const void *pixels, int pitch, int width, int height, int window_width,
                        int window_height, int x, int y, uint32_t background, const char **why);

/// Where the window is on the screen, in pixels (all 0 before it is shown).
void vitrine_splash_frame(const vitrine_splash *splash, int *x, int *y, int *width, int *height);

/// Takes the window away and closes the connection; NULL does nothing.
void vitrine_splash_close(vitrine_splash *splash);
