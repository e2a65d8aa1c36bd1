//! `quiz scorm --questions FILE -o OUT.zip`: a SCORM package of an author's question file, which
//! Moodle, Canvas, Blackboard and other LMSs take as it is. It holds
//!
//! ```text
//! imsmanifest.xml          one organization, one item, one SCO listing every file below
//! strides-scorm.html       the launch page (scorm/launch.html, with the options filled in)
//! strides-scorm.js         the bridge between the lab and the LMS's API (scorm/bridge.js)
//! course/questions.json    the author's file, byte for byte
//! index.html, web/, pkg/…  every file of the release bundle (`cargo xtask dist`), as built
//! ```
//!
//! The bundle is copied whole, whatever it holds, so that the package carries every file the lab
//! loads and nothing is fetched from elsewhere. The bridge's reporting rules are in its own
//! header and in README ("A SCORM package").

use std::path::{Path, PathBuf};

use serde_json::json;

use super::authored;
use crate::Printed;
use crate::usage::Usage;
use stored_zip::Zip;

/// The launch page; `{{…}}` placeholders are filled in by [`launch_page`].
const LAUNCH: &str = include_str!("scorm/launch.html");
/// The bridge, copied as it is.
const BRIDGE: &str = include_str!("scorm/bridge.js");
/// Where the package keeps its own files.
const LAUNCH_FILE: &str = "strides-scorm.html";
const BRIDGE_FILE: &str = "strides-scorm.js";
const QUESTIONS_FILE: &str = "course/questions.json";
const MANIFEST_FILE: &str = "imsmanifest.xml";
/// A file every bundle has: the module the launch page imports.
const BUNDLE_ENTRY: &str = "web/strides-lab.js";

/// `quiz scorm --help`.
pub const HELP: &str = "\
Usage: strides quiz scorm --questions FILE -o OUT.zip [--dist DIR] [--version 1.2|2004]
                          [--title TEXT] [--lang en|es] [--mastery N]

Writes a SCORM package of FILE's questions that an LMS (Moodle, Canvas, Blackboard…) takes as it
is: the lab's release bundle (DIR, by default the dist/ that `cargo xtask dist` writes, found
beside this program or above it), the question file, a launch page and the bridge that reports
to the LMS: the score (the questions whose last answer is right, over the file's questions, 0 to
100), the status (incomplete; completed once every question is answered; passed once the score
reaches N, 100 by default) and the learner's progress, restored on the next launch.
--version 2004 writes a SCORM 2004 (4th edition) package instead of SCORM 1.2.
Prints {\"package\": OUT, \"version\": …, \"questions\": …, \"files\": …, \"bytes\": …}; a file
with a question the lab cannot ask is refused as `quiz lint` reports it (exit status 1).";

/// The SCORM version a package is written for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Version {
    V12,
    V2004,
}

impl Version {
    fn name(self) -> &'static str {
        match self {
            Version::V12 => "1.2",
            Version::V2004 => "2004",
        }
    }
}

/// What the command line asked for.
struct Args {
    questions: String,
    out: String,
    dist: Option<String>,
    version: Version,
    title: Option<String>,
    lang: Option<&'static str>,
    mastery: Option<u8>,
}

fn parse(mut args: &[&str]) -> Result<Args, Usage> {
    let (mut questions, mut out, mut dist, mut title, mut lang, mut mastery) =
        (None, None, None, None, None, None);
    let mut version = Version::V12;
    loop {
        match args {
            [] => break,
            ["--questions", v, rest @ ..] => (questions, args) = (Some(v.to_string()), rest),
            ["-o" | "--output", v, rest @ ..] => (out, args) = (Some(v.to_string()), rest),
            ["--dist", v, rest @ ..] => (dist, args) = (Some(v.to_string()), rest),
            ["--title", v, rest @ ..] => (title, args) = (Some(v.to_string()), rest),
            ["--version", v, rest @ ..] => {
                version = match *v {
                    "1.2" => Version::V12,
                    "2004" => Version::V2004,
                    other => {
                        return Err(Usage::new(format!(
                            "--version is 1.2 or 2004, not '{other}'"
                        )));
                    }
                };
                args = rest;
            }
            ["--lang", v, rest @ ..] => {
                lang = Some(match *v {
                    "en" => "en",
                    "es" => "es",
                    other => return Err(Usage::new(format!("--lang is en or es, not '{other}'"))),
                });
                args = rest;
            }
            ["--mastery", v, rest @ ..] => {
                let n = v.parse::<u8>().ok().filter(|n| *n <= 100).ok_or_else(|| {
                    Usage::new(format!("--mastery is a score from 0 to 100, not '{v}'"))
                })?;
                (mastery, args) = (Some(n), rest);
            }
            [other, ..] => {
                return Err(Usage::new(format!(
                    "quiz scorm: unknown or incomplete option '{other}' (strides quiz scorm --help)"
                )));
            }
        }
    }
    Ok(Args {
        questions: questions.ok_or_else(|| Usage::new("quiz scorm needs --questions FILE"))?,
        out: out.ok_or_else(|| Usage::new("quiz scorm needs -o OUT.zip"))?,
        dist,
        version,
        title,
        lang,
        mastery,
    })
}

