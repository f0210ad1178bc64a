//! Store URLs: a libpq-style `postgres://` URL plus loopwright's `fleet=` and `schema=`
//! parameters, which are taken out before the driver sees the URL.

use std::str::FromStr;

use crate::{FLEET_ENV, PgError};

/// A parsed store URL.
#[derive(Clone)]
pub struct StoreUrl {
    /// What the driver connects with.
    pub(crate) config: postgres::Config,
    /// The fleet (project) id every row is keyed by.
    pub fleet: String,
    /// The schema the tables live in (created when missing); the server default without it.
    pub schema: Option<String>,
    shown: String,
}

/// Fleet ids and schema names: ASCII letters, digits, `_`, `-`, `.` (schemas: no `-`/`.`).
fn valid_name(s: &str, extra: &[u8]) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || extra.contains(&b))
}

impl StoreUrl {
    /// Parses `url`; the fleet defaults to `$LOOP_FLEET`, then `default`.
    ///
    /// # Errors
    /// [`PgError::BadUrl`] naming the problem.
    pub fn parse(url: &str) -> Result<Self, PgError> {
        let shown = redact(url);
        let bad = |problem: String| PgError::BadUrl {
            url: shown.clone(),
            problem,
        };
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(bad(
                "expected a postgres:// or postgresql:// URL (files are the default store)".into(),
            ));
        }
        let (base, query) = url.split_once('?').unwrap_or((url, ""));
        let mut fleet = None;
        let mut schema = None;
        let mut rest = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("fleet", v)) => fleet = Some(v.to_owned()),
                Some(("schema", v)) => schema = Some(v.to_owned()),
                _ => rest.push(pair),
            }
        }
        let fleet = fleet
            .or_else(|| std::env::var(FLEET_ENV).ok().filter(|f| !f.is_empty()))
            .unwrap_or_else(|| "default".to_owned());
        if !valid_name(&fleet, b"-.") {
            return Err(bad(format!(
                "fleet id {fleet:?}: use ASCII letters, digits, '_', '-' and '.' (at most 63)"
            )));
        }
        if let Some(s) = &schema
            && !valid_name(s, b"")
        {
            return Err(bad(format!(
                "schema {s:?}: use ASCII letters, digits and '_' (at most 63)"
            )));
        }
        let driver_url = if rest.is_empty() {
            base.to_owned()
        } else {
            format!("{base}?{}", rest.join("&"))
        };
        let config = postgres::Config::from_str(&driver_url).map_err(|e| bad(e.to_string()))?;
        Ok(StoreUrl {
            config,
            fleet,
            schema,
            shown,
        })
    }

    /// The URL with its password replaced by `***`.
    pub fn display(&self) -> String {
        self.shown.clone()
    }

    pub(crate) fn invalid(&self, problem: impl Into<String>) -> PgError {
        PgError::Invalid {
            url: self.display(),
            problem: problem.into(),
        }
    }
}

/// `postgres://user:secret@host/db` → `postgres://user:***@host/db`.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_out_fleet_and_schema_and_hides_the_password() {
        let u = StoreUrl::parse("postgres://u:pw@h:5433/db?fleet=acme&schema=t1&sslmode=disable")
            .unwrap();
        assert_eq!(u.fleet, "acme");
        assert_eq!(u.schema.as_deref(), Some("t1"));
        assert_eq!(
            u.display(),
            "postgres://u:***@h:5433/db?fleet=acme&schema=t1&sslmode=disable"
        );
        assert_eq!(u.config.get_dbname(), Some("db"));
    }

    #[test]
    fn bad_urls_name_the_problem() {
        for (url, want) in [
            ("mysql://h/db", "postgres://"),
            ("postgres://h/db?fleet=a/b", "fleet id"),
            ("postgres://h/db?schema=x;drop", "schema"),
        ] {
            let e = StoreUrl::parse(url).err().unwrap().to_string();
            assert!(e.contains(want), "{url}: {e}");
        }
    }
}
