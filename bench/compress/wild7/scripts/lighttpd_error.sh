. ./common.sh
L=$PWD/lighttpd; rm -rf $L; mkdir -p $L/www $L/logs; chmod 777 $L/logs; echo hi > $L/www/index.html
cat > $L/l.conf <<EOC
server.document-root = "$L/www"
server.port = 18790
server.bind = "127.0.0.1"
server.errorlog = "$L/logs/error.log"
server.modules = ("mod_proxy", "mod_accesslog")
accesslog.filename = "$L/logs/access.log"
debug.log-request-handling = "enable"
debug.log-file-not-found = "enable"
\$HTTP["url"] =~ "^/api/" { proxy.server = ("" => (("host" => "127.0.0.1", "port" => 18799))) }
EOC
lighttpd -t -f $L/l.conf >/dev/null 2>&1
lighttpd -f $L/l.conf
sleep 1
for i in 1 2 3; do req http://127.0.0.1:18790/; done
req http://127.0.0.1:18790/missing.png
req http://127.0.0.1:18790/api/ping
req http://127.0.0.1:18790/api/ping
lighttpd -f $L/l.conf 2>/dev/null
kill $(pgrep -f "lighttpd -f $L/l.conf" | head -1); sleep 1
cat $L/logs/error.log
