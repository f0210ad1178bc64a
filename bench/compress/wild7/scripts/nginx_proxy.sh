. ./common.sh
N=$PWD/nginx; rm -rf $N; mkdir -p $N/logs $N/html; web $N/up 18731
cat > $N/nginx.conf <<EOC
worker_processes 1;
error_log $N/logs/error.log info;
pid $N/nginx.pid;
events { worker_connections 64; }
http {
  access_log $N/logs/access.log;
  upstream app { server 127.0.0.1:18731; }
  upstream dead { server 127.0.0.1:18739; }
  server {
    listen 127.0.0.1:18730;
    root $N/html;
    location /app/ { proxy_pass http://app/; }
    location /api/ { proxy_pass http://dead/; }
    location /slow/ { proxy_pass http://10.255.255.1/; proxy_connect_timeout 1s; }
  }
}
EOC
echo hi > $N/html/index.html
nginx -t -c $N/nginx.conf -p $N >/dev/null 2>&1
nginx -c $N/nginx.conf -p $N
sleep 1
for i in $(seq 1 15); do req http://127.0.0.1:18730/; req http://127.0.0.1:18730/app/index.html; done
for p in favicon.ico robots.txt wp-login.php .env admin/; do req http://127.0.0.1:18730/$p; done
for i in 1 2 3 4; do req http://127.0.0.1:18730/api/v1/users?id=$i; done
req http://127.0.0.1:18730/slow/x
req -X POST -H "Content-Length: 99999999999" http://127.0.0.1:18730/
nginx -c $N/nginx.conf -p $N -s stop; sleep 1
kill $(cat $N/up.pid)
nginx -c $N/nginx.conf -p $N 2>/dev/null; sleep 1
for i in 1 2 3; do req http://127.0.0.1:18730/app/x$i; done
nginx -c $N/nginx.conf -p $N 2>/dev/null
nginx -c $N/nginx.conf -p $N -s stop
echo "upstream {" > $N/bad.conf; nginx -t -c $N/bad.conf -p $N >/dev/null 2>&1
