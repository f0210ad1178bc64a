cat > dnsmasq.hosts <<EOC
10.0.0.5 db.lan
10.0.0.6 cache.lan
EOC
timeout 6 dnsmasq --no-daemon --log-queries --log-facility=- --port=18780 --listen-address=127.0.0.1 --bind-interfaces --no-resolv --no-hosts --addn-hosts=$PWD/dnsmasq.hosts --server=127.0.0.1#18789 --server=/corp.test/127.0.0.1#18788 --address=/blocked.test/0.0.0.0 -C /dev/null 2>&1 &
sleep 1
for n in db.lan cache.lan db.lan www.example.test api.example.test blocked.test host.corp.test db.lan nosuch.lan; do dig +time=1 +tries=1 @127.0.0.1 -p 18780 $n >/dev/null 2>&1; done
dig +time=1 +tries=1 @127.0.0.1 -p 18780 -x 10.0.0.5 >/dev/null 2>&1
wait
dnsmasq --no-daemon --port=18780 --listen-address=127.0.0.1 --bind-interfaces --log-facility=- -C /dev/null & sleep 0.5
timeout 2 dnsmasq --no-daemon --port=18780 --listen-address=127.0.0.1 --bind-interfaces --log-facility=- -C /dev/null 2>&1
kill %1 2>/dev/null; wait
printf 'no-resolv\nserver=bad address\ndhcp-range=10.0.0.50\n' > dnsmasq.bad.conf
dnsmasq --test -C dnsmasq.bad.conf 2>&1
