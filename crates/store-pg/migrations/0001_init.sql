-- loopwright store, schema version 1. Every row is keyed by a fleet (project) id so several
-- projects share one database. Tokens are float8 like the file backend's JSON numbers (sums of
-- whole numbers are exact below 2^53).

CREATE TABLE IF NOT EXISTS loop_daily_spend (
    fleet    text   NOT NULL,
    pattern  text   NOT NULL,
    day      date   NOT NULL,
    spent    float8 NOT NULL DEFAULT 0 CHECK (spent >= 0),
    reserved float8 NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    cap      float8,
    PRIMARY KEY (fleet, pattern, day)
);

-- For each ledger, how many of its attempts were counted and the fingerprint of the last one.
CREATE TABLE IF NOT EXISTS loop_daily_marks (
    fleet      text NOT NULL,
    pattern    text NOT NULL,
    ledger_key text NOT NULL,
    counted    int8 NOT NULL,
    last_fp    text NOT NULL,
    seen       date NOT NULL,
    PRIMARY KEY (fleet, pattern, ledger_key)
);

CREATE TABLE IF NOT EXISTS loop_daily_reservations (
    id         bigserial   PRIMARY KEY,
    fleet      text        NOT NULL,
    pattern    text        NOT NULL,
    day        date        NOT NULL,
    amount     float8      NOT NULL CHECK (amount >= 0),
    state      text        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled', 'expired')),
    actual     float8,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS loop_daily_reservations_open
    ON loop_daily_reservations (fleet, pattern, expires_at) WHERE state = 'open';

CREATE TABLE IF NOT EXISTS loop_budget_extensions (
    id          bigserial   PRIMARY KEY,
    fleet       text        NOT NULL,
    pattern     text        NOT NULL,
    day         date        NOT NULL,
    amount      float8      NOT NULL CHECK (amount > 0),
    reason      text        NOT NULL,
    requested_by text       NOT NULL,
    state       text        NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'approved', 'refused')),
    decided_by  text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    decided_at  timestamptz
);
-- One extension a day per pattern.
CREATE UNIQUE INDEX IF NOT EXISTS loop_budget_extensions_one_a_day
    ON loop_budget_extensions (fleet, pattern, day) WHERE state <> 'refused';

-- Ledgers (`loop context record` / `--check` on `--ledger pg:NAME`): the document without its
-- attempts, and one row per attempt in order.
CREATE TABLE IF NOT EXISTS loop_ledgers (
    fleet  text NOT NULL,
    name   text NOT NULL,
    head   text NOT NULL,
    PRIMARY KEY (fleet, name)
);
CREATE TABLE IF NOT EXISTS loop_ledger_attempts (
    fleet   text NOT NULL,
    name    text NOT NULL,
    seq     int8 NOT NULL,
    attempt text NOT NULL,
    PRIMARY KEY (fleet, name, seq)
);

-- Session logs of `loop run`: one row per event, numbered per session.
CREATE TABLE IF NOT EXISTS loop_sessions (
    fleet      text        NOT NULL,
    id         text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    run_ledger text,
    PRIMARY KEY (fleet, id)
);
CREATE TABLE IF NOT EXISTS loop_session_events (
    fleet   text NOT NULL,
    session text NOT NULL,
    seq     int8 NOT NULL,
    event   text NOT NULL,
    PRIMARY KEY (fleet, session, seq)
);

-- Path locks of `loop worktree lock` (the LockStore table).
CREATE TABLE IF NOT EXISTS loop_path_locks (
    fleet  text NOT NULL,
    kind   text NOT NULL CHECK (kind IN ('lock', 'wait')),
    owner  text NOT NULL,
    record text NOT NULL,
    PRIMARY KEY (fleet, kind, owner)
);
