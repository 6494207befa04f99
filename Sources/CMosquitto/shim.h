#pragma once
// libmosquitto, the MQTT client of a fleet member (`mqtt` in the config), opened with dlopen on first use rather
// than linked: a kiosk with no `mqtt` key never loads it (nor the OpenSSL it pulls in), and one without
// libmosquitto1 installed runs on and says so in one line.
#include <mosquitto.h>
#include <dlfcn.h>
#include <pthread.h>

/// The libmosquitto functions Vitrine calls, found in libmosquitto.so.1 at run time.
struct vitrine_mosquitto_api {
    __typeof__(&mosquitto_lib_init) lib_init;
    __typeof__(&mosquitto_new) new_client;
    __typeof__(&mosquitto_destroy) destroy;
    __typeof__(&mosquitto_threaded_set) threaded_set;
    __typeof__(&mosquitto_user_data_set) user_data_set;
    __typeof__(&mosquitto_will_set) will_set;
    __typeof__(&mosquitto_username_pw_set) username_pw_set;
    __typeof__(&mosquitto_tls_set) tls_set;
    __typeof__(&mosquitto_connect_async) connect_async;
    __typeof__(&mosquitto_disconnect) disconnect;
    __typeof__(&mosquitto_loop) loop;
    __typeof__(&mosquitto_publish) publish;
    __typeof__(&mosquitto_subscribe) subscribe;
    __typeof__(&mosquitto_connect_callback_set) connect_callback_set;
    __typeof__(&mosquitto_disconnect_callback_set) disconnect_callback_set;
    __typeof__(&mosquitto_publish_callback_set) publish_callback_set;
    __typeof__(&mosquitto_message_callback_set) message_callback_set;
    __typeof__(&mosquitto_strerror) strerror;
    __typeof__(&mosquitto_connack_string) connack_string;
};

/// What loading found, and the once-flag that guards loading (a function's own static: Swift's importer emits the
/// statics of the functions it calls but not a header's globals).
struct vitrine_mosquitto_state {
    struct vitrine_mosquitto_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_mosquitto_state *vitrine_mosquitto_state(void) {
    static struct vitrine_mosquitto_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_mosquitto_load(void) {
    struct vitrine_mosquitto_state *state = vitrine_mosquitto_state();
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VITRINE_MOSQUITTO_FIND(field, name) \
    state->api.field = (__typeof__(state->api.field))dlsym(library, "mosquitto_" #name); \
    if (!state->api.field) return;
    VITRINE_MOSQUITTO_FIND(lib_init, lib_init)
    VITRINE_MOSQUITTO_FIND(new_client, new)
    VITRINE_MOSQUITTO_FIND(destroy, destroy)
    VITRINE_MOSQUITTO_FIND(threaded_set, threaded_set)
    VITRINE_MOSQUITTO_FIND(user_data_set, user_data_set)
    VITRINE_MOSQUITTO_FIND(will_set, will_set)
    VITRINE_MOSQUITTO_FIND(username_pw_set, username_pw_set)
    VITRINE_MOSQUITTO_FIND(tls_set, tls_set)
    VITRINE_MOSQUITTO_FIND(connect_async, connect_async)
    VITRINE_MOSQUITTO_FIND(disconnect, disconnect)
    VITRINE_MOSQUITTO_FIND(loop, loop)
    VITRINE_MOSQUITTO_FIND(publish, publish)
    VITRINE_MOSQUITTO_FIND(subscribe, subscribe)
    VITRINE_MOSQUITTO_FIND(connect_callback_set, connect_callback_set)
    VITRINE_MOSQUITTO_FIND(disconnect_callback_set, disconnect_callback_set)
    VITRINE_MOSQUITTO_FIND(publish_callback_set, publish_callback_set)
    VITRINE_MOSQUITTO_FIND(message_callback_set, message_callback_set)
    VITRINE_MOSQUITTO_FIND(strerror, strerror)
    VITRINE_MOSQUITTO_FIND(connack_string, connack_string)
#undef VITRINE_MOSQUITTO_FIND
    state->api.lib_init();
    state->ready = 1;
}

/// libmosquitto's functions, loaded (and the library initialised) once on first use, from any thread; NULL when
/// libmosquitto.so.1 is not installed.
static inline const struct vitrine_mosquitto_api *vitrine_mosquitto(void) {
    struct vitrine_mosquitto_state *state = vitrine_mosquitto_state();
    pthread_once(&state->once, vitrine_mosquitto_load);
    return state->ready ? &state->api : 0;
}
