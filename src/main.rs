#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use clap::Parser;
#[cfg(not(target_arch = "wasm32"))]
use pushbox::cli::{Cli, run};

/// In a web page there is no command line: the game starts on its title screen. `run` returns
/// at once there (the browser drives the frames), so nothing may follow it.
#[cfg(target_arch = "wasm32")]
fn main() {
    pushbox::game::run(pushbox::game::AppPlugin::web());
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(cmd) => run(cmd),
        #[cfg(feature = "game")]
        None => pushbox::cli::play(Default::default()),
        #[cfg(not(feature = "game"))]
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
    }
}
