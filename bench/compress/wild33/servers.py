"""The server runs of `gen.py` (wild33): PostgreSQL 15 with new events (a connection limit, a
failing COPY, a statement timeout, lock waits, a failing archive_command; a crash-restart cycle
twice), PostgreSQL logging to syslog through syslog-ng with PAM failures beside it, and the site
and URL list for wget."""

PG_LIMITS = r"""#!/bin/bash
# pg_limits.sh PORT: PostgreSQL 15 with a pgbadger-style syslog prefix, max_connections 8,
# a failing archive_command, lock waits, temp files, a COPY whose row 143 of 300 does not parse,
# a statement timeout, too many clients; then the server log.
set -u
PORT=$1; D=$PWD/pg-limits
BIN=/usr/lib/postgresql/15/bin
rm -rf $D; mkdir -p $D; chown postgres $D
su postgres -c "$BIN/initdb -D $D/data -A trust >/dev/null"
cat >> $D/data/postgresql.conf <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$D'
max_connections = 8
superuser_reserved_connections = 2
logging_collector = on
log_directory = 'log'
log_filename = 'server'
log_line_prefix = '%t [%p]: [%l-1] user=%u,db=%d,app=%a,client=%h '
log_statement = 'ddl'
log_min_duration_statement = 50
log_checkpoints = on
log_connections = on
log_disconnections = on
log_lock_waits = on
log_temp_files = 0
log_autovacuum_min_duration = 0
deadlock_timeout = '300ms'
work_mem = '64kB'
archive_mode = on
archive_command = 'test ! -f /nonexistent/archive/%f && cp %p /nonexistent/archive/%f'
CONF
su postgres -c "$BIN/pg_ctl -D $D/data -l $D/ctl.log -w start" >/dev/null
P="psql -h 127.0.0.1 -p $PORT -U postgres -X -q"
$P -c "create table item(id int primary key, sku text not null, qty int not null, price numeric(8,2))" postgres
$P -c "insert into item select g, 'SKU-'||g, g % 50, g * 1.25 from generate_series(1,5000) g" postgres
for i in $(seq 1 25); do
  $P -c "select sku, qty from item where id = $((i * 37 % 5000 + 1))" -c "update item set qty = qty + 1 where id = $i" postgres >/dev/null
done
$P -c "select sku from item order by price desc, sku" postgres >/dev/null
seq 1 300 | awk '{ if ($1 == 143) print $1+9000 "\tSKU-X\tseven\t1.00"; else print $1+9000 "\tSKU-" $1 "\t" $1 % 9 "\t" $1 ".50" }' > $D/batch.tsv
$P -c "\copy item from '$D/batch.tsv'" postgres
$P -c "set statement_timeout = '400ms'; select count(*) from item a, item b where a.qty = b.qty" postgres
( $P -c "begin; update item set qty = 0 where id = 10; select pg_sleep(2); commit;" postgres >/dev/null 2>&1 & )
sleep 0.5
$P -c "update item set qty = 1 where id = 10" postgres
for i in 1 2 3 4 5 6 7; do ( $P -U postgres -c "select pg_sleep(3)" postgres >/dev/null 2>&1 & ); done
sleep 1
su postgres -c "createuser -h 127.0.0.1 -p $PORT clerk" 2>/dev/null
for i in 1 2 3; do psql -h 127.0.0.1 -p $PORT -U clerk -X -q -c "select 1" postgres; done
sleep 3
$P -c "select pg_switch_wal()" postgres >/dev/null
$P -c "checkpoint" postgres
sleep 4
$P -c "vacuum verbose item" postgres 2>/dev/null
su postgres -c "$BIN/pg_ctl -D $D/data -m fast -w stop" >/dev/null
cat $D/data/log/server
"""

PG_CRASH = r"""#!/bin/bash
# pg_crash.sh PORT: PostgreSQL 15 with the default prefix, every statement's duration and
# log_error_verbosity = verbose; a backend killed with SIGSEGV mid-run, then another with SIGABRT
# (two crash-restart cycles), a duplicate key, a division by zero; then the server log.
set -u
PORT=$1; D=$PWD/pg-crash
BIN=/usr/lib/postgresql/15/bin
rm -rf $D; mkdir -p $D; chown postgres $D
su postgres -c "$BIN/initdb -D $D/data -A trust >/dev/null"
cat >> $D/data/postgresql.conf <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$D'
logging_collector = on
log_directory = 'log'
log_filename = 'server'
log_line_prefix = '%m [%p] '
log_min_duration_statement = 0
log_error_verbosity = verbose
log_checkpoints = on
restart_after_crash = on
CONF
su postgres -c "$BIN/pg_ctl -D $D/data -l $D/ctl.log -w start" >/dev/null
P="psql -h 127.0.0.1 -p $PORT -U postgres -X -q"
$P -c "create table ledger(id serial primary key, acct int not null, amount numeric not null)" postgres
$P -c "create unique index ledger_acct_amount on ledger(acct, amount)" postgres
for i in $(seq 1 40); do
  $P -c "insert into ledger(acct, amount) values ($((i % 9)), $i.25)" postgres >/dev/null
done
$P -c "insert into ledger(acct, amount) values (3, 12.25)" postgres
$P -c "select acct, sum(amount) / (count(*) - count(*)) from ledger group by acct" postgres
( $P -c "select pg_sleep(20)" postgres >/dev/null 2>&1 & )
sleep 1
kill -SEGV $($P -At -c "select pid from pg_stat_activity where query like 'select pg_sleep(20)%'" postgres)
sleep 4
for i in $(seq 41 60); do
  $P -c "insert into ledger(acct, amount) values ($((i % 9)), $i.25)" postgres >/dev/null
done
( $P -c "select pg_sleep(20)" postgres >/dev/null 2>&1 & )
sleep 1
kill -ABRT $($P -At -c "select pid from pg_stat_activity where query like 'select pg_sleep(20)%'" postgres)
sleep 4
for i in $(seq 61 75); do
  $P -c "select count(*), max(amount) from ledger where acct = $((i % 9))" postgres >/dev/null
done
su postgres -c "$BIN/pg_ctl -D $D/data -m fast -w stop" >/dev/null
cat $D/data/log/server
"""

