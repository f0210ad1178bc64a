. ./common.sh
D=$PWD/pgt; pgup $D 18711
cat >> $D/postgresql.conf <<EOC
log_line_prefix = '%m %a[%p] %q%u@%d/%c '
log_lock_waits = on
deadlock_timeout = 200ms
log_min_duration_statement = 300
log_checkpoints = on
log_temp_files = 0
work_mem = 64kB
EOC
S "pg_ctl -D $D -l $D/server.log -w start" >/dev/null 2>&1
P="psql -h 127.0.0.1 -p 18711 -U postgres -q -X"
$P -c "create table t(id int primary key, v int check (v >= 0)); insert into t select g, g from generate_series(1,20000) g" >/dev/null 2>&1
$P -c "begin; lock table t in exclusive mode; select pg_sleep(1.5); commit" >/dev/null 2>&1 &
sleep 0.3
$P -c "set lock_timeout='700ms'; update t set v=v+1 where id=1" >/dev/null 2>&1
$P -c "set statement_timeout='300ms'; select pg_sleep(1)" >/dev/null 2>&1
wait
$P -c "update t set v=-1 where id=2" >/dev/null 2>&1
$P -c "select v, count(*) from t group by v order by 1 desc" >/dev/null 2>&1
for i in $(seq 1 12); do $P -c "select v from t where id=$i" >/dev/null 2>&1; done
$P -c "checkpoint" >/dev/null 2>&1
$P -c "drop table nosuch" >/dev/null 2>&1
pgdown $D
cat $D/server.log
