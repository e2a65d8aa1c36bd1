//! `strides quiz scorm`: the package an LMS is given, read back by Python's own `zipfile` and
//! `xml.etree` (another implementation than ours): every file of the bundle, the question file
//! byte for byte, a manifest that lists exactly the package's files, and the refusals.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

fn course() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../questions/examples/course.json")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("strides-cli-scorm-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A stand-in for `dist/`: the files a bundle has, one in a nested folder, one not UTF-8.
fn bundle(dir: &Path) -> Vec<(&'static str, Vec<u8>)> {
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("index.html", b"<!doctype html>".to_vec()),
        (
            "web/strides-lab.js",
            b"export async function mount() {}".to_vec(),
        ),
        (
            "pkg/strides_lab_bg.wasm",
            vec![0, 0x61, 0x73, 0x6d, 0xff, 0xfe],
        ),
        ("questions/builtin/u1.json", b"{}".to_vec()),
    ];
    for (name, data) in &files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, data).unwrap();
    }
    files
}

fn strides(args: &[&str]) -> (Option<i32>, String) {
    let out = support::run(args, b"");
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

/// The package read by Python: {name: bytes as a list} and the manifest's SCORM facts.
fn read_back(zip: &Path) -> Json {
    let script = r#"
import json, sys, zipfile, xml.etree.ElementTree as ET
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
files = {n: list(z.read(n)) for n in z.namelist()}
root = ET.fromstring(z.read("imsmanifest.xml"))
ns = root.tag[1:].split("}")[0]
q = lambda p: p.replace("*", "{" + ns + "}")
res = root.find(q("*resources/*resource"))
attrs = {k.split("}")[-1]: v for k, v in res.attrib.items()}
print(json.dumps({
    "files": files,
    "namespace": ns,
    "schemaversion": root.find(q("*metadata/*schemaversion")).text,
    "items": [i.get("identifierref") for i in root.iter("{" + ns + "}item")],
    "title": root.find(q("*organizations/*organization/*title")).text,
    "resource": attrs,
    "listed": [f.get("href") for f in res.findall(q("*file"))],
}))
"#;
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(zip)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_scorm_12_package_holds_the_bundle_the_file_and_a_manifest_listing_them() {
    let dir = temp("12");
    let dist = dir.join("dist");
    let given = bundle(&dist);
    // The precompressed copies `cargo xtask dist` writes for web hosts stay out of the package.
    std::fs::write(dist.join("index.html.gz"), b"\x1f\x8b").unwrap();
    std::fs::write(dist.join("pkg/strides_lab_bg.wasm.br"), b"br").unwrap();
    let zip = dir.join("course.zip");
    let (status, printed) = strides(&[
        "quiz",
        "scorm",
        "--questions",
        course().to_str().unwrap(),
        "-o",
        zip.to_str().unwrap(),
        "--dist",
        dist.to_str().unwrap(),
        "--title",
        "Lesson 2 & more",
        "--mastery",
        "80",
    ]);
    assert_eq!(status, Some(0), "{printed}");
    let said: Json = serde_json::from_str(printed.trim()).unwrap();
    assert_eq!(said["version"], "1.2");
    assert_eq!(said["questions"], 11);
    assert_eq!(said["files"], 8);
    assert_eq!(
        said["bytes"].as_u64().unwrap(),
        std::fs::metadata(&zip).unwrap().len()
    );

    let back = read_back(&zip);
    let files = back["files"].as_object().unwrap();
    for (name, data) in &given {
        let stored: Vec<u8> = serde_json::from_value(files[*name].clone()).unwrap();
        assert_eq!(&stored, data, "{name}");
    }
    assert!(!files.contains_key("index.html.gz"));
    assert!(!files.contains_key("pkg/strides_lab_bg.wasm.br"));
    let stored: Vec<u8> = serde_json::from_value(files["course/questions.json"].clone()).unwrap();
    assert_eq!(stored, std::fs::read(course()).unwrap());
    assert_eq!(
        back["namespace"],
        "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    );
    assert_eq!(back["schemaversion"], "1.2");
    assert_eq!(back["title"], "Lesson 2 & more");
    assert_eq!(back["items"], serde_json::json!(["strides-lab-sco"]));
    assert_eq!(back["resource"]["scormtype"], "sco");
    assert_eq!(back["resource"]["href"], "strides-scorm.html");
    // The manifest lists every file of the package but itself, and nothing else.
    let mut listed: Vec<String> = serde_json::from_value(back["listed"].clone()).unwrap();
    listed.sort();
    let mut inside: Vec<String> = files
        .keys()
        .filter(|n| *n != "imsmanifest.xml")
        .cloned()
        .collect();
    inside.sort();
    assert_eq!(listed, inside);
    let page =
        String::from_utf8(serde_json::from_value(files["strides-scorm.html"].clone()).unwrap())
            .unwrap();
    assert!(page.contains("<title>Lesson 2 &amp; more</title>"));
    assert!(page.contains(r#"data-scorm="1.2" data-mastery="80""#));
    let manifest =
        String::from_utf8(serde_json::from_value(files["imsmanifest.xml"].clone()).unwrap())
            .unwrap();
    assert!(manifest.contains("<adlcp:masteryscore>80</adlcp:masteryscore>"));
}

#[test]
fn version_2004_writes_a_2004_manifest() {
    let dir = temp("2004");
    let dist = dir.join("dist");
    bundle(&dist);
    let zip = dir.join("course.zip");
    let (status, printed) = strides(&[
        "quiz",
        "scorm",
        "--questions",
        course().to_str().unwrap(),
        "-o",
        zip.to_str().unwrap(),
        "--dist",
        dist.to_str().unwrap(),
        "--version",
        "2004",
    ]);
    assert_eq!(status, Some(0), "{printed}");
    let back = read_back(&zip);
    assert_eq!(back["namespace"], "http://www.imsglobal.org/xsd/imscp_v1p1");
    assert_eq!(back["schemaversion"], "2004 4th Edition");
    assert_eq!(back["resource"]["scormType"], "sco");
    assert_eq!(back["title"], "Strides Lab: course");
}

#[test]
fn a_file_with_a_question_the_lab_cannot_ask_is_refused_as_lint_says() {
    let dir = temp("bad");
    let dist = dir.join("dist");
    bundle(&dist);
    let file = dir.join("bad.json");
    std::fs::write(
        &file,
        r#"{"format": "strides-lab/questions@1", "questions": [
            {"id": "ok", "ask": "shape", "setup": "x = np.arange(6)", "of": "x", "prompt": {"en": "?", "es": "?"}},
            {"id": "c9-ask", "ask": "colour", "of": "x", "prompt": {"en": "?", "es": "?"}}]}"#,
    )
    .unwrap();
    let zip = dir.join("out.zip");
    let (status, printed) = strides(&[
        "quiz",
        "scorm",
        "--questions",
        file.to_str().unwrap(),
        "-o",
        zip.to_str().unwrap(),
        "--dist",
        dist.to_str().unwrap(),
    ]);
    assert_eq!(status, Some(1));
    let said: Json = serde_json::from_str(printed.trim()).unwrap();
    assert_eq!(
        (said["id"].as_str(), said["field"].as_str()),
        (Some("c9-ask"), Some("ask"))
    );
    assert!(!zip.exists());
}

#[test]
fn a_folder_that_is_not_the_bundle_is_named() {
    let dir = temp("nodist");
    let zip = dir.join("out.zip");
    let (status, printed) = strides(&[
        "quiz",
        "scorm",
        "--questions",
        course().to_str().unwrap(),
        "-o",
        zip.to_str().unwrap(),
        "--dist",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(status, Some(1));
    let said: Json = serde_json::from_str(printed.trim()).unwrap();
    assert!(
        said["error"].as_str().unwrap().contains("cargo xtask dist"),
        "{said}"
    );
    let out = support::run(&["quiz", "scorm", "--questions", "x.json"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs -o"));
}
