//! The desktop window's icon: the launcher icon drawn by `assets/android/make_icon.py`, compiled
//! into the game. winit creates the window after the first frames, so this tries each frame
//! until the window exists, then stops.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::winit::WINIT_WINDOWS;

const ICON_PNG: &[u8] = include_bytes!("../../assets/android/res/mipmap-xxxhdpi/ic_launcher.png");

/// Whether the icon has been set.
#[derive(Resource, Default)]
struct IconSet(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<IconSet>()
        .add_systems(Update, set_icon.run_if(|done: Res<IconSet>| !done.0));
}

/// The icon as RGBA pixels with its size.
fn decode() -> Result<(Vec<u8>, u32, u32), String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(ICON_PNG));
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let mut buf = vec![0; reader.output_buffer_size().ok_or("icon too large")?];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return Err(format!(
            "icon is {:?}/{:?}, not 8-bit RGBA",
            info.color_type, info.bit_depth
        ));
    }
    buf.truncate(info.buffer_size());
    Ok((buf, info.width, info.height))
}

fn set_icon(
    _main_thread: NonSendMarker,
    mut done: ResMut<IconSet>,
    windows: Query<Entity, With<bevy::window::PrimaryWindow>>,
) {
    let Ok(entity) = windows.single() else { return };
    WINIT_WINDOWS.with_borrow(|winit| {
        let Some(window) = winit.get_window(entity) else {
            return;
        };
        done.0 = true;
        match decode().and_then(|(rgba, w, h)| {
            winit::window::Icon::from_rgba(rgba, w, h).map_err(|e| e.to_string())
        }) {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(e) => warn!("window icon: {e}"),
        }
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_icon_decodes_as_square_rgba() {
        let (rgba, w, h) = super::decode().unwrap();
        assert_eq!((w, h), (192, 192));
        assert_eq!(rgba.len(), 192 * 192 * 4);
        // Opaque in the middle, transparent in the rounded corner.
        let at = |x: usize, y: usize| rgba[(y * 192 + x) * 4 + 3];
        assert_eq!(at(96, 96), 255);
        assert_eq!(at(0, 0), 0);
    }
}
