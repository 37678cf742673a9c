//! `accc almanack`: the page is parsed and every picture's numbers are read back from its SVG
//! (through the axes written on each figure) and checked against `accc export` — each
//! county's place every season in the bump chart and its own story, the champion of every
//! season, the eras' bars — as are its tables; it loads nothing from anywhere; it replaces
//! only an earlier almanack. Where Chromium is installed the page is also rendered headless
//! to a PNG, which must not be blank, with no message on the browser's console.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use accc::almanack::charts::{
    BAR_COLOUR, CHAMPION_COLOUR, PROMOTED_COLOUR, RELEGATED_COLOUR, SPOON_COLOUR,
};
use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

fn run(dir: &Path, args: &[&str]) -> Output {
    crate::helpers::run_in(dir, args)
}

fn ok(dir: &Path, args: &[&str]) -> String {
    crate::helpers::ok_in(dir, args)
}

/// A competition of `years` small seasons in `dir`, its export and its almanack.
fn made(dir: &Path, name: &str, years: &str, seed: &str) -> (Value, String) {
    ok(
        dir,
        &[
            "sim",
            name,
            "--years",
            years,
            "--batsmen",
            "3",
            "--packs-per-session",
            "1",
            "--days",
            "1",
            "--seed",
            seed,
            "--county",
            "Kent",
        ],
    );
    let export: Value = serde_json::from_str(&ok(dir, &["export", name])).unwrap();
    let said = ok(dir, &["almanack", name]);
    let file = dir.join(format!("{name}.html"));
    assert!(said.contains(&file.file_name().unwrap().to_string_lossy().to_string()));
    (export, std::fs::read_to_string(file).unwrap())
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

/// A linear axis read from a figure: "value pixel value pixel".
struct Axis {
    v: [f64; 2],
    p: [f64; 2],
}

impl Axis {
    fn of(fig: &ElementRef, attr: &str) -> Axis {
        let n: Vec<f64> = fig
            .value()
            .attr(attr)
            .unwrap_or_else(|| panic!("a figure without {attr}"))
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        Axis {
            v: [n[0], n[2]],
            p: [n[1], n[3]],
        }
    }

    /// The value at pixel `px`.
    fn value(&self, px: f64) -> f64 {
        self.v[0] + (px - self.p[0]) * (self.v[1] - self.v[0]) / (self.p[1] - self.p[0])
    }

    /// How much one pixel is worth.
    fn per_pixel(&self) -> f64 {
        ((self.v[1] - self.v[0]) / (self.p[1] - self.p[0])).abs()
    }
}

fn attr<'a>(e: &'a ElementRef, name: &str) -> &'a str {
    e.value().attr(name).unwrap_or_default()
}

fn num(e: &ElementRef, name: &str) -> f64 {
    attr(e, name).parse().unwrap()
}

/// County by colour, from a figure's `data-colours`.
fn colours(fig: &ElementRef) -> HashMap<String, String> {
    attr(fig, "data-colours")
        .split(';')
        .map(|pair| {
            let (county, colour) = pair.split_once(':').unwrap();
            (colour.to_ascii_lowercase(), county.to_string())
        })
        .collect()
}

/// Every county's overall place (1-16) each year, from the export.
fn places(export: &Value) -> BTreeSet<(String, u16, u8)> {
    let mut out = BTreeSet::new();
    for s in export["seasons"].as_array().unwrap() {
        let year = s["year"].as_u64().unwrap() as u16;
        for (class, offset) in [("first_class", 0), ("second_class", 8)] {
            for (i, row) in s[class]["table"].as_array().unwrap().iter().enumerate() {
                let county = row["county"].as_str().unwrap().to_string();
                out.insert((county, year, offset + i as u8 + 1));
            }
        }
    }
    out
}

