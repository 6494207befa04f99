#pragma once

// SDL_image, opened on first use instead of when Vitrine starts (see LazyLink.c). Its functions keep their own names
// and header (CSDL2Image); this module only says whether the library could be opened.

/// 1 when SDL_image is open (or opens now), 0 when it cannot be opened; then SDL_GetError() says why.
int vitrine_sdl_image_available(void);