# syslog-ng reading /dev/log (made for the run, removed after), writing a traditional syslog file;
# PostgreSQL with log_destination = syslog; su failing for a user without a password (PAM lines).
SYSLOG_RUN = r"""#!/bin/bash
# syslog.sh PORT: syslog-ng collects /dev/log into messages; PostgreSQL 15 logs to syslog (facility
# local0) with a failing query, a missing database, a bad password file, then a fast stop; su and
# sudo refuse a user; then the syslog file.
set -u
PORT=$1; D=$PWD/sys; BIN=/usr/lib/postgresql/15/bin
rm -rf $D; mkdir -p $D; chmod 755 $D
test -e /dev/log && { echo "/dev/log exists; not replacing it"; exit 1; }
cat > $D/syslog-ng.conf <<CONF
@version: 3.38
options { keep-hostname(yes); chain-hostnames(no); use-dns(no); stats_freq(0); };
source s_local { unix-dgram("/dev/log"); internal(); };
destination d_msgs { file("$D/messages" template("\${DATE} \${HOST} \${MSGHDR}\${MESSAGE}\n")); };
log { source(s_local); destination(d_msgs); };
CONF
syslog-ng -f $D/syslog-ng.conf -p $D/sng.pid -R $D/sng.persist -c $D/sng.ctl
sleep 1
mkdir -p $D/pg; chown postgres $D/pg
su postgres -c "$BIN/initdb -D $D/pg/data -A scram-sha-256 --pwfile=<(echo s3cret) -U postgres >/dev/null"
cat >> $D/pg/data/postgresql.conf <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$D/pg'
log_destination = 'syslog'
syslog_facility = 'LOCAL0'
syslog_ident = 'postgres'
log_connections = on
log_disconnections = on
log_min_duration_statement = 0
log_checkpoints = on
CONF
su postgres -c "$BIN/pg_ctl -D $D/pg/data -l $D/pg/ctl.log -w start" >/dev/null
export PGPASSWORD=s3cret
P="psql -h 127.0.0.1 -p $PORT -U postgres -X -q"
$P -c "create table visit(id int primary key, page text, at timestamptz default now())" postgres
for i in $(seq 1 30); do $P -c "insert into visit(id, page) values ($i, '/p/$((i % 7))')" postgres >/dev/null; done
$P -c "select page, count(*) from visit group by page" postgres >/dev/null
$P -c "insert into visit(id, page) values (12, '/dup')" postgres 2>/dev/null
$P -c "select 1" shopdb 2>/dev/null
PGPASSWORD=wrong psql -h 127.0.0.1 -p $PORT -U postgres -X -q -c "select 1" postgres 2>/dev/null
for i in $(seq 31 45); do $P -c "insert into visit(id, page) values ($i, '/p/$((i % 5))')" postgres >/dev/null; done
$P -c "checkpoint" postgres
su nobody -s /bin/sh -c "su root -c true" </dev/null 2>/dev/null
su nobody -s /bin/sh -c "sudo -n true" </dev/null 2>/dev/null
su postgres -c "$BIN/pg_ctl -D $D/pg/data -m fast -w stop" >/dev/null
sleep 1
kill $(cat $D/sng.pid); sleep 1; rm -f /dev/log
cat $D/messages
"""

SITE_PAGES = 40


def site():
    """A static site of 40 pages linking to each other, a few broken links and large files (for
    wget --mirror with a quota, and the URL list)."""
    files = {}
    links = "".join(f'<li><a href="cat/c{i}.html">cat {i}</a></li>' for i in range(SITE_PAGES))
    files["index.html"] = f"<html><body><h1>shop</h1><ul>{links}</ul><a href='sale.html'>sale</a></body></html>"
    for i in range(SITE_PAGES):
        extra = f'<a href="../old/c{i}.html">old</a>' if i % 9 == 4 else ""
        files[f"cat/c{i}.html"] = (f"<html><body><p>category {i}</p>{extra}<a href='../index.html'>home</a>"
                                   f"<img src='../img/c{i}.jpg'><a href='../data/c{i}.csv'>csv</a></body></html>")
        files[f"img/c{i}.jpg"] = "JPG" * (1500 + 37 * i)
        if i != 21:
            files[f"data/c{i}.csv"] = "".join(f"{i},{r},{r * 3}\n" for r in range(200))
    return files


def url_list(port, dead):
    """The wget -i list: 36 URLs, four missing pages, one on a closed port."""
    urls = []
    for i in range(36):
        if i == 14:
            urls.append(f"http://127.0.0.1:{dead}/feed/c{i}.csv")
        elif i in (9, 22, 23, 31):
            urls.append(f"http://127.0.0.1:{port}/data/old-{i}.csv")
        else:
            urls.append(f"http://127.0.0.1:{port}/data/c{i if i != 21 else 20}.csv")
    return "\n".join(urls) + "\n"
