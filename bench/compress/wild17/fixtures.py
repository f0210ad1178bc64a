"""Small fixture projects of the `wild17` blind set (see gen.py): each builds or configures
something real and has its faults put in the middle, so the tools fail or warn mid-run. Texts are
written for this set; nothing is copied from a tool's output."""


def verilog_design(n_units=12, faults=True):
    """A small pipelined datapath: `n_units` adder/register stages and a top module; with
    `faults`, an implicitly declared net in stage 5, a net driven twice in stage 8 and a width
    mismatch in the top."""
    mods = []
    for i in range(n_units):
        body = [f"module stage{i} (input clk, input rst, input [15:0] a, input [15:0] b, output reg [15:0] q);",
                "  wire [15:0] sum;",
                "  assign sum = a + b;" if not (faults and i == 5) else "  assign sum = a + b + carry_in;",
                "  always @(posedge clk) begin",
                "    if (rst) q <= 16'd0; else q <= sum ^ {8'd" + str(i) + ", 8'd" + str(i * 3) + "};",
                "  end"]
        if faults and i == 8:
            body.insert(3, "  assign sum = a - b;")
        body.append("endmodule\n")
        mods.append("\n".join(body))
    top = ["module top (input clk, input rst, input [15:0] x, output [15:0] y);"]
    for i in range(n_units + 1):
        top.append(f"  wire [15:0] w{i};")
    top.append("  assign w0 = x;")
    for i in range(n_units):
        top.append(f"  stage{i} u{i} (.clk(clk), .rst(rst), .a(w{i}), .b(16'd{i + 1}), .q(w{i + 1}));")
    top.append(f"  assign y = w{n_units};" if not faults else f"  assign y = {{w{n_units}, 4'b0}};")
    top.append("endmodule\n")
    return "\n".join(mods) + "\n".join(top)


VERILOG_SYNTAX_BAD = """module broken (input clk, input [7:0] d, output reg [7:0] q);
  always @(posedge clk) begin
    q <= d
  end
endmodule
"""

VHDL_ADDER = """library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity adder is
  port (a, b : in unsigned(7 downto 0); s : out unsigned(8 downto 0));
end entity;

architecture rtl of adder is
begin
  -- the fault: the carry is dropped when both top bits are set
  s <= ('0' & a) + ('0' & b) when not (a(7) = '1' and b(7) = '1') else '0' & (a + b);
end architecture;
"""

VHDL_TB = """library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity tb is
end entity;

architecture sim of tb is
  signal a, b : unsigned(7 downto 0);
  signal s : unsigned(8 downto 0);
begin
  dut : entity work.adder port map (a => a, b => b, s => s);
  process
    variable errors : natural := 0;
  begin
    for i in 0 to 79 loop
      a <= to_unsigned((i * 37) mod 256, 8);
      b <= to_unsigned((i * 11 + 90) mod 256, 8);
      wait for 10 ns;
      report "vector " & integer'image(i) & ": a=" & integer'image(to_integer(a)) & " b=" &
        integer'image(to_integer(b)) & " s=" & integer'image(to_integer(s));
      if s /= resize(a, 9) + resize(b, 9) then
        errors := errors + 1;
        report "mismatch at vector " & integer'image(i) & ": expected " &
          integer'image(to_integer(resize(a, 9) + resize(b, 9))) & ", got " & integer'image(to_integer(s))
          severity error;
      end if;
    end loop;
    assert errors = 0 report integer'image(errors) & " vectors failed" severity failure;
    report "all vectors passed";
    wait;
  end process;
end architecture;
"""


