#pragma once

// SDL_image, opened on first use instead of when Vitrine starts (see LazyLink.c). Its functions keep their own names
// and header (CSDL2Image); this module only says whether the library could be opened.

/// 1 when SDL_image is open (or opens now), 0 when it cannot be opened; then SDL_GetError() says why.
int vitrine_sdl_image_available(void);

// SDL2, SDL_ttf, fontconfig and libsystemd are opened by Vitrine too, not by the dynamic loader (see LazyLink.c):
// their functions keep their own names and headers.

/// Starts opening SDL2, SDL_ttf, libsystemd and fontconfig on a thread of their own, so they are open, or nearly,
/// when first called; a call before then waits for its library.
void vitrine_lazy_link_preload(void);

/// 1 when library `library` (0 SDL2, 1 SDL_ttf, 2 fontconfig, 3 libsystemd, 4 SDL_image) is open already, else 0; opens nothing.
int vitrine_lazy_link_is_open(int library);

/// Opens library `library` (numbered as for vitrine_lazy_link_is_open) unless it is open, waiting while another
/// thread opens it; 1 when it is open, 0 when it cannot be (then vitrine_lazy_link_error says why). Calling one of
/// its functions instead ends the process when it cannot be opened.
int vitrine_lazy_link_open(int library);

/// Why library `library` could not be opened, or "" when it was not tried or is open.
const char *vitrine_lazy_link_error(int library);
