. ./common.sh
D=$PWD/pgv; pgup $D 18710
cat >> $D/postgresql.conf <<EOC
log_line_prefix = '%t [%p]: [%l-1] user=%u,db=%d,app=%a,client=%h '
log_error_verbosity = verbose
log_connections = on
log_disconnections = on
log_min_duration_statement = 250
log_statement = 'ddl'
EOC
S "pg_ctl -D $D -l $D/server.log -w start" >/dev/null 2>&1
P="psql -h 127.0.0.1 -p 18710 -U postgres -q -X"
$P -c "create table parent(id int primary key); create table child(id serial primary key, pid int references parent(id), name text not null unique)" >/dev/null 2>&1
$P -c "insert into parent select generate_series(1,100)" >/dev/null 2>&1
for i in $(seq 1 25); do $P -c "insert into child(pid,name) values ($i,'n$i')" >/dev/null 2>&1; done
$P -c "insert into child(pid,name) values (1,'n1')" >/dev/null 2>&1
$P -c "insert into child(pid,name) values (999,'x')" >/dev/null 2>&1
$P -c "insert into child(pid,name) values (2,null)" >/dev/null 2>&1
$P -c "delete from parent where id=3" >/dev/null 2>&1
$P -c "selec 1" >/dev/null 2>&1
$P -c "select pg_sleep(0.4), count(*) from child" >/dev/null 2>&1
$P -c "select 'abc'::int" >/dev/null 2>&1
psql -h 127.0.0.1 -p 18710 -U postgres -d nosuchdb -c "select 1" >/dev/null 2>&1
psql -h 127.0.0.1 -p 18710 -U nobody -c "select 1" >/dev/null 2>&1
for i in $(seq 1 10); do $P -c "select count(*) from child where pid=$i" >/dev/null 2>&1; done
$P -c "select pg_sleep(0.3)" >/dev/null 2>&1
pgdown $D
cat $D/server.log
