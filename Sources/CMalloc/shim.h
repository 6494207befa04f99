#pragma once
#include <malloc.h>
#include <stddef.h>

/// Writes each `page`-th byte of the `bytes` at `memory` back as it is, so every page of it is faulted in now (a
/// volatile access, which the compiler keeps); the contents do not change.
static inline void vitrine_touch_pages(void *memory, size_t bytes, size_t page) {
    volatile unsigned char *p = (volatile unsigned char *)memory;
    for (size_t offset = 0; offset < bytes; offset += page) p[offset] = p[offset];
}
