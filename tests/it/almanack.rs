//! `accc almanack`: the page is parsed and every picture's numbers are read back from its SVG
//! (through the axes written on each figure) and checked against `accc export` — each
//! county's place every season in the bump chart and its own story, the champion of every
//! season, the eras' bars — as are its tables; it loads nothing from anywhere; it replaces
//! only an earlier almanack. Where Chromium is installed the page is also rendered headless
//! to a PNG, which must not be blank, with no message on the browser's console.

use std::collections::{BTreeMap, BTreeSet, HashMap};
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
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
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
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
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

/// The rule between the classes in a picture of places: a dark line, twice a grid line's
/// width, across the whole picture at the height between 8th and (1st), with "8th" written
/// just above it and "(1st)" just below, at its left.
fn assert_rule(fig: &ElementRef, what: &str) {
    let (x, y) = (Axis::of(fig, "data-x"), Axis::of(fig, "data-y"));
    let points = |line: &ElementRef| -> Vec<(f64, f64)> {
        attr(line, "points")
            .split_whitespace()
            .map(|p| {
                let (a, b) = p.split_once(',').unwrap();
                (a.parse().unwrap(), b.parse().unwrap())
            })
            .collect()
    };
    let rule = fig
        .select(&sel("polyline"))
        .find(|l| {
            let p = points(l);
            p.len() == 2 && p.iter().all(|&(_, py)| (y.value(py) - 8.5).abs() < 0.1)
        })
        .unwrap_or_else(|| panic!("{what}: no rule between the classes"));
    let p = points(&rule);
    let (left, right) = (p[0].0.min(p[1].0), p[0].0.max(p[1].0));
    assert!(
        left <= x.p[0] + 1.0 && right >= x.p[1] - 1.0,
        "{what}: the rule runs from {left} to {right}, not across the picture"
    );
    let width: f64 = attr(&rule, "stroke-width").parse().unwrap();
    assert!(width >= 2.0, "{what}: the rule is {width} px");
    let stroke = attr(&rule, "stroke").trim_start_matches('#');
    let n = u32::from_str_radix(stroke, 16).unwrap();
    assert!(
        [n >> 16, (n >> 8) & 255, n & 255].iter().all(|&c| c < 0x60),
        "{what}: the rule is #{stroke}, not dark"
    );
    let rule_y = p[0].1;
    let label = |text: &str| -> f64 {
        let t = fig
            .select(&sel("text"))
            .find(|t| t.text().collect::<String>().trim() == text)
            .unwrap_or_else(|| panic!("{what}: no label {text}"));
        num(&t, "y")
    };
    let (above, below) = (label("8th"), label("(1st)"));
    assert!(
        above < rule_y && rule_y - above <= 20.0,
        "{what}: 8th at {above}, the rule at {rule_y}"
    );
    assert!(
        below > rule_y && below - rule_y <= 20.0,
        "{what}: (1st) at {below}, the rule at {rule_y}"
    );
}

