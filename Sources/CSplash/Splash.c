// The first picture of a start, put on an X screen through libxcb while SDL is still being opened.
//
// Before SDL's window can show anything, SDL2 and the 50 libraries it brings are opened (3-4 ms) and its video
// started (4-8 ms: the display connection, extensions, the input method). A card already made (read from the card
// cache, or composed on the first-card thread) needs none of that: this puts it on screen in a window of its own,
// at the place and size SDL's window will have, over one connection of libxcb (which libX11 is built on, so it is
// mapped anyway). SDL's window then opens on top of it; it has no background of its own (X11 background None), so
// the screen keeps showing the card until SDL presents the same picture, and the kiosk then closes this window.
//
// The picture is drawn into a pixmap that becomes the window's background, so the server shows it whole when the
// window is mapped (never the window empty first) and redraws it itself if anything exposes it. Only on X with no
// window manager (what kiosks run): a window manager would place the window elsewhere and decorate it.

#include "CSplash.h"

#include <stdlib.h>
#include <string.h>
#include <xcb/xcb.h>

struct vitrine_splash {
    xcb_connection_t *connection;
    xcb_screen_t *screen;  // The connection's setup holds it.
    xcb_window_t window;   // 0 until shown.
    int x, y, width, height;
};

static void fail(const char **why, const char *reason) {
    if (why) *why = reason;
}

/// The screen numbered `number` of the connection's setup, or NULL.
static xcb_screen_t *screen_of(xcb_connection_t *connection, int number) {
    xcb_screen_iterator_t screens = xcb_setup_roots_iterator(xcb_get_setup(connection));
    for (int i = 0; screens.rem; i++, xcb_screen_next(&screens)) {
        if (i == number) return screens.data;
    }
    return NULL;
}

/// Whether the server keeps depth-24 pixels as 32 bits, least significant byte first, with rows padded to 32 bits:
/// then ARGB8888 rows in memory are its ZPixmap rows as they are.
static int takes_argb8888(xcb_connection_t *connection) {
    const xcb_setup_t *setup = xcb_get_setup(connection);
    if (setup->image_byte_order != XCB_IMAGE_ORDER_LSB_FIRST) return 0;
    xcb_format_iterator_t formats = xcb_setup_pixmap_formats_iterator(setup);
    for (; formats.rem; xcb_format_next(&formats)) {
        if (formats.data->depth == 24) return formats.data->bits_per_pixel == 32 && formats.data->scanline_pad == 32;
    }
    return 0;
}

/// Whether the screen's root visual is 8-bit-a-channel TrueColor, red in the high byte.
static int has_rgb888_visual(xcb_screen_t *screen) {
    if (screen->root_depth != 24) return 0;
    xcb_depth_iterator_t depths = xcb_screen_allowed_depths_iterator(screen);
    for (; depths.rem; xcb_depth_next(&depths)) {
        xcb_visualtype_iterator_t visuals = xcb_depth_visuals_iterator(depths.data);
        for (; visuals.rem; xcb_visualtype_next(&visuals)) {
            xcb_visualtype_t *visual = visuals.data;
            if (visual->visual_id != screen->root_visual) continue;
            return depths.data->depth == 24 && visual->_class == XCB_VISUAL_CLASS_TRUE_COLOR && visual->red_mask == 0xFF0000
                && visual->green_mask == 0xFF00 && visual->blue_mask == 0xFF;
        }
    }
    return 0;
}

/// Whether a window manager runs: some client redirects the root window's children's configuration (any window
/// manager must, EWMH or not).
static int has_window_manager(xcb_connection_t *connection, xcb_screen_t *screen) {
    xcb_get_window_attributes_reply_t *attributes =
        xcb_get_window_attributes_reply(connection, xcb_get_window_attributes(connection, screen->root), NULL);
    if (!attributes) return 1;
    int redirected = (attributes->all_event_masks & XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT) != 0;
    free(attributes);
    return redirected;
}

vitrine_splash *vitrine_splash_open(const char *display_name, const char **why) {
    int screen_number = 0;
    xcb_connection_t *connection = xcb_connect(display_name, &screen_number);
    if (xcb_connection_has_error(connection)) {
        xcb_disconnect(connection);
        fail(why, "no X display");
        return NULL;
    }
    xcb_screen_t *screen = screen_of(connection, screen_number);
    const char *reason = NULL;
    if (!screen) reason = "no such X screen";
    else if (!takes_argb8888(connection) || !has_rgb888_visual(screen)) reason = "the X screen is not 8 bits a channel in 32-bit pixels";
    else if (has_window_manager(connection, screen)) reason = "a window manager runs";
    vitrine_splash *splash = reason ? NULL : calloc(1, sizeof *splash);
    if (!splash) {
        xcb_disconnect(connection);
        fail(why, reason ? reason : "out of memory");
        return NULL;
    }
    splash->connection = connection;
    splash->screen = screen;
    return splash;
}

