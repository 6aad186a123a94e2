#!/usr/bin/env bash
# CI step: build the Linux one-folder executable from a clean, non-editable
# install and run its smoke test with the dummy SDL drivers.  .ci/run calls
# it (best before pytest, so the test summary stays the last thing printed).
# Exits non-zero on any failure, and gives up after FREEZE_TIMEOUT seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export PIP_DISABLE_PIP_VERSION_CHECK=1
python=${PYTHON:-python3}
echo "== frozen build: one folder, smoke test"
status=0
timeout --kill-after=10 "${FREEZE_TIMEOUT:-280}" "$python" build/freeze.py --fresh --timeout 200 "$@" || status=$?
if [ "$status" -eq 124 ]; then
    echo "frozen build: timed out after ${FREEZE_TIMEOUT:-280} s" >&2
fi
exit "$status"
