#pragma once
// libheif, for HEIC and AVIF photos (HEVC through libde265, AV1 through dav1d or libaom).
#include <libheif/heif.h>
