. ./common.sh
D=$PWD/pgs; pgup $D 18712
S "pg_ctl -D $D -l $D/server.log -w start" >/dev/null 2>&1
D2=$PWD/pgs2; pgup $D2 18712
echo "shared_buffers = 10XB" >> $D2/postgresql.conf
echo "no_such_setting = on" >> $D2/postgresql.conf
S "pg_ctl -D $D2 -l $D2/server.log -w -t 5 start" >/dev/null 2>&1
sed -i '/10XB/d;/no_such_setting/d' $D2/postgresql.conf
S "pg_ctl -D $D2 -l $D2/server.log -w -t 5 start" >/dev/null 2>&1
pgdown $D; pgdown $D2
cat $D/server.log $D2/server.log
