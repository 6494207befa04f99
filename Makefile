# Vitrine: `make run` builds and shows the demo deck; `make test` runs every test.
# Both install the Debian packages they need when they are missing (root, or sudo, required then).

SWIFT ?= swift
CONFIG ?= Config/kiosk.json
# Runs of each program for bench-first-picture.
RUNS ?= 10
# Build-time libraries, and the tools the tests drive (Xvfb and xdotool for the end-to-end window tests, xwd from
# x11-apps to read back what a window shows, xrandr from x11-xserver-utils to resize the screen, rsync for the
# deploy tests, systemd-socket-activate from systemd to pass a socket as systemd does, openbox for a window manager,
# zbarimg from zbar-tools to read the detail panel's QR code back; libqrencode-dev draws it; mosquitto and its
# clients for the fleet tests: a real broker; heif-enc from libheif-examples makes the HEIC and AVIF files the HEIF
# helper's tests decode; img2webp from webp makes the animated WebPs the WebPAnimation tests play; Xorg and its
# dummy video driver for an X screen of two outputs, which Xvfb cannot make, for the several-screens test).
# The fallback font is what the text tests and the multi-script golden frame draw Chinese and Korean with:
# WenQuanYi Micro Hei (Han and Hangul, 1.6 MB).
# The shaping tests compare lines with Pillow's libraqm layout (python3-pil, libraqm0) and draw Devanagari and colour
# emoji with fonts-noto-core and fonts-noto-color-emoji; libfribidi-dev gives the header of the FriBidi Vitrine opens.
BUILD_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libfontconfig-dev libsystemd-dev libjpeg62-turbo-dev libpng-dev libheif-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libqrencode-dev libfribidi-dev libudev-dev libxext-dev libxcb1-dev libmosquitto-dev libspeechd-dev libwebp-dev pkg-config
# systemd also gives systemd-analyze, with which the tests verify the units in Packaging.
TEST_PACKAGES := xvfb xdotool x11-apps x11-xserver-utils rsync systemd fonts-wqy-microhei openbox zbar-tools mosquitto mosquitto-clients ffmpeg libheif-examples webp python3-pil libraqm0 fonts-noto-core fonts-noto-color-emoji xserver-xorg-core xserver-xorg-video-dummy
# make deb: dpkg-shlibdeps works out the package's dependencies from the binary's libraries.
DEB_PACKAGES := dpkg-dev

.PHONY: run test bench bench-swipe bench-first-picture build release deps test-deps render-readme clean \
	install install-files uninstall deb check-deb

# Installs whatever is missing from $(1) with apt-get.
define apt_install
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))

build: deps
	$(SWIFT) build

# The Swift runtime linked in statically: measured 34.5 MiB PSS against 40.7 MiB with the shared libraries on a
# machine with no other Swift process (see the README's Benchmarks).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

run: release
	.build/release/vitrine run --config $(CONFIG)

# Measures a synthetic deck headless in a release build: a small deck and a large one, at a 3:2 panel's size.
bench: release
	.build/release/vitrine bench --size 1920x1280 --cards 10
	.build/release/vitrine bench --size 1920x1280 --cards 1000

# Swipes through the demo deck in a real window under Xvfb and prints the --stats line (frames over the 1/60 s
# budget) and the memory after one pass and at the end.
bench-swipe: release test-deps
	python3 Scripts/swipe_smoothness.py --swipes 40 Config/kiosk.json

# Times the first picture of the deck to the millisecond under Xvfb (and feh's on the same first image, when feh is
# installed), on a cold start and on a restart with the composed-card cache; libx11-dev comes with libsdl2-dev.
FIRST_IMAGE = $(shell python3 -c 'import json, os; c = "$(CONFIG)"; print(os.path.join(os.path.dirname(c), json.load(open(c))["cards"][0]["image"]))')
bench-first-picture: release test-deps
	$(CC) -O2 -o .build/first_picture Scripts/first_picture.c -lX11
	python3 Scripts/first_picture.py --runs $(RUNS) $$(command -v feh >/dev/null && echo --feh $(FIRST_IMAGE)) $(CONFIG)
	python3 Scripts/first_picture.py --runs $(RUNS) --cache .build/first-picture-cache $$(command -v feh >/dev/null && echo --feh $(FIRST_IMAGE)) $(CONFIG)

# Redraws the README's four pictures (Docs/Images) from the demo deck with `vitrine render`, headless: a card, a
# swipe 40 % of the way from card 1 to card 2, the long title shortened, and a portrait window letterboxed.
# VITRINE= names another binary and skips the release build: make render-readme VITRINE=.build/debug/vitrine
VITRINE ?= .build/release/vitrine
README_RENDER = $(VITRINE) render --config Config/kiosk.json
render-readme: $(if $(filter .build/release/vitrine,$(VITRINE)),release)
	$(README_RENDER) --page 0 --size 600x400 --output Docs/Images/card.png
	$(README_RENDER) --page 1 --offset 0.4 --size 600x400 --output Docs/Images/mid-swipe.png
	$(README_RENDER) --page 8 --size 600x400 --output Docs/Images/long-title.png
	$(README_RENDER) --page 4 --size 360x540 --output Docs/Images/portrait.png
	$(VITRINE) render --config Config/kiosk-rtl.json --page 0 --size 600x400 --output Docs/Images/rtl-card.png

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build artifacts

