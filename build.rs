//! Android only: GameActivity's native glue (compiled by the `android-activity` crate) is C++
//! and links the NDK's shared C++ runtime, which must ship in the APK beside libpushbox.so.
//! Under `cargo ndk -o DIR` this copies `libc++_shared.so` from the NDK into `DIR/ABI/`.
//! Every other build does nothing here.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("android") {
        return;
    }
    println!("cargo:rustc-link-lib=c++_shared");
    let (Some(out), Some(sysroot_libs), Some(abi)) = (
        env::var_os("CARGO_NDK_OUTPUT_PATH"),
        env::var_os("CARGO_NDK_SYSROOT_LIBS_PATH"),
        env::var_os("CARGO_NDK_ANDROID_TARGET"),
    ) else {
        println!(
            "cargo:warning=not built by `cargo ndk -o …`: copy libc++_shared.so into the APK yourself"
        );
        return;
    };
    let from = PathBuf::from(sysroot_libs).join("libc++_shared.so");
    let dir = PathBuf::from(out).join(abi);
    if let Err(e) = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::copy(&from, dir.join("libc++_shared.so")).map(|_| ()))
    {
        panic!("copying {} into {}: {e}", from.display(), dir.display());
    }
}
