// Time to the first picture, to the millisecond: starts a command on an X display and polls one pixel of the root
// window every millisecond until it is no longer black.
//
//   cc -O2 -o first_picture Scripts/first_picture.c -lX11
//   first_picture :99 400 266 -- .build/release/vitrine run --windowed 1200x800
//
// Prints the milliseconds from fork to the first lit pixel (-1 after 5 s), then stops the command's process group.
// Polling one pixel costs the X server almost nothing, unlike grabbing the screen, so it does not slow what it
// measures; footprint.py's screen grabs take tens of milliseconds each and quantize its figures.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/// Milliseconds on the monotonic clock.
static double milliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 6 || strcmp(argv[4], "--") != 0) {
        fprintf(stderr, "usage: first_picture DISPLAY X Y -- COMMAND [ARGUMENT...]\n");
        return 64;
    }
    Display *display = XOpenDisplay(argv[1]);
    if (!display) {
        fprintf(stderr, "first_picture: cannot open display %s\n", argv[1]);
        return 69;
    }
    int x = atoi(argv[2]), y = atoi(argv[3]);
    Window root = DefaultRootWindow(display);
    setenv("DISPLAY", argv[1], 1);
    double start = milliseconds();
    pid_t child = fork();
    if (child == 0) {
        setsid();
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
        execvp(argv[5], argv + 5);
        _exit(127);
    }
    double lit = -1;
    while (milliseconds() - start < 5000) {
        XImage *image = XGetImage(display, root, x, y, 1, 1, AllPlanes, ZPixmap);
        unsigned long pixel = image ? XGetPixel(image, 0, 0) : 0;
        if (image) XDestroyImage(image);
        // Any channel above 8 of 255: past the black of an empty screen.
        if ((pixel & 0xF8) || (pixel & 0xF800) || (pixel & 0xF80000)) {
            lit = milliseconds() - start;
            break;
        }
        usleep(1000);
    }
    printf("%.1f\n", lit);
    kill(-child, SIGTERM);
    usleep(200000);
    kill(-child, SIGKILL);
    waitpid(child, NULL, 0);
    XCloseDisplay(display);
    return lit < 0 ? 1 : 0;
}
