"""The fixture projects of the `wild27` corpus (`gen.py` writes them under WORKDIR): system
administration inputs (an /etc tree for useradd/pwck, tmpfiles and sysusers snippets, AppArmor
profiles, an audit log, a cron.daily directory, local .deb packages, a linker path list, ACL
dumps, firewall rules) and small projects in less common language toolchains (Crystal, D, Erlang,
Racket, OCaml, Haskell, Clojure, Scala), each with a fault put in the middle."""
import random

R = random.Random(27)
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory",
         "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter", "xena", "yusuf", "zoe"]


def etc_tree(users=90, broken=False):
    """passwd/shadow/group/gshadow/login.defs for `useradd -P` and `pwck -r`; with broken, a few bad
    rows in the middle (a short row, a duplicate name, a bad shell, a missing group, no shadow entry)."""
    pw = ["root:x:0:0:root:/root:/bin/bash", "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin",
          "bin:x:2:2:bin:/bin:/usr/sbin/nologin", "sys:x:3:3:sys:/dev:/usr/sbin/nologin",
          "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin"]
    sh = [f"{l.split(':')[0]}:*:19700:0:99999:7:::" for l in pw]
    gr = ["root:x:0:", "daemon:x:1:", "bin:x:2:", "sys:x:3:", "users:x:100:", "staff:x:50:", "nogroup:x:65534:"]
    gsh = [f"{g.split(':')[0]}:*::" for g in gr]
    for i in range(users):
        u = f"{NAMES[i % len(NAMES)]}{i:02d}"
        uid = 2000 + i
        pw.append(f"{u}:x:{uid}:{uid}:{u.title()} Example,,,:/home/{u}:/bin/bash")
        sh.append(f"{u}:$y$j9T$abc{i:04d}$hash{i:04d}:19{700 + i}:0:99999:7:::")
        gr.append(f"{u}:x:{uid}:")
        gsh.append(f"{u}:!::")
    if broken:
        pw.insert(40, "svc-backup:x:2990:2990:backup:/var/backups")          # too few fields
        pw.insert(52, pw[30])                                                   # duplicate entry
        pw.insert(61, "deploy:x:2991:4242:deploy:/srv/deploy:/bin/bsh")          # unknown group, bad shell
        pw.insert(70, "Bad User:x:2992:2992::/home/bad:/bin/sh")                 # invalid name
        gr.insert(33, "docker:x:999:alice00,ghost")                             # member with no account
        gr.insert(45, gr[20])                                                   # duplicate group
        sh.pop(15)                                                              # no shadow entry
    defs = "MAIL_DIR /var/mail\nPASS_MAX_DAYS 99999\nUID_MIN 1000\nUID_MAX 60000\nGID_MIN 1000\nGID_MAX 60000\n" \
           "CREATE_HOME no\nUSERGROUPS_ENAB yes\nENCRYPT_METHOD SHA512\n"
    return {"etc/passwd": "\n".join(pw) + "\n", "etc/shadow": "\n".join(sh) + "\n",
            "etc/group": "\n".join(gr) + "\n", "etc/gshadow": "\n".join(gsh) + "\n", "etc/login.defs": defs}


def onboard_script():
    """A batch onboarding script: 36 accounts (useradd), group changes (usermod), some bad rows."""
    rows = []
    for i in range(84):
        u = f"{NAMES[(i * 7) % len(NAMES)]}{50 + i}"
        grp = "users" if i % 3 else "staff"
        if i == 11:
            u = "Jane.Doe"
        if i == 17:
            grp = "devops"
        if i == 23:
            u = "alice00"
        rows.append(f"{u} {grp} {3000 + i}")
    rows.insert(29, "frank60 users 3005")  # a uid already taken
    script = """#!/bin/bash
# onboard.sh: create the accounts of accounts.txt under the prefix, then adjust groups
P="$PWD/root"
n=0; fail=0
while read -r user grp uid; do
  n=$((n+1))
  echo "[$n] useradd $user (group $grp, uid $uid)"
  if useradd -P "$P" -u "$uid" -g "$grp" -c "$user account" -s /bin/bash "$user"; then
    echo "    created $user"
  else
    rc=$?; fail=$((fail+1)); echo "    useradd exited $rc"
  fi
done < accounts.txt
for spec in "carol58:staff" "bob57:wheel" "ghost99:users" "erin54:users,staff"; do
  u=${spec%%:*}; g=${spec#*:}
  echo "usermod -aG $g $u"
  usermod -P "$P" -aG "$g" "$u" || echo "    usermod exited $?"
done
usermod -P "$P" -l zoe71 -u 3000 carol52 || echo "    usermod exited $?"
usermod -P "$P" -e 2020-13-45 dave53 || echo "    usermod exited $?"
echo "accounts: $n tried, $fail failed"
tail -n 40 "$P/etc/passwd"
"""
    return {"accounts.txt": "\n".join(rows) + "\n", "onboard.sh": script}


