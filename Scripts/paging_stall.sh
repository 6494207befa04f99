#!/bin/bash
# The longest loop stall while paging with -> through six 24-megapixel progressive JPEGs: runs `vitrine run
# --stats` under Xvfb, presses -> PRESSES times GAP seconds apart, and prints the --stats line (its "longest frame
# after it" is the longest the loop stalled) and how many previews the loop made itself (a card drawn before the
# card-prepare queue made its preview).
#
#   Scripts/paging_stall.sh [VITRINE] [PRESSES] [GAP] [DISPLAY_NUMBER]
#   Scripts/paging_stall.sh .build/release/vitrine 12 0.4 :99
#
# Needs Xvfb, xdotool and ImageMagick's convert (the pictures are the demo's upscaled, made once in $WORK).
set -eu
VITRINE=$(realpath "${1:-.build/release/vitrine}")
PRESSES=${2:-12}
GAP=${3:-0.4}
export DISPLAY=${4:-:99}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/tmp/vitrine-paging-stall}
mkdir -p "$WORK"
cards=""
for i in 0 1 2 3 4 5; do
    picture="$WORK/p$i.jpg"
    [ -s "$picture" ] || convert "$ROOT/Assets/Demo/ember-mesa.jpg" -resize '6000x4000!' -modulate 100,100,$((40 + i * 30)) \
        -interlace JPEG -quality 88 "$picture"
    cards="$cards${cards:+,}{\"title\":\"Card $i\",\"image\":\"$picture\"}"
done
echo "{\"cards\":[$cards]}" > "$WORK/deck.json"
Xvfb "$DISPLAY" -screen 0 1600x1000x24 -nolisten tcp 2>/dev/null &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
VITRINE_ASSETS="$ROOT/Assets" XDG_CACHE_HOME="$WORK/cache" "$VITRINE" --log-level debug run --stats \
    --config "$WORK/deck.json" --windowed 1280x800 2> "$WORK/run.err" &
kiosk=$!
for _ in $(seq 100); do grep -q "first frame shown" "$WORK/run.err" && break; sleep 0.1; done
sleep 1.5  # Past the first second, which --stats leaves out of its longest frame.
xdotool mousemove 300 300
for _ in $(seq "$PRESSES"); do xdotool key Right; sleep "$GAP"; done
sleep 1
kill -TERM "$kiosk"; wait "$kiosk" || true
grep -o "stats: .*" "$WORK/run.err"
echo "previews made on the loop's thread: $(grep -c "made on the loop's thread" "$WORK/run.err" || true)"