/// Runs `quiz scorm` with the arguments after `scorm`.
pub fn run(args: &[&str]) -> Result<Printed, Usage> {
    if matches!(args, ["-h" | "--help"]) {
        return Ok(Printed::ok(HELP.to_string()));
    }
    let args = parse(args)?;
    let failed = |message: String| Ok(Printed::failed(json!({ "error": message }).to_string()));
    // The file must be one the lab can ask whole: the score counts every question of it.
    let loaded = match authored::load(&args.questions) {
        Ok(l) => l,
        Err(e) => return Ok(Printed::failed(authored::unusable_json(&e).to_string())),
    };
    let unusable: Vec<String> = loaded
        .iter()
        .filter_map(|(_, c)| c.as_ref().err())
        .map(|e| authored::unusable_json(e).to_string())
        .collect();
    if !unusable.is_empty() {
        return Ok(Printed::failed(unusable.join("\n")));
    }
    if loaded.is_empty() {
        return failed(format!("{} has no question", args.questions));
    }
    let questions = match std::fs::read(&args.questions) {
        Ok(b) => b,
        Err(e) => return failed(format!("cannot read {}: {e}", args.questions)),
    };
    let dist = match find_dist(args.dist.as_deref()) {
        Ok(d) => d,
        Err(message) => return failed(message),
    };
    let bundle = match bundle_files(&dist) {
        Ok(b) => b,
        Err(message) => return failed(message),
    };
    let title = args.title.clone().unwrap_or_else(|| {
        let stem = Path::new(&args.questions)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!("Strides Lab: {stem}")
    });
    let own = [MANIFEST_FILE, LAUNCH_FILE, BRIDGE_FILE, QUESTIONS_FILE];
    if let Some((name, _)) = bundle.iter().find(|(n, _)| own.contains(&n.as_str())) {
        return failed(format!(
            "the bundle in {} has a file {name}, which the package writes itself",
            dist.display()
        ));
    }
    let mut listed: Vec<String> = vec![
        LAUNCH_FILE.into(),
        BRIDGE_FILE.into(),
        QUESTIONS_FILE.into(),
    ];
    listed.extend(bundle.iter().map(|(n, _)| n.clone()));
    let mut zip = Zip::new();
    let page = launch_page(&title, args.version, args.lang, args.mastery);
    let manifest = manifest(&title, args.version, args.mastery, &listed);
    let mut add = |name: &str, data: &[u8]| zip.add(name, data).map_err(|e| e.to_string());
    let added = add(MANIFEST_FILE, manifest.as_bytes())
        .and_then(|()| add(LAUNCH_FILE, page.as_bytes()))
        .and_then(|()| add(BRIDGE_FILE, BRIDGE.as_bytes()))
        .and_then(|()| add(QUESTIONS_FILE, &questions));
    if let Err(message) = added {
        return failed(message);
    }
    for (name, path) in &bundle {
        let data = match std::fs::read(path) {
            Ok(d) => d,
            Err(e) => return failed(format!("cannot read {}: {e}", path.display())),
        };
        if let Err(e) = zip.add(name, &data) {
            return failed(e.to_string());
        }
    }
    let bytes = match zip.finish() {
        Ok(b) => b,
        Err(e) => return failed(e.to_string()),
    };
    if let Err(e) = std::fs::write(&args.out, &bytes) {
        return failed(format!("cannot write {}: {e}", args.out));
    }
    Ok(Printed::ok(
        json!({
            "package": args.out,
            "version": args.version.name(),
            "questions": loaded.len(),
            "files": listed.len() + 1,
            "bytes": bytes.len(),
            "dist": dist.display().to_string(),
        })
        .to_string(),
    ))
}

/// The bundle: `--dist DIR`, else the first `dist/` holding the lab found beside the program or
/// in a folder above it (`target/release/strides` finds the repository's), else `./dist`.
fn find_dist(given: Option<&str>) -> Result<PathBuf, String> {
    let is_bundle = |d: &Path| d.join(BUNDLE_ENTRY).is_file();
    if let Some(dir) = given {
        let dir = PathBuf::from(dir);
        return if is_bundle(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "{} is not the lab's release bundle (it has no {BUNDLE_ENTRY}); `cargo xtask dist` writes one",
                dir.display()
            ))
        };
    }
    let exe = std::env::current_exe().ok();
    let above = exe.iter().flat_map(|e| e.ancestors().skip(1));
    let cwd = std::env::current_dir().ok();
    let candidates = above.chain(cwd.as_deref()).map(|d| d.join("dist"));
    for dir in candidates {
        if is_bundle(&dir) {
            return Ok(dir);
        }
    }
    Err(format!(
        "no release bundle found (a dist/ with {BUNDLE_ENTRY} beside this program or above it): run `cargo xtask dist`, or pass --dist DIR"
    ))
}