def tmpfiles_confs():
    """Three tmpfiles.d snippets, the second with bad lines in the middle."""
    good = ["# app runtime dirs", "d /run/app 0755 root root -", "d /var/lib/app 0750 root root -",
            "d /var/cache/app 0755 root root 10d"]
    for i in range(30):
        good.append(f"d /var/lib/app/shard{i:02d} 0750 root root -")
        good.append(f"f /var/lib/app/shard{i:02d}/state 0640 root root - init")
    bad = ["d /srv/web 0755 root root -", "L+ /srv/web/current - - - - /srv/web/releases/7"]
    for i in range(20):
        bad.append(f"d /srv/web/releases/{i} 0755 root root -")
        if i == 8:
            bad.append("d /srv/web/tmp 0999 root root -")
        if i == 11:
            bad.append("z /srv/web/logs 0640 www-data adm -")
        if i == 13:
            bad.append("Q relative/path 0755 - - -")
        if i == 15:
            bad.append("x")
    bad.append("w /srv/web/motd - - - - hello")
    third = [f"e /var/tmp/app-{i} - - - 1d" for i in range(10)] + ["d /run/ghost 0755 nobodyxx root -"]
    return {"tmpfiles.d/10-app.conf": "\n".join(good) + "\n", "tmpfiles.d/20-web.conf": "\n".join(bad) + "\n",
            "tmpfiles.d/30-clean.conf": "\n".join(third) + "\n"}


def sysusers_confs():
    """sysusers.d snippets: many services, a few bad lines."""
    a = [f"u svc{i:02d} - \"Service {i}\" /var/lib/svc{i:02d}" for i in range(110)]
    a.insert(14, "u svc-bad! - \"bad name\"")
    a.insert(22, "g monitors 70000")
    a.insert(27, "m svc03 nosuchgroup-that-is-long")
    a.insert(31, "u svc05 - \"dup\"")
    a.insert(35, "r - 500-300")
    a.insert(74, "u svc-web:www - \"web\"")
    b = ["g audit -", "u auditor -:audit \"Auditor\" /var/log/audit", "m auditor adm", "q quota -"]
    return {"sysusers.d/40-svc.conf": "\n".join(a) + "\n", "sysusers.d/50-audit.conf": "\n".join(b) + "\n"}


def apparmor_profiles():
    """Six AppArmor profiles; the fourth has a syntax error in the middle, the fifth an unknown
    abstraction include, the sixth a bad permission letter."""
    out = {}
    for i, name in enumerate(["usr.bin.webapp", "usr.sbin.mailer", "usr.bin.backup", "usr.bin.reporter",
                              "usr.sbin.indexer", "usr.bin.thumbnailer"]):
        exe = "/" + name.replace(".", "/")
        rules = [f"  /srv/{name}/** r,", f"  /var/log/{name}.log w,", "  /etc/ssl/certs/** r,",
                 "  /proc/sys/kernel/random/uuid r,", "  network inet stream,", "  capability setuid,"]
        rules += [f"  /var/lib/{name}/data{j}/** rw," for j in range(12)]
        if i == 3:
            rules.insert(9, "  /srv/reports/** rw")  # missing comma
        if i == 4:
            rules.insert(2, "  #include <abstractions/no-such-abstraction>")
        if i == 5:
            rules.insert(5, "  /tmp/thumbs/** rwq,")
        text = "#include <tunables/global>\n\n" + f"profile {name} {exe} flags=(complain) {{\n" + \
               "  #include <abstractions/base>\n" + "\n".join(rules) + "\n}\n"
        out[f"profiles/{name}"] = text
    return out


