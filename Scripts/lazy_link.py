#!/usr/bin/env python3
"""Writes Sources/CLazyLink/LazyLink+Functions.h: the functions Vitrine calls in the libraries it opens itself
(LazyLink.c), each as LAZY_FUNCTION(library, return type, name, (parameters), (arguments)), read from the
libraries' own headers as the C preprocessor sees them.

usage: Scripts/lazy_link.py [--check]

Run it after Vitrine starts calling a function of SDL2, SDL2_ttf, fontconfig, libsystemd or SDL2_image that is not listed
(the link fails with "undefined reference" until then). --check only says whether the file is up to date."""
import os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources/CLazyLink/LazyLink+Functions.h")

# Library (as LazyLink.c names it), headers, the functions called. Variadic ones (SDL_SetError) are written by hand.
LIBRARIES = [
    ("sdl2", "SDL2/SDL.h SDL2/SDL_syswm.h", """
        SDL_ClearError SDL_ConvertPixels SDL_ConvertSurfaceFormat SDL_CreateRGBSurfaceWithFormat
        SDL_CreateRGBSurfaceWithFormatFrom SDL_CreateRenderer SDL_CreateSoftwareRenderer SDL_CreateTexture
        SDL_CreateTextureFromSurface SDL_CreateWindow SDL_DestroyRenderer SDL_DestroyTexture SDL_DestroyWindow
        SDL_DisableScreenSaver SDL_EnableScreenSaver SDL_EventState SDL_FillRect SDL_FlushEvents SDL_FreeSurface
        SDL_GetCurrentVideoDriver SDL_GetDesktopDisplayMode SDL_GetDisplayBounds SDL_GetError SDL_GetKeyName SDL_GetNumVideoDisplays
        SDL_GetRenderTarget SDL_GetRendererInfo SDL_GetRendererOutputSize SDL_GetVersion SDL_GetWindowFlags
        SDL_GetWindowPixelFormat SDL_GetWindowSize SDL_GetWindowSurface SDL_GetWindowWMInfo SDL_HasColorKey SDL_Init
        SDL_InitSubSystem SDL_IsScreenSaverEnabled SDL_LockSurface SDL_LockTexture SDL_MapRGB SDL_PollEvent SDL_PumpEvents
        SDL_PushEvent SDL_Quit SDL_QuitSubSystem SDL_RWFromConstMem SDL_RWFromFP SDL_RWclose SDL_RaiseWindow
        SDL_RegisterEvents SDL_RenderClear SDL_RenderCopy SDL_RenderCopyEx SDL_RenderCopyF SDL_RenderFillRect SDL_RenderFlush
        SDL_RenderGetWindow SDL_RenderPresent SDL_RenderReadPixels SDL_RenderSetClipRect SDL_SetHint SDL_SetRenderDrawBlendMode
        SDL_SetRenderDrawColor SDL_SetRenderTarget SDL_SetSurfaceBlendMode SDL_SetTextureAlphaMod
        SDL_SetTextureBlendMode SDL_SetTextureColorMod SDL_UpdateYUVTexture SDL_SetWindowBordered SDL_SetWindowFullscreen
        SDL_SetWindowPosition SDL_SetWindowSize SDL_ShowCursor SDL_ShowWindow SDL_SoftStretchLinear SDL_UnlockSurface
        SDL_UnlockTexture SDL_UpdateTexture SDL_UpperBlit SDL_WaitEvent SDL_WaitEventTimeout
    """),
    ("sdl2_ttf", "SDL2/SDL_ttf.h", """
        TTF_CloseFont TTF_FontAscent TTF_FontHeight TTF_GlyphIsProvided32 TTF_Init TTF_Linked_Version TTF_OpenFont
        TTF_OpenFontIndex TTF_Quit TTF_RenderUTF8_Blended TTF_SetFontDirection TTF_SetFontScriptName TTF_SetFontStyle
        TTF_SizeUTF8
    """),
    ("fontconfig", "fontconfig/fontconfig.h", """
        FcCharSetAddChar FcCharSetCreate FcCharSetDestroy FcCharSetHasChar FcConfigSubstitute FcDefaultSubstitute
        FcFontSetDestroy FcFontSort FcInit FcPatternAddBool FcPatternAddCharSet FcPatternAddInteger
        FcPatternAddString FcPatternCreate FcPatternDestroy FcPatternGetBool FcPatternGetCharSet FcPatternGetInteger
        FcPatternGetString
    """),
    ("systemd", "systemd/sd-daemon.h", "sd_listen_fds sd_notify sd_watchdog_enabled"),
    ("sdl2_image", "SDL2/SDL_image.h", "IMG_Init IMG_Quit IMG_Linked_Version IMG_Load IMG_Load_RW IMG_SavePNG IMG_SaveJPG"),
]


