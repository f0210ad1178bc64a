M=$PWD/maria; rm -rf $M; mkdir -p $M/data; chown -R mysql $M
mariadb-install-db --no-defaults --user=mysql --datadir=$M/data --auth-root-authentication-method=normal >/dev/null 2>&1
O="--no-defaults --user=mysql --datadir=$M/data --socket=$M/s.sock --port=18750 --bind-address=127.0.0.1 --log-error=$M/error.log --pid-file=$M/m.pid --log-warnings=4"
mariadbd $O --no-such-option=1 >/dev/null 2>&1
mariadbd $O >/dev/null 2>&1 &
sleep 4
mariadbd $O --socket=$M/s2.sock --pid-file=$M/m2.pid >/dev/null 2>&1
mariadb -S $M/s.sock -u root -e "create database shop; create table shop.o(id int primary key); insert into shop.o values (1),(1)" >/dev/null 2>&1
mariadb -S $M/s.sock -u ghost -pwrong -e "select 1" >/dev/null 2>&1
mariadb -h 127.0.0.1 -P 18750 -u root -pbad -e "select 1" >/dev/null 2>&1
mariadb -S $M/s.sock -u root -e "select sleep(5)" >/dev/null 2>&1 & sleep 1; kill -9 $!
mariadb-admin -S $M/s.sock -u root shutdown >/dev/null 2>&1
sleep 2
cat $M/error.log