/// Every file under `dist`, as (its `/`-separated name in the package, its path), sorted by name,
/// without the precompressed copies (`.gz`, `.br`) that `cargo xtask dist` writes for web hosts:
/// an LMS serves the package's files as they are.
fn bundle_files(dist: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let mut out = Vec::new();
    let mut folders = vec![(String::new(), dist.to_path_buf())];
    while let Some((prefix, dir)) = folders.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            let inside = format!("{prefix}{name}");
            if path.is_dir() {
                folders.push((format!("{inside}/"), path));
            } else if !is_precompressed(&name) {
                out.push((inside, path));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Whether `name` is one of the bundle's precompressed copies.
fn is_precompressed(name: &str) -> bool {
    name.ends_with(".gz") || name.ends_with(".br")
}

/// `text` for XML or HTML text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The launch page with its title and the bridge's options.
fn launch_page(title: &str, version: Version, lang: Option<&str>, mastery: Option<u8>) -> String {
    LAUNCH
        .replace("{{title}}", &escape(title))
        .replace("{{lang}}", lang.unwrap_or(""))
        .replace("{{html-lang}}", lang.unwrap_or("en"))
        .replace("{{version}}", version.name())
        .replace("{{mastery}}", &mastery.unwrap_or(100).to_string())
}

/// `imsmanifest.xml`: one organization with one item, launching one SCO that lists `files`.
fn manifest(title: &str, version: Version, mastery: Option<u8>, files: &[String]) -> String {
    let title = escape(title);
    let mut list = String::new();
    for f in files {
        list.push_str(&format!("      <file href=\"{}\"/>\n", escape(f)));
    }
    match version {
        Version::V12 => {
            let mastery = mastery
                .map(|m| format!("\n        <adlcp:masteryscore>{m}</adlcp:masteryscore>"))
                .unwrap_or_default();
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="strides-lab-package" version="1"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="strides-lab-organization">
    <organization identifier="strides-lab-organization">
      <title>{title}</title>
      <item identifier="strides-lab-item" identifierref="strides-lab-sco" isvisible="true">
        <title>{title}</title>{mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="strides-lab-sco" type="webcontent" adlcp:scormtype="sco" href="{LAUNCH_FILE}">
{list}    </resource>
  </resources>
</manifest>
"#
            )
        }
        Version::V2004 => format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="strides-lab-package" version="1"
    xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="strides-lab-organization">
    <organization identifier="strides-lab-organization">
      <title>{title}</title>
      <item identifier="strides-lab-item" identifierref="strides-lab-sco" isvisible="true">
        <title>{title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="strides-lab-sco" type="webcontent" adlcp:scormType="sco" href="{LAUNCH_FILE}">
{list}    </resource>
  </resources>
</manifest>
"#
        ),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn titles_are_escaped_in_the_manifest_and_the_page() {
        let m = manifest("A & <B>", Version::V12, Some(80), &["web/a b.js".into()]);
        assert!(m.contains("<title>A &amp; &lt;B&gt;</title>"));
        assert!(m.contains("<adlcp:masteryscore>80</adlcp:masteryscore>"));
        assert!(m.contains("<file href=\"web/a b.js\"/>"));
        let p = launch_page("\"x\"", Version::V2004, Some("es"), None);
        assert!(p.contains("<title>&quot;x&quot;</title>"));
        assert!(p.contains("data-scorm=\"2004\""));
        assert!(p.contains("data-mastery=\"100\""));
        assert!(p.contains("<html lang=\"es\">"));
        assert!(!p.contains("{{"));
    }

    #[test]
    fn the_2004_manifest_has_no_mastery_score_element() {
        let m = manifest("t", Version::V2004, Some(80), &[]);
        assert!(m.contains("2004 4th Edition"));
        assert!(m.contains("adlcp:scormType=\"sco\""));
        assert!(!m.contains("masteryscore"));
    }

    #[test]
    fn options_are_read_and_misuse_is_named() {
        let a = parse(&["--questions", "q.json", "-o", "p.zip", "--version", "2004"]).unwrap();
        assert_eq!(
            (a.questions.as_str(), a.out.as_str(), a.version),
            ("q.json", "p.zip", Version::V2004)
        );
        for (args, said) in [
            (&["-o", "p.zip"][..], "needs --questions"),
            (&["--questions", "q.json"][..], "needs -o"),
            (
                &["--questions", "q", "-o", "p", "--version", "3"][..],
                "1.2 or 2004",
            ),
            (
                &["--questions", "q", "-o", "p", "--mastery", "101"][..],
                "0 to 100",
            ),
            (
                &["--questions", "q", "-o", "p", "--colour"][..],
                "'--colour'",
            ),
        ] {
            let e = parse(args).err().unwrap().to_string();
            assert!(e.contains(said), "{e}");
        }
    }
}
