#pragma once
// FriBidi, the Unicode bidirectional algorithm, for titles in Hebrew, Arabic and mixed text: it gives each character
// its embedding level, from which the core splits a line into runs of one direction (TextRuns.swift). Opened with
// dlopen the first time a line needs it (a character of a right-to-left script, or a right-to-left paragraph), not
// linked, so a kiosk that shows only left-to-right text never maps it and one without libfribidi0 still runs.
#include <fribidi/fribidi.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

/// The FriBidi functions Vitrine calls, found in libfribidi.so.0 at run time.
struct vitrine_fribidi_api {
    __typeof__(&fribidi_get_bidi_types) get_bidi_types;
    __typeof__(&fribidi_get_bracket_types) get_bracket_types;
    __typeof__(&fribidi_get_par_embedding_levels_ex) get_par_embedding_levels_ex;
};

/// What loading found, and the once-flag that guards loading (a function's own static, as in CHeif's shim).
struct vitrine_fribidi_state {
    struct vitrine_fribidi_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_fribidi_state *vitrine_fribidi_state(void) {
    static struct vitrine_fribidi_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_fribidi_load(void) {
    struct vitrine_fribidi_state *state = vitrine_fribidi_state();
    void *library = dlopen("libfribidi.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VITRINE_FRIBIDI_FIND(name) \
    state->api.name = (__typeof__(state->api.name))dlsym(library, "fribidi_" #name); \
    if (!state->api.name) return;
    VITRINE_FRIBIDI_FIND(get_bidi_types)
    VITRINE_FRIBIDI_FIND(get_bracket_types)
    VITRINE_FRIBIDI_FIND(get_par_embedding_levels_ex)
#undef VITRINE_FRIBIDI_FIND
    state->ready = 1;
}

/// Whether libfribidi.so.0 could be opened (it is opened on the first call, from any thread).
static inline int vitrine_fribidi_available(void) {
    struct vitrine_fribidi_state *state = vitrine_fribidi_state();
    pthread_once(&state->once, vitrine_fribidi_load);
    return state->ready;
}

/// The embedding level of each of `length` code points of `text` (rule X1-I2 of UAX #9, brackets included), for a
/// paragraph whose direction is `direction`: 0 from its first strong character (left-to-right without one), 1
/// left-to-right, 2 right-to-left. Returns the paragraph's resolved direction (0 left-to-right, 1 right-to-left), or
/// -1 when FriBidi is not installed or failed (then `levels` is untouched).
static inline int vitrine_fribidi_levels(const uint32_t *text, int length, int direction, uint8_t *levels) {
    if (!vitrine_fribidi_available() || length < 0) return -1;
    struct vitrine_fribidi_api *api = &vitrine_fribidi_state()->api;
    if (length == 0) return direction == 2 ? 1 : 0;
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)length);
    FriBidiLevel *found = malloc(sizeof(FriBidiLevel) * (size_t)length);
    int result = -1;
    if (types && brackets && found) {
        FriBidiParType paragraph = direction == 1 ? FRIBIDI_PAR_LTR : direction == 2 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
        api->get_bidi_types((const FriBidiChar *)text, length, types);
        api->get_bracket_types((const FriBidiChar *)text, length, types, brackets);
        if (api->get_par_embedding_levels_ex(types, brackets, length, &paragraph, found) != 0) {
            for (int i = 0; i < length; i++) levels[i] = (uint8_t)found[i];
            result = FRIBIDI_IS_RTL(paragraph) ? 1 : 0;
        }
    }
    free(types); free(brackets); free(found);
    return result;
}
