#pragma once
// libspeechd, the client library of speech-dispatcher, for a kiosk that speaks its cards (`accessibility`). Opened
// with dlopen when the first card is to be spoken rather than linked, so a kiosk that never speaks never loads it
// and one without it runs silent and says once why (Speaker.swift).
#include <speech-dispatcher/libspeechd.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/// The libspeechd functions Vitrine calls, found in libspeechd.so.2 at run time.
struct vitrine_speechd_api {
    __typeof__(&spd_open2) open2;
    __typeof__(&spd_close) close;
    __typeof__(&spd_say) say;
    __typeof__(&spd_cancel) cancel;
    __typeof__(&spd_set_language) set_language;
    __typeof__(&spd_set_synthesis_voice) set_synthesis_voice;
    __typeof__(&spd_set_voice_rate) set_voice_rate;
};

/// What loading found, and the once-flag that guards loading (a function's static: see CHeif's shim).
struct vitrine_speechd_state {
    struct vitrine_speechd_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_speechd_state *vitrine_speechd_state(void) {
    static struct vitrine_speechd_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_speechd_load(void) {
    struct vitrine_speechd_state *state = vitrine_speechd_state();
    void *library = dlopen("libspeechd.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VITRINE_SPEECHD_FIND(name) \
    state->api.name = (__typeof__(state->api.name))dlsym(library, "spd_" #name); \
    if (!state->api.name) return;
    VITRINE_SPEECHD_FIND(open2)
    VITRINE_SPEECHD_FIND(close)
    VITRINE_SPEECHD_FIND(say)
    VITRINE_SPEECHD_FIND(cancel)
    VITRINE_SPEECHD_FIND(set_language)
    VITRINE_SPEECHD_FIND(set_synthesis_voice)
    VITRINE_SPEECHD_FIND(set_voice_rate)
#undef VITRINE_SPEECHD_FIND
    state->ready = 1;
}

/// libspeechd's functions, loaded once on first use (from any thread); NULL when libspeechd.so.2 is not installed.
static inline const struct vitrine_speechd_api *vitrine_speechd(void) {
    struct vitrine_speechd_state *state = vitrine_speechd_state();
    pthread_once(&state->once, vitrine_speechd_load);
    return state->ready ? &state->api : 0;
}

/// Opens a connection the way the kiosk does: the address from SPEECHD_ADDRESS or speech-dispatcher's default
/// (libspeechd reads it itself when given none), one thread (SPD_MODE_SINGLE: every call waits for its reply, on the
/// speaker's own queue), the daemon started if it is not running and the address is the default.
static inline SPDConnection *vitrine_speechd_open(const struct vitrine_speechd_api *api, char **error) {
    return api->open2("vitrine", "kiosk", NULL, SPD_MODE_SINGLE, NULL, 1, error);
}
