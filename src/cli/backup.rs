//! `pushbox backup export|import FILE`: every record and solution in one file, merged back
//! keeping the better solution of each pair.

use std::path::Path;
use std::process::ExitCode;

use super::*;

pub(super) fn backup(action: BackupAction, data_dir: Option<&Path>) -> ExitCode {
    let store = match store(data_dir) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let mut mine = read_progress(&store);
    match action {
        BackupAction::Export { file } => {
            let to = save::Store::new(file.parent().unwrap_or(Path::new(".")));
            let name = file.file_name().unwrap_or_default().to_string_lossy();
            match to.write(&name, &mine) {
                Ok(()) => {
                    say!(
                        "{}: {} level records written",
                        file.display(),
                        mine.levels.len()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => fail(format!("{}: cannot write: {e}", file.display())),
            }
        }
        BackupAction::Import { file } => {
            let theirs = match save::read_backup(&file) {
                Ok(p) => p,
                Err(e) => return fail(format!("{}: {e}", file.display())),
            };
            let improved = mine.merge(&theirs);
            match store.write(save::Store::PROGRESS, &mine) {
                Ok(()) => {
                    say!(
                        "{}: merged {} level records; {improved} records improved",
                        file.display(),
                        theirs.levels.len()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => fail(format!("{}: cannot write: {e}", store.dir().display())),
            }
        }
    }
}
