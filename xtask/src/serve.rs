//! A small static file server for `dist/`, enough to open the lab in a browser: GET and HEAD,
//! the right content types (wasm must be `application/wasm`), no path outside `dist/`, and the
//! precompressed `.gz` beside a file when the browser accepts gzip, as static hosts serve `dist/`
//! (so that `cargo xtask bench` measures the bytes a phone really receives).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

/// `cargo xtask serve [--port N]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut port: u16 = 8000;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--port" => {
                port = it
                    .next()
                    .and_then(|p| p.parse().ok())
                    .ok_or("--port needs a number")?;
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    let dist = crate::dist::build()?;
    let port = start(dist, port)?;
    println!("\nStrides Lab is served at http://127.0.0.1:{port}/  (Ctrl+C stops it)");
    loop {
        std::thread::park();
    }
}

/// Serves `root` on 127.0.0.1:`port` (0 picks a free port) from a background thread; returns the
/// port.
pub fn start(root: PathBuf, port: u16) -> Result<u16, String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || {
                let _ = handle(stream, &root);
            });
        }
    });
    Ok(port)
}

fn handle(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // Read the headers: only Accept-Encoding matters.
    let mut line = String::new();
    let mut gzip = false;
    while reader.read_line(&mut line)? > 2 {
        gzip |= accepts_gzip(&line);
        line.clear();
    }
    let mut parts = request.split_whitespace();
    let method = parts.next().unwrap_or("");
    let target = parts.next().unwrap_or("/");
    if method != "GET" && method != "HEAD" {
        return respond(
            &mut stream,
            &Reply::plain("405 Method Not Allowed"),
            b"method not allowed",
            true,
        );
    }
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let Some(file) = resolve(root, path) else {
        return respond(
            &mut stream,
            &Reply::plain("404 Not Found"),
            b"not found",
            true,
        );
    };
    let kind = content_type(&file);
    let zipped = gzip.then(|| precompressed(&file)).flatten();
    let (file, encoding) = match zipped {
        Some(z) => (z, Some("gzip")),
        None => (file, None),
    };
    match std::fs::read(&file) {
        Ok(body) => respond(
            &mut stream,
            &Reply {
                status: "200 OK",
                kind,
                encoding,
            },
            &body,
            method == "GET",
        ),
        Err(_) => respond(
            &mut stream,
            &Reply::plain("404 Not Found"),
            b"not found",
            true,
        ),
    }
}

/// The file for a URL path, refusing anything that would leave `root`.
fn resolve(root: &Path, path: &str) -> Option<PathBuf> {
    let relative = PathBuf::from(percent_decode(path.trim_start_matches('/')));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let mut file = root.join(relative);
    if file.is_dir() {
        file = file.join("index.html");
    }
    file.is_file().then_some(file)
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%'
            && let Some(v) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}

/// Whether a request header line accepts gzip (`Accept-Encoding: gzip, deflate, br`).
fn accepts_gzip(line: &str) -> bool {
    let Some((name, value)) = line.split_once(':') else {
        return false;
    };
    name.trim().eq_ignore_ascii_case("accept-encoding")
        && value
            .split(',')
            .any(|e| e.split(';').next().is_some_and(|e| e.trim() == "gzip"))
}

/// The `.gz` that `cargo xtask dist` wrote beside `file`, if any.
fn precompressed(file: &Path) -> Option<PathBuf> {
    let mut name = file.file_name()?.to_os_string();
    name.push(".gz");
    let zipped = file.with_file_name(name);
    zipped.is_file().then_some(zipped)
}

/// A reply's status line and the headers that describe its body.
struct Reply<'a> {
    status: &'a str,
    kind: &'a str,
    encoding: Option<&'a str>,
}

impl<'a> Reply<'a> {
    fn plain(status: &'a str) -> Self {
        Reply {
            status,
            kind: "text/plain",
            encoding: None,
        }
    }
}

fn respond(
    stream: &mut TcpStream,
    reply: &Reply,
    body: &[u8],
    send_body: bool,
) -> std::io::Result<()> {
    let encoding = reply
        .encoding
        .map(|e| format!("Content-Encoding: {e}\r\n"))
        .unwrap_or_default();
    let head = format!(
        "HTTP/1.1 {}\r\nContent-Type: {}\r\n{encoding}Vary: Accept-Encoding\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        reply.status,
        reply.kind,
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if send_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_root() {
        let root = std::env::temp_dir();
        assert!(resolve(&root, "/../etc/passwd").is_none());
        assert!(resolve(&root, "/%2e%2e/etc/passwd").is_none());
        assert_eq!(percent_decode("a%20b"), "a b");
        assert_eq!(content_type(Path::new("x.wasm")), "application/wasm");
    }

    #[test]
    fn gzip_is_served_only_to_browsers_that_accept_it() {
        assert!(accepts_gzip("Accept-Encoding: gzip, deflate, br\r\n"));
        assert!(accepts_gzip("accept-encoding: br;q=1.0, gzip;q=0.8\r\n"));
        assert!(!accepts_gzip("Accept-Encoding: br\r\n"));
        assert!(!accepts_gzip("X-Gzip: gzip\r\n"));
        let dir = std::env::temp_dir().join(format!("serve-gz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.wasm"), b"x").unwrap();
        assert_eq!(precompressed(&dir.join("a.wasm")), None);
        std::fs::write(dir.join("a.wasm.gz"), b"z").unwrap();
        assert_eq!(
            precompressed(&dir.join("a.wasm")),
            Some(dir.join("a.wasm.gz"))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
