// PushBox's Android app: a GameActivity that loads the game's Rust library (libpushbox.so, built
// into app/src/main/jniLibs by cargo-ndk; see "Build for Android" in the README).
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "pushbox"
include(":app")
