//! Files a user names: read them with bounds, write them so that nothing already saved is
//! lost. Every reader refuses what is not a regular file (a FIFO would block forever, a device
//! like /dev/zero never ends) and anything larger than its limit; every rewrite goes through
//! a temporary file, `fsync` and a rename, so a crash leaves the old file or the new one.

use std::io::Write;
use std::path::Path;

use crate::diag::Diagnostic;

/// The largest game definition file (TOML or script) read: far above any real game.
pub const MAX_DEFINITION_BYTES: u64 = 4 << 20;

/// The largest record or results file read.
pub const MAX_DATA_BYTES: u64 = 256 << 20;
/// The largest game record read: a game of the longest `max_plies` (a million plies) with a
/// comment on every move fits several times over.
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// Reads a text file of at most `limit` bytes; errors name the file and say what is wrong
/// (not a regular file, too large, not UTF-8 at line:column).
pub fn read_text(path: &Path, limit: u64) -> Result<String, Diagnostic> {
    let name = path.display().to_string();
    let meta = std::fs::metadata(path)
        .map_err(|e| Diagnostic::error(&name, format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(Diagnostic::error(
            &name,
            "cannot read: not a regular file (a folder, a device or a pipe)",
        ));
    }
    if meta.len() > limit {
        return Err(Diagnostic::error(
            &name,
            format!(
                "cannot read: {} bytes is more than the limit of {} bytes",
                meta.len(),
                limit
            ),
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    use std::io::Read;
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| Diagnostic::error(&name, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(Diagnostic::error(
            &name,
            format!("cannot read: more than the limit of {limit} bytes"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..good];
        let line = before.iter().filter(|b| **b == b'\n').count() + 1;
        let col = good
            - before
                .iter()
                .rposition(|b| *b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        let mut d = Diagnostic::error(&name, "the file is not UTF-8 text".to_string());
        d.line_col = Some((line, col));
        d.with_help("save the file as UTF-8")
    })
}

/// Writes `bytes` to `path` through a temporary file in the same folder, synced to disk, and
/// a rename: the file is either the old one or the whole new one, even after a crash.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::other(
            "not a regular file (a folder, a device or a pipe)",
        ));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename itself is on disk once the folder is synced.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Appends `bytes` to `path` (creating it) and syncs them to disk before returning.
pub fn append_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    f.write_all(bytes)?;
    f.sync_data()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_regular_files_and_bad_utf8_are_refused_with_a_place() {
        let d = read_text(Path::new("/dev/zero"), 10).expect_err("a device");
        assert!(d.message.contains("not a regular file"), "{}", d.message);
        let dir = std::env::temp_dir().join(format!("icebox-fsio-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let p = dir.join("bad.txt");
        std::fs::write(&p, b"ok\nab\xffcd").expect("write");
        let d = read_text(&p, 100).expect_err("not utf-8");
        assert_eq!(d.line_col, Some((2, 3)));
        let d = read_text(&p, 3).expect_err("too large");
        assert!(d.message.contains("limit"), "{}", d.message);
        write_atomic(&p, b"new").expect("rewrite");
        append_synced(&p, b" more").expect("append");
        assert_eq!(read_text(&p, 100).expect("reads"), "new more");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
