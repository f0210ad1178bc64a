//! Embedded migrations, applied in order on first use under an advisory lock (so concurrent
//! first users neither race nor apply one twice).

/// `(version, SQL)`, oldest first. Never edit an applied one: add the next.
const MIGRATIONS: &[(i64, &str)] = &[(1, include_str!("../migrations/0001_init.sql"))];

/// Key of the advisory lock taken while migrating.
const MIGRATION_LOCK: i64 = 0x6c6f_6f70_7067;

/// Creates `schema` when given and selects it, then applies the missing migrations.
pub(crate) fn apply(c: &mut postgres::Client, schema: Option<&str>) -> Result<(), postgres::Error> {
    if let Some(s) = schema {
        // The name was checked to be [A-Za-z0-9_]+.
        c.batch_execute(&format!("SET search_path TO \"{s}\""))?;
    }
    if current(c)? == latest() {
        return Ok(());
    }
    let mut tx = c.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    if let Some(s) = schema {
        tx.batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS \"{s}\""))?;
    }
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS loop_schema_migrations (
             version int8 PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    )?;
    let done: i64 = tx
        .query_one(
            "SELECT coalesce(max(version), 0) FROM loop_schema_migrations",
            &[],
        )?
        .get(0);
    for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > done) {
        tx.batch_execute(sql)?;
        tx.execute(
            "INSERT INTO loop_schema_migrations (version) VALUES ($1)",
            &[version],
        )?;
    }
    tx.commit()
}

fn latest() -> i64 {
    MIGRATIONS.last().map_or(0, |(v, _)| *v)
}

/// The applied version, 0 when the table does not exist yet.
fn current(c: &mut postgres::Client) -> Result<i64, postgres::Error> {
    let exists: bool = c
        .query_one(
            "SELECT to_regclass('loop_schema_migrations') IS NOT NULL",
            &[],
        )?
        .get(0);
    if !exists {
        return Ok(0);
    }
    Ok(c.query_one(
        "SELECT coalesce(max(version), 0) FROM loop_schema_migrations",
        &[],
    )?
    .get(0))
}
