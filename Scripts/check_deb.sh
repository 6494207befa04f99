#!/bin/sh
# Checks a package `make deb` built: Scripts/check_deb.sh vitrine_VERSION_ARCH.deb
# Its files (the binary, the fonts and their licence, both units, the config, the demo deck), its dependencies
# (the SDL2 libraries and fontconfig, no shared Swift runtime) and its conffiles. Prints what failed; exits 1 then.
set -u
deb=$1
failures=0
fail() { echo "check_deb.sh: $*" >&2; failures=$((failures + 1)); }

files=$(dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|') || { echo "check_deb.sh: cannot read $deb" >&2; exit 1; }
for path in /usr/bin/vitrine /usr/share/vitrine/Fonts/DejaVuSans.ttf /usr/share/vitrine/Fonts/DejaVuSans-Bold.ttf \
        /usr/share/vitrine/Fonts/LICENSE-DejaVu.txt /lib/systemd/system/vitrine.service /lib/systemd/system/vitrine.socket \
        /usr/lib/sysusers.d/vitrine.conf /etc/vitrine/kiosk.json /usr/share/vitrine/Demo/canyon.jpg; do
    echo "$files" | grep -qx "$path" || fail "$deb does not contain $path"
done

depends=$(dpkg-deb -f "$deb" Depends)
for library in libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-ttf-2.0-0 libfontconfig1 libsystemd0 libx11-6; do
    echo "$depends" | tr ',' '\n' | grep -q "^ *$library\( \|$\)" || fail "Depends lacks $library: $depends"
done
echo "$depends" | grep -q swift && fail "Depends names a Swift library: $depends"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg-deb -e "$deb" "$scratch/DEBIAN"
grep -qx /etc/vitrine/kiosk.json "$scratch/DEBIAN/conffiles" || fail "conffiles lacks /etc/vitrine/kiosk.json"

# The installed units name the installed paths.
dpkg-deb -x "$deb" "$scratch/root"
grep -q '^ExecStart=/usr/bin/vitrine run .*--config /etc/vitrine/kiosk.json' "$scratch/root/lib/systemd/system/vitrine.service" \
    || fail "vitrine.service's ExecStart does not run /usr/bin/vitrine with /etc/vitrine/kiosk.json"
grep -q '"image": "/usr/share/vitrine/Demo/' "$scratch/root/etc/vitrine/kiosk.json" \
    || fail "kiosk.json does not name its images under /usr/share/vitrine/Demo"
# systemd accepts both units as installed, the release binary in place (the distribution's units and /bin/kill,
# which they name, copied into the tree).
if command -v systemd-analyze >/dev/null; then
    mkdir -p "$scratch/root/usr/lib/systemd" "$scratch/root/bin"
    cp -r "$(readlink -f /lib/systemd/system)" "$scratch/root/usr/lib/systemd/system"
    cp "$(readlink -f /bin/kill)" "$scratch/root/bin/kill"
    verify=$(systemd-analyze verify --root="$scratch/root" "$scratch/root/lib/systemd/system/vitrine.service" \
        "$scratch/root/lib/systemd/system/vitrine.socket" 2>&1) && [ -z "$verify" ] || fail "systemd-analyze verify: $verify"
else
    fail "systemd-analyze is not installed (apt-get install systemd)"
fi
objdump -p "$scratch/root/usr/bin/vitrine" | grep -q 'NEEDED.*libswift' && fail "/usr/bin/vitrine needs the shared Swift runtime"

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "ok: $deb ($(du -h "$deb" | cut -f1)), Depends: $depends"
