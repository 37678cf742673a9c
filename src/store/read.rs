//! Reading a whole file that must be a regular file of bounded size. The file is opened without
//! blocking and looked at through the open handle, so a named pipe never hangs the program and
//! a device such as `/dev/zero` (or a symlink to one) never fills memory: both are refused by
//! kind before a byte is read. A symlink to a regular file is read as that file.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::{Doing, Error, ErrorKind};

/// Reads the regular file at `path`, refusing anything else and anything over `limit` bytes.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, Error> {
    let (file, len) = open_regular(path)?;
    if len > limit {
        return Err(Error::new(path, ErrorKind::TooLarge { len, limit }));
    }
    let bytes = read_at_most(path, file, len, limit + 1)?;
    // The file may have grown while it was read.
    if bytes.len() as u64 > limit {
        return Err(Error::new(
            path,
            ErrorKind::TooLarge {
                len: bytes.len() as u64,
                limit,
            },
        ));
    }
    Ok(bytes)
}

/// The first `n` bytes (or fewer) of the regular file at `path`, refusing anything else.
pub fn head(path: &Path, n: u64) -> Result<Vec<u8>, Error> {
    let (file, len) = open_regular(path)?;
    read_at_most(path, file, len, n)
}

/// The regular file at `path`, opened, and its length.
pub fn open_regular(path: &Path) -> Result<(File, u64), Error> {
    let file = open_nonblocking(path).map_err(|e| match std::fs::metadata(path) {
        // What cannot even be opened as a file (a socket: "no such device or address") is
        // said for what it is.
        Ok(meta) if !meta.is_file() => Error::new(path, ErrorKind::NotRegular(kind_name(&meta))),
        _ => Error::io(path, Doing::Reading, e),
    })?;
    let meta = file
        .metadata()
        .map_err(|e| Error::io(path, Doing::Reading, e))?;
    if !meta.is_file() {
        return Err(Error::new(path, ErrorKind::NotRegular(kind_name(&meta))));
    }
    Ok((file, meta.len()))
}

fn read_at_most(path: &Path, file: File, len: u64, n: u64) -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::with_capacity(usize::try_from(len.min(n)).unwrap_or(0));
    file.take(n)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, Doing::Reading, e))?;
    Ok(bytes)
}

/// The folder `path` would be written into, when that folder does not exist: a writer (the
/// store's makes the folders a save goes in) would quietly make it, so a mistyped path is
/// refused instead. Something else in the way (a file where a folder should be) is `None`,
/// left for the writer to name.
pub fn missing_folder(path: &Path) -> Option<&Path> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty())?;
    std::fs::metadata(dir)
        .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
        .then_some(dir)
}

/// Whether `path` names something that is there but is not a regular file, and what it is:
/// a folder, a pipe, a device, ... or a symlink to nothing or round in a loop (see
/// [`broken_link`]).
pub fn not_regular(path: &Path) -> Option<ErrorKind> {
    match std::fs::metadata(path) {
        Ok(meta) => (!meta.is_file()).then(|| ErrorKind::NotRegular(kind_name(&meta))),
        Err(_) => broken_link(path),
    }
}

/// What the symlink at `path` is when it leads to no file: a link to nothing there
/// ([`ErrorKind::DanglingLink`]) or round in a loop ([`ErrorKind::LinkLoop`]).
pub fn broken_link(path: &Path) -> Option<ErrorKind> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.file_type().is_symlink() {
        return None;
    }
    let target = std::fs::read_link(path).ok()?;
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Some(ErrorKind::DanglingLink { target })
        }
        Err(e) if is_loop(&e) => Some(ErrorKind::LinkLoop { target }),
        _ => None,
    }
}

/// Whether the system refused a path for leading through a loop of symlinks (or too many).
pub fn is_loop(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Whether something is at `path` itself, a symlink to nothing included (which
/// `Path::exists` takes for nothing at all).
pub fn is_there(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// "a folder", "a named pipe", ... for a message.
pub fn kind_name(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_file() {
        "a file"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a");
        std::fs::write(&p, b"hello").unwrap();
        assert_eq!(read_regular(&p, 5).unwrap(), b"hello");
        assert_eq!(head(&p, 2).unwrap(), b"he");
        assert!(matches!(
            read_regular(&p, 4).unwrap_err().kind,
            ErrorKind::TooLarge { len: 5, limit: 4 }
        ));
    }

    #[test]
    fn folders_and_missing_files_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            read_regular(dir.path(), 10).unwrap_err().kind,
            ErrorKind::NotRegular("a folder")
        ));
        assert!(matches!(
            read_regular(&dir.path().join("none"), 10).unwrap_err().kind,
            ErrorKind::NotFound
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_device_behind_a_symlink_is_refused_before_reading() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let e = read_regular(&link, 1 << 20).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::NotRegular("a device")), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_nothing_is_not_a_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("L.acc");
        std::os::unix::fs::symlink("/nowhere/at/all.acc", &link).unwrap();
        let e = read_regular(&link, 10).unwrap_err();
        assert!(
            matches!(&e.kind, ErrorKind::DanglingLink { target } if target == Path::new("/nowhere/at/all.acc")),
            "{e}"
        );
        assert!(is_there(&link));
        assert!(matches!(
            not_regular(&link),
            Some(ErrorKind::DanglingLink { .. })
        ));
        assert!(not_regular(&dir.path().join("none")).is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_a_file_that_cannot_be_used() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("A.acc"), dir.path().join("B.acc"));
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        let e = read_regular(&a, 10).unwrap_err();
        assert!(
            matches!(&e.kind, ErrorKind::LinkLoop { target } if *target == b),
            "{e}"
        );
        assert!(e.kind.cannot_be_used());
        assert!(e.to_string().contains("loop"), "{e}");
        assert!(matches!(not_regular(&a), Some(ErrorKind::LinkLoop { .. })));
        assert!(is_there(&a));
    }

    #[cfg(unix)]
    #[test]
    fn a_socket_is_a_file_that_cannot_be_used() {
        let dir = tempfile::tempdir().unwrap();
        let sock = dir.path().join("S.acc");
        let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
        let e = read_regular(&sock, 1 << 20).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::NotRegular("a socket")), "{e}");
        assert!(e.kind.cannot_be_used());
        assert!(matches!(
            head(&sock, 8).unwrap_err().kind,
            ErrorKind::NotRegular("a socket")
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read_regular(&fifo, 1 << 20).unwrap_err();
        assert!(
            matches!(e.kind, ErrorKind::NotRegular("a named pipe")),
            "{e}"
        );
        assert!(matches!(
            not_regular(&fifo),
            Some(ErrorKind::NotRegular("a named pipe"))
        ));
    }
}