def audit_log(n=640):
    """An audit log: logins (some failed), sudo-like commands, AVC denials, one cut record."""
    rows, t = [], 1765090000.0
    users = ["alice", "bob", "carol", "dave"]
    for i in range(n):
        t += R.uniform(0.5, 20)
        s = f"{t:.3f}:{1000 + i}"
        k = i % 9
        u = users[i % 4]
        if k == 0:
            res = "failed" if i in (45, 46, 47, 180, 432, 433, 434, 435) else "success"
            rows.append(f"type=USER_LOGIN msg=audit({s}): pid={4000 + i} uid=0 auid=4294967295 ses=4294967295 "
                        f"msg='op=login acct=\"{u}\" exe=\"/usr/sbin/sshd\" hostname=10.0.0.{i % 50} addr=10.0.0.{i % 50} terminal=ssh res={res}'")
        elif k == 1:
            rows.append(f"type=USER_AUTH msg=audit({s}): pid={4000 + i} uid=0 auid=1000 ses=3 msg='op=PAM:authentication "
                        f"grantors=pam_unix acct=\"{u}\" exe=\"/usr/bin/sudo\" hostname=? addr=? terminal=/dev/pts/1 res=success'")
        elif k == 2:
            rows.append(f"type=SYSCALL msg=audit({s}): arch=c000003e syscall=257 success={'no' if i % 4 == 2 else 'yes'} "
                        f"exit={-13 if i % 4 == 2 else 3} a0=ffffff9c a1=7ffd a2=0 a3=0 items=1 ppid=1 pid={5000 + i} auid=1000 uid=1000 "
                        f"gid=1000 euid=1000 comm=\"cat\" exe=\"/usr/bin/cat\" key=\"secrets\"")
            rows.append(f"type=PATH msg=audit({s}): item=0 name=\"/etc/app/secret{i}.key\" inode={9000 + i} dev=fd:01 mode=0100600 ouid=0 ogid=0")
        elif k == 3 and i in (66, 156, 201, 516):
            rows.append(f"type=AVC msg=audit({s}): apparmor=\"DENIED\" operation=\"open\" profile=\"usr.bin.webapp\" "
                        f"name=\"/etc/shadow\" pid={6000 + i} comm=\"webapp\" requested_mask=\"r\" denied_mask=\"r\" fsuid=33 ouid=0")
        elif k == 4:
            rows.append(f"type=CRED_ACQ msg=audit({s}): pid={4000 + i} uid=0 auid=1000 ses=3 msg='op=PAM:setcred "
                        f"grantors=pam_unix acct=\"root\" exe=\"/usr/bin/sudo\" hostname=? addr=? terminal=/dev/pts/1 res=success'")
        elif k == 5:
            rows.append(f"type=USER_CMD msg=audit({s}): pid={4000 + i} uid=1000 auid=1000 ses=3 msg='cwd=\"/home/{u}\" "
                        f"cmd=73797374656D63746C exe=\"/usr/bin/sudo\" terminal=pts/1 res={'failed' if i == 95 else 'success'}'")
        elif k == 6 and i == 150:
            rows.append(f"type=USER_LOGIN msg=audit({s}): pid=41 uid=0 auid=429496729")  # a record cut short
        else:
            rows.append(f"type=SERVICE_START msg=audit({s}): pid=1 uid=0 auid=4294967295 ses=4294967295 "
                        f"msg='unit=app-worker@{i % 7} comm=\"systemd\" exe=\"/usr/lib/systemd/systemd\" hostname=? addr=? terminal=? res={'failed' if i == 123 else 'success'}'")
    return {"audit.log": "\n".join(rows) + "\n"}


def cron_daily():
    """A cron.daily-like directory for run-parts: 14 jobs, one failing, one writing to stderr, one
    not executable, one with a name run-parts skips."""
    out = {}
    for i, job in enumerate(["00logwatch", "10apt-compat", "20backup", "25dpkg-db", "30rotate-app",
                             "35prune-cache", "40reports", "45sync-mirror", "50certs", "55quota",
                             "60tmpreaper", "70man-db", "80index", "90stats"]):
        body = f"#!/bin/sh\necho \"{job}: starting\"\nfor i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo \"{job}: step $i done\"; done\n"
        if job == "20backup":
            body += "echo \"tar: /srv/data/db.sqlite: file changed as we read it\" >&2\necho 'backup: archive written, 1 warning'\n"
        if job == "45sync-mirror":
            body += "echo 'rsync: [sender] link_stat \"/srv/mirror/pool\" failed: No such file or directory (2)' >&2\n" \
                    "echo 'rsync error: some files/attrs were not transferred (see previous errors) (code 23) at main.c(1338) [sender=3.2.7]' >&2\nexit 23\n"
        if job == "50certs":
            body += "echo 'certs: /etc/ssl/private/app.pem expires in 5 days' >&2\n"
        out[f"cron.daily/{job}"] = body + f"echo \"{job}: finished\"\n"
    out["cron.daily/backup.dpkg-old"] = "#!/bin/sh\necho never\n"
    return out


