#pragma once

#include <stdint.h>

// A first picture put on an X screen through libxcb alone, before SDL is open (see Splash.c).

/// A window on the X server showing a picture, with its own connection; closed by vitrine_splash_close.
typedef struct vitrine_splash vitrine_splash;

/// Shows a window of `window_width`x`window_height` pixels centred on the X screen of `display_name` (NULL: $DISPLAY),
/// filled with `background` (0xRRGGBB) and holding the ARGB8888 picture `pixels` (`width`x`height`, `pitch` bytes a
/// row) at (`x`, `y`) inside it. Returns NULL, having shown nothing, when there is no such display, a window manager
/// runs there (it would place and decorate the window), or the screen's pixels are not 8-bit-a-channel TrueColor in
/// 32 bits; `why` (when not NULL) then says which, in a static string.
vitrine_splash *vitrine_splash_show(const char *display_name, const void *pixels, int pitch, int width, int height,
                                    int window_width, int window_height, int x, int y, uint32_t background,
                                    const char **why);

/// Where the window is on the screen, in pixels.
void vitrine_splash_frame(const vitrine_splash *splash, int *x, int *y, int *width, int *height);

/// Takes the window away and closes the connection; NULL does nothing.
void vitrine_splash_close(vitrine_splash *splash);