void vitrine_splash_screen_size(const vitrine_splash *splash, int *width, int *height) {
    *width = splash->screen->width_in_pixels;
    *height = splash->screen->height_in_pixels;
}

int vitrine_splash_show(vitrine_splash *splash, const void *pixels, int pitch, int width, int height, int window_width,
                        int window_height, int x, int y, uint32_t background, const char **why) {
    if (splash->window) {
        fail(why, "a splash is shown already");
        return 0;
    }
    if (!pixels || width <= 0 || height <= 0 || window_width <= 0 || window_height <= 0 || x < 0 || y < 0
        || x + width > window_width || y + height > window_height || window_width > 32767 || window_height > 32767
        || pitch < width * 4) {
        fail(why, "the picture does not fit the window");
        return 0;
    }
    xcb_connection_t *connection = splash->connection;
    xcb_screen_t *screen = splash->screen;
    // Centred on the screen, as SDL centres its window (SDL_WINDOWPOS_CENTERED) on a screen of one display; a
    // window of the screen's size (full screen) is at its origin.
    int left = ((int)screen->width_in_pixels - window_width) / 2;
    int top = ((int)screen->height_in_pixels - window_height) / 2;

    // The whole window's picture in a pixmap: the background, then the card.
    xcb_pixmap_t pixmap = xcb_generate_id(connection);
    xcb_create_pixmap(connection, 24, pixmap, screen->root, (uint16_t)window_width, (uint16_t)window_height);
    xcb_gcontext_t context = xcb_generate_id(connection);
    uint32_t foreground[] = {background & 0xFFFFFF, 0};
    xcb_create_gc(connection, context, pixmap, XCB_GC_FOREGROUND | XCB_GC_GRAPHICS_EXPOSURES, foreground);
    if (width != window_width || height != window_height) {
        xcb_rectangle_t all = {0, 0, (uint16_t)window_width, (uint16_t)window_height};
        xcb_poly_fill_rectangle(connection, pixmap, context, 1, &all);
    }
    // In requests of as many whole rows as the server takes (without BIG-REQUESTS, which would cost a round trip).
    const uint8_t *rows = pixels;
    uint32_t request_bytes = (uint32_t)xcb_get_setup(connection)->maximum_request_length * 4 - sizeof(xcb_put_image_request_t);
    int rows_per_request = (int)(request_bytes / ((uint32_t)width * 4));
    if (pitch != width * 4 || rows_per_request < 1) rows_per_request = 1;
    for (int row = 0; row < height; row += rows_per_request) {
        int count = row + rows_per_request > height ? height - row : rows_per_request;
        xcb_put_image(connection, XCB_IMAGE_FORMAT_Z_PIXMAP, pixmap, context, (uint16_t)width, (uint16_t)count,
                      (int16_t)x, (int16_t)(y + row), 0, 24, (uint32_t)(count * width * 4), rows + (size_t)row * (size_t)pitch);
    }
    xcb_free_gc(connection, context);

    splash->window = xcb_generate_id(connection);
    // Override-redirect: a window manager starting meanwhile leaves it alone.
    uint32_t values[] = {pixmap, 0, 1};
    xcb_create_window(connection, 24, splash->window, screen->root, (int16_t)left, (int16_t)top, (uint16_t)window_width,
                      (uint16_t)window_height, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual,
                      XCB_CW_BACK_PIXMAP | XCB_CW_BORDER_PIXEL | XCB_CW_OVERRIDE_REDIRECT, values);
    xcb_free_pixmap(connection, pixmap);  // The window keeps it as its background.
    xcb_map_window(connection, splash->window);
    xcb_flush(connection);
    if (xcb_connection_has_error(connection)) {
        fail(why, "the X connection failed");
        return 0;
    }
    splash->x = left;
    splash->y = top;
    splash->width = window_width;
    splash->height = window_height;
    return 1;
}

void vitrine_splash_frame(const vitrine_splash *splash, int *x, int *y, int *width, int *height) {
    *x = splash->x;
    *y = splash->y;
    *width = splash->width;
    *height = splash->height;
}

void vitrine_splash_close(vitrine_splash *splash) {
    if (!splash) return;
    if (splash->window && !xcb_connection_has_error(splash->connection)) {
        xcb_destroy_window(splash->connection, splash->window);
        xcb_flush(splash->connection);
    }
    xcb_disconnect(splash->connection);
    free(splash);
}