def deb_packages():
    """Control files of five local packages: one depends on a missing package, one conflicts."""
    pk = {"app-core": "Depends: libc6\n", "app-web": "Depends: app-core (>= 1.0), python3\n",
          "app-worker": "Depends: app-core (>= 2.0), libfoo-nonexistent3\n",
          "app-cli": "Depends: app-core\nConflicts: coreutils\n", "app-docs": ""}
    out = {}
    for name, dep in pk.items():
        out[f"debs/{name}/DEBIAN/control"] = (f"Package: {name}\nVersion: 1.4.2\nArchitecture: all\n"
                                             f"Maintainer: Ops <ops@example.test>\n{dep}Description: {name} test package\n")
        out[f"debs/{name}/usr/share/doc/{name}/README"] = f"{name}\n"
    return out


def ld_conf(root):
    """An ld.so.conf for `ldconfig -f`: real library dirs, a missing one, one with a non-ELF .so."""
    return {"ld.so.conf": f"/usr/lib/x86_64-linux-gnu\n{root}/opt/vendor/lib\n/opt/missing/lib\n/usr/local/lib\n"
                          f"include {root}/ld.so.conf.d/*.conf\n",
            "ld.so.conf.d/extra.conf": f"{root}/opt/plugins\n/usr/lib/x86_64-linux-gnu/libfakeroot\n",
            "opt/vendor/lib/libvendor.so.2": "this is not an ELF file\n",
            "opt/plugins/README": "plugins go here\n"}


def acl_dump():
    """A `getfacl -R` style dump for `setfacl --restore`: entries for a tree, a bad entry and a
    missing file in the middle."""
    out = []
    for d in range(6):
        for f in range(5):
            p = f"share/team{d}/doc{f}.txt"
            user = "nobody" if f != 3 else "daemon"
            out += [f"# file: {p}", "# owner: root", "# group: root", "user::rw-", f"user:{user}:r--",
                    "group::r--", "mask::r--", "other::---", ""]
            if d == 2 and f == 2:
                out += ["# file: share/team2/gone.txt", "# owner: root", "# group: root", "user::rw-", "group::r--",
                        "other::---", ""]
            if d == 3 and f == 1:
                out += ["# file: share/team3/doc1.txt", "# owner: root", "# group: root", "user::rw-",
                        "user:nosuchuser:rwx", "group::r--", "other::---", ""]
            if d == 4 and f == 4:
                out += ["# file: share/team4/doc4.txt", "user::rw-", "group::rwz", "other::---", ""]
    tree = {f"share/team{d}/doc{f}.txt": f"doc {d}.{f}\n" for d in range(6) for f in range(5)}
    tree["acl.txt"] = "\n".join(out) + "\n"
    return tree


def fw_rules():
    """iptables-restore rules: a long filter table with a bad rule in the middle."""
    r = ["*filter", ":INPUT DROP [0:0]", ":FORWARD DROP [0:0]", ":OUTPUT ACCEPT [0:0]", ":SSH - [0:0]",
         "-A INPUT -i lo -j ACCEPT", "-A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT"]
    for i in range(40):
        r.append(f"-A INPUT -s 10.{i}.0.0/16 -p tcp -m multiport --dports 80,443 -j ACCEPT")
        if i == 21:
            r.append("-A INPUT -p tcp --dport 8080 -j ACCPET")
        if i == 29:
            r.append("-A INPUT -s 10.300.0.0/16 -j ACCEPT")
    r += ["-A INPUT -p tcp --dport 22 -j SSH", "-A SSH -s 192.168.0.0/24 -j ACCEPT", "COMMIT"]
    good = [l for l in r if "ACCPET" not in l and "10.300" not in l]
    return {"rules.v4": "\n".join(r) + "\n", "rules-fixed.v4": "\n".join(good) + "\n"}


# --- language toolchains -------------------------------------------------------------------------

