#!/usr/bin/env bash
# Builds PushBox for the web into web/dist/: the game as WebAssembly (release, optimised for
# size), its JavaScript glue, the page and the assets. Serve the folder with `bash web/serve.sh`.
#
# Needs: the wasm32-unknown-unknown target (added here with rustup) and wasm-bindgen-cli at the
# exact version of the wasm-bindgen crate in Cargo.lock (built here from crates.io when missing,
# into $PUSHBOX_TOOLS, default ~/.cargo). wasm-opt (Debian's `binaryen`) is used when present.
set -euo pipefail
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi

# wasm-bindgen's command-line tool must match the library the game links, to the patch version.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
tools=${PUSHBOX_TOOLS:-$HOME/.cargo}
export PATH="$tools/bin:$PATH"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  echo "web/build.sh: building wasm-bindgen-cli $version" >&2
  # Its lock file names a webpki-roots this registry mirror has been seen to lack: then let
  # cargo choose the dependencies' versions.
  cargo install wasm-bindgen-cli --version "$version" --locked --root "$tools" \
    || cargo install wasm-bindgen-cli --version "$version" --root "$tools"
fi

cargo build --profile web --target "$target" --bin pushbox
target_dir=${CARGO_TARGET_DIR:-target}
out=web/dist
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name pushbox \
  "$target_dir/$target/web/pushbox.wasm"
# The features Rust's wasm32 target uses by default. wasm-opt before version 116 breaks the
# table of JavaScript references wasm-bindgen sets up (seen with Debian 12's binaryen 108: the
# page stops at start with "WebAssembly.Table.set(): Argument 1 is invalid"): such a one is not
# used.
wasm_opt_version=$(wasm-opt --version 2>/dev/null | awk '{print $3}' || true)
if [ "${wasm_opt_version:-0}" -lt 116 ] 2>/dev/null; then
  [ -z "$wasm_opt_version" ] || echo "web/build.sh: wasm-opt $wasm_opt_version is too old; not used" >&2
elif command -v wasm-opt >/dev/null; then
  if wasm-opt -Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    -o "$out/pushbox_bg.opt.wasm" "$out/pushbox_bg.wasm"; then
    mv "$out/pushbox_bg.opt.wasm" "$out/pushbox_bg.wasm"
  else
    echo "web/build.sh: wasm-opt failed; the module is left unoptimised" >&2
    rm -f "$out/pushbox_bg.opt.wasm"
  fi
fi
cp web/index.html web/manifest.webmanifest "$out/"
cp -r web/icons "$out/"
# The assets the game loads (the Android launcher icons stay behind).
mkdir -p "$out/assets"
for item in assets/*; do
  [ "$(basename "$item")" = android ] || cp -r "$item" "$out/assets/"
done
# The service worker: every file of the build to keep for offline play, and the build's version
# (a hash of those files' contents), so that a new build replaces the old cache.
files=$(cd "$out" && find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
build_version=$(cd "$out" && printf '%s\n' $files | xargs sha256sum | sha256sum | cut -c1-16)
list=$(printf '"./",'; printf '"%s",' $files | sed 's/,$//')
sed -e "s|__VERSION__|$build_version|" -e "s|__FILES__|[$list]|" web/sw.js > "$out/sw.js"
echo "web/build.sh: version $build_version, $(printf '%s\n' $files | wc -l) files kept for offline play" >&2

raw=$(stat -c %s "$out/pushbox_bg.wasm")
gz=$(gzip -9 -c "$out/pushbox_bg.wasm" | wc -c)
assets=$(du -sb "$out/assets" | cut -f1)
echo "web/build.sh: $out/pushbox_bg.wasm $raw bytes ($gz gzipped); assets $assets bytes" >&2
