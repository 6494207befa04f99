#pragma once
// libqrencode, for the QR code of a card's detail link, opened with dlopen when the first detail panel with a link
// opens rather than linked: a kiosk without it (no libqrencode4) still runs, and shows the panel without its code.
#include <qrencode.h>
#include <dlfcn.h>
#include <pthread.h>

/// The libqrencode functions Vitrine calls, found in libqrencode.so.4 at run time.
struct vitrine_qrencode_api {
    __typeof__(&QRcode_encodeString) encode_string;
    __typeof__(&QRcode_free) free;
};

/// What loading found, and the once-flag that guards loading (a function's own static: see CHeif's shim).
struct vitrine_qrencode_state {
    struct vitrine_qrencode_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_qrencode_state *vitrine_qrencode_state(void) {
    static struct vitrine_qrencode_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_qrencode_load(void) {
    struct vitrine_qrencode_state *state = vitrine_qrencode_state();
    void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    state->api.encode_string = (__typeof__(state->api.encode_string))dlsym(library, "QRcode_encodeString");
    state->api.free = (__typeof__(state->api.free))dlsym(library, "QRcode_free");
    if (!state->api.encode_string || !state->api.free) return;
    state->ready = 1;
}

/// libqrencode's functions, loaded once on first use (from any thread); NULL when libqrencode.so.4 is not installed.
static inline const struct vitrine_qrencode_api *vitrine_qrencode(void) {
    struct vitrine_qrencode_state *state = vitrine_qrencode_state();
    pthread_once(&state->once, vitrine_qrencode_load);
    return state->ready ? &state->api : 0;
}
