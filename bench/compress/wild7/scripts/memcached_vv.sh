memcached -u nobody -vv -l 127.0.0.1 -p 18760 -U 0 -m 2 -I 1m -c 64 2>&1 &
sleep 1
mc() { python3 -c '
import socket,sys
s=socket.create_connection(("127.0.0.1",18760)); s.sendall(sys.argv[1].encode().decode("unicode_escape").encode("latin1")); s.settimeout(0.5)
try:
  while s.recv(65536): pass
except Exception: pass' "$1" >/dev/null 2>&1; }
mc 'set a 0 0 5\r\nhello\r\nget a\r\nget missing\r\nincr a 1\r\ndelete nope\r\nbogus cmd\r\nquit\r\n'
big=$(head -c 1100000 /dev/zero | tr '\0' y)
python3 -c '
import socket
s=socket.create_connection(("127.0.0.1",18760)); s.sendall(b"set big 0 0 1100000\r\n"+b"y"*1100000+b"\r\nquit\r\n"); s.settimeout(1)
try:
  while s.recv(65536): pass
except Exception: pass' >/dev/null 2>&1
for i in 1 2 3 4 5 6 7 8 9 10; do mc "set k$i 0 0 1\r\nx\r\nget k$i\r\nquit\r\n"; done
timeout 3 memcached -u nobody -l 127.0.0.1 -p 18760 -U 0 2>&1
timeout 3 memcached -u nobody -vv -l 127.0.0.1 -p 18761 -m notanumber 2>&1 | head -3
sleep 1; kill %1; wait
