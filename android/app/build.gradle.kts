plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "org.pushbox.game"
    compileSdk = 36

    defaultConfig {
        applicationId = "org.pushbox.game"
        // Bevy's audio needs Android 8 (API 26).
        minSdk = 26
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            // The phones PushBox is built for; add "x86_64" for an emulator on a PC.
            abiFilters.addAll(listOf("arm64-v8a"))
        }
    }

    buildTypes {
        getByName("release") {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"))
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    sourceSets {
        getByName("main") {
            // The game's assets and launcher icons, from the repository (no copies to go stale).
            assets.srcDirs("../../assets")
            res.srcDirs("../../assets/android/res")
        }
    }
}

dependencies {
    implementation(libs.appcompat)
    implementation(libs.core)
    implementation(libs.games.activity)
}
