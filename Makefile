# Vitrine: `make run` builds and shows the demo deck; `make test` runs every test.
# Both install the Debian packages they need when they are missing (root, or sudo, required then).

SWIFT ?= swift
CONFIG ?= Config/kiosk.json
# Runs of each program for bench-first-picture.
RUNS ?= 10
# Build-time libraries, and the tools the tests drive (Xvfb and xdotool for the end-to-end window tests, xwd from
# x11-apps to read back what a window shows).
# The fallback font is what the text tests and the multi-script golden frame draw Chinese and Korean with:
# WenQuanYi Micro Hei (Han and Hangul, 1.6 MB).
BUILD_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libfontconfig-dev libsystemd-dev libjpeg62-turbo-dev libpng-dev libheif-dev pkg-config
TEST_PACKAGES := xvfb xdotool x11-apps fonts-wqy-microhei

.PHONY: run test bench bench-swipe bench-first-picture build release deps test-deps render-readme clean

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
# installed); libx11-dev comes with libsdl2-dev.
FIRST_IMAGE = $(shell python3 -c 'import json, os; c = "$(CONFIG)"; print(os.path.join(os.path.dirname(c), json.load(open(c))["cards"][0]["image"]))')
bench-first-picture: release test-deps
	$(CC) -O2 -o .build/first_picture Scripts/first_picture.c -lX11
	python3 Scripts/first_picture.py --runs $(RUNS) $$(command -v feh >/dev/null && echo --feh $(FIRST_IMAGE)) $(CONFIG)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build artifacts
