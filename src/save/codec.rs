//! A save file's bytes: reading one of any format (upgraded a rung at a time) and checking
//! that its competition could have been played, and writing the format this program writes.

use std::path::Path;

use super::record::MatchRecord;
use super::{archive, backup_path, v1, v2, v3, v4, v5, Error, ErrorKind, Problem, KIND, MAX_BYTES};
use crate::league::innings::InningsTable;
use crate::league::name::normalise_file_name;
use crate::league::{self, Competition};
use crate::store::{self, atomic, envelope};

/// Reads the competition saved at `path`, without taking its lock: for programs that only
/// look (`accc show`, `accc export`). A file is only ever replaced whole, so this always reads
/// one complete version.
pub fn load(path: &Path) -> Result<Competition, Error> {
    Ok(load_all(path)?.comp)
}

/// Everything a save file holds.
#[derive(Clone, Debug)]
pub struct Contents {
    pub comp: Competition,
    /// The person's match in play, as the file holds it (the journal beside it may hold more:
    /// see [`Keeper::load`](super::Keeper::load)).
    pub in_play: Option<MatchRecord>,
    /// The last match the person played to its end.
    pub last_played: Option<MatchRecord>,
    /// The last season whose records the archive beside the file holds (see [`v4`]); the
    /// records of the seasons after it are on the competition's shelf.
    pub archived_through: Option<u16>,
}

/// Reads everything saved at `path`, without taking its lock (nor reading the journal).
pub fn load_all(path: &Path) -> Result<Contents, Error> {
    let bytes = store::read::read_regular(path, MAX_BYTES).map_err(Error::from_store)?;
    let mut all =
        decode_with(&bytes, Some(path)).map_err(|p| Error::new(path, ErrorKind::Unusable(p)))?;
    // The file's name, not the one stored inside, says which competition this is (and where
    // it is saved): a copy, or a backup opened in its file's place, must not save over the
    // file it came from.
    if let Some(name) = path
        .file_stem()
        .and_then(|s| normalise_file_name(&s.to_string_lossy()).ok())
    {
        all.comp.rename(name);
    }
    Ok(all)
}

/// The competition in a save file's bytes.
pub fn decode(bytes: &[u8]) -> Result<Competition, Problem> {
    Ok(decode_all(bytes)?.comp)
}

/// The format-5 payload of a save file's bytes, of any format: older ones are upgraded, a
/// rung at a time. Also whether the file kept which matches the person played (format 3 on).
pub fn decode_file(bytes: &[u8]) -> Result<(v5::FileV5, bool), Problem> {
    let (version, payload) = envelope::unwrap(KIND, bytes).map_err(Problem::Envelope)?;
    let undecodable = Problem::Undecodable;
    Ok(match version {
        1 => (
            v5::upgrade_4(v4::upgrade_3(v3::upgrade_2(v2::upgrade_1(
                postcard::from_bytes(payload).map_err(undecodable)?,
            )))),
            false,
        ),
        2 => (
            v5::upgrade_4(v4::upgrade_3(v3::upgrade_2(
                postcard::from_bytes(payload).map_err(undecodable)?,
            ))),
            false,
        ),
        3 => (
            v5::upgrade_4(v4::upgrade_3(
                postcard::from_bytes(payload).map_err(undecodable)?,
            )),
            true,
        ),
        4 => (
            v5::upgrade_4(postcard::from_bytes(payload).map_err(undecodable)?),
            true,
        ),
        _ => (postcard::from_bytes(payload).map_err(undecodable)?, true),
    })
}

/// Everything in a save file's bytes. A file without innings records (format 4 and before)
/// has them built by replaying the matches its save keeps (those in an archive beside it
/// cannot be read from bytes alone: [`load_all`] reads them too).
pub fn decode_all(bytes: &[u8]) -> Result<Contents, Problem> {
    decode_with(bytes, None)
}

/// [`decode_all`], the archive beside the save at `path` (if given) read for the innings
/// records of a file that has none.
fn decode_with(bytes: &[u8], path: Option<&Path>) -> Result<Contents, Problem> {
    let (
        v5::FileV5 {
            v4: v4::FileV4 {
                v3: file,
                kept: tapes,
            },
            innings,
        },
        kept,
    ) = decode_file(bytes)?;
    let record = |m: Option<v2::MatchV2>| m.map(|m| m.record()).transpose();
    let mut comp = file
        .competition
        .into_competition()
        .map_err(Problem::Implausible)?;
    let keys = |list: Vec<v3::PersonMatchV3>| list.into_iter().map(|m| m.key()).collect();
    let (by_person, unknown): (Vec<_>, Vec<_>) = if kept {
        (keys(file.by_person), keys(file.unknown))
    } else {
        (Vec::new(), comp.unreplayed_matches())
    };
    comp.set_person_matches(by_person, unknown)
        .map_err(Problem::Implausible)?;
    comp.set_tapes(
        tapes
            .seasons
            .into_iter()
            .map(v4::SeasonTapesV4::tapes)
            .collect(),
    )
    .map_err(Problem::Implausible)?;
    let table = match innings {
        Some(t) => {
            let table = t.table().map_err(Problem::Implausible)?;
            let seasons: Vec<&league::Season> =
                comp.seasons().iter().chain(comp.current()).collect();
            league::check::check_innings(&table, &comp.settings().options, &seasons)
                .map_err(Problem::Implausible)?;
            table
        }
        None => {
            // Built once, by replay; a file's archive that cannot be read leaves its seasons'
            // matches counted as kept as their results only.
            let archived = match (path, tapes.archived_through) {
                (Some(p), Some(through)) => {
                    archive::read(&archive::path_for(p), comp.settings().seed, through)
                        .unwrap_or_default()
                }
                _ => Vec::new(),
            };
            let seasons: Vec<&league::Season> =
                comp.seasons().iter().chain(comp.current()).collect();
            InningsTable::replayed(&seasons, comp.settings().options, |year| {
                comp.shelf()
                    .season(year)
                    .or_else(|| archived.iter().find(|s| s.year == year))
            })
        }
    };
    comp.set_innings(table);
    Ok(Contents {
        in_play: record(file.in_play).map_err(Problem::Record)?,
        last_played: record(file.last_played).map_err(Problem::Record)?,
        comp,
        archived_through: tapes.archived_through,
    })
}