def crystal_project():
    """A Crystal shard: an inventory module, 42 specs (three fail, one pending), a file with a type error."""
    src = """module Inventory
  VERSION = "0.3.1"

  class Item
    getter sku : String
    getter qty : Int32
    getter price : Float64

    def initialize(@sku, @qty, @price)
    end

    def total
      (qty * price).round(2)
    end
  end

  def self.parse(line : String) : Item
    sku, qty, price = line.split(",")
    Item.new(sku.strip, qty.to_i, price.to_f)
  end

  def self.restock(items : Array(Item), min : Int32) : Array(String)
    items.select { |i| i.qty < min }.map(&.sku)
  end

  def self.value(items : Array(Item)) : Float64
    items.sum(&.total)
  end

  def self.discount(price : Float64, pct : Int32) : Float64
    # bug: percent applied twice
    (price - price * pct / 100.0 - price * pct / 100.0).round(2)
  end
end
"""
    specs = ['require "spec"', 'require "../src/inventory"', "", 'describe Inventory do']
    for i in range(150):
        specs += [f'  it "parses row {i}" do', f'    item = Inventory.parse("SKU{i:03d}, {i}, {i}.5")',
                  f'    item.qty.should eq {i}', "  end"]
    specs += ['  it "computes the total value" do',
              '    items = [Inventory.parse("A,2,1.5"), Inventory.parse("B,3,2.0")]',
              '    Inventory.value(items).should eq 9.0', '  end',
              '  it "applies a discount" do', '    Inventory.discount(80.0, 10).should eq 72.0', '  end',
              '  it "lists items to restock" do',
              '    items = [Inventory.parse("A,2,1.5"), Inventory.parse("B,9,2.0"), Inventory.parse("C,1,1.0")]',
              '    Inventory.restock(items, 3).should eq ["A", "C", "D"]', '  end',
              '  it "rejects a malformed row" do', '    Inventory.parse("bad-row").qty.should eq 0', '  end',
              '  pending "exports to CSV" do', '  end', "end"]
    broken = """require "./inventory"

def report(items : Array(Inventory::Item)) : String
  lines = items.map { |i| "#{i.sku}: #{i.qty}" }
  lines.join("\\n")
end

total : Int32 = Inventory.value([Inventory.parse("A,1,2.0")])
puts report([Inventory.parse("A,1,2.0")])
puts total
"""
    return {"shard.yml": "name: inventory\nversion: 0.3.1\ncrystal: 1.6.0\n", "src/inventory.cr": src,
            "src/report.cr": broken, "spec/inventory_spec.cr": "\n".join(specs) + "\n"}


def d_project():
    """A D package (dub, no dependencies): a stats module whose unittests fail in the middle, a
    deprecated call and an unused-variable warning."""
    stats = """module stats;

import std.algorithm : sum, sort;
import std.math : sqrt, isNaN;
import std.array : array;

double mean(const double[] xs)
{
    return xs.sum / xs.length;
}

double median(double[] xs)
{
    auto s = xs.dup;
    s.sort();
    return s[s.length / 2]; // bug: even lengths
}

double stddev(const double[] xs)
{
    immutable m = mean(xs);
    double acc = 0;
    foreach (x; xs)
        acc += (x - m) * (x - m);
    return sqrt(acc / xs.length);
}

unittest { assert(mean([1.0, 2.0, 3.0]) == 2.0); }
unittest { assert(mean([4.0]) == 4.0); }
unittest { assert(median([3.0, 1.0, 2.0]) == 2.0); }
unittest { assert(median([4.0, 1.0, 3.0, 2.0]) == 2.5, "median of an even count"); }
unittest { assert(stddev([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]) == 2.0); }
"""
    parse = """module parse;

import std.conv : to;
import std.string : split, strip;

deprecated("use parseRow") double[] parseLine(string s) { return parseRow(s); }

double[] parseRow(string s)
{
    double[] out_;
    int unused = 3;
    foreach (f; s.split(","))
        out_ ~= f.strip.to!double;
    return out_;
}

unittest { assert(parseRow("1, 2, 3") == [1.0, 2.0, 3.0]); }
unittest { assert(parseRow("1.5,x") == [1.5]); }
"""
    app = """module app;

import std.stdio;
import parse, stats;

void main(string[] args)
{
    foreach (i; 0 .. 40)
    {
        auto row = parseLine("1,2,3," ~ (cast(char)('0' + i % 10)).to!string);
        writefln("row %d mean %.2f", i, mean(row));
    }
}
"""
    dubjson = '{\n "name": "stats",\n "targetType": "executable",\n "sourcePaths": ["source"],\n "mainSourceFile": "source/app.d"\n}\n'
    return {"dub.json": dubjson, "source/stats.d": stats, "source/parse.d": parse,
            "source/app.d": app.replace("import std.stdio;", "import std.stdio;\nimport std.conv : to;")}