def preprocessed(header):
    source = "".join(f"#include <{h}>\n" for h in header.split())
    flags = ["-I/usr/include/SDL2", "-D_REENTRANT"]
    text = subprocess.run(["cc", "-E", "-P", *flags, "-"], input=source, capture_output=True, text=True, check=True).stdout
    text = re.sub(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)", " ", text)
    return re.sub(r"\s+", " ", text)


def split_parameters(parameters):
    depth, current, parts = 0, "", []
    for ch in parameters:
        if ch == "," and depth == 0:
            parts.append(current.strip()); current = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        current += ch
    if current.strip():
        parts.append(current.strip())
    return parts


def entry(library, text, name):
    match = re.search(r"(?:^|[;}])\s*(?:extern\s+)?([^;{}()]*?)\b" + name + r"\s*\(([^;{}]*?)\)\s*;", text)
    if not match:
        sys.exit(f"lazy_link: no prototype for {name} in {library}'s header")
    result = re.sub(r"\b(extern|SDLCALL|DECLSPEC)\b", " ", match.group(1))
    result = re.sub(r"\s+", " ", result).strip()
    parameters = split_parameters(match.group(2))
    if parameters in ([], ["void"]):
        return f"LAZY_FUNCTION({library}, {result}, {name}, (void), ())"
    if "..." in parameters:
        sys.exit(f"lazy_link: {name} is variadic: write it by hand in LazyLink.c")
    named, arguments = [], []
    for index, parameter in enumerate(parameters):
        # A name of its own for each parameter, after its type: `const char *file` becomes `const char *a0`.
        argument = f"a{index}"
        declarator = re.match(r"^(.*?[\s*&])?([A-Za-z_]\w*)(\s*\[[^\]]*\])?$", parameter)
        if re.search(r"\(\s*\*", parameter):
            sys.exit(f"lazy_link: {name} takes a function pointer: write it by hand in LazyLink.c")
        type_only = re.fullmatch(r"(const\s+)?(unsigned\s+|signed\s+)?\w+(\s+\w+)?\s*\**\s*(const)?\s*", parameter)
        if declarator and declarator.group(1) and declarator.group(1).strip() not in ("const", "unsigned", "signed", "struct", "enum") \
                and not re.fullmatch(r"(const\s+)?(unsigned|signed)?\s*", declarator.group(1)):
            named.append(declarator.group(1) + argument + (declarator.group(3) or ""))
        elif type_only:
            named.append(parameter + " " + argument)
        else:
            sys.exit(f"lazy_link: cannot read {name}'s parameter '{parameter}'")
        arguments.append(argument)
    return f"LAZY_FUNCTION({library}, {result}, {name}, ({', '.join(named)}), ({', '.join(arguments)}))"


def generate():
    lines = ["// Written by Scripts/lazy_link.py from the libraries' headers: do not edit by hand.", "//",
             "// LAZY_FUNCTION(library, return type, name, (parameters), (arguments)) for each function Vitrine calls in a",
             "// library that LazyLink.c opens itself.", ""]
    for library, header, names in LIBRARIES:
        text = preprocessed(header)
        lines += [entry(library, text, name) for name in names.split()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    content = generate()
    if "--check" in sys.argv:
        current = open(OUT).read() if os.path.exists(OUT) else ""
        print("up to date" if current == content else "out of date: run Scripts/lazy_link.py")
        sys.exit(0 if current == content else 1)
    with open(OUT, "w") as f:
        f.write(content)
    print(f"wrote {os.path.relpath(OUT, ROOT)}")
