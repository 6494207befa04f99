#!/bin/sh
# Builds a Debian package from a `make install DESTDIR=STAGE` tree:
#   Scripts/make_deb.sh STAGE VERSION OUTPUT.deb 'Name <address>'
# The last argument is the package's maintainer (the Makefile passes the git identity). Depends comes from
# dpkg-shlibdeps on the installed binary, which is stripped; /etc/vitrine/kiosk.json is a conffile; the copyright file
# and changelog go to /usr/share/doc/vitrine. The maintainer scripts create the kiosk's user and group (vitrine) and
# the groups its unit names, reload systemd, and on purge remove what the package and the kiosk made (see postrm).
# Nothing is enabled or started.
set -eu
[ $# -eq 4 ] || { echo "usage: Scripts/make_deb.sh STAGE VERSION OUTPUT.deb 'Name <address>'" >&2; exit 64; }
stage=$1 version=$2 output=$3 maintainer=$4
arch=$(dpkg --print-architecture)
# The copyright, the lintian overrides and the maintainer scripts, beside this script.
packaging=$(cd "$(dirname "$0")/../Packaging" && pwd)
binary="$stage/usr/bin/vitrine"
[ -x "$binary" ] || { echo "make_deb.sh: $binary is missing; run make install-files DESTDIR=$stage first" >&2; exit 1; }
case $maintainer in
    *?" <"?*@?*.?*">") ;;
    *) echo "make_deb.sh: the maintainer '$maintainer' is not 'Name <address>' (set MAINTAINER, or a git identity)" >&2; exit 1 ;;
esac

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
# The symbol table and debugging sections go, as dh_strip takes them from an executable (the staged copy only: the
# build keeps its own). The Swift metadata the program reads at run time is in sections strip keeps.
strip --remove-section=.comment --remove-section=.note "$binary"

# The documentation Debian asks of every package: its copyright and licences, and a changelog (gzip -9n, no name or
# time stamp inside, so the same tree gives the same package).
doc="$stage/usr/share/doc/vitrine"
mkdir -p "$doc"
fonts_licence="$stage/usr/share/vitrine/Fonts/LICENSE-DejaVu.txt"
[ -f "$fonts_licence" ] || { echo "make_deb.sh: $fonts_licence is missing" >&2; exit 1; }
{
    cat "$packaging/copyright"
    echo
    # The fonts' own paragraph from their licence file (Debian's fonts-dejavu-core copyright), for the files here.
    awk '/^Files: \*$/ { print "Files: usr/share/vitrine/Fonts/DejaVuSans.ttf usr/share/vitrine/Fonts/DejaVuSans-Bold.ttf"; on = 1; next }
         on && /^$/ { exit }
         on { sub(/[ \t]+$/, ""); print }' "$fonts_licence"
} > "$doc/copyright"
grep -q '^License: bitstream-vera$' "$doc/copyright" || { echo "make_deb.sh: no bitstream-vera licence found in $fonts_licence" >&2; exit 1; }
# The entry's date is the last commit's (or SOURCE_DATE_EPOCH), not the time of the build.
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$packaging" log -1 --format=%ct 2>/dev/null || date +%s)}
cat > "$scratch/changelog" <<CHANGELOG
vitrine ($version) unstable; urgency=medium

  * Built from the Vitrine repository by make deb. What changed is in the
    repository's history (git log).

 -- $maintainer  $(LC_ALL=C date -u -R -d "@$epoch")
CHANGELOG
gzip -9n -c "$scratch/changelog" > "$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"
# The one lintian warning the package keeps on purpose, with its reason.
install -D -m 644 "$packaging/lintian-overrides" "$stage/usr/share/lintian/overrides/vitrine"

mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: vitrine
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: fontconfig, fonts-wqy-microhei, libheif1, libqrencode4, libmosquitto1, libfribidi0, libavformat59, libavcodec59, libswscale6, libavutil57, libwebpdemux2
Section: graphics
Priority: optional
Description: full-screen kiosk of swipeable feature cards
 Vitrine shows a deck of 3:2 feature cards (image, title, subtitle) on a kiosk
 screen, through SDL2 under X11 or straight on KMS/DRM, and pages through them
 by touch, mouse, keys or on a timer. Ships a hardened systemd unit
 (vitrine.service), its control socket (vitrine.socket) and a demo deck.
CONTROL
echo /etc/vitrine/kiosk.json > "$stage/DEBIAN/conffiles"
# Every file's checksum but the conffile's (dpkg keeps those itself), for debsums and dpkg --verify.
(cd "$stage" && find . -type f ! -path ./DEBIAN/\* ! -path ./etc/\* -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
    > "$stage/DEBIAN/md5sums"
for script in postinst prerm postrm; do
    install -m 755 "$packaging/$script" "$stage/DEBIAN/$script"
done
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/conffiles" "$stage/DEBIAN/md5sums"

mkdir -p "$(dirname "$output")"
dpkg-deb --root-owner-group --build "$stage" "$output"