def erlang_app():
    """A rebar3 OTP application: a rate limiter, its eunit tests (two fail), a common test suite of
    18 cases (two fail, one skipped), an unused variable and a bad export."""
    src = """-module(ratelimit).
-export([new/2, take/2, refill/2, tokens/1, bucket_cap/1]).

new(Cap, Rate) -> #{cap => Cap, rate => Rate, tokens => Cap}.

tokens(#{tokens := T}) -> T.

bucket_cap(#{cap := C}) -> C.

take(B = #{tokens := T}, N) when T >= N -> {ok, B#{tokens := T - N}};
take(B, _N) -> {error, empty, B}.

refill(B = #{cap := C, rate := R, tokens := T}, Secs) ->
    Unused = Secs * 2,
    B#{tokens := min(C, T + R * Secs + 1)}.
"""
    app = "{application, ratelimit, [{description, \"token buckets\"}, {vsn, \"0.2.0\"}, {registered, []},\n" \
          " {applications, [kernel, stdlib]}, {env, []}]}.\n"
    eunit = ["-module(ratelimit_tests).", "-include_lib(\"eunit/include/eunit.hrl\").", ""]
    for i in range(1, 49):
        eunit.append(f"take_{i}_test() -> {{ok, B}} = ratelimit:take(ratelimit:new(60, 1), {i}), "
                     f"?assertEqual({60 - i}, ratelimit:tokens(B)).")
    eunit += ["empty_test() -> ?assertMatch({error, empty, _}, ratelimit:take(ratelimit:new(2, 1), 3)).",
              "refill_test() -> B = ratelimit:refill(ratelimit:new(10, 2), 0), ?assertEqual(10, ratelimit:tokens(B)).",
              "refill_partial_test() -> {ok, B} = ratelimit:take(ratelimit:new(10, 2), 8), "
              "?assertEqual(6, ratelimit:tokens(ratelimit:refill(B, 2))).",
              "cap_test() -> ?assertEqual(10, ratelimit:bucket_cap(ratelimit:new(10, 2))).",
              "badarg_test() -> ?assertError(badarg, ratelimit:take(ratelimit:new(10, 1), -1))."]
    suite = ["-module(ratelimit_SUITE).", "-include_lib(\"common_test/include/ct.hrl\").",
             "-export([all/0, init_per_suite/1, end_per_suite/1]).", "-compile(export_all).", "",
             "all() -> [" + ", ".join([f"bucket_{i}" for i in range(1, 16)] + ["drain", "overflow", "slow_path"]) + "].",
             "init_per_suite(C) -> C.", "end_per_suite(_C) -> ok.", ""]
    for i in range(1, 16):
        suite.append(f"bucket_{i}(_C) -> {{ok, _}} = ratelimit:take(ratelimit:new({i * 3}, 1), {i}), ok.")
    suite += ["drain(_C) -> B0 = ratelimit:new(5, 1), {ok, B1} = ratelimit:take(B0, 5),",
              "    {ok, _} = ratelimit:take(B1, 1), ok.",
              "overflow(_C) -> B = ratelimit:refill(ratelimit:new(5, 10), 3), 5 = ratelimit:tokens(B), ok.",
              "slow_path(_C) -> {skip, \"needs a clock source\"}."]
    return {"rebar.config": "{erl_opts, [debug_info]}.\n{deps, []}.\n", "src/ratelimit.erl": src,
            "src/ratelimit.app.src": app, "test/ratelimit_tests.erl": "\n".join(eunit) + "\n",
            "test/ratelimit_SUITE.erl": "\n".join(suite) + "\n"}


def racket_project():
    """A Racket module and a rackunit test file of 30 checks (three fail, one raises)."""
    src = """#lang racket/base
(provide slugify word-count titlecase)
(require racket/string)
(define (slugify s)
  (string-join (string-split (string-downcase s)) "-"))
(define (word-count s)
  (length (string-split s)))
(define (titlecase s)
  (string-join (for/list ([w (string-split s)])
                 (string-append (string-upcase (substring w 0 1)) (substring w 1))) " "))
"""
    t = ["#lang racket/base", "(require rackunit rackunit/text-ui \"text.rkt\")", "(define tests", "  (test-suite \"text\""]
    for i in range(24):
        t.append(f"    (test-case \"slug {i}\" (check-equal? (slugify \"Post Number {i}\") \"post-number-{i}\"))")
        if i == 9:
            t.append("    (test-case \"slug punctuation\" (check-equal? (slugify \"Hello, World!\") \"hello-world\"))")
        if i == 15:
            t.append("    (test-case \"count tabs\" (check-equal? (word-count \"a\\tb  c\") 3))")
            t.append("    (test-case \"titlecase empty word\" (check-equal? (titlecase \"a  b\") \"A  B\"))")
        if i == 19:
            t.append("    (test-case \"titlecase empty\" (check-equal? (titlecase \"\") \"\"))")
            t.append("    (test-case \"count is positive\" (check > (word-count \"\") 0 \"empty text has words\"))")
    t += ["    ))", "(exit (if (zero? (run-tests tests 'verbose)) 0 1))"]
    return {"text.rkt": src, "text-test.rkt": "\n".join(t) + "\n"}