/// The (county, year, place) points drawn in a places figure: its lines' corners and its dots,
/// each county known by its colour.
fn drawn_places(
    fig: &ElementRef,
    colour_of: &HashMap<String, String>,
) -> BTreeSet<(String, u16, u8)> {
    let (x, y) = (Axis::of(fig, "data-x"), Axis::of(fig, "data-y"));
    let mut out = BTreeSet::new();
    let mut put = |colour: &str, px: f64, py: f64| {
        let Some(county) = colour_of.get(&colour.to_ascii_lowercase()) else {
            return;
        };
        let (year, place) = (x.value(px), y.value(py));
        assert!(
            (year - year.round()).abs() < 0.2,
            "{county}: x {px} is year {year}"
        );
        assert!(
            (place - place.round()).abs() < 0.2,
            "{county}: y {py} is place {place}"
        );
        out.insert((county.clone(), year.round() as u16, place.round() as u8));
    };
    for line in fig.select(&sel("polyline")) {
        for point in attr(&line, "points").split_whitespace() {
            let (px, py) = point.split_once(',').unwrap();
            put(
                attr(&line, "stroke"),
                px.parse().unwrap(),
                py.parse().unwrap(),
            );
        }
    }
    for dot in fig.select(&sel("circle")) {
        put(attr(&dot, "fill"), num(&dot, "cx"), num(&dot, "cy"));
    }
    out
}