/// Checks every picture and table of `html` (the one page) against `export`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
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

    // The places: a small picture a county, together every county's place every season.
    let expected = places(export);
    assert_eq!(expected.len(), 16 * seasons.len());
    let small: Vec<ElementRef> = doc.select(&sel("figure[data-picture=places]")).collect();
    assert_eq!(small.len(), 16);
    let mut drawn = BTreeSet::new();
    for fig in &small {
        let county = attr(fig, "data-county").to_string();
        let own = drawn_places(fig, &colours(fig));
        assert!(
            own.iter().all(|(c, _, _)| *c == county),
            "{county}'s picture"
        );
        assert_eq!(own.len(), seasons.len(), "{county}'s picture");
        assert_rule(fig, &format!("{county}'s small picture"));
        drawn.extend(own);
    }
    assert_eq!(drawn, expected, "the places, county by county");

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
        assert_eq!(drawn_places(fig, &colours(fig)), own, "{county}'s story");
        assert_rule(fig, &format!("{county}'s story"));
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

    // The championships: a bar a county in its colour, as long as its titles.
    let titles = doc
        .select(&sel("figure[data-picture=titles]"))
        .next()
        .unwrap();
    let colour_of = colours(&titles);
    assert_eq!(colour_of.len(), 16);
    let x = Axis::of(&titles, "data-x");
    let mut won: HashMap<String, u32> = HashMap::new();
    for r in titles.select(&sel("rect")) {
        if let Some(county) = colour_of.get(&attr(&r, "fill").to_ascii_lowercase()) {
            let count = x.value(num(&r, "x") + num(&r, "width"));
            assert!((count - count.round()).abs() < 0.2, "{county}: {count}");
            assert!(
                x.value(num(&r, "x")).abs() <= x.per_pixel(),
                "{county} from nought"
            );
            won.insert(county.clone(), count.round() as u32);
        }
    }
    let mut want: HashMap<String, u32> = HashMap::new();
    for s in seasons {
        *want
            .entry(s["champion"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    won.retain(|_, n| *n > 0);
    assert_eq!(won, want, "the championships");
    // Named at the bar's left, not only told by colour.
    let names: BTreeSet<String> = titles
        .select(&sel("text"))
        .map(|t| t.text().collect::<String>().trim().to_string())
        .collect();
    for county in want.keys() {
        assert!(names.contains(county), "{county} named");
    }

    // The eras: each decade's dot at its figure, worked out here from the matches, on a line
    // from the century's figure.
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
    let mut century = [0.0; 5];
    for (_, d) in &decades {
        for i in 0..5 {
            century[i] += d[i];
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
        let all_years = figure(&century);
        assert!((num(&fig, "data-century") - all_years).abs() < 1e-6);
        let dots: Vec<ElementRef> = fig
            .select(&sel("circle"))
            .filter(|r| attr(r, "fill").eq_ignore_ascii_case(BAR_COLOUR))
            .collect();
        assert_eq!(dots.len(), decades.len());
        let n = decades.len();
        for dot in dots {
            let row = y.value(num(&dot, "cy")).round() as usize;
            let (decade, d) = &decades[n - 1 - row];
            let value = x.value(num(&dot, "cx"));
            let want = figure(d);
            assert!(
                (value - want).abs() <= 1.5 * x.per_pixel(),
                "{} {decade}s: dot {value}, figure {want}",
                attr(&fig, "data-measure"),
            );
        }
        // The scale spans the decades' figures: the farthest from the century's figure is
        // at least a fifth of the picture's width from it.
        let spread = decades
            .iter()
            .map(|(_, d)| (figure(d) - all_years).abs())
            .fold(0.0, f64::max);
        let width = (x.v[1] - x.v[0]).abs();
        assert!(
            spread == 0.0 || spread >= width / 5.0,
            "{spread} of {width}"
        );
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
    for td in doc.select(&sel("td")) {
        let text = td.text().collect::<String>();
        assert!(text != "true" && text != "false", "a raw {text} in a table");
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
    // A folder that exists is where the pages are to go: one of other files is refused.
    let out = run(d, &["almanack", "SAFE", "--out", d.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4), "a folder that cannot be used");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not part of an almanack"));
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
#[expect(
    clippy::cast_precision_loss,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
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

// ----- the folder of pages -----

/// Every file under `dir`, as paths from it with `/` between folders.
fn files_under(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let rel = p
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(rel);
            }
        }
    }
    out
}

/// `href` from the page at `from` (both from the folder), without its fragment; `None` for a
/// link within the page.
fn resolve(from: &str, href: &str) -> (Option<String>, String) {
    let (path, fragment) = href.split_once('#').unwrap_or((href, ""));
    if path.is_empty() {
        return (None, fragment.to_string());
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for p in path.split('/') {
        match p {
            ".." => {
                assert!(
                    parts.pop().is_some(),
                    "{href} from {from} leaves the folder"
                );
            }
            "." => {}
            p => parts.push(p),
        }
    }
    (Some(parts.join("/")), fragment.to_string())
}

/// The site of `name` written to `dir/site/`: its files, and each page's links (resolved
/// from the folder, with their fragments) and ids.
type Links = HashMap<String, Vec<(String, String)>>;

fn site_links(root: &Path) -> (BTreeSet<String>, Links, HashMap<String, BTreeSet<String>>) {
    // The pages and the style sheet: not the folder's list of its pages.
    let mut files = files_under(root);
    assert!(
        files.remove(".accc-pages"),
        "the folder keeps the list of its pages"
    );
    let mut links = HashMap::new();
    let mut ids = HashMap::new();
    for f in files.iter().filter(|f| f.ends_with(".html")) {
        let doc = Html::parse_document(&std::fs::read_to_string(root.join(f)).unwrap());
        // Nothing to run, nothing from anywhere else.
        assert_eq!(doc.select(&sel("script")).count(), 0, "{f}");
        assert_eq!(doc.select(&sel("[src]")).count(), 0, "{f}");
        let policy = doc
            .select(&sel("meta[http-equiv=Content-Security-Policy]"))
            .next()
            .unwrap_or_else(|| panic!("{f} has no content security policy"));
        assert!(
            attr(&policy, "content").contains("default-src 'none'"),
            "{f}"
        );
        let mut out = vec![];
        for a in doc.select(&sel("[href]")) {
            let href = attr(&a, "href");
            assert!(
                !href.contains(':') && !href.starts_with("//") && !href.starts_with('/'),
                "{f}: {href} is not a page of the folder"
            );
            let (to, fragment) = resolve(f, href);
            out.push((to.unwrap_or_else(|| f.clone()), fragment));
        }
        links.insert(f.clone(), out);
        ids.insert(
            f.clone(),
            doc.select(&sel("[id]"))
                .map(|e| attr(&e, "id").to_string())
                .collect(),
        );
    }
    (files, links, ids)
}

#[test]
fn the_almanack_as_a_folder_every_link_resolves_and_every_match_is_linked_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (export, _) = made(d, "SITE", "3", "11");
    let said = ok(d, &["almanack", "SITE", "--out", "site/"]);
    let root = d.join("site");
    let (files, links, ids) = site_links(&root);
    let seasons = export["seasons"].as_array().unwrap();
    assert!(said.contains(&format!("({} files,", files.len())), "{said}");
    // The index, the records, the style sheet, a page a season, a county and a match.
    assert_eq!(files.len(), 3 + seasons.len() * (1 + 112) + 16, "{files:?}");
    // Every link goes to a page there, and to an anchor on it where it names one.
    for (from, out) in &links {
        for (to, fragment) in out {
            assert!(
                files.contains(to),
                "{from} links to {to}, which is not there"
            );
            if !fragment.is_empty() {
                assert!(
                    ids[to].contains(fragment),
                    "{from} links to {to}#{fragment}, which has no such place"
                );
            }
        }
    }
    // Every page is reached from the index.
    let mut seen = BTreeSet::from(["index.html".to_string()]);
    let mut todo = vec!["index.html".to_string()];
    while let Some(page) = todo.pop() {
        for (to, _) in &links[&page] {
            if to.ends_with(".html") && seen.insert(to.clone()) {
                todo.push(to.clone());
            }
        }
    }
    let pages: BTreeSet<String> = files
        .iter()
        .filter(|f| f.ends_with(".html"))
        .cloned()
        .collect();
    assert_eq!(seen, pages, "pages not reached from the index");
    let links_to = |from: &str, to: &str| links[from].iter().any(|(t, _)| t == to);
    // Each match: linked from its season and both its counties, and back to each of them; its
    // counties and innings as the export has them.
    let county_page = |name: &str| format!("county-{}.html", name.to_ascii_lowercase());
    // Every batsman's innings read from the match pages: runs, balls, place, county, page,
    // and whether not out.
    let mut all_innings: Vec<(u64, String, u64, String, String, bool)> = vec![];
    for s in seasons {
        let year = s["year"].as_u64().unwrap();
        let season = format!("season-{year}.html");
        for (class, word) in [("first_class", "first"), ("second_class", "second")] {
            for (k, m) in s[class]["matches"].as_array().unwrap().iter().enumerate() {
                let page = format!("{year}/{word}-{:02}.html", k + 1);
                let (home, away) = (m["home"].as_str().unwrap(), m["away"].as_str().unwrap());
                for other in [season.clone(), county_page(home), county_page(away)] {
                    assert!(links_to(&other, &page), "{other} does not link to {page}");
                    assert!(links_to(&page, &other), "{page} does not link to {other}");
                }
                let doc = Html::parse_document(&std::fs::read_to_string(root.join(&page)).unwrap());
                let h1: String = doc.select(&sel("h1")).next().unwrap().text().collect();
                assert_eq!(h1.replace('*', ""), format!("{home} v {away}"), "{page}");
                // Its scorecard: an innings a table, in the order played, each batsman's runs
                // adding up with the extras to the total the export has.
                let cards: Vec<ElementRef> = doc.select(&sel("table.card")).collect();
                let innings = m["innings"].as_array().unwrap();
                assert_eq!(cards.len(), innings.len(), "{page}");
                for (card, i) in cards.iter().zip(innings) {
                    let batting = m[i["batting"].as_str().unwrap()].as_str().unwrap();
                    let caption: String = card
                        .select(&sel("caption"))
                        .next()
                        .unwrap()
                        .text()
                        .collect();
                    // Named as the printed scorecard names it: "Kent 2nd innings".
                    let before = innings
                        .iter()
                        .take_while(|j| !std::ptr::eq(*j, i))
                        .filter(|j| j["batting"] == i["batting"])
                        .count();
                    assert_eq!(
                        caption.replace('*', ""),
                        format!("{batting} {} innings", ["1st", "2nd"][before]),
                        "{page}"
                    );
                    let mut runs = 0;
                    let mut total = None;
                    for r in card.select(&sel("tbody tr")) {
                        let cells: Vec<String> =
                            r.select(&sel("td")).map(|c| c.text().collect()).collect();
                        if cells[1].starts_with("Total") {
                            total = Some(cells[2].split('-').next().unwrap().to_string());
                        } else if let Ok(n) = cells[2].parse::<u64>() {
                            runs += n;
                            if let Ok(no) = cells[0].parse::<u64>() {
                                all_innings.push((
                                    n,
                                    cells[3].clone(),
                                    no,
                                    batting.to_string(),
                                    page.clone(),
                                    cells[1] == "not out",
                                ));
                            }
                        }
                    }
                    assert_eq!(
                        total.as_deref(),
                        Some(i["total"].to_string().as_str()),
                        "{page}"
                    );
                    assert_eq!(
                        runs,
                        i["total"].as_u64().unwrap(),
                        "{page}: runs and extras add up"
                    );
                }
                let text = doc.root_element().text().collect::<String>();
                assert!(!text.contains("not kept"), "{page}");
            }
        }
    }
    // The parts of a season's page, and where a match's page places it: the classes as
    // nouns.
    for s in seasons {
        let year = s["year"].as_u64().unwrap();
        let doc = Html::parse_document(
            &std::fs::read_to_string(root.join(format!("season-{year}.html"))).unwrap(),
        );
        let heads: Vec<String> = doc.select(&sel("h2")).map(|h| h.text().collect()).collect();
        assert_eq!(heads, ["First class", "Second class", "Averages"]);
        let doc = Html::parse_document(
            &std::fs::read_to_string(root.join(format!("{year}/second-03.html"))).unwrap(),
        );
        let text = doc.root_element().text().collect::<String>();
        assert!(
            text.contains(&format!(
                "The {year} season, the second class, round 1 (match 3 of 56)."
            )),
            "{text}"
        );
    }
    // Each county's prize money over the years, its thousands set apart (not to be read as a
    // year), and its innings records without a column of its own name.
    let thousands = |n: u64| {
        let d = n.to_string();
        d.chars()
            .enumerate()
            .flat_map(|(i, c)| {
                let comma = i > 0 && (d.len() - i).is_multiple_of(3);
                comma.then_some(',').into_iter().chain([c])
            })
            .collect::<String>()
    };
    assert_eq!(thousands(1894), "1,894");
    assert_eq!(thousands(1234567), "1,234,567");
    assert_eq!(thousands(360), "360");
    for c in [
        "Kent",
        "Surrey",
        "Sussex",
        "Yorkshire",
        "Lancashire",
        "Somerset",
        "Essex",
        "Cheshire",
    ] {
        let prize: u64 = seasons
            .iter()
            .flat_map(|s| s["first_class"]["table"].as_array().unwrap())
            .filter(|r| r["county"] == c)
            .map(|r| r["prize"].as_u64().unwrap())
            .sum();
        let doc =
            Html::parse_document(&std::fs::read_to_string(root.join(county_page(c))).unwrap());
        let line = doc
            .select(&sel("table"))
            .find(|t| {
                t.select(&sel("caption")).next().is_some_and(|x| {
                    x.text()
                        .collect::<String>()
                        .ends_with("all-time first-class line")
                })
            })
            .unwrap_or_else(|| panic!("{c} has no all-time first-class line"));
        let head: Vec<String> = line
            .select(&sel("thead th"))
            .map(|h| h.text().collect())
            .collect();
        let at = head
            .iter()
            .position(|h| h == "Prize money")
            .expect("prize money");
        let cells: Vec<String> = line
            .select(&sel("tbody td"))
            .map(|x| x.text().collect())
            .collect();
        if let Some(cell) = cells.get(at) {
            let want = if prize == 0 {
                "-".to_string()
            } else {
                thousands(prize)
            };
            assert!(
                cell == &want || (prize == 0 && cell == "0"),
                "{c}: {cell}, not {want}"
            );
        }
        for t in doc.select(&sel("#innings ~ div table")) {
            let head: Vec<String> = t
                .select(&sel("thead th"))
                .map(|h| h.text().collect())
                .collect();
            assert_eq!(head, ["Runs", "Balls", "No.", "Against", "Year"], "{c}");
            for r in t.select(&sel("tbody tr")) {
                let runs: String = r.select(&sel("td")).next().unwrap().text().collect();
                assert!(
                    runs == "-" || runs.trim_end_matches('*').parse::<u64>().is_ok(),
                    "{c}: {runs}"
                );
            }
        }
    }
    // Each county's head-to-head names every other county, with as many meetings as the
    // export has.
    for c in ["Kent", "Surrey"] {
        let doc =
            Html::parse_document(&std::fs::read_to_string(root.join(county_page(c))).unwrap());
        let table = doc
            .select(&sel("#head-to-head table"))
            .next()
            .unwrap_or_else(|| panic!("{c} has no head-to-head"));
        let rows: Vec<Vec<String>> = table
            .select(&sel("tbody tr"))
            .map(|r| r.select(&sel("td")).map(|c| c.text().collect()).collect())
            .collect();
        assert_eq!(rows.len(), 15);
        for row in rows {
            let o = row[0].replace('*', "");
            let met = seasons
                .iter()
                .flat_map(|s| {
                    ["first_class", "second_class"]
                        .into_iter()
                        .flat_map(move |k| s[k]["matches"].as_array().unwrap().iter())
                })
                .filter(|m| {
                    let pair = [m["home"].as_str().unwrap(), m["away"].as_str().unwrap()];
                    pair.contains(&c) && pair.contains(&o.as_str())
                })
                .count();
            assert_eq!(row[1], met.to_string(), "{c} v {o}");
        }
    }
    // The innings records, as the match pages have the innings: the highest first, linked to
    // its match; each county's hundreds.
    let records =
        Html::parse_document(&std::fs::read_to_string(root.join("records.html")).unwrap());
    let highest = records
        .select(&sel("table"))
        .find(|t| {
            t.select(&sel("caption"))
                .next()
                .is_some_and(|c| c.text().collect::<String>() == "The highest innings")
        })
        .expect("the highest innings");
    let first = highest.select(&sel("tbody tr")).next().expect("an innings");
    let top: Vec<String> = first
        .select(&sel("td"))
        .map(|c| c.text().collect())
        .collect();
    let best = all_innings.iter().map(|i| i.0).max().unwrap();
    // Not out is written as a scorecard writes it, `187*`, with no column of its own.
    let head: Vec<String> = highest
        .select(&sel("thead th"))
        .map(|c| c.text().collect())
        .collect();
    assert_eq!(head, ["Runs", "Balls", "No.", "For", "Against", "Year"]);
    let not_out = top[0].ends_with('*');
    assert_eq!(top[0].trim_end_matches('*'), best.to_string());
    let link = first.select(&sel("td a")).next().unwrap();
    let (to, _) = resolve("records.html", attr(&link, "href"));
    let to = to.unwrap();
    assert!(
        all_innings.iter().any(|i| i.0 == best
            && i.4 == to
            && i.5 == not_out
            && i.2.to_string() == top[2]
            && top[3].replace('*', "") == i.3),
        "the highest innings {top:?} is not in {to}"
    );
    // Every innings of the records that is not out is marked so, and keyed.
    let mut keyed = 0;
    for t in records.select(&sel("#innings ~ div table")) {
        let head: Vec<String> = t
            .select(&sel("thead th"))
            .map(|h| h.text().collect())
            .collect();
        if head.iter().any(|h| h == "No." || h == "Highest") {
            let caption: String = t.select(&sel("caption")).next().unwrap().text().collect();
            assert!(
                t.select(&sel("tfoot")).any(|f| f
                    .text()
                    .collect::<String>()
                    .contains("* after the runs: not out.")),
                "{caption}: no key"
            );
            keyed += 1;
        }
    }
    assert!(keyed >= 3, "{keyed} tables of innings");
    let hundreds = records
        .select(&sel("table"))
        .find(|t| {
            t.select(&sel("caption"))
                .next()
                .is_some_and(|c| c.text().collect::<String>() == "Hundreds by county")
        })
        .expect("hundreds by county");
    for r in hundreds.select(&sel("tbody tr")) {
        let cells: Vec<String> = r.select(&sel("td")).map(|c| c.text().collect()).collect();
        let county = cells[0].replace('*', "");
        let want = all_innings
            .iter()
            .filter(|i| i.3 == county && i.0 >= 100)
            .count();
        assert_eq!(cells[1], want.to_string(), "{county}'s hundreds");
        let most = all_innings
            .iter()
            .filter(|i| i.3 == county)
            .map(|i| i.0)
            .max();
        assert_eq!(
            cells[2].trim_end_matches('*'),
            most.map_or("-".to_string(), |m| m.to_string()),
            "{county}'s highest"
        );
    }
    // The records page says in words how many matches its innings come from, and how many
    // hundreds and carried bats, their thousands set apart.
    let said = records.root_element().text().collect::<String>();
    let played: usize = seasons.len() * 112;
    assert!(
        said.contains(&format!(
            "From the scorecards of all {played} matches played."
        )),
        "{said}"
    );
    let hundreds = all_innings.iter().filter(|i| i.0 >= 100).count();
    assert!(
        said.contains(&format!(
            "{hundreds} {}; the bat carried",
            if hundreds == 1 { "hundred" } else { "hundreds" }
        )),
        "{said}"
    );
    // Each record partnership links to its match, whose scorecard has it; an unbroken one is
    // marked `*`, and keyed, as elsewhere in the program.
    let mut partnerships = 0;
    for page in files
        .iter()
        .filter(|f| *f == "records.html" || f.starts_with("county-"))
    {
        let doc = Html::parse_document(&std::fs::read_to_string(root.join(page)).unwrap());
        let text = doc.root_element().text().collect::<String>();
        assert!(!text.contains('\u{2020}'), "{page} marks with a dagger");
        let table = doc
            .select(&sel("table"))
            .find(|t| {
                t.select(&sel("caption"))
                    .next()
                    .is_some_and(|c| c.text().collect::<String>().contains("partnership"))
            })
            .unwrap_or_else(|| panic!("{page} has no partnerships"));
        assert!(
            text.contains("* after the runs: unbroken, the innings closed with the two together."),
            "{page} has no key to an unbroken partnership"
        );
        let own = page
            .strip_prefix("county-")
            .map(|c| c.trim_end_matches(".html").to_string());
        for row in table.select(&sel("tbody tr")) {
            let cells: Vec<ElementRef> = row.select(&sel("td")).collect();
            let text = |i: usize| cells[i].text().collect::<String>();
            if text(1) == "-" {
                continue;
            }
            let wicket: u64 = text(0).parse().unwrap();
            let runs = text(1);
            let unbroken = runs.ends_with('*');
            let runs: u64 = runs.trim_end_matches('*').parse().unwrap();
            let pair: Vec<u64> = text(2).split(" & ").map(|n| n.parse().unwrap()).collect();
            let county = match &own {
                Some(c) => c.clone(),
                None => text(3).replace('*', "").to_ascii_lowercase(),
            };
            let link = cells[1].select(&sel("a")).next().unwrap_or_else(|| {
                panic!("{page}: the partnership for wicket {wicket} links to no match")
            });
            let (to, _) = resolve(page, attr(&link, "href"));
            let to = to.unwrap();
            assert!(files.contains(&to), "{page} links {to}, which is not there");
            // The match page's falls of wicket, each under its innings' scorecard.
            let card = Html::parse_document(&std::fs::read_to_string(root.join(&to)).unwrap());
            let mut batting = String::new();
            let mut found = false;
            for t in card.select(&sel("table.card, table.falls")) {
                if attr(&t, "class") == "card" {
                    let caption: String =
                        t.select(&sel("caption")).next().unwrap().text().collect();
                    batting = caption
                        .replace('*', "")
                        .rsplitn(3, ' ')
                        .nth(2)
                        .unwrap()
                        .to_ascii_lowercase();
                    continue;
                }
                for r in t.select(&sel("tbody tr")) {
                    let f: Vec<String> = r.select(&sel("td")).map(|c| c.text().collect()).collect();
                    let out = f[2].strip_prefix("no. ").map(|n| n.parse::<u64>().unwrap());
                    found |= batting == county
                        && f[0] == wicket.to_string()
                        && f[3] == runs.to_string()
                        && (f[2] == "unbroken") == unbroken
                        && out.is_none_or(|n| pair.contains(&n));
                }
            }
            assert!(
                found,
                "{page}: {county}'s {runs} for wicket {wicket} ({pair:?}) is not in {to}"
            );
            partnerships += 1;
        }
    }
    assert!(partnerships >= 17, "{partnerships} partnerships checked");
    // No raw true or false anywhere.
    for f in &pages {
        let doc = Html::parse_document(&std::fs::read_to_string(root.join(f)).unwrap());
        for td in doc.select(&sel("td")) {
            let text = td.text().collect::<String>();
            assert!(text != "true" && text != "false", "{f}: {text}");
        }
    }
    // Written again over itself: the same pages, none of them written again.
    let said = ok(d, &["almanack", "SITE", "--out", "site"]);
    assert!(said.contains(", 0 of them written again"), "{said}");
    assert_eq!(site_links(&root).0, files);
}

#[test]
fn an_earlier_formats_matches_have_pages_that_say_their_scorecard_was_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/FORMAT2.acc");
    std::fs::copy(&fixture, d.join("FORMAT2.acc")).unwrap();
    ok(d, &["almanack", "FORMAT2", "--out", "old/"]);
    let (files, _, _) = site_links(&d.join("old"));
    let matches: Vec<&String> = files
        .iter()
        .filter(|f| f.contains("/first-") || f.contains("/second-"))
        .collect();
    assert!(!matches.is_empty());
    for m in matches {
        let doc = Html::parse_document(&std::fs::read_to_string(d.join("old").join(m)).unwrap());
        let text = doc.root_element().text().collect::<String>();
        assert!(text.contains("The scorecard was not kept"), "{m}");
        assert_eq!(doc.select(&sel("table.card")).count(), 0, "{m}");
    }
    let records = std::fs::read_to_string(d.join("old/records.html")).unwrap();
    assert!(records.contains("no records of batsmen's innings"));
}

/// The innings of the season under way are in the records (the league keeps them as it
/// goes) but that season has no pages yet: such a row says its season is under way and links
/// to no match, while every other row's score links to its match's page. The frozen format-4
/// file keeps two seasons and eight matches of the third.
#[test]
fn the_season_under_ways_innings_are_marked_and_link_to_no_missing_page() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for f in ["FORMAT4.acc", "FORMAT4.acx"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(f);
        std::fs::copy(from, d.join(f)).unwrap();
    }
    ok(d, &["almanack", "FORMAT4", "--out", "site/"]);
    let root = d.join("site");
    let files = files_under(&root);
    let (mut under_way, mut linked) = (0, 0);
    for page in files
        .iter()
        .filter(|f| *f == "records.html" || f.starts_with("county-"))
    {
        let doc = Html::parse_document(&std::fs::read_to_string(root.join(page)).unwrap());
        for table in doc.select(&sel("#innings ~ div table")) {
            let head: Vec<String> = table
                .select(&sel("thead th"))
                .map(|h| h.text().collect())
                .collect();
            // The tables of batsmen's innings (the partnerships' are checked elsewhere).
            let Some(at) = head
                .iter()
                .position(|h| h == "Year")
                .filter(|_| head.iter().any(|h| h == "No."))
            else {
                continue;
            };
            for row in table.select(&sel("tbody tr")) {
                let cells: Vec<ElementRef> = row.select(&sel("td")).collect();
                let year = cells[at].text().collect::<String>();
                let link = cells[0].select(&sel("a")).next();
                if year.is_empty() {
                    continue;
                }
                if year.ends_with(" (under way)") {
                    assert_eq!(year, "1892 (under way)", "{page}");
                    assert!(
                        link.is_none(),
                        "{page}: a score of 1892 links to a page not written"
                    );
                    under_way += 1;
                } else {
                    let link = link.unwrap_or_else(|| panic!("{page}: {year}'s score has no link"));
                    let (to, _) = resolve(page, attr(&link, "href"));
                    let to = to.unwrap();
                    assert!(
                        files.contains(&to),
                        "{page} links {to}, which is not written"
                    );
                    linked += 1;
                }
            }
        }
        let text = doc.root_element().text().collect::<String>();
        assert!(
            text.contains("except those of the season under way"),
            "{page} does not say why some scores have no link"
        );
        assert!(
            text.contains("matches played, the season under way's included"),
            "{page} does not say its innings include the season under way's"
        );
    }
    assert!(
        under_way > 0 && linked > 0,
        "{under_way} under way, {linked} linked"
    );
}

#[test]
fn the_almanacks_folder_replaces_only_an_earlier_almanacks_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    made(d, "KEEP", "1", "2");
    // A folder of someone's own is refused and left as it was.
    let mine = d.join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "my notes").unwrap();
    let out = run(d, &["almanack", "KEEP", "--out", "mine"]);
    assert_eq!(out.status.code(), Some(4), "a folder that cannot be used");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("not part of an almanack"), "{said}");
    assert_eq!(
        files_under(&mine),
        BTreeSet::from(["notes.txt".to_string()])
    );
    // An empty folder is filled.
    std::fs::create_dir(d.join("empty")).unwrap();
    ok(d, &["almanack", "KEEP", "--out", "empty"]);
    assert!(d.join("empty/index.html").is_file());
    // A new folder is made where its folder exists; not where it does not.
    ok(d, &["almanack", "KEEP", "--out", "new/"]);
    assert!(d.join("new/index.html").is_file());
    let out = run(d, &["almanack", "KEEP", "--out", "not/there/"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(!d.join("not").exists());
    // An earlier almanack with a file of someone else's put in it is refused, the file kept.
    std::fs::write(d.join("new/mine.txt"), "mine").unwrap();
    let before = files_under(&d.join("new"));
    let out = run(d, &["almanack", "KEEP", "--out", "new/"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mine.txt"));
    assert_eq!(files_under(&d.join("new")), before);
    // Nothing is left beside the folders by the writes.
    let beside: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".almanack-"))
        .collect();
    assert!(beside.is_empty(), "{beside:?}");
    // A path with no slash that is not a folder is still the one page.
    ok(d, &["almanack", "KEEP", "--out", "one.html"]);
    assert!(d.join("one.html").is_file());
    // The one page is not written over a folder's index, nor the folder over a page.
    let out = run(d, &["almanack", "KEEP", "--out", "one.html/"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(d.join("one.html").is_file());
}

/// What `almanack_check.js` finds in `page` (a path in the folder `root`) rendered in a frame
/// 375 px wide: a copy of the page with the script in it (and without the policy that would
/// stop it) is put beside the page, in a frame of a page that writes the answer down, and
/// Chromium prints that page once its script has run.
fn checked_at_phone_width(browser: &Path, root: &Path, page: &str, profile: &Path) -> Value {
    let path = root.join(page);
    let folder = path.parent().unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let html = std::fs::read_to_string(&path).unwrap();
    let policy = regex_free_remove(&html, "<meta http-equiv=\"Content-Security-Policy\"", ">");
    let checked = policy.replace(
        "</body>",
        &format!(
            "<script>{}</script></body>",
            include_str!("almanack_check.js")
        ),
    );
    assert_ne!(checked, policy, "{page} has no body");
    let copy = folder.join(format!("check-{name}"));
    std::fs::write(&copy, checked).unwrap();
    let frame = folder.join(format!("frame-{name}"));
    std::fs::write(
        &frame,
        format!(
            "<!DOCTYPE html><html><body style=\"margin:0\"><pre id=\"accc-check\"></pre>\
             <script>window.addEventListener(\"message\", function (e) {{\
             document.getElementById(\"accc-check\").textContent = e.data; }});</script>\
             <iframe src=\"check-{name}\" width=\"375\" height=\"800\" style=\"border:0;display:block\">\
             </iframe></body></html>"
        ),
    )
    .unwrap();
    let out = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=800,900",
            "--virtual-time-budget=10000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("file://{}", frame.display()))
        .stderr(std::process::Stdio::null())
        .output()
        .expect("chromium runs");
    std::fs::remove_file(&copy).unwrap();
    std::fs::remove_file(&frame).unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let doc = Html::parse_document(&dom);
    let answer: String = doc
        .select(&sel("#accc-check"))
        .next()
        .unwrap_or_else(|| panic!("{page}: chromium printed no page"))
        .text()
        .collect();
    serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{page}: no answer ({e}): {answer:?}"))
}

/// `text` without its first piece from `start` to the next `end`.
fn regex_free_remove(text: &str, start: &str, end: &str) -> String {
    match text.find(start) {
        Some(i) => {
            let j = i + text[i..].find(end).unwrap() + end.len();
            format!("{}{}", &text[..i], &text[j..])
        }
        None => text.to_string(),
    }
}

/// The findings of `almanack_check.js` that break the rules: wider than the frame, text under
/// 12 px, text under 4.5:1 (3:1 when large), county colours under 3:1, a scorecard, results
/// table or picture reaching past the frame's edge (in a box that scrolls or not).
fn broken_rules(found: &Value) -> Vec<String> {
    let mut out = vec![];
    let (width, scroll) = (&found["client_width"], &found["scroll_width"]);
    if width.as_f64() != Some(375.0) || scroll.as_f64() > width.as_f64() {
        out.push(format!("{scroll} px wide in a frame of {width}"));
    }
    for what in ["small", "faint", "weak_colours", "cut"] {
        if let Some(list) = found[what].as_array().filter(|l| !l.is_empty()) {
            out.push(format!(
                "{what}: {}",
                Value::Array(list.iter().take(5).cloned().collect())
            ));
        }
    }
    out
}

#[test]
fn the_almanacks_pages_read_at_a_phones_width_in_a_real_browser() {
    let Some(browser) = chromium() else {
        eprintln!(
            "skipped: chromium is not installed, so the almanack's pages were not checked in a \
             browser at 375 px (.ci/run installs it)"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Enough seasons that a county's story is drawn wider than the frame, which it must fit.
    made(d, "PHONE", "30", "21");
    // A season of full matches (eleven batsmen, three days): scorecards as long and wide as
    // they come.
    ok(d, &["sim", "FULL", "--years", "1", "--seed", "5"]);
    // The check is checked: a page with every fault is caught on each.
    let bad = d.join("bad");
    std::fs::create_dir(&bad).unwrap();
    std::fs::write(
        bad.join("bad.html"),
        "<!DOCTYPE html><html><head><meta name=\"viewport\" content=\"width=device-width\"></head>\
         <body><p style=\"font-size:10px\">small</p><p style=\"color:#bbb\">faint</p>\
         <div style=\"width:600px\">wide</div><figure data-colours=\"Nowhere:#ffee00\">\
         <svg width=\"300\" height=\"60\" viewBox=\"0 0 600 120\"><text x=\"10\" y=\"50\" \
         font-size=\"16\">shrunk</text></svg></figure><div style=\"overflow-x:auto\">\
         <table class=\"card\"><tr><td><div style=\"width:500px\">scrolled</div></td></tr></table></div>\
         </body></html>",
    )
    .unwrap();
    let found = checked_at_phone_width(&browser, &bad, "bad.html", &d.join("profile"));
    let broken = broken_rules(&found).join("\n");
    for fault in [
        "wide in a frame",
        "small",
        "shrunk",
        "faint",
        "weak_colours",
        "Nowhere",
        "table.card",
    ] {
        assert!(broken.contains(fault), "{fault} not caught: {broken}");
    }
    ok(d, &["almanack", "PHONE", "--out", "site/"]);
    ok(d, &["almanack", "FULL", "--out", "full/"]);
    let root = d.join("site");
    // Each page, and how many of its scorecards, results and pictures must fit the frame.
    let mut broken_pages = vec![];
    for (folder, page, fitted) in [
        ("site", "index.html", 16 + 1 + 3),
        ("site", "season-1891.html", 2 + 2),
        ("site", "county-kent.html", 1),
        ("site", "records.html", 0),
        ("site", "1891/first-01.html", 2),
        ("full", "season-1890.html", 2 + 2),
        ("full", "county-sussex.html", 1),
        ("full", "1890/first-01.html", 4),
        ("full", "1890/second-16.html", 4),
    ] {
        let found = checked_at_phone_width(&browser, &d.join(folder), page, &d.join("profile"));
        for rule in broken_rules(&found) {
            broken_pages.push(format!("{folder}/{page}: {rule}"));
        }
        // Not a check of nothing: the page's text was read, and its pictures'.
        assert!(found["texts"].as_u64().unwrap() > 10, "{page}: {found}");
        assert!(
            found["fitted"].as_u64().unwrap() >= fitted,
            "{folder}/{page}: {found}"
        );
        if page.starts_with("index") || page.starts_with("season") || page.starts_with("county") {
            assert!(found["svg_texts"].as_u64().unwrap() > 10, "{page}: {found}");
            assert!(found["colours"].as_u64().unwrap() > 0, "{page}: {found}");
        }
    }
    assert_eq!(broken_pages, Vec::<String>::new());
    // The site's pages load their one style sheet and nothing else: no console message.
    for page in ["index.html", "1891/first-01.html"] {
        let console = render(
            &browser,
            &root.join(page),
            &d.join("page.png"),
            &d.join("profile-render"),
        );
        assert!(console.is_empty(), "{page}: console messages: {console:#?}");
        let (share, _) = ink(&d.join("page.png"));
        assert!(share > 0.01, "{page} looks blank");
    }
}

/// Every file under `dir` with its bytes.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    files_under(dir)
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(dir.join(&f)).unwrap();
            (f, bytes)
        })
        .collect()
}

#[test]
fn an_earlier_almanacks_folder_is_brought_up_to_date_page_by_page_as_a_new_one_would_be() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    made(d, "GROW", "2", "5");
    let said = ok(d, &["almanack", "GROW", "--out", "site/"]);
    assert!(!said.contains("written again"), "{said}");
    let first = tree(&d.join("site"));
    assert!(
        first.contains_key(".accc-pages"),
        "the list of pages is kept"
    );
    // One more season: its pages, and those that show it, are written; the others are not.
    ok(d, &["sim", "GROW", "--years", "1"]);
    let said = ok(d, &["almanack", "GROW", "--out", "site/"]);
    let written: usize = said
        .split(", ")
        .nth(2)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    let files: usize = said
        .split(" files")
        .next()
        .and_then(|s| s.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(written > 0 && written * 2 <= files, "{said}");
    ok(d, &["almanack", "GROW", "--out", "fresh/"]);
    let fresh = tree(&d.join("fresh"));
    assert_eq!(
        tree(&d.join("site")),
        fresh,
        "the folder brought up to date is the folder written new"
    );
    let unchanged = first
        .iter()
        .filter(|(f, bytes)| fresh.get(*f) == Some(bytes))
        .count();
    assert_eq!(
        unchanged + written,
        files,
        "every page but those written is as it was: {said}"
    );
    // A page changed or removed by hand, a page the site no longer has, and what a stopped
    // write leaves: put right, removed, and the folder is again the fresh one.
    let a_match = fresh.keys().find(|f| f.contains('/')).cloned().unwrap();
    std::fs::write(d.join("site").join(&a_match), "scribbled").unwrap();
    std::fs::remove_file(d.join("site/records.html")).unwrap();
    let year = a_match.split('/').next().unwrap().to_string();
    let gone = format!("{year}/second-99.html");
    std::fs::write(d.join("site").join(&gone), "old").unwrap();
    let mut list = std::fs::read_to_string(d.join("site/.accc-pages")).unwrap();
    list.push_str(&format!("00000000 3 {gone}\n"));
    std::fs::write(d.join("site/.accc-pages"), list).unwrap();
    std::fs::write(
        d.join("site").join(format!("{year}/.first-01.html.tmp")),
        "half",
    )
    .unwrap();
    std::fs::write(d.join("site/.index.html.tmp"), "half").unwrap();
    std::fs::write(d.join("site/..accc-pages.77-0.tmp"), "half").unwrap();
    let said = ok(d, &["almanack", "GROW", "--out", "site/"]);
    assert!(said.contains(", 2 of them written again"), "{said}");
    assert_eq!(tree(&d.join("site")), fresh);
    // Someone's own file in it is still refused, and the folder left as it was.
    std::fs::write(d.join("site/mine.txt"), "mine").unwrap();
    let out = run(d, &["almanack", "GROW", "--out", "site/"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(d.join("site/mine.txt").is_file());
}