def ocaml_project():
    """A dune project: a library with an unused variable (an error in dune's dev profile) in one
    module, and a test executable whose checks fail after 25 pass."""
    lib = """let parse_kv line =
  match String.index_opt line '=' with
  | None -> None
  | Some i -> Some (String.sub line 0 i, String.sub line (i + 1) (String.length line - i - 1))

let merge a b = a @ List.filter (fun (k, _) -> not (List.mem_assoc k a)) b
"""
    lib2 = """let lookup env key =
  let default = "" in
  List.assoc_opt key env
"""
    test = ["let () =", "  let pass = ref 0 and fail = ref 0 in",
            "  let check name cond = if cond then (incr pass; Printf.printf \"ok   %s\\n\" name)",
            "    else (incr fail; Printf.printf \"FAIL %s\\n\" name) in"]
    for i in range(160):
        test.append(f"  check \"parse {i}\" (Conf.Kv.parse_kv \"k{i}=v{i}\" = Some (\"k{i}\", \"v{i}\"));")
    test += ["  check \"merge keeps left\" (Conf.Kv.merge [(\"a\", \"1\")] [(\"a\", \"2\")] = [(\"a\", \"2\")]);",
             "  check \"no separator\" (Conf.Kv.parse_kv \"novalue\" = Some (\"novalue\", \"\"));",
             "  let r = List.assoc \"missing\" [(\"a\", \"1\")] in",
             "  print_endline r;",
             "  Printf.printf \"%d passed, %d failed\\n\" !pass !fail;",
             "  if !fail > 0 then exit 1"]
    return {"dune-project": "(lang dune 2.9)\n", "lib/dune": "(library (name conf))\n", "lib/kv.ml": lib,
            "lib/env.ml": lib2, "test/dune": "(test (name test_conf) (libraries conf))\n",
            "test/test_conf.ml": "\n".join(test) + "\n"}


def cabal_project():
    """A cabal package with a library (warnings under -Wall), a test suite that fails 3 of 30
    checks, and an executable with a type error."""
    lib = """module Ledger (Entry(..), balance, parseEntry, overdrawn) where

import Data.List (foldl')
import Data.Maybe (mapMaybe)
import qualified Data.Map as M

data Entry = Entry { account :: String, amount :: Int } deriving (Show, Eq)

parseEntry :: String -> Maybe Entry
parseEntry s = case words s of
  [a, n] -> Just (Entry a (read n))
  _ -> Nothing

balance :: [Entry] -> M.Map String Int
balance = foldl' step M.empty
  where step m (Entry a n) = M.insertWith (+) a n m

overdrawn :: [Entry] -> [String]
overdrawn es = [a | (a, b) <- M.toList (balance es), b < 0, b /= -1]

unusedHelper x = x + 1
"""
    test = ["module Main (main) where", "import Ledger", "import qualified Data.Map as M", "import System.Exit", "",
            "checks :: [(String, Bool)]", "checks ="]
    items = []
    for i in range(180):
        items.append(f"  (\"parse {i}\", parseEntry \"acct{i} {i * 10}\" == Just (Entry \"acct{i}\" {i * 10}))")
    items += ["  (\"balance sums\", M.lookup \"a\" (balance [Entry \"a\" 5, Entry \"a\" 7]) == Just 12)",
              "  (\"overdrawn lists -1\", overdrawn [Entry \"a\" (-1)] == [\"a\"])",
              "  (\"parse rejects three words\", parseEntry \"a 1 2\" == Just (Entry \"a\" 1))",
              "  (\"parse negative\", parseEntry \"b -4\" == Just (Entry \"b\" (-3)))"]
    test.append("  [ " + "\n  , ".join(x.strip() for x in items) + "\n  ]")
    test += ["", "main :: IO ()", "main = do",
             "  results <- mapM (\\(n, ok) -> putStrLn ((if ok then \"PASS \" else \"FAIL \") ++ n) >> return ok) checks",
             "  let bad = length (filter not results)",
             "  putStrLn (show (length results - bad) ++ \" passed, \" ++ show bad ++ \" failed\")",
             "  if bad > 0 then exitFailure else exitSuccess"]
    exe = """module Main (main) where
import Ledger

main :: IO ()
main = do
  let es = [Entry "a" 5, Entry "b" (-2)]
  putStrLn ("overdrawn: " ++ overdrawn es)
  print (balance es + 1)
"""
    cabal = """cabal-version: 2.4
name:          ledger
version:       0.1.0.0
build-type:    Simple

library
  exposed-modules:  Ledger
  build-depends:    base, containers
  hs-source-dirs:   src
  default-language: Haskell2010
  ghc-options:      -Wall

executable ledger-report
  main-is:          Report.hs
  build-depends:    base, containers, ledger
  hs-source-dirs:   app
  default-language: Haskell2010

test-suite ledger-test
  type:             exitcode-stdio-1.0
  main-is:          Spec.hs
  build-depends:    base, containers, ledger
  hs-source-dirs:   test
  default-language: Haskell2010
"""
    return {"ledger.cabal": cabal, "src/Ledger.hs": lib, "test/Spec.hs": "\n".join(test) + "\n", "app/Report.hs": exe}


