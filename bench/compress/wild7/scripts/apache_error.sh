. ./common.sh
A=$PWD/apache; rm -rf $A; mkdir -p $A/logs $A/htdocs $A/cgi; web $A/up 18741
M=/usr/lib/apache2/modules
cat > $A/httpd.conf <<EOC
ServerRoot $A
ServerName localhost
Listen 127.0.0.1:18740
PidFile $A/httpd.pid
LoadModule mpm_prefork_module $M/mod_mpm_prefork.so
LoadModule authz_core_module $M/mod_authz_core.so
LoadModule authz_host_module $M/mod_authz_host.so
LoadModule mime_module $M/mod_mime.so
LoadModule dir_module $M/mod_dir.so
LoadModule alias_module $M/mod_alias.so
LoadModule cgi_module $M/mod_cgi.so
LoadModule proxy_module $M/mod_proxy.so
LoadModule proxy_http_module $M/mod_proxy_http.so
TypesConfig /etc/mime.types
StartServers 2
ErrorLog $A/logs/error.log
LogLevel info
CustomLog $A/logs/access.log combined
LogFormat "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\"" combined
DocumentRoot $A/htdocs
<Directory $A/htdocs>
  Require all granted
</Directory>
<Directory $A/htdocs/private>
  Require all denied
</Directory>
ScriptAlias /cgi-bin/ $A/cgi/
<Directory $A/cgi>
  Require all granted
</Directory>
ProxyPass /app/ http://127.0.0.1:18741/
ProxyPass /api/ http://127.0.0.1:18749/
User nobody
Group nogroup
EOC
echo hi > $A/htdocs/index.html; mkdir -p $A/htdocs/private; echo s > $A/htdocs/private/s.txt
printf '#!/bin/sh\necho "Content-Type: text/plain"\necho\necho ok\n' > $A/cgi/ok.sh
printf '#!/bin/sh\necho "this script forgot its headers"\necho "warning: cache miss for key user:42" >&2\nexit 1\n' > $A/cgi/broken.sh
printf '#!/bin/sh\nexec /nonexistent/interp\n' > $A/cgi/gone.sh
chmod 755 $A/cgi/*.sh
chown -R nobody $A/logs 2>/dev/null
apache2 -f $A/httpd.conf -k start
sleep 1; kill $(cat $A/up.pid)
for i in $(seq 1 12); do req http://127.0.0.1:18740/; req http://127.0.0.1:18740/app/index.html; done
for p in missing.html private/s.txt cgi-bin/ok.sh cgi-bin/broken.sh cgi-bin/gone.sh; do req http://127.0.0.1:18740/$p; done
for i in 1 2 3; do req http://127.0.0.1:18740/api/orders/$i; done
apache2 -f $A/httpd.conf -k graceful; sleep 1
apache2 -f $A/httpd.conf -k start 2>&1
apache2 -f $A/httpd.conf -k stop; sleep 1
cat $A/logs/error.log
