R=$PWD/redis; rm -rf $R; mkdir -p $R/a $R/b $R/c
redis-server --port 18720 --bind 127.0.0.1 --dir $R/a --logfile $R/redis.log --daemonize yes --pidfile $R/a.pid --loglevel verbose --maxmemory 2mb --maxmemory-policy noeviction --save "" >/dev/null 2>&1
sleep 1
redis-server --port 18720 --bind 127.0.0.1 --dir $R/b --logfile $R/redis.log --loglevel verbose >/dev/null 2>&1
for i in $(seq 1 400); do echo "SET key:$i $(head -c 8000 /dev/zero | tr '\0' x)"; done | redis-cli -p 18720 >/dev/null 2>&1
redis-cli -p 18720 DEBUG SLEEP 0 >/dev/null 2>&1
redis-cli -p 18720 CONFIG SET maxmemory-policy nosuch >/dev/null 2>&1
redis-cli -p 18720 SHUTDOWN >/dev/null 2>&1
sleep 1
mkdir -p $R/c/appendonlydir
printf 'file appendonly.aof.1.base.rdb seq 1 type b\nfile appendonly.aof.1.incr.aof seq 1 type i\n' > $R/c/appendonlydir/appendonly.aof.manifest
printf 'garbage-not-rdb' > $R/c/appendonlydir/appendonly.aof.1.base.rdb
printf '*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\nvalu' > $R/c/appendonlydir/appendonly.aof.1.incr.aof
redis-server --port 18721 --bind 127.0.0.1 --dir $R/c --appendonly yes --logfile $R/redis.log --loglevel verbose >/dev/null 2>&1
cat $R/redis.log