def clojure_project():
    """A Clojure namespace and a clojure.test namespace of 28 tests (three fail, one throws)."""
    src = """(ns app.cart)

(defn line-total [{:keys [qty price]}] (* qty price))

(defn cart-total [lines] (reduce + (map line-total lines)))

(defn apply-coupon [total {:keys [kind value]}]
  (case kind
    :percent (- total (* total (/ value 100)))
    :fixed (- total value)))

(defn parse-qty [s] (Integer/parseInt s))
"""
    t = ["(ns app.cart-test", "  (:require [clojure.test :refer [deftest is testing run-tests]]", "            [app.cart :as c]))", ""]
    for i in range(24):
        t.append(f"(deftest line-{i} (is (= {i * 3} (c/line-total {{:qty {i} :price 3}}))))")
        if i == 7:
            t.append("(deftest coupon-percent (is (= 90 (c/apply-coupon 100 {:kind :percent :value 10}))))")
        if i == 12:
            t.append("(deftest coupon-fixed-floor (testing \"never below zero\" (is (= 0 (c/apply-coupon 5 {:kind :fixed :value 10})))))")
        if i == 16:
            t.append("(deftest coupon-unknown (is (= 100 (c/apply-coupon 100 {:kind :bogo :value 1}))))")
            t.append("(deftest parse-qty-blank (is (= 0 (c/parse-qty \"\"))))")
        if i == 20:
            t.append("(deftest cart-total-mixed (is (= 17 (c/cart-total [{:qty 2 :price 4} {:qty 3 :price 3}]))))")
    return {"src/app/cart.clj": src, "test/app/cart_test.clj": "\n".join(t) + "\n"}


def scala_project():
    """Scala sources compiled with -deprecation -feature -Xlint: warnings, a type error in the
    middle file; then a run of the good part that throws."""
    a = """package shop

case class Order(id: Int, items: List[(String, Int)], coupon: Option[String])

object Pricing {
  val prices = Map("apple" -> 3, "pear" -> 4, "fig" -> 9)
  def total(o: Order): Int = o.items.map { case (n, q) => prices(n) * q }.sum
  def withCoupon(o: Order): Double = o.coupon match {
    case Some("HALF") => total(o) / 2.0
    case Some(c) if c startsWith "OFF" => total(o) - c.drop(3).toInt
    case None => total(o).toDouble
  }
}
"""
    b = """package shop

import scala.collection.JavaConversions._

object Report {
  def lines(orders: Seq[Order]): Seq[String] =
    orders.map(o => f"${o.id}%5d ${Pricing.total(o)}%6d")
  def procedure(): Unit = println("report")
  def sum(xs: java.util.List[Integer]): Int = xs.foldLeft(0)(_ + _)
  def first(orders: Seq[Order]): String = orders.head.id
}
"""
    c = """package shop

object Main {
  def main(args: Array[String]): Unit = {
    val orders = (1 to 120).map(i => Order(i, List("apple" -> i, "pear" -> (i % 4)), if (i == 77) Some("XMAS10") else if (i % 5 == 0) Some("HALF") else None))
    orders.foreach(o => println(s"order ${o.id}: ${Pricing.total(o)} -> ${Pricing.withCoupon(o)}"))
    println(Pricing.total(Order(99, List("kiwi" -> 1), None)))
  }
}
"""
    return {"src/Order.scala": a, "src/Report.scala": b, "src/Main.scala": c}
