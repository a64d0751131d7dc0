#!/usr/bin/env bash
# Makes the rated collections (beginner.bxb … expert.bxb, 60 levels each) with PushBox's own
# generator: `pushbox generate --tier T` from fixed seeds, none a copy, turn or mirror of another
# level here. The same seeds make the same files again. Takes about ten minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")"
pushbox=(cargo run --quiet --release --no-default-features --)
avoid=(tutorial.bxb pushbox.bxb)
seed=1000
for tier in beginner easy medium hard expert; do
  "${pushbox[@]}" generate --tier "$tier" --count 60 --seed "$seed" \
    --avoid "${avoid[@]}" --to "$tier.sok"
  "${pushbox[@]}" convert "$tier.sok" --to "$tier.bxb"
  avoid+=("$tier.bxb")
  seed=$((seed + 100000))
done