/// A save file's bytes for `comp`, with no match in play or on record.
pub fn encode(comp: &Competition) -> Vec<u8> {
    encode_all(comp, None, None)
}

/// A save file's bytes for `comp`, the person's match in play and their last match, with
/// every match record on the competition's shelf (no archive beside it).
pub fn encode_all(
    comp: &Competition,
    in_play: Option<&MatchRecord>,
    last_played: Option<&MatchRecord>,
) -> Vec<u8> {
    encode_kept(comp, in_play, last_played, None)
}

/// [`encode_all`] for a save whose archive holds the records of the seasons through
/// `archived_through`: the save keeps those of the seasons after it.
pub fn encode_kept(
    comp: &Competition,
    in_play: Option<&MatchRecord>,
    last_played: Option<&MatchRecord>,
    archived_through: Option<u16>,
) -> Vec<u8> {
    let file = v5::FileV5 {
        v4: file_v4(comp, in_play, last_played, archived_through),
        innings: Some(v5::InningsV5::of(comp.innings())),
    };
    envelope::wrap(
        KIND,
        &postcard::to_stdvec(&file).expect("save types serialise"),
    )
}

/// The format-4 part of the file for `comp`.
fn file_v4(
    comp: &Competition,
    in_play: Option<&MatchRecord>,
    last_played: Option<&MatchRecord>,
    archived_through: Option<u16>,
) -> v4::FileV4 {
    v4::FileV4 {
        v3: v3::FileV3 {
            competition: v1::FileV1::from_competition(comp),
            in_play: in_play.map(v2::MatchV2::of),
            last_played: last_played.map(v2::MatchV2::of),
            by_person: comp.person_matches().map(v3::PersonMatchV3::of).collect(),
            unknown: comp.unknown_matches().map(v3::PersonMatchV3::of).collect(),
        },
        kept: v4::KeptV4 {
            archived_through,
            seasons: (comp.shelf().seasons().iter())
                .filter(|s| Some(s.year) > archived_through)
                .map(v4::SeasonTapesV4::of)
                .collect(),
        },
    }
}

/// Adds to the archive beside the save at `path` the records of the closed seasons on
/// `comp`'s shelf after `archived_through`; returns the last season the archive then holds,
/// and the error of an archive written in place whose folder could not be flushed (the save
/// that names it is still to be written, and that error told after it). (An unusable archive
/// is moved aside: see [`archive::append`].) `mark` is where this program's last append
/// left the archive, and is moved on (see [`archive::append_marked`]).
pub(super) fn archive_closed(
    path: &Path,
    comp: &Competition,
    archived_through: Option<u16>,
    mark: &mut Option<archive::Mark>,
) -> Result<(Option<u16>, Option<Error>), Error> {
    let closed: Vec<&league::kept::SeasonTapes> = (comp.shelf().seasons().iter())
        .filter(|s| Some(s.year) > archived_through)
        .filter(|s| comp.seasons().iter().any(|c| c.year == s.year))
        .collect();
    let Some(last) = closed.last().map(|s| s.year) else {
        return Ok((archived_through, None));
    };
    let given = mark.take();
    match archive::append_marked(
        &archive::path_for(path),
        comp.settings().seed,
        archived_through,
        &closed,
        given,
    ) {
        Ok((_, left)) => {
            *mark = left;
            Ok((Some(last), None))
        }
        Err(e) if e.in_place_unflushed() => Ok((Some(last), Some(Error::from_store(e)))),
        Err(e) => Err(Error::from_store(e)),
    }
}

/// Writes `comp` to `path` atomically, keeping the file it replaces as `NAME.bak`, without
/// taking the file's lock: for tools and tests that stand in for another program. A program
/// that owns the file writes through its [`Keeper`](super::Keeper). The records of the closed seasons on
/// its shelf go to the archive beside it first.
pub fn store(path: &Path, comp: &Competition) -> Result<(), Error> {
    let (through, unflushed) = archive_closed(path, comp, None, &mut None)?;
    write_bytes(path, &encode_kept(comp, None, None, through))?;
    unflushed.map_or(Ok(()), Err)
}

pub(super) fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    atomic::write(path, bytes, Some(&backup_path(path))).map_err(Error::from_store)
}
