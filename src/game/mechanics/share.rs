//! Levels shared by link (`core::share`): "Copy link" puts a link to the level on the clipboard
//! (the web page's own address, or on the desktop [`WEB_HOME`]); a link given to the game (the
//! page's address, `pushbox play 'URL'`) opens its level in the player's "Shared with you"
//! collection, added once however often the link is opened, and its solution, when it has one,
//! is replayed once the level is on the board (the replay verifies it). A link that holds no
//! playable level is refused with a notice and the game goes on as it was.
//!
//! Siblings: `collections` (the collection the levels go to), `clipboard`, `save` (the player's
//! best solution, the data folder).

use bevy::prelude::*;

use crate::core::level::{Collection, Level};
use crate::core::share;
use crate::game::mechanics::collections::{self, Collections};
use crate::game::mechanics::save::Saves;
use crate::game::vocab::*;

/// Where the desktop game's links point: the web build as `web/serve.sh` serves it, unless the
/// build names the page it is published at (`PUSHBOX_WEB_HOME=https://… cargo build`).
pub const WEB_HOME: &str = match option_env!("PUSHBOX_WEB_HOME") {
    Some(home) => home,
    None => "http://localhost:8080/",
};

/// The file of the "Shared with you" collection in the collections folder.
const SHARED_FILE: &str = "shared-with-you.bxb";

/// A share link to open once the game is on screen (the page's address, `pushbox play URL`).
#[derive(Resource, Default)]
pub struct SharedLinkAtStart(pub Option<String>);

/// A shared solution waiting for its level to be on the board: the session before it.
#[derive(Resource)]
struct SharedReplay {
    before: Option<u64>,
    lurd: String,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SharedLink>()
        .add_message::<StartReplay>()
        .init_resource::<SharedLinkAtStart>()
        .add_systems(
            Update,
            (link_at_start, open_links, replay_when_on_board, copy_links)
                .chain()
                .in_set(AppSystems::Plan)
                .run_if(in_state(Screen::Playing)),
        );
}

fn link_at_start(mut at_start: ResMut<SharedLinkAtStart>, mut out: MessageWriter<SharedLink>) {
    if let Some(link) = at_start.0.take() {
        out.write(SharedLink(link));
    }
}

/// Opens each link's level, waiting while the designer, Link or a replay has the screen (a
/// level opened under them would take their work away).
#[allow(clippy::too_many_arguments)]
fn open_links(
    mut commands: Commands,
    mut links: MessageReader<SharedLink>,
    mut waiting: Local<Vec<String>>,
    play: Res<State<Play>>,
    mut list: ResMut<Collections>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    (mut current, session): (Option<ResMut<CurrentLevel>>, Option<Res<Session>>),
    mut load: MessageWriter<LoadLevel>,
) {
    waiting.extend(links.read().map(|SharedLink(l)| l.clone()));
    if waiting.is_empty() || matches!(play.get(), Play::Design | Play::Link | Play::Replay) {
        return;
    }
    for link in std::mem::take(&mut *waiting) {
        let shared = match share::read(&link) {
            Ok(s) => s,
            Err(e) => {
                notices.say(t!("share-refused", problem = e.to_string()));
                continue;
            }
        };
        let Some((i, index)) = keep_shared(&mut list, &saves, &mut notices, shared.level) else {
            continue;
        };
        collections::open(&list, i, index, &mut current, &mut commands, &mut load);
        let entry = &list.list[i];
        let title = &entry.collection.levels[index].title;
        notices.say(t!(
            "share-opened",
            level = i18n::level_label(&entry.source, index, title)
        ));
        match shared.solution {
            Some(Ok(lurd)) => commands.insert_resource(SharedReplay {
                before: session.as_ref().map(|s| s.serial),
                lurd,
            }),
            Some(Err(e)) => notices.say(t!("share-bad-solution", problem = e.to_string())),
            None => {}
        }
    }
}

/// Puts a shared level into "Shared with you" (made when missing) unless a level with the same
/// board is there; the collection's index and the level's.
fn keep_shared(
    list: &mut Collections,
    saves: &Saves,
    notices: &mut Notices,
    level: Level,
) -> Option<(usize, usize)> {
    // Without a data folder (a browser that keeps nothing) the level is played all the same, in
    // a collection that lives as long as the game.
    let folder = collections::folder(saves);
    if folder.is_none() {
        notices.say(t!("collection-no-folder"));
    }
    let source = collections::user_path(saves, SHARED_FILE)
        .display()
        .to_string();
    let i = collections::entry_for(list, source, || Collection {
        name: t!("share-collection"),
        ..Collection::default()
    });
    let (at, added) = collections::place_level(list, i, level);
    if !added {
        return Some((i, at));
    }
    let entry = &mut list.list[i];
    if folder.is_some() && !collections::write_user(entry, notices, true) {
        entry.collection.levels.pop();
        if entry.collection.levels.is_empty() {
            list.list.remove(i);
        }
        return None;
    }
    Some((i, at))
}

/// Starts the shared solution's replay once its level has its own session on the board.
fn replay_when_on_board(
    mut commands: Commands,
    waiting: Option<Res<SharedReplay>>,
    session: Option<Res<Session>>,
    mut out: MessageWriter<StartReplay>,
) {
    let (Some(waiting), Some(session)) = (waiting, session) else {
        return;
    };
    if Some(session.serial) == waiting.before {
        return;
    }
    out.write(StartReplay {
        lurd: waiting.lurd.clone(),
        source: t!("replay-source-link"),
        external: true,
    });
    commands.remove_resource::<SharedReplay>();
}

/// "Copy link" in the level menu: the level on the board, with the player's best solution
/// (fewest moves) when asked for.
fn copy_links(
    mut cmds: MessageReader<ScreenCommand>,
    current: Option<Res<CurrentLevel>>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
) {
    for cmd in cmds.read() {
        let ScreenCommand::CopyLink { solution } = *cmd else {
            continue;
        };
        let Some(current) = current.as_ref() else {
            continue;
        };
        let level = current.level();
        let best = solution.then(|| best_solution(&saves, level));
        if best == Some(None) {
            notices.say(t!("share-no-solution"));
            continue;
        }
        copy_link(level, best.flatten(), &mut notices);
    }
}

/// The player's best solution of `level` (fewest moves), the one "Copy link with solution"
/// shares.
pub fn best_solution<'a>(saves: &'a Saves, level: &Level) -> Option<&'a str> {
    saves.progress.records(level)?.best_lurd()
}

/// Puts a link to `level` (and `solution`) on the clipboard and says so.
pub fn copy_link(level: &Level, solution: Option<&str>, notices: &mut Notices) {
    if let Err(e) = level.playable() {
        notices.say(t!("design-not-playable", problem = i18n::level_error(&e)));
        return;
    }
    let link = share::link(&page_address(), level, solution);
    match crate::game::mechanics::clipboard::set_clipboard(&link) {
        Ok(()) => notices.say(t!(
            "share-copied",
            chars = link.chars().count(),
            solution = solution.is_some().to_string()
        )),
        Err(e) => notices.say(t!("clipboard-failed", problem = e.to_string())),
    }
}

/// The page a link opens: in a browser this page, elsewhere [`WEB_HOME`].
fn page_address() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(href) = web_sys::window().and_then(|w| w.location().href().ok()) {
        return href;
    }
    WEB_HOME.to_string()
}
