package org.pushbox.game

import androidx.core.view.WindowCompat
import androidx.core.view.WindowInsetsCompat
import androidx.core.view.WindowInsetsControllerCompat
import com.google.androidgamesdk.GameActivity

/** The game's activity: GameActivity runs the Rust library's `android_main` (src/lib.rs). */
class MainActivity : GameActivity() {
    override fun onWindowFocusChanged(hasFocus: Boolean) {
        super.onWindowFocusChanged(hasFocus)
        // The board gets the whole screen; a swipe from the edge shows the system bars again.
        if (hasFocus) {
            val bars = WindowCompat.getInsetsController(window, window.decorView)
            bars.systemBarsBehavior = WindowInsetsControllerCompat.BEHAVIOR_SHOW_TRANSIENT_BARS_BY_SWIPE
            bars.hide(WindowInsetsCompat.Type.systemBars())
        }
    }

    companion object {
        init {
            System.loadLibrary("pushbox")
        }
    }
}
