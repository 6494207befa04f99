#!/bin/sh
# Builds a Debian package from a `make install DESTDIR=STAGE` tree: Scripts/make_deb.sh STAGE VERSION OUTPUT.deb
# Depends comes from dpkg-shlibdeps on the installed binary; /etc/vitrine/kiosk.json is a conffile; the maintainer
# scripts only create the kiosk's user and group (vitrine) and reload systemd. Nothing is enabled or started.
set -eu
stage=$1 version=$2 output=$3
arch=$(dpkg --print-architecture)
binary="$stage/usr/bin/vitrine"
[ -x "$binary" ] || { echo "make_deb.sh: $binary is missing; run make install-files DESTDIR=$stage first" >&2; exit 1; }

# dpkg-shlibdeps reads a debian/control; a minimal one in a scratch folder will do.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/debian"
printf 'Source: vitrine\n\nPackage: vitrine\nArchitecture: any\n' > "$scratch/debian/control"
absolute_binary=$(cd "$(dirname "$binary")" && pwd)/vitrine
shlibs=$(cd "$scratch" && dpkg-shlibdeps -O "$absolute_binary" 2>"$scratch/shlibdeps.log") || {
    cat "$scratch/shlibdeps.log" >&2; exit 1; }
depends=${shlibs#shlibs:Depends=}
[ -n "$depends" ] || { echo "make_deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# SDL2, SDL_ttf, fontconfig, libsystemd and SDL_image are opened with dlopen (Sources/CLazyLink), so dpkg-shlibdeps
# cannot see them: the versions are Debian 12's.
depends="$depends, libsdl2-2.0-0 (>= 2.26), libsdl2-ttf-2.0-0 (>= 2.20), libfontconfig1 (>= 2.14), libsystemd0, libsdl2-image-2.0-0 (>= 2.6)"
# The Swift runtime must be linked in: a shared libswiftCore would not be found on the target.
if objdump -p "$binary" | grep -q 'NEEDED.*libswift'; then
    echo "make_deb.sh: $binary needs the shared Swift runtime; build it with --static-swift-stdlib (make release)" >&2
    exit 1
fi

mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: vitrine
Version: $version
Architecture: $arch
Maintainer: Vitrine maintainers <vitrine@localhost>
Installed-Size: $size
Depends: $depends
Recommends: fontconfig, fonts-wqy-microhei, libheif1
Section: graphics
Priority: optional
Description: full-screen kiosk of swipeable feature cards
 Vitrine shows a deck of 3:2 feature cards (image, title, subtitle) on a kiosk
 screen, through SDL2 under X11 or straight on KMS/DRM, and pages through them
 by touch, mouse, keys or on a timer. Ships a hardened systemd unit
 (vitrine.service), its control socket (vitrine.socket) and a demo deck.
CONTROL
echo /etc/vitrine/kiosk.json > "$stage/DEBIAN/conffiles"

cat > "$stage/DEBIAN/postinst" <<'SCRIPT'
#!/bin/sh
set -e
if [ "$1" = configure ]; then
    # The kiosk's user and group vitrine (vitrine.service: User=vitrine; vitrine.socket: SocketGroup=vitrine).
    if command -v systemd-sysusers >/dev/null 2>&1; then
        systemd-sysusers vitrine.conf || true
    elif ! getent passwd vitrine >/dev/null; then
        useradd --system --user-group --no-create-home --home-dir / --shell /usr/sbin/nologin vitrine || true
    fi
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload || true
    fi
fi
exit 0
SCRIPT
cat > "$stage/DEBIAN/postrm" <<'SCRIPT'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload || true
fi
exit 0
SCRIPT
cat > "$stage/DEBIAN/prerm" <<'SCRIPT'
#!/bin/sh
set -e
# Stops the kiosk before its files go; an upgrade leaves it running (Restart=always picks up the new binary later).
if [ "$1" = remove ] && [ -d /run/systemd/system ]; then
    systemctl stop vitrine.service vitrine.socket || true
fi
exit 0
SCRIPT
chmod 755 "$stage/DEBIAN/postinst" "$stage/DEBIAN/postrm" "$stage/DEBIAN/prerm"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/conffiles"

mkdir -p "$(dirname "$output")"
dpkg-deb --root-owner-group --build "$stage" "$output"