/// Checks every picture and table of `html` against `export`.
fn check_page(html: &str, export: &Value) {
    let doc = Html::parse_document(html);
    let seasons = export["seasons"].as_array().unwrap();
    // Nothing from anywhere else, and a policy that forbids it.
    assert_eq!(doc.select(&sel("script")).count(), 0);
    assert_eq!(doc.select(&sel("[src]")).count(), 0);
    for a in doc.select(&sel("[href]")) {
        assert!(attr(&a, "href").starts_with('#'), "{}", attr(&a, "href"));
    }
    let policy = doc
        .select(&sel("meta[http-equiv=Content-Security-Policy]"))
        .next()
        .expect("a content security policy");
    assert!(attr(&policy, "content").contains("default-src 'none'"));

    // The bump chart: every county's place every season.
    let bump = doc
        .select(&sel("figure[data-picture=bump]"))
        .next()
        .unwrap();
    let colour_of = colours(&bump);
    assert_eq!(colour_of.len(), 16);
    let expected = places(export);
    assert_eq!(expected.len(), 16 * seasons.len());
    assert_eq!(drawn_places(&bump, &colour_of), expected, "the bump chart");

    // Each county's story: its own places, and its seasons' events ringed.
    let stories: Vec<ElementRef> = doc.select(&sel("figure[data-picture=story]")).collect();
    assert_eq!(stories.len(), 16);
    for fig in &stories {
        let county = attr(fig, "data-county").to_string();
        let own: BTreeSet<_> = expected
            .iter()
            .filter(|(c, _, _)| *c == county)
            .cloned()
            .collect();
        assert_eq!(drawn_places(fig, &colour_of), own, "{county}'s story");
        let (x, y) = (Axis::of(fig, "data-x"), Axis::of(fig, "data-y"));
        let rings: BTreeSet<(u16, &str)> = fig
            .select(&sel("circle"))
            .filter_map(|c| {
                let kind = match attr(&c, "stroke").to_ascii_lowercase() {
                    s if s == CHAMPION_COLOUR => "champion",
                    s if s == PROMOTED_COLOUR => "promoted",
                    s if s == RELEGATED_COLOUR => "relegated",
                    s if s == SPOON_COLOUR => "spoon",
                    _ => return None,
                };
                let year = x.value(num(&c, "cx")).round() as u16;
                let place = y.value(num(&c, "cy")).round() as u8;
                assert!(
                    own.contains(&(county.clone(), year, place)),
                    "{county} {year}"
                );
                Some((year, kind))
            })
            .collect();
        let mut events = BTreeSet::new();
        for s in seasons {
            let year = s["year"].as_u64().unwrap() as u16;
            let last = year == 1989;
            let is = |class: &str, i: usize| s[class]["table"][i]["county"] == county.as_str();
            for (hit, kind) in [
                (is("first_class", 0), "champion"),
                (is("first_class", 7) && !last, "relegated"),
                (is("second_class", 0) && !last, "promoted"),
                (is("second_class", 7), "spoon"),
            ] {
                if hit {
                    events.insert((year, kind));
                }
            }
        }
        assert_eq!(rings, events, "{county}'s events");
    }

    // The champions' timeline: a band a season in the champion's colour.
    let timeline = doc
        .select(&sel("figure[data-picture=champions]"))
        .next()
        .unwrap();
    let x = Axis::of(&timeline, "data-x");
    let mut champions = BTreeSet::new();
    for r in timeline.select(&sel("rect")) {
        if let Some(county) = colour_of.get(&attr(&r, "fill").to_ascii_lowercase()) {
            let year = x.value(num(&r, "x") + num(&r, "width") / 2.0).round() as u16;
            champions.insert((year, county.clone()));
        }
    }
    let expected: BTreeSet<(u16, String)> = seasons
        .iter()
        .map(|s| {
            (
                s["year"].as_u64().unwrap() as u16,
                s["champion"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(champions, expected, "the champions' timeline");

    // The eras: each decade's bar as high as its figure, worked out here from the matches.
    let mut decades: Vec<(u64, [f64; 5])> = vec![]; // runs, wickets, balls, draws, matches
    for s in seasons {
        let decade = s["year"].as_u64().unwrap() / 10 * 10;
        if decades.last().is_none_or(|d| d.0 != decade) {
            decades.push((decade, [0.0; 5]));
        }
        let d = &mut decades.last_mut().unwrap().1;
        for class in ["first_class", "second_class"] {
            for m in s[class]["matches"].as_array().unwrap() {
                d[4] += 1.0;
                d[3] += (m["outcome"] == "draw") as u8 as f64;
                for i in m["innings"].as_array().unwrap() {
                    d[0] += i["total"].as_f64().unwrap();
                    d[1] += i["wickets"].as_f64().unwrap();
                    d[2] += i["balls"].as_f64().unwrap();
                }
            }
        }
    }
    let mut measures = 0;
    for fig in doc.select(&sel("figure[data-picture=era]")) {
        measures += 1;
        let (x, y) = (Axis::of(&fig, "data-x"), Axis::of(&fig, "data-y"));
        let figure = |d: &[f64; 5]| match attr(&fig, "data-measure") {
            "runs_per_wicket" => d[0] / d[1],
            "runs_per_100_balls" => 100.0 * d[0] / d[2],
            "draw_percent" => 100.0 * d[3] / d[4],
            m => panic!("measure {m}"),
        };
        let bars: Vec<ElementRef> = fig
            .select(&sel("rect"))
            .filter(|r| attr(r, "fill").eq_ignore_ascii_case(BAR_COLOUR))
            .collect();
        assert_eq!(bars.len(), decades.len());
        for bar in bars {
            let i = x.value(num(&bar, "x") + num(&bar, "width") / 2.0).round() as usize;
            let value = y.value(num(&bar, "y"));
            let want = figure(&decades[i].1);
            assert!(
                (value - want).abs() <= 1.5 * y.per_pixel(),
                "{} {}s: bar {value}, figure {want}",
                attr(&fig, "data-measure"),
                decades[i].0
            );
            // The bar stands on nought.
            assert!(y.value(num(&bar, "y") + num(&bar, "height")).abs() <= y.per_pixel());
        }
    }
    assert_eq!(measures, 3);

    // The tables: the rolls of honour and every season's tables, as the export has them.
    let caption_table = |caption: &str| {
        doc.select(&sel("table"))
            .find(|t| {
                t.select(&sel("caption"))
                    .next()
                    .is_some_and(|c| c.text().collect::<String>() == caption)
            })
            .unwrap_or_else(|| panic!("no table {caption:?}"))
    };
    // The person's county is marked wherever a table names it, as `accc show` marks it: its
    // name, then `*`, in a cell of class "yours"; no other cell is.
    let user = export["user_county"].as_str();
    let marks = std::cell::Cell::new(0);
    let cells = |row: ElementRef| -> Vec<String> {
        row.select(&sel("td"))
            .map(|c| {
                let text = c.text().collect::<String>();
                let yours = c.value().classes().any(|k| k == "yours");
                match text.strip_suffix('*') {
                    Some(name) => {
                        assert!(yours && Some(name) == user, "{text}");
                        marks.set(marks.get() + 1);
                        name.to_string()
                    }
                    None => {
                        assert!(!yours && Some(text.as_str()) != user, "{text} unmarked");
                        text
                    }
                }
            })
            .collect()
    };
    // A county's results leave out the CSV's `in_play`: the page shows completed seasons,
    // in which no match is in play.
    let headings: BTreeSet<String> = doc.select(&sel("th")).map(|h| h.text().collect()).collect();
    assert!(headings.contains("Lead") && !headings.contains("In play"));
    let honours: Vec<Vec<String>> = caption_table("Rolls of honour")
        .select(&sel("tbody tr"))
        .map(cells)
        .collect();
    assert_eq!(honours.len(), seasons.len());
    for (row, s) in honours.iter().zip(seasons) {
        assert_eq!(row[0], s["year"].to_string());
        assert_eq!(row[1], s["champion"].as_str().unwrap());
        assert_eq!(row[4], s["promoted"].as_str().unwrap());
    }
    for s in seasons {
        for (class, label) in [
            ("first_class", "first-class"),
            ("second_class", "second-class"),
        ] {
            let table = caption_table(&format!("{} {label} table", s["year"]));
            let rows: Vec<Vec<String>> = table.select(&sel("tbody tr")).map(cells).collect();
            for (row, want) in rows.iter().zip(s[class]["table"].as_array().unwrap()) {
                assert_eq!(row[1], want["county"].as_str().unwrap());
                assert_eq!(row[7], want["points"].to_string());
                let q = want["quotient"]
                    .as_f64()
                    .map_or("-".to_string(), |q| format!("{q:.3}"));
                assert_eq!(row[8], q);
            }
        }
    }
    if let Some(user) = user {
        assert!(marks.get() > 0, "{user} is in a table, marked");
        // Each table that marks it has the key under it; the page speaks to its person.
        let key = format!("* your county ({user})");
        for t in doc.select(&sel("table")) {
            let marked = t.select(&sel("tbody .yours, thead .yours")).count() > 0;
            let keyed = t
                .select(&sel("tfoot"))
                .any(|f| f.text().collect::<String>() == key);
            assert_eq!(
                marked,
                keyed,
                "{}",
                t.html().chars().take(200).collect::<String>()
            );
            for td in t.select(&sel("td")) {
                assert_ne!(td.text().collect::<String>(), user, "unmarked in a table");
            }
        }
        let intro = doc.select(&sel("body > p")).next().unwrap();
        let intro = intro.text().collect::<String>();
        assert!(intro.contains(&format!("your county {user}")), "{intro}");
        assert!(!intro.contains("user's"), "{intro}");
    }
}

#[test]
fn the_almanacks_pictures_and_tables_hold_the_exports_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Eleven seasons: two decades, counties up and down, dots and lines.
    let (export, html) = made(d, "ALMA", "11", "17");
    check_page(&html, &export);
    // One season: every line a single point.
    let (export, html) = made(d, "ONE", "1", "5");
    check_page(&html, &export);
    // Printed rather than written.
    assert_eq!(ok(d, &["almanack", "ONE", "--out", "-"]), html);
}

#[test]
fn the_almanack_replaces_only_an_earlier_almanack() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "sim",
            "SAFE",
            "--years",
            "1",
            "--batsmen",
            "2",
            "--packs-per-session",
            "1",
            "--days",
            "1",
            "--seed",
            "1",
        ],
    );
    let page = d.join("page.html");
    std::fs::write(&page, "<html>my own notes</html>").unwrap();
    let out = run(d, &["almanack", "SAFE", "--out", page.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4), "a file that cannot be used");
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not an almanack"));
    assert_eq!(
        std::fs::read_to_string(&page).unwrap(),
        "<html>my own notes</html>"
    );
    std::fs::write(&page, "").unwrap();
    ok(d, &["almanack", "SAFE", "--out", page.to_str().unwrap()]);
    let first = std::fs::read_to_string(&page).unwrap();
    ok(d, &["sim", "SAFE", "--years", "1"]);
    ok(d, &["almanack", "SAFE", "--out", page.to_str().unwrap()]);
    let second = std::fs::read_to_string(&page).unwrap();
    assert!(
        second.len() > first.len(),
        "the earlier almanack was replaced"
    );
    let out = run(d, &["almanack", "SAFE", "--out", d.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4), "a file that cannot be used");
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a folder"));
    let out = run(d, &["almanack", "NOSUCH"]);
    assert_eq!(out.status.code(), Some(3));
    // A folder that is not there (a mistyped path) is said, as a missing file is, and not made.
    let missing = d.join("mistyped").join("deeper");
    let out = run(
        d,
        &[
            "almanack",
            "SAFE",
            "--out",
            missing.join("x.html").to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(3));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!("there is no folder {}", missing.display())),
        "{said}"
    );
    assert!(!d.join("mistyped").exists());
}

