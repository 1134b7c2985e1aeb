//! Trackers' times in one shape: RFC 3339 UTC with `Z`, so cursors
//! compare as text whichever tracker wrote them.

/// An RFC 3339 time in one shape (UTC, `Z`), so cursors compare as text.
pub(crate) fn normalise_time(raw: &str) -> Option<String> {
    use time::format_description::well_known::Rfc3339;
    let t = time::OffsetDateTime::parse(raw, &Rfc3339).ok()?;
    t.to_offset(time::UtcOffset::UTC).format(&Rfc3339).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_compare_as_text_once_normalised() {
        assert_eq!(
            normalise_time("2026-01-01T01:00:00+01:00").as_deref(),
            Some("2026-01-01T00:00:00Z")
        );
        assert_eq!(normalise_time("yesterday"), None);
    }
}
