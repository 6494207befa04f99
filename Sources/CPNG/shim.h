#pragma once
// libpng's simplified API (png_image): it catches libpng's errors itself and returns 0 with a message, so no
// jump point is needed here.
#include <png.h>
