//! Command-line behaviour shared by every command.

use std::process::Stdio;

use crate::helpers::accc;

#[test]
fn a_reader_that_stops_early_ends_output_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let small = ["--batsmen", "2", "--packs-per-session", "1", "--days", "1", "--seed", "1"];
    let st = accc().args(["sim", "PIPE", "--years", "3"]).args(small).arg("--saves-dir").arg(dir.path()).output().unwrap();
    assert!(st.status.success(), "{}", String::from_utf8_lossy(&st.stderr));
    let mut child = accc()
        .args(["export", "PIPE", "--saves-dir"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before the output (over 64 KiB) is written
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}: {err}", out.status.code());
    assert!(err.is_empty(), "nothing on stderr: {err}");
}
