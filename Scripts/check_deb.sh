#!/bin/sh
# Checks a package `make deb` built: Scripts/check_deb.sh vitrine_VERSION_ARCH.deb
# Its files (the binary, the fonts and their licence, the units, the config, the demo deck, the copyright and
# changelog), its dependencies (the SDL2 libraries and fontconfig, no shared Swift runtime), its conffiles, lintian,
# and an install and purge on a copy-on-write view of this machine. Prints what failed; exits 1 then.
set -u
deb=$1
failures=0
fail() { echo "check_deb.sh: $*" >&2; failures=$((failures + 1)); }

files=$(dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|') || { echo "check_deb.sh: cannot read $deb" >&2; exit 1; }
for path in /usr/bin/vitrine /usr/share/vitrine/Fonts/DejaVuSans.ttf /usr/share/vitrine/Fonts/DejaVuSans-Bold.ttf \
        /usr/share/vitrine/Fonts/LICENSE-DejaVu.txt /lib/systemd/system/vitrine.service /lib/systemd/system/vitrine.socket \
        /lib/systemd/system/vitrine@.service /lib/systemd/system/vitrine@.socket \
        /usr/lib/sysusers.d/vitrine.conf /etc/vitrine/kiosk.json /usr/share/vitrine/Demo/canyon.jpg \
        /usr/share/doc/vitrine/copyright /usr/share/doc/vitrine/changelog.gz /usr/share/man/man1/vitrine.1.gz; do
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
    cp "$(readlink -f /bin/sh)" "$scratch/root/bin/sh"
    verify=$(systemd-analyze verify --root="$scratch/root" "$scratch/root/lib/systemd/system/vitrine.service" \
        "$scratch/root/lib/systemd/system/vitrine.socket" "$scratch/root/lib/systemd/system/vitrine@.service" \
        "$scratch/root/lib/systemd/system/vitrine@.socket" 2>&1) && [ -z "$verify" ] || fail "systemd-analyze verify: $verify"
else
    fail "systemd-analyze is not installed (apt-get install systemd)"
fi
objdump -p "$scratch/root/usr/bin/vitrine" | grep -q 'NEEDED.*libswift' && fail "/usr/bin/vitrine needs the shared Swift runtime"

# lintian finds no error and no warning (the one it would, duplicate-font-file, is overridden with its reason).
if command -v lintian >/dev/null; then
    report=$(lintian --fail-on error,warning "$deb" 2>&1 | grep -v 'running with root privileges')
    [ -z "$report" ] || fail "lintian: $report"
else
    fail "lintian is not installed (apt-get install lintian)"
fi

# Installed, removed and purged on a copy-on-write view of this machine (an overlay of /, in a mount namespace of
# its own, so nothing here changes): the install makes the user vitrine and every group the unit names; the purge
# leaves /etc/passwd and /etc/group as they were, but for the shared render and input groups, and removes the
# kiosk's folders and the links `systemctl enable` made. Needs root and overlayfs; said and skipped otherwise.
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
    # The package and the script go in the upper layer, so the chroot sees them even where /tmp is a mount of its own.
    mkdir -p "$scratch/overlay/upper/check-deb" "$scratch/overlay/work" "$scratch/overlay/root"
    cp "$deb" "$scratch/overlay/upper/check-deb/vitrine.deb"
    cat > "$scratch/overlay/upper/check-deb/cycle.sh" <<'CYCLE'
set -u
deb=$1
groups=$(sed -n 's/^SupplementaryGroups=//p' /dev/stdin)
cp /etc/passwd /tmp/passwd.before; cp /etc/group /tmp/group.before
dpkg -i "$deb" >/tmp/dpkg.log 2>&1 || { echo "dpkg -i failed: $(cat /tmp/dpkg.log)"; exit 0; }
getent passwd vitrine >/dev/null || echo "the install made no user vitrine"
for group in vitrine $groups; do getent group "$group" >/dev/null || echo "the install made no group $group"; done
# What the kiosk and an administrator would have made.
mkdir -p /var/lib/vitrine /var/cache/vitrine /etc/systemd/system/multi-user.target.wants
touch /var/lib/vitrine/now.png && chown -R vitrine:vitrine /var/lib/vitrine /var/cache/vitrine
ln -sf /lib/systemd/system/vitrine.service /etc/systemd/system/multi-user.target.wants/vitrine.service
ln -sf /lib/systemd/system/vitrine@.service /etc/systemd/system/multi-user.target.wants/vitrine@1.service
dpkg -P vitrine >/tmp/dpkg.log 2>&1 || { echo "dpkg -P failed: $(cat /tmp/dpkg.log)"; exit 0; }
getent passwd vitrine >/dev/null && echo "the purge left the user vitrine"
getent group vitrine >/dev/null && echo "the purge left the group vitrine"
cmp -s /tmp/passwd.before /etc/passwd || echo "the purge left /etc/passwd changed: $(diff /tmp/passwd.before /etc/passwd)"
extra=$(diff /tmp/group.before /etc/group | grep '^>' | grep -v '^> \(render\|input\):')
[ -z "$extra" ] || echo "the purge left /etc/group changed: $extra"
for path in /var/lib/vitrine /var/cache/vitrine /etc/vitrine /usr/share/vitrine /etc/systemd/system/multi-user.target.wants/vitrine.service \
        /etc/systemd/system/multi-user.target.wants/vitrine@1.service; do
    if [ -e "$path" ] || [ -L "$path" ]; then echo "the purge left $path"; fi
done
CYCLE
    cycle=$(unshare -m sh -c '
        top=$1
        mount -t overlay overlay -o lowerdir=/,upperdir="$top/upper",workdir="$top/work" "$top/root" || exit 3
        mount -t proc proc "$top/root/proc" && mount --rbind /dev "$top/root/dev" || exit 3
        chroot "$top/root" sh /check-deb/cycle.sh /check-deb/vitrine.deb' sh "$scratch/overlay" \
        < "$scratch/root/lib/systemd/system/vitrine.service" 2>&1)
    case $? in
        0) [ -z "$cycle" ] || fail "install and purge: $cycle" ;;
        3) echo "check_deb.sh: no overlay of / here, so the install and purge were not tried: $cycle" >&2 ;;
        *) fail "install and purge: $cycle" ;;
    esac
else
    echo "check_deb.sh: not root, so the install and purge were not tried" >&2
fi

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "ok: $deb ($(du -h "$deb" | cut -f1)), Depends: $depends"
