// Xlib, only for its error handlers: a lost X server or a stray X error must end (or not end) the kiosk on our
// terms, not Xlib's (exit 1).
#include <X11/Xlib.h>