def lp_model(n=24, infeasible=False):
    """A transport problem in CPLEX LP format: 4 plants, n/4 markets each... with integer lots;
    `infeasible` asks for more than the plants make."""
    plants, markets = 4, n // 2
    lines = ["\\ transport of crates from plants to markets", "Minimize", " cost:"]
    terms = []
    for p in range(plants):
        for m in range(markets):
            terms.append(f"+ {3 + (p * 7 + m * 5) % 11} x_{p}_{m}")
    lines += ["  " + " ".join(terms[k:k + 8]) for k in range(0, len(terms), 8)]
    lines.append("Subject To")
    for p in range(plants):
        lines.append(f" supply_{p}: " + " + ".join(f"x_{p}_{m}" for m in range(markets)) + f" <= {120 + p * 15}")
    for m in range(markets):
        need = 30 + (m * 13) % 25 + (400 if infeasible and m == markets // 2 else 0)
        lines.append(f" demand_{m}: " + " + ".join(f"x_{p}_{m}" for p in range(plants)) + f" >= {need}")
    for p in range(plants):
        for m in range(markets):
            lines.append(f" lot_{p}_{m}: x_{p}_{m} - 7 y_{p}_{m} = 0")
    lines.append("General")
    lines += [" " + " ".join(f"y_{p}_{m}" for m in range(markets)) for p in range(plants)]
    lines.append("End")
    return "\n".join(lines) + "\n"


SPICE_RC = """* RC ladder with a diode clamp, swept in time
V1 in 0 PULSE(0 5 1u 10n 10n 20u 40u)
R1 in n1 1k
C1 n1 0 10n
R2 n1 n2 1k
C2 n2 0 10n
R3 n2 n3 1k
C3 n3 0 10n
D1 n3 clamp DCLAMP
VCL clamp 0 DC 3.3
R4 n3 out 2.2k
C4 out 0 4.7n
X1 out buf0 NOSUCHAMP
.model DCLAMP D(IS=1e-14 N=1.05 RS=2)
.tran 0.5u 120u
.print tran v(in) v(n3) v(out)
.end
"""

SPICE_GOOD = SPICE_RC.replace("X1 out buf0 NOSUCHAMP\n", "")


def puppet_site(work, n=30):
    """A manifest of `n` app directories with a config file and a refresh-only exec each; the file
    of app 14 lies under a missing directory and the exec of app 22 fails; a final notify needs
    both."""
    root = f"{work}/pup"
    out = [f"file {{ '{root}/tree': ensure => directory }}"]
    for i in range(n):
        path = f"{root}/tree/app{i}/config.ini" if i != 14 else f"{root}/tree/missing/dir/app{i}/config.ini"
        if i != 14:
            out.append(f"file {{ '{root}/tree/app{i}': ensure => directory }}")
        out.append(f"file {{ 'cfg{i}':\n  path => '{path}',\n  content => \"[app]\\nid={i}\\n\",\n  mode => '0644',\n}}")
        cmd = "/bin/false" if i == 22 else "/bin/true"
        out.append(f"exec {{ 'reload{i}':\n  command => '{cmd}',\n  refreshonly => true,\n  subscribe => File['cfg{i}'],\n}}")
    out.append("notify { 'done': message => 'ledger hosts configured', require => [File['cfg29'], Exec['reload22']] }")
    return "\n".join(out) + "\n"


PUPPET_BAD = """class ledger (
  String $owner = 'ops'
) {
  file { '/srv/ledger':
    ensure => directory
    mode   => '0750',
  }
}
"""


def smb_conf(n=40):
    """A Samba config of `n` shares; three faults in the middle: an unknown parameter, a bad
    boolean, a share with no path."""
    out = ["[global]", "   workgroup = LEDGER", "   server string = ledger files", "   security = user",
           "   map to guest = Bad User", "   log file = /var/log/samba/log.%m", "   max log size = 1000", ""]
    for i in range(n):
        out += [f"[team{i:02d}]", f"   path = /srv/share/team{i:02d}" if i != 27 else "   comment = no path here",
                f"   valid users = @team{i:02d}", "   read only = no" if i != 19 else "   max connections = lots",
                "   create mask = 0660"]
        if i == 11:
            out.append("   veto oplock files = /*.db/")
        if i == 23:
            out.append("   writeable hosts = 10.0.0.0/8")
        out.append("")
    return "\n".join(out)


def busted_spec(n=60):
    """A Lua module and a busted spec of `n` cases; two assertions fail and one case errors."""
    mod = ("local M = {}\nfunction M.cents(s)\n  local w, f = s:match('^(%d+)%.(%d%d)$')\n"
           "  if not w then error('bad amount: ' .. s) end\n  return tonumber(w) * 100 + tonumber(f)\nend\n"
           "function M.split(total, n)\n  local base = math.floor(total / n)\n  local out = {}\n"
           "  for i = 1, n do out[i] = base end\n  return out\nend\nreturn M\n")
    cases = []
    for i in range(n):
        amt = f"{i}.{(i * 7) % 100:02d}"
        cases.append(f"  it('parses {amt}', function()\n    assert.are.equal({i * 100 + (i * 7) % 100}, ledger.cents('{amt}'))\n  end)")
        if i == 20:
            cases.append("  it('splits 100 in 3 without losing a cent', function()\n    local parts = ledger.split(100, 3)\n"
                         "    assert.are.equal(100, parts[1] + parts[2] + parts[3])\n  end)")
        if i == 33:
            cases.append("  it('parses a negative amount', function()\n    assert.are.equal(-150, ledger.cents('-1.50'))\n  end)")
        if i == 41:
            cases.append("  it('splits into parts of equal size', function()\n    assert.are.same({51, 50}, ledger.split(101, 2))\n  end)")
    spec = "local ledger = require('ledger')\n\ndescribe('ledger', function()\n" + "\n".join(cases) + "\nend)\n"
    return {"ledger.lua": mod, "spec/ledger_spec.lua": spec}


def racket_tests(n=50):
    """A Racket module with rackunit checks: `n` good ones, three failing in the middle, one
    raising."""
    out = ["#lang racket", "(require rackunit)", "(define (cents s)",
           "  (match (regexp-match #px\"^([0-9]+)\\\\.([0-9]{2})$\" s)",
           "    [(list _ w f) (+ (* 100 (string->number w)) (string->number f))]",
           "    [_ (error 'cents \"bad amount: ~a\" s)]))", "(define (split total n) (make-list n (quotient total n)))"]
    for i in range(n):
        out.append(f"(test-case \"cents {i}\" (check-equal? (cents \"{i}.{(i * 3) % 100:02d}\") {i * 100 + (i * 3) % 100}))")
        if i == 17:
            out.append("(test-case \"split keeps every cent\" (check-equal? (apply + (split 100 3)) 100))")
        if i == 29:
            out.append("(test-case \"negative amount\" (check-equal? (cents \"-1.50\") -150))")
        if i == 38:
            out.append("(test-case \"split sizes\" (check-equal? (split 101 2) '(51 50) \"remainder goes first\"))")
            out.append("(check-true (andmap positive? (split 5 7)))")
    return "\n".join(out) + "\n"


MZN_SHIFTS = """% nurse-style shift rota: each of n workers works at most `cap` shifts, every shift is covered
int: n;
int: days;
int: cap;
array[1..days] of int: need;
array[1..n, 1..days] of var 0..1: work;
constraint forall(d in 1..days)(sum(w in 1..n)(work[w, d]) >= need[d]);
constraint forall(w in 1..n)(sum(d in 1..days)(work[w, d]) <= cap);
constraint forall(w in 1..n, d in 1..days-1)(work[w, d] + work[w, d+1] <= 1 + (w mod 2));
var int: total = sum(w in 1..n, d in 1..days)(work[w, d]);
solve minimize total;
output ["total = \\(total)\\n"] ++ ["worker \\(w): \\([work[w, d] | d in 1..days])\\n" | w in 1..n];
"""

MZN_BAD = """int: n = 4;
array[1..n] of var 1..n: q;
constraint forall(i, j in 1..n where i < j)(q[i] != q[j] /\\ q[i] + i != q[j] + j);
constraint q[1] = undefined_var;
solve satisfy;
"""


def icinga_conf(n=40):
    """Icinga 2 hosts; one names a missing check command, a service names a missing host."""
    out = ['object CheckCommand "ledger-http" {\n  command = [ "/bin/true" ]\n}\n']
    for i in range(n):
        cmd = "ledger-http" if i != 13 else "nosuch-check"
        out.append(f'object Host "ledger-{i:02d}" {{\n  address = "10.0.{i // 10}.{i}"\n  check_command = "{cmd}"\n'
                   f'  vars.role = "{["api", "db", "worker"][i % 3]}"\n}}\n')
        if i == 26:
            out.append('object Service "disk" {\n  host_name = "ledger-99"\n  check_command = "ledger-http"\n}\n')
        if i == 33:
            out.append('apply Service "http" {\n  check_command = "ledger-http"\n  assign where host.vars.role == "api"\n'
                       '  check_interval = 1m\n}\n')
    return {"icinga2.conf": 'include <itl>\ninclude "ledger.conf"\n', "ledger.conf": "\n".join(out)}


RADIUS_CLIENTS = """
client ledger_office {
	ipaddr = 10.20.0.0/16
	secret = office-secret
}
client ledger_branch {
	ipaddr = 10.20.300.1
	secret = testing123
}
"""


def site(n=40):
    """A static site of `n` linked pages: two link to missing pages, one to a dead port, one has a
    missing image."""
    files = {}
    for i in range(n):
        links = [f'<a href="page{(i + 1) % n}.html">next</a>', f'<a href="docs/ref{i % 8}.html">ref</a>',
                 '<a href="index.html">home</a>']
        if i in (9, 23):
            links.append(f'<a href="gone{i}.html">old page</a>')
        if i == 17:
            links.append('<a href="http://127.0.0.1:19798/api">api</a>')
        if i == 31:
            links.append('<img src="img/logo.png" alt="logo">')
        files[f"page{i}.html"] = (f"<!DOCTYPE html><html><head><title>Page {i}</title></head><body><h1>Page {i}</h1>"
                                  + " ".join(links) + "</body></html>\n")
    for j in range(8):
        files[f"docs/ref{j}.html"] = (f"<html><head><title>Ref {j}</title></head><body><a href=\"../page{j}.html\">back"
                                      f"</a></body></html>\n")
    files["index.html"] = ("<html><head><title>Ledger docs</title></head><body>"
                           + "".join(f'<a href="page{i}.html">p{i}</a>' for i in range(n)) + "</body></html>\n")
    return files


def download_list(n=40):
    """URLs for aria2c: the site's pages, one missing page at 12, a dead port at 25, a missing
    file at the end."""
    out = []
    for i in range(n):
        out.append(f"http://127.0.0.1:19797/page{i}.html")
        if i == 12:
            out.append("http://127.0.0.1:19797/gone12.html")
        if i == 25:
            out.append("http://127.0.0.1:19798/page25.html")
    out.append("http://127.0.0.1:19797/docs/nosuch.pdf")
    return "\n".join(out) + "\n"


def handbook(n=40):
    """A Markdown handbook: a missing image, a dangling reference link, a duplicate heading id and
    an include attribute pandoc ignores, in the middle."""
    out = ["---", "title: Ledger handbook", "---", ""]
    for i in range(n):
        out += [f"# Chapter {i} {{#ch{i}}}", "", f"Entries of chapter {i} are booked daily.", ""]
        if i == 12:
            out += ["![Flow of a booking](img/flow.png)", ""]
        if i == 19:
            out += ["See [the audit rules][audit] and [chapter 99](#ch99).", ""]
        if i == 25:
            out += ["# Chapter 5 again {#ch5}", "", "A duplicate.", ""]
        if i == 30:
            out += ["```{.python include=snippets/close.py}", "```", ""]
    return "\n".join(out) + "\n"


def hugo_site(n=30):
    """Hugo layouts and `n` posts; post 17 uses a shortcode that does not exist."""
    files = {"config.toml": 'baseURL = "http://ledger.test/"\ntitle = "Ledger notes"\n',
             "layouts/_default/baseof.html": '<html><body>{{ block "main" . }}{{ end }}</body></html>\n',
             "layouts/_default/single.html": '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n',
             "layouts/_default/list.html": ('{{ define "main" }}{{ range .Pages }}<a href="{{ .RelPermalink }}">'
                                            '{{ .Title }}</a>{{ end }}{{ end }}\n'),
             "layouts/shortcodes/amount.html": '<span class="amt">{{ .Get 0 }}</span>\n'}
    for i in range(1, n + 1):
        sc = '{{< amount "12.50" >}}' if i != 17 else '{{< balance "acme" >}}'
        files[f"content/posts/entry{i}.md"] = (f'---\ntitle: "Entry {i}"\ndate: 2026-01-{i % 28 + 1:02d}\n---\n'
                                               f"Booked {sc} today.\n")
    return files


DEB_CONTROL = """Package: ledgerctl
Version: 0.3-1
Architecture: all
Maintainer: ops
Depends: python3, bash (>= 2.0)
Section: misc
Priority: extra
Description: ledger control tool
"""

DEB_CONTROL_OK = """Package: ledgerfmt
Version: 1.0-1
Architecture: all
Maintainer: Ledger Ops <ops@ledger.test>
Depends: python3
Section: utils
Priority: optional
Description: ledger file formatter
 Formats ledger files in place.
"""
