use std::process::ExitCode;

use clap::Parser;
use pushbox::cli::{Cli, run};

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
