#pragma once
// libudev, for a touch screen's LIBINPUT_CALIBRATION_MATRIX (display.touchMatrix when the config has none), opened
// with dlopen when the kiosk starts rather than linked, so the kiosk runs without it (Debian's libudev1).
#include <libudev.h>
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

/// The libudev functions Vitrine calls, found in libudev.so.1 at run time.
struct vitrine_udev_api {
    __typeof__(&udev_new) new_;
    __typeof__(&udev_unref) unref;
    __typeof__(&udev_enumerate_new) enumerate_new;
    __typeof__(&udev_enumerate_unref) enumerate_unref;
    __typeof__(&udev_enumerate_add_match_subsystem) enumerate_add_match_subsystem;
    __typeof__(&udev_enumerate_add_match_property) enumerate_add_match_property;
    __typeof__(&udev_enumerate_scan_devices) enumerate_scan_devices;
    __typeof__(&udev_enumerate_get_list_entry) enumerate_get_list_entry;
    __typeof__(&udev_list_entry_get_next) list_entry_get_next;
    __typeof__(&udev_list_entry_get_name) list_entry_get_name;
    __typeof__(&udev_device_new_from_syspath) device_new_from_syspath;
    __typeof__(&udev_device_unref) device_unref;
    __typeof__(&udev_device_get_property_value) device_get_property_value;
    __typeof__(&udev_device_get_devnode) device_get_devnode;
};

/// What loading found, and the once-flag that guards loading (a function's own static, as in CHeif's shim).
struct vitrine_udev_state {
    struct vitrine_udev_api api;
    int ready;
    pthread_once_t once;
};

static inline struct vitrine_udev_state *vitrine_udev_state(void) {
    static struct vitrine_udev_state state = { .ready = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void vitrine_udev_load(void) {
    struct vitrine_udev_state *state = vitrine_udev_state();
    void *library = dlopen("libudev.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VITRINE_UDEV_FIND(field, name) \
    state->api.field = (__typeof__(state->api.field))dlsym(library, #name); \
    if (!state->api.field) return;
    VITRINE_UDEV_FIND(new_, udev_new)
    VITRINE_UDEV_FIND(unref, udev_unref)
    VITRINE_UDEV_FIND(enumerate_new, udev_enumerate_new)
    VITRINE_UDEV_FIND(enumerate_unref, udev_enumerate_unref)
    VITRINE_UDEV_FIND(enumerate_add_match_subsystem, udev_enumerate_add_match_subsystem)
    VITRINE_UDEV_FIND(enumerate_add_match_property, udev_enumerate_add_match_property)
    VITRINE_UDEV_FIND(enumerate_scan_devices, udev_enumerate_scan_devices)
    VITRINE_UDEV_FIND(enumerate_get_list_entry, udev_enumerate_get_list_entry)
    VITRINE_UDEV_FIND(list_entry_get_next, udev_list_entry_get_next)
    VITRINE_UDEV_FIND(list_entry_get_name, udev_list_entry_get_name)
    VITRINE_UDEV_FIND(device_new_from_syspath, udev_device_new_from_syspath)
    VITRINE_UDEV_FIND(device_unref, udev_device_unref)
    VITRINE_UDEV_FIND(device_get_property_value, udev_device_get_property_value)
    VITRINE_UDEV_FIND(device_get_devnode, udev_device_get_devnode)
#undef VITRINE_UDEV_FIND
    state->ready = 1;
}

/// Finds the first touch screen (subsystem input, ID_INPUT_TOUCHSCREEN=1, with a device node) that has a
/// LIBINPUT_CALIBRATION_MATRIX and copies the matrix's text into `matrix` and the node into `node` (each cut to
/// its size). Returns 1 when found, 0 when no touch screen has one, -1 when libudev.so.1 cannot be opened.
static inline int vitrine_udev_touch_matrix(char *matrix, size_t matrix_size, char *node, size_t node_size) {
    struct vitrine_udev_state *state = vitrine_udev_state();
    pthread_once(&state->once, vitrine_udev_load);
    if (!state->ready) return -1;
    const struct vitrine_udev_api *api = &state->api;
    struct udev *udev = api->new_();
    if (!udev) return 0;
    int found = 0;
    struct udev_enumerate *enumerate = api->enumerate_new(udev);
    if (enumerate) {
        api->enumerate_add_match_subsystem(enumerate, "input");
        api->enumerate_add_match_property(enumerate, "ID_INPUT_TOUCHSCREEN", "1");
        api->enumerate_scan_devices(enumerate);
        for (struct udev_list_entry *entry = api->enumerate_get_list_entry(enumerate); entry && !found;
             entry = api->list_entry_get_next(entry)) {
            struct udev_device *device = api->device_new_from_syspath(udev, api->list_entry_get_name(entry));
            if (!device) continue;
            const char *value = api->device_get_property_value(device, "LIBINPUT_CALIBRATION_MATRIX");
            const char *devnode = api->device_get_devnode(device);
            if (value && devnode && matrix_size > 0 && node_size > 0) {
                strncpy(matrix, value, matrix_size - 1);
                matrix[matrix_size - 1] = 0;
                strncpy(node, devnode, node_size - 1);
                node[node_size - 1] = 0;
                found = 1;
            }
            api->device_unref(device);
        }
        api->enumerate_unref(enumerate);
    }
    api->unref(udev);
    return found;
}
