//! # stored-zip
//!
//! A minimal ZIP writer, for `strides quiz scorm`'s packages and `cargo xtask dist`'s Python
//! wheel: files stored as they are (method 0, no compression),
//! names in UTF-8, every date 1980-01-01 00:00 so that the same inputs give the same bytes.
//!
//! Stored, not deflated, so that nothing needs a compression crate: a SCORM package is uploaded
//! once to an LMS, which unpacks it and serves each file itself, and pip unpacks a wheel once, so
//! an archive's own size matters little. No ZIP64: an archive over 4 GiB or 65 535 files is an error, far beyond a lab's bundle.
//! The layout (APPNOTE.TXT 6.3.x, sections 4.3.7, 4.3.12 and 4.3.16): each file's local header and
//! bytes, then the central directory, then its end record.

use std::fmt;

/// `PK\x03\x04`: a local file header.
const LOCAL: u32 = 0x0403_4b50;
/// `PK\x01\x02`: a central directory header.
const CENTRAL: u32 = 0x0201_4b50;
/// `PK\x05\x06`: the end of the central directory.
const END: u32 = 0x0605_4b50;
/// Version 1.0 is enough to extract a stored file.
const VERSION_NEEDED: u16 = 10;
/// Made by: Unix (3, so that the permissions below are read), spec 2.0.
const VERSION_MADE_BY: u16 = (3 << 8) | 20;
/// General purpose flag bit 11: the name is UTF-8.
const UTF8_NAMES: u16 = 1 << 11;
/// 1980-01-01 in MS-DOS date format (year − 1980 in bits 9–15, month, day); time 00:00:00.
const DOS_DATE: u16 = (1 << 5) | 1;
/// `-rw-r--r--` in the high half of the external attributes.
const UNIX_FILE: u32 = 0o100_644 << 16;

/// Why an archive cannot be written.
#[derive(Debug, PartialEq, Eq)]
pub enum ZipError {
    /// A name that is empty, absolute, or climbs out of the archive (`..`), or is too long.
    BadName(String),
    /// Two files with the same name.
    Duplicate(String),
    /// More than 4 GiB or 65 535 files: ZIP64 would be needed.
    TooLarge,
}

impl fmt::Display for ZipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZipError::BadName(n) => write!(f, "'{n}' cannot be a file name inside a package"),
            ZipError::Duplicate(n) => write!(f, "the package would hold '{n}' twice"),
            ZipError::TooLarge => f.write_str("the package would exceed 4 GiB or 65 535 files"),
        }
    }
}

impl std::error::Error for ZipError {}

/// An archive being written in memory.
#[derive(Default)]
pub struct Zip {
    out: Vec<u8>,
    central: Vec<u8>,
    names: std::collections::BTreeSet<String>,
}

impl Zip {
    /// An empty archive.
    pub fn new() -> Self {
        Zip::default()
    }

    /// Adds a file named `name` (`/`-separated, relative) holding `data`.
    pub fn add(&mut self, name: &str, data: &[u8]) -> Result<(), ZipError> {
        let bad = || ZipError::BadName(name.to_string());
        if name.is_empty()
            || name.starts_with('/')
            || name.contains('\\')
            || name
                .split('/')
                .any(|part| part.is_empty() || part == "." || part == "..")
        {
            return Err(bad());
        }
        if !self.names.insert(name.to_string()) {
            return Err(ZipError::Duplicate(name.to_string()));
        }
        let name_len = u16::try_from(name.len()).map_err(|_| bad())?;
        let size = u32::try_from(data.len()).map_err(|_| ZipError::TooLarge)?;
        let offset = u32::try_from(self.out.len()).map_err(|_| ZipError::TooLarge)?;
        let crc = crc32(data);

        let local = &mut self.out;
        push32(local, LOCAL);
        push16(local, VERSION_NEEDED);
        push16(local, UTF8_NAMES);
        push16(local, 0); // stored
        push16(local, 0); // time
        push16(local, DOS_DATE);
        push32(local, crc);
        push32(local, size); // compressed
        push32(local, size); // uncompressed
        push16(local, name_len);
        push16(local, 0); // extra field
        local.extend_from_slice(name.as_bytes());
        local.extend_from_slice(data);

        let c = &mut self.central;
        push32(c, CENTRAL);
        push16(c, VERSION_MADE_BY);
        push16(c, VERSION_NEEDED);
        push16(c, UTF8_NAMES);
        push16(c, 0);
        push16(c, 0);
        push16(c, DOS_DATE);
        push32(c, crc);
        push32(c, size);
        push32(c, size);
        push16(c, name_len);
        push16(c, 0); // extra field
        push16(c, 0); // comment
        push16(c, 0); // disk number
        push16(c, 0); // internal attributes
        push32(c, UNIX_FILE);
        push32(c, offset);
        c.extend_from_slice(name.as_bytes());
        Ok(())
    }

    /// The archive's bytes.
    pub fn finish(mut self) -> Result<Vec<u8>, ZipError> {
        let count = u16::try_from(self.names.len()).map_err(|_| ZipError::TooLarge)?;
        let start = u32::try_from(self.out.len()).map_err(|_| ZipError::TooLarge)?;
        let size = u32::try_from(self.central.len()).map_err(|_| ZipError::TooLarge)?;
        start.checked_add(size).ok_or(ZipError::TooLarge)?;
        self.out.append(&mut self.central);
        let end = &mut self.out;
        push32(end, END);
        push16(end, 0); // this disk
        push16(end, 0); // the disk where the directory starts
        push16(end, count);
        push16(end, count);
        push32(end, size);
        push32(end, start);
        push16(end, 0); // comment
        Ok(self.out)
    }
}

fn push16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn push32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// CRC-32 as ZIP (and gzip, PNG) computes it: polynomial 0x04C11DB7 reflected (0xEDB88320),
/// starting from all ones and inverted at the end; one bit at a time, fast enough for a bundle.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn crc32_matches_the_check_values() {
        // The standard check value of CRC-32/ISO-HDLC, and Python's zlib.crc32(b"strides").
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"strides"), 0x8B3B_8DA1);
    }

    #[test]
    fn names_that_would_leave_the_package_are_refused() {
        let mut z = Zip::new();
        for name in [
            "",
            "/etc/passwd",
            "../x",
            "a/../b",
            "a//b",
            "a\\b",
            "./a",
            "a/",
        ] {
            assert_eq!(
                z.add(name, b""),
                Err(ZipError::BadName(name.into())),
                "{name}"
            );
        }
        z.add("a/b.txt", b"x").unwrap();
        assert_eq!(
            z.add("a/b.txt", b"y"),
            Err(ZipError::Duplicate("a/b.txt".into()))
        );
    }

    #[test]
    fn an_empty_archive_is_its_end_record() {
        let bytes = Zip::new().finish().unwrap();
        assert_eq!(bytes.len(), 22);
        assert_eq!(&bytes[..4], b"PK\x05\x06");
    }

    #[test]
    fn the_same_files_give_the_same_bytes() {
        let build = || {
            let mut z = Zip::new();
            z.add("imsmanifest.xml", b"<manifest/>").unwrap();
            z.add("web/\u{e9}.js", b"export {};").unwrap();
            z.finish().unwrap()
        };
        let bytes = build();
        assert_eq!(bytes, build());
        // The stored bytes sit right after the first local header (30 bytes) and its name.
        assert_eq!(&bytes[..4], b"PK\x03\x04");
        assert_eq!(&bytes[30..45], b"imsmanifest.xml");
        assert_eq!(&bytes[45..56], b"<manifest/>");
    }
}
