# rsyslogd on /dev/log writing three files; sshd (VERBOSE), sudo/PAM, dnsmasq and logger write to it.
rm -f /dev/log rsyslog.pid auth.log syslog messages.5424
rsyslogd -f $PWD/rsyslog.conf -i $PWD/rsyslog.pid
sleep 1
id w7user >/dev/null 2>&1 || useradd -M -s /bin/bash w7user
mkdir -p /run/sshd; ssh-keygen -q -t ed25519 -N '' -f $PWD/hostkey <<< y >/dev/null 2>&1
/usr/sbin/sshd -f /dev/null -o HostKey=$PWD/hostkey -o Port=18800 -o ListenAddress=127.0.0.1 -o LogLevel=VERBOSE -o PasswordAuthentication=no -o PidFile=$PWD/sshd.pid -o MaxAuthTries=2
sleep 1
for u in admin oracle w7user root; do ssh -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o ConnectTimeout=3 -p 18800 $u@127.0.0.1 true >/dev/null 2>&1; done
printf 'GET / HTTP/1.0\r\n\r\n' | timeout 2 bash -c 'cat > /dev/tcp/127.0.0.1/18800' 2>/dev/null
su w7user -c "echo nope | sudo -S -k ls /root" >/dev/null 2>&1
su w7user -c "sudo -n true" >/dev/null 2>&1
sudo -u w7user true
su w7user -c "su root -c true </dev/null" >/dev/null 2>&1
for i in $(seq 1 20); do logger -t CRON -p cron.info "(root) CMD (/usr/local/bin/rotate --quiet)"; done
logger -t CRON -p cron.err "(w7user) ERROR (getpwnam() failed)"
logger -t kernel -p kern.err "Out of memory: Killed process 4242 (java) total-vm:8123456kB, anon-rss:4012345kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:9000kB oom_score_adj:0"
logger -t systemd -p daemon.info "Starting app.service - Shop application..."
logger -t systemd -p daemon.notice "app.service: Main process exited, code=exited, status=203/EXEC"
logger -t systemd -p daemon.warning "app.service: Failed with result 'exit-code'."
logger -t systemd -p daemon.err "Failed to start app.service - Shop application."
logger -t systemd -p daemon.info "Started cron.service - Regular background program processing daemon."
kill $(cat sshd.pid); sleep 1
kill $(cat rsyslog.pid); sleep 1
cat auth.log