// ----- the browser -----

/// Chromium's path: `ACCC_CHROMIUM`, else `chromium` or `chromium-browser` on the PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ACCC_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Renders `page` headless to `png`; returns the console messages Chromium logged.
fn render(browser: &Path, page: &Path, png: &Path, profile: &Path) -> Vec<String> {
    let mut child = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=1100,1400",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let log = reader.join().unwrap();
    log.lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(String::from)
        .collect()
}

/// The share of pixels that are not the page's white, and how many colours there are.
fn ink(png: &Path) -> (f64, usize) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(channels).collect();
    let inked = pixels.iter().filter(|p| p[..3] != [255, 255, 255]).count();
    let colours: BTreeSet<&[u8]> = pixels.iter().map(|p| &p[..3]).collect();
    (inked as f64 / pixels.len() as f64, colours.len())
}

#[test]
fn the_almanack_renders_in_a_real_browser_without_a_console_message() {
    let Some(browser) = chromium() else {
        crate::helpers::cannot_check(
            "rendering the almanack in a browser",
            "chromium is not installed (.ci/run installs it)",
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    made(d, "VIEW", "4", "3");
    // The check itself is checked: a page that breaks the policy must be caught.
    let bad = d.join("bad.html");
    std::fs::write(
        &bad,
        "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" \
         content=\"default-src 'none'\"><title>t</title></head><body><p>x</p>\
         <img src=\"http://127.0.0.1:9/none.png\"></body></html>",
    )
    .unwrap();
    let caught = render(&browser, &bad, &d.join("bad.png"), &d.join("profile-bad"));
    assert!(
        !caught.is_empty(),
        "chromium logged no console message for a page that breaks its policy"
    );
    let png = d.join("VIEW.png");
    let console = render(&browser, &d.join("VIEW.html"), &png, &d.join("profile"));
    assert!(console.is_empty(), "console messages: {console:#?}");
    let (share, colours) = ink(&png);
    assert!(
        share > 0.05 && colours > 16,
        "the page looks blank: {:.1}% inked, {colours} colours",
        share * 100.0
    );
}
