. ./common.sh
H=$PWD/haproxy; rm -rf $H; mkdir -p $H; web $H/up 18771
cat > $H/h.cfg <<EOC
global
  log stdout format raw local0 info
defaults
  log global
  mode http
  option httplog
  timeout connect 1s
  timeout client 5s
  timeout server 5s
frontend fe
  bind 127.0.0.1:18770
  use_backend be_api if { path_beg /api }
  default_backend be_web
backend be_web
  balance roundrobin
  option httpchk GET /
  server web1 127.0.0.1:18771 check inter 400 fall 2 rise 2
  server web2 127.0.0.1:18772 check inter 400 fall 2 rise 2
backend be_api
  server api1 127.0.0.1:18773 check inter 400 fall 1
EOC
haproxy -c -f $H/h.cfg >/dev/null 2>&1
timeout 9 haproxy -db -f $H/h.cfg 2>&1 &
sleep 2
for i in $(seq 1 12); do req http://127.0.0.1:18770/index.html; done
for i in 1 2 3; do req http://127.0.0.1:18770/api/items/$i; done
req http://127.0.0.1:18770/nosuch
kill $(cat $H/up.pid); sleep 2
for i in 1 2; do req http://127.0.0.1:18770/index.html; done
wait
printf 'frontend x\n  bind :abc\n  default_backend nope\n' > $H/bad.cfg
haproxy -c -f $H/bad.cfg 2>&1
