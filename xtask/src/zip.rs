//! A zip archive of stored (uncompressed) files, the form a wheel may take: each file's local
//! header and bytes, then the central directory and its end record (PKWARE's APPNOTE, sections
//! 4.3.7, 4.3.12 and 4.3.16). Dates are 1980-01-01, so that the same files give the same archive.

/// The CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) a zip records for each file.
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

/// MS-DOS date of 1980-01-01 (day 1, month 1, year 0); the time is 00:00:00.
const DOS_DATE: u16 = (1 << 5) | 1;

/// Files (their path in the archive with `/`, and their bytes), in the order given; an error if
/// the archive would need zip64 (a file or the whole over 4 GiB, or 65,535 files or more).
pub fn stored(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    let count = u16::try_from(files.len()).map_err(|_| "too many files for a zip".to_string())?;
    for (name, data) in files {
        let offset = small(out.len())?;
        let size = small(data.len())?;
        let name_len =
            u16::try_from(name.len()).map_err(|_| format!("file name too long: {name}"))?;
        let crc = crc32(data);
        // Local file header.
        put32(&mut out, 0x0403_4b50);
        put16(&mut out, 20); // version needed: 2.0
        put16(&mut out, 0x0800); // names are UTF-8
        put16(&mut out, 0); // stored
        put16(&mut out, 0); // time
        put16(&mut out, DOS_DATE);
        put32(&mut out, crc);
        put32(&mut out, size);
        put32(&mut out, size);
        put16(&mut out, name_len);
        put16(&mut out, 0); // extra field length
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        // Its central directory entry.
        put32(&mut central, 0x0201_4b50);
        put16(&mut central, (3 << 8) | 20); // made by: Unix, zip 2.0
        put16(&mut central, 20);
        put16(&mut central, 0x0800);
        put16(&mut central, 0);
        put16(&mut central, 0);
        put16(&mut central, DOS_DATE);
        put32(&mut central, crc);
        put32(&mut central, size);
        put32(&mut central, size);
        put16(&mut central, name_len);
        put16(&mut central, 0); // extra
        put16(&mut central, 0); // comment
        put16(&mut central, 0); // disk
        put16(&mut central, 0); // internal attributes
        put32(&mut central, 0o100_644 << 16); // a regular file, rw-r--r--
        put32(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let central_offset = small(out.len())?;
    let central_size = small(central.len())?;
    out.extend_from_slice(&central);
    put32(&mut out, 0x0605_4b50);
    put16(&mut out, 0);
    put16(&mut out, 0);
    put16(&mut out, count);
    put16(&mut out, count);
    put32(&mut out, central_size);
    put32(&mut out, central_offset);
    put16(&mut out, 0); // comment length
    Ok(out)
}

fn small(n: usize) -> Result<u32, String> {
    u32::try_from(n)
        .map_err(|_| "a file or the archive is over 4 GiB (zip64 is not written)".into())
}

fn put16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_check_value() {
        // The check value of CRC-32/ISO-HDLC (the zip CRC) for "123456789".
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn archive_layout() {
        let files = vec![
            ("a.txt".to_string(), b"hello".to_vec()),
            ("d/b.bin".to_string(), vec![0, 1, 2]),
        ];
        let zip = stored(&files).unwrap();
        // Local header of the first file, its name and bytes.
        assert_eq!(&zip[0..4], &[0x50, 0x4b, 0x03, 0x04]);
        assert_eq!(&zip[30..35], b"a.txt");
        assert_eq!(&zip[35..40], b"hello");
        // End record: two entries, then the central directory's size and offset.
        let end = zip.len() - 22;
        assert_eq!(&zip[end..end + 4], &[0x50, 0x4b, 0x05, 0x06]);
        assert_eq!(u16::from_le_bytes([zip[end + 10], zip[end + 11]]), 2);
        let size = u32::from_le_bytes(zip[end + 12..end + 16].try_into().unwrap()) as usize;
        let offset = u32::from_le_bytes(zip[end + 16..end + 20].try_into().unwrap()) as usize;
        assert_eq!(offset + size, end);
        assert_eq!(&zip[offset..offset + 4], &[0x50, 0x4b, 0x01, 0x02]);
        // The second local header starts where the first file's bytes end.
        assert_eq!(&zip[40..44], &[0x50, 0x4b, 0x03, 0x04]);
    }
}