# Installs the release build: `make install` (PREFIX=/usr by default; DESTDIR= stages it elsewhere, as `make deb`
# does). The binary to $(PREFIX)/bin, its manual page to $(PREFIX)/share/man/man1, the fonts, their licence and the
# demo deck to $(PREFIX)/share/vitrine, the units (their paths rewritten for PREFIX and SYSCONFDIR; vitrine@.service
# and vitrine@.socket run one kiosk per display) to
# /lib/systemd/system ($(PREFIX)/lib/systemd/system for another PREFIX), the kiosk's user and group and the device
# groups its unit names to sysusers.d, and the demo config, its images named by absolute paths, to
# $(SYSCONFDIR)/vitrine/kiosk.json unless one is there already.
PREFIX ?= /usr
SYSCONFDIR ?= /etc
DESTDIR ?=
UNITDIR ?= $(if $(filter /usr,$(PREFIX)),/lib/systemd/system,$(PREFIX)/lib/systemd/system)
# install-files copies this binary without building it (the tests install their debug build with it).
BINARY ?= .build/release/vitrine
SHARE = $(PREFIX)/share/vitrine
UNIT_PATHS = -e 's|/usr/bin/vitrine|$(PREFIX)/bin/vitrine|g' -e 's|/etc/vitrine/|$(SYSCONFDIR)/vitrine/|g' \
	-e 's|/usr/share/doc/vitrine/|$(PREFIX)/share/doc/vitrine/|g' -e 's|/usr/lib/sysusers.d/|$(PREFIX)/lib/sysusers.d/|g'

install: release
	$(MAKE) install-files

install-files:
	@test -x $(BINARY) || { echo "make install-files: $(BINARY) is not built (run make release, or make install)"; exit 1; }
	install -D -m 755 $(BINARY) $(DESTDIR)$(PREFIX)/bin/vitrine
	install -d -m 755 $(DESTDIR)$(SHARE)/Fonts $(DESTDIR)$(SHARE)/Demo $(DESTDIR)$(UNITDIR) $(DESTDIR)$(PREFIX)/share/doc/vitrine \
		$(DESTDIR)$(PREFIX)/share/man/man1
	gzip -9n -c Packaging/vitrine.1 > $(DESTDIR)$(PREFIX)/share/man/man1/vitrine.1.gz && chmod 644 $(DESTDIR)$(PREFIX)/share/man/man1/vitrine.1.gz
	install -m 644 Assets/Fonts/DejaVuSans.ttf Assets/Fonts/DejaVuSans-Bold.ttf Assets/Fonts/LICENSE-DejaVu.txt $(DESTDIR)$(SHARE)/Fonts
	install -m 644 Assets/Demo/*.jpg $(DESTDIR)$(SHARE)/Demo
	install -m 644 README.md $(DESTDIR)$(PREFIX)/share/doc/vitrine/README.md
	for unit in vitrine.service vitrine.socket vitrine@.service vitrine@.socket; do \
		sed $(UNIT_PATHS) Packaging/$$unit > $(DESTDIR)$(UNITDIR)/$$unit && chmod 644 $(DESTDIR)$(UNITDIR)/$$unit || exit 1; \
	done
	install -D -m 644 Packaging/vitrine.sysusers $(DESTDIR)$(PREFIX)/lib/sysusers.d/vitrine.conf
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/vitrine/kiosk.json ]; then \
		echo "kept $(DESTDIR)$(SYSCONFDIR)/vitrine/kiosk.json as it is"; \
	else \
		install -d -m 755 $(DESTDIR)$(SYSCONFDIR)/vitrine && \
		sed 's|"\.\./Assets/Demo/|"$(SHARE)/Demo/|' Config/kiosk.json > $(DESTDIR)$(SYSCONFDIR)/vitrine/kiosk.json && \
		chmod 644 $(DESTDIR)$(SYSCONFDIR)/vitrine/kiosk.json && echo "installed $(DESTDIR)$(SYSCONFDIR)/vitrine/kiosk.json"; \
	fi

# Removes what install-files put in place, except the config in $(SYSCONFDIR)/vitrine.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/vitrine $(DESTDIR)$(UNITDIR)/vitrine.service $(DESTDIR)$(UNITDIR)/vitrine.socket \
		$(DESTDIR)$(UNITDIR)/vitrine@.service $(DESTDIR)$(UNITDIR)/vitrine@.socket \
		$(DESTDIR)$(PREFIX)/lib/sysusers.d/vitrine.conf $(DESTDIR)$(PREFIX)/share/man/man1/vitrine.1.gz
	rm -rf $(DESTDIR)$(SHARE) $(DESTDIR)$(PREFIX)/share/doc/vitrine

# A Debian package of the release build (the Swift runtime linked in statically), from a `make install` staging
# tree: .build/deb/vitrine_$(VERSION)_ARCH.deb. Its dependencies come from dpkg-shlibdeps; its maintainer, in the
# control file and the changelog, is the git identity of the last commit unless MAINTAINER='Name <address>' is given.
VERSION ?= 0.1
MAINTAINER ?= $(shell git log -1 --format='%an <%ae>' 2>/dev/null)
DEB_STAGE = .build/deb/stage
DEB_FILE = .build/deb/vitrine_$(VERSION)_$(shell dpkg --print-architecture).deb
deb: release
	$(call apt_install,$(DEB_PACKAGES))
	rm -rf $(DEB_STAGE)
	$(MAKE) install-files DESTDIR=$(abspath $(DEB_STAGE)) PREFIX=/usr SYSCONFDIR=/etc
	Scripts/make_deb.sh $(DEB_STAGE) $(VERSION) $(DEB_FILE) "$(MAINTAINER)"

# Builds the package and checks its file list, dependencies, conffiles and units (systemd-analyze verify), that
# lintian finds no error or warning, and (as root) that it installs and purges cleanly on a copy-on-write view of this
# machine; a release build takes a minute or two, so this is not part of make test.
check-deb: deb
	$(call apt_install,systemd lintian)
	Scripts/check_deb.sh $(DEB_FILE)
