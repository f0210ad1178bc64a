"""Small fixture projects of `wild15` (written for this set): an R package with a failing test and
documentation that disagrees with its code, R and Octave scripts, Groovy, Vala, D, Ada, C# and Zig
programs of one ledger with compile errors, warnings and runtime faults in the middle."""

R_DESCRIPTION = """Package: ledgr
Type: Package
Title: Small Ledger Helpers
Version: 0.3.1
Authors@R: person("Dev", "Ledger", email = "dev@ledger.example", role = c("aut", "cre"))
Description: Balances, rounding and interest of a small ledger, used to try R CMD check.
License: MIT + file LICENSE
Encoding: UTF-8
Imports: stats
"""

R_NAMESPACE = """export(balance)
export(accrue)
export(round_cents)
export(summarise_ledger)
importFrom(stats, aggregate)
"""

R_CODE = """balance <- function(entries, opening = 0) {
  stopifnot(is.data.frame(entries))
  opening + sum(entries$amount)
}

accrue <- function(principal, rate, days, basis = 365) {
  if (rate > 1) warning("rate looks like a percentage: ", rate)
  principal * (1 + rate) ^ (days / basis)
}

round_cents <- function(x) {
  round(x * 100) / 100
}

summarise_ledger <- function(entries) {
  by_acct <- aggregate(amount ~ account, data = entries, FUN = sum)
  by_acct$share <- by_acct$amount / total_amount
  by_acct[order(by_acct$account), ]
}

helper_unused <- function(x) x + 1
"""

R_RD_BALANCE = r"""\name{balance}
\alias{balance}
\title{Balance of a Ledger}
\description{The closing balance of ledger entries.}
\usage{balance(entries, opening = 0, currency = "EUR")}
\arguments{
  \item{entries}{a data frame with an \code{amount} column.}
  \item{opening}{the opening balance.}
  \item{currency}{the currency code.}
}
\value{A number.}
\examples{
balance(data.frame(amount = c(10, -2.5)))
}
"""

R_RD_ACCRUE = r"""\name{accrue}
\alias{accrue}
\alias{round_cents}
\title{Interest and Rounding}
\description{Compound interest over some days; rounding to cents.}
\usage{
accrue(principal, rate, days, basis = 360)
round_cents(x)
}
\arguments{
  \item{principal}{the amount.}
  \item{rate}{the yearly rate.}
  \item{days}{the number of days.}
  \item{x}{amounts.}
}
\examples{
round_cents(accrue(1000, 0.05, 90))
}
"""

R_TEST = """library(ledgr)
e <- data.frame(account = c("cash", "bank", "cash"), amount = c(10, 20.5, -3))
stopifnot(balance(e) == 27.5)
stopifnot(round_cents(accrue(1000, 0.05, 365)) == 1050)
cat("balance and accrue ok\\n")
stopifnot(round_cents(0.125) == 0.13)
cat("not reached\\n")
"""

# Rscript over R's own data sets: models and summaries (long output), warnings in the middle,
# then an error that halts the script.
R_SCRIPT = """options(warn = 1)
for (d in c("mtcars", "airquality", "ToothGrowth", "warpbreaks", "esoph", "infert")) {
  x <- get(d)
  cat("==== data set", d, "rows", nrow(x), "\\n")
  print(summary(x))
}
print(head(warpbreaks, 25))
fit <- lm(mpg ~ wt + hp + qsec, data = mtcars)
print(summary(fit))
print(anova(fit))
g <- glm(am ~ mpg + wt + hp, data = mtcars, family = binomial)
print(summary(g))
m <- matrix(c(2, 4, 1, 2), 2)
inv <- try(solve(m))
vals <- as.numeric(c("12.5", "7", "n/a", "3,2", "41"))
print(vals)
print(cor(airquality$Ozone, airquality$Temp))
print(t.test(len ~ supp, data = ToothGrowth))
print(chisq.test(table(infert$education, infert$induced)))
tab <- xtabs(breaks ~ wool + tension, data = warpbreaks)
print(tab)
print(aggregate(len ~ supp + dose, data = ToothGrowth, FUN = mean))
print(quantile(airquality$Ozone))
cat("done\\n")
"""

OCTAVE_SCRIPT = """x = linspace(0, 2*pi, 9)
y = sin(x)
A = magic(6)
d = det(A)
B = inv(A)
s = str2double({'12.5', 'abc', '3e2'})
c = strsplit('a,b,,c', ',')
v = [1 2 3] + [1; 2]
w = int8(100) + int8(100)
q = ones(3, 4) * ones(3, 4)
disp('not reached')
"""

GROOVY_LEDGER = """class Entry {
    String account
    BigDecimal amount
    String toString() { "${account}: ${amount}" }
}

def services = new File('/etc/services').readLines().findAll { it && !it.startsWith('#') }
def entries = services.collect { line ->
    def f = line.split(/\\s+/)
    new Entry(account: f[0], amount: (f[1].split('/')[0] as BigDecimal) / 100)
}
entries.take(180).each { println it }
println "total ${entries.sum { it.amount }}"
def byProto = services.groupBy { it.split(/\\s+/)[1].split('/')[1] }
byProto.each { k, v -> println "$k -> ${v.size()}" }
def e = entries.find { it.account == 'http' }
println e.ammount.setScale(2)
println 'not reached'
"""

GROOVY_BROKEN = """class Report {
    List<String> lines = []
    void add(String s) { lines << s }
    int count() { return lines.size() }
    String render() {
        lines.join('\\n'
    }
}
def r = new Report()
r.add('x')
"""

VALA_CODE = """using GLib;

namespace Ledger {
    public class Entry : Object {
        public string account { get; set; }
        public double amount { get; set; }
        public Entry (string account, double amount) {
            this.account = account;
            this.amount = amount;
        }
    }

    public class Book : Object {
        private List<Entry> entries = new List<Entry> ();
        private int unused_count;

        public void add (Entry e) {
            entries.append (e);
        }

        public double total () {
            double t = 0;
            foreach (var e in entries) {
                t += e.amount;
            }
            return t;
        }

        public string? find_account (string name) {
            foreach (var e in entries) {
                if (e.account == name) {
                    return e.account;
                }
            }
        }

        public int count () {
            return entries.length ();
        }
    }

    public static int main (string[] args) {
        var book = new Book ();
        book.add (new Entry ("cash", 10.5));
        book.add (new Entry ("bank", "20"));
        string label = book.find_account ("cash");
        int total = book.total ();
        stdout.printf ("%s %d %d\\n", label, total, book.size ());
        return 0;
    }
}
"""

D_CODE = """import std.stdio;
import std.conv : to;
import std.algorithm : map, sum;
import std.array : array;

struct Entry { string account; long cents; }

long total(const Entry[] es) { return es.map!(e => e.cents).sum; }

Entry parse(string line) {
    import std.string : split, strip;
    auto f = line.strip.split(",");
    return Entry(f[0], f[1].to!long);
}

void main() {
    string[] lines;
    foreach (i; 0 .. 220)
        lines ~= "acct" ~ i.to!string ~ "," ~ (i * 37 % 1000).to!string;
    lines ~= "broken,12x";
    Entry[] es;
    foreach (i, l; lines) {
        if (i < 220) {
            es ~= parse(l);
            writeln("entry ", i, ": ", es[$ - 1].account, " ", es[$ - 1].cents);
        }
    }
    writeln("total ", total(es));
    auto idx = [3, 7, 221];
    foreach (i; idx)
        writeln(es[i].account);
}
"""

D_BROKEN = """import std.stdio;

struct Account { string name; long cents; }

long sumCents(Account[] accts) {
    long t = 0;
    foreach (a; accts) t += a.amount;
    return t;
}

void report(Account[] accts) {
    int n = accts.length;
    writeln("accounts: ", n);
    string s = sumCents(accts);
    writefln("total %d", s);
}

void main() {
    report([Account("cash", 100), Account("bank", 250)]);
    undefinedCall();
}
"""

ADA_MAIN = """with Ada.Text_IO; use Ada.Text_IO;
with Ledger; use Ledger;

procedure Main is
   B : Book;
   Unused : Integer;
begin
   for I in 1 .. 230 loop
      Add (B, (Account => I mod 7, Cents => I * 13));
      Put_Line ("entry" & Integer'Image (I) & " account" & Integer'Image (I mod 7));
   end loop;
   Put_Line ("total" & Long_Integer'Image (Total (B)));
   Put_Line ("share" & Integer'Image (Share (B, 3)));
   Put_Line ("largest" & Integer'Image (Largest (B)));
end Main;
"""

ADA_SPEC = """package Ledger is
   type Entry_T is record
      Account : Natural;
      Cents   : Integer;
   end record;
   type Entries is array (1 .. 200) of Entry_T;
   type Book is record
      Items : Entries;
      Count : Natural := 0;
   end record;
   procedure Add (B : in out Book; E : Entry_T);
   function Total (B : Book) return Long_Integer;
   function Share (B : Book; Account : Natural) return Integer;
   function Largest (B : Book) return Integer;
end Ledger;
"""

ADA_BODY = """package body Ledger is
   procedure Add (B : in out Book; E : Entry_T) is
   begin
      B.Count := B.Count + 1;
      B.Items (B.Count) := E;
   end Add;

   function Total (B : Book) return Long_Integer is
      T : Long_Integer := 0;
   begin
      for I in 1 .. B.Count loop
         T := T + Long_Integer (B.Items (I).Cents);
      end loop;
      return T;
   end Total;

   function Share (B : Book; Account : Natural) return Integer is
      S, N : Integer := 0;
   begin
      for I in 1 .. B.Count loop
         if B.Items (I).Account = Account then
            S := S + B.Items (I).Cents;
         end if;
      end loop;
      return S / N;
   end Share;

   function Largest (B : Book) return Integer is
      M : Integer := Integer'First;
      X : Integer;
   begin
      for I in 1 .. B.Count loop
         if B.Items (I).Cents > M then
            M := B.Items (I).Cents;
         end if;
      end loop;
      return M;
   end Largest;
end Ledger;
"""

ADA_BROKEN = """with Ada.Text_IO; use Ada.Text_IO;

procedure Broken is
   type Level is (Low, Mid, High);
   L : Level := Medium;
   N : Integer := "12";
   Unused : Float;
begin
   case L is
      when Low => Put_Line ("low");
      when High => Put_Line ("high");
   end case;
   Put_Line (Integer'Image (N + 1.5));
   Undeclared_Proc;
end Broken;
"""

CS_CODE = """using System;
using System.Collections.Generic;
using System.Linq;

namespace Ledger
{
    class Entry
    {
        public string Account;
        public decimal Amount;
    }

    class Book
    {
        readonly List<Entry> entries = new List<Entry>();
        int unused;

        public void Add(Entry e) { entries.Add(e); }

        public decimal Total() { return entries.Sum(e => e.Amount); }

        public Entry Find(string account)
        {
            return entries.FirstOrDefault(e => e.Account == account);
        }

        public decimal Share(string account)
        {
            try
            {
                return Find(account).Amount / Total();
            }
            catch (NullReferenceException ex)
            {
                throw new InvalidOperationException("no entries for account " + account, ex);
            }
        }
    }

    static class Program
    {
        static void Report(Book b, string[] accounts)
        {
            foreach (var a in accounts)
                Console.WriteLine("share of {0}: {1:P1}", a, b.Share(a));
        }

        static int Main()
        {
            var b = new Book();
            for (int i = 0; i < 230; i++)
            {
                var e = new Entry { Account = "acct" + (i % 9), Amount = i * 1.25m };
                b.Add(e);
                Console.WriteLine("added {0} {1}", e.Account, e.Amount);
            }
            Console.WriteLine("total {0}", b.Total());
            Report(b, new[] { "acct1", "acct4", "savings", "acct2" });
            return 0;
        }
    }
}
"""

CS_BROKEN = """using System;
using System.Collections.Generic;

namespace Ledger
{
    class Account
    {
        public string Name { get; set; }
        public decimal Balance { get; set; }
        private int legacyId;
    }

    class Program
    {
        static decimal Sum(List<Account> accts)
        {
            decimal t = 0;
            foreach (var a in accts)
                t += a.Balanse;
            return t;
        }

        static void Main()
        {
            var accts = new List<Account> { new Account { Name = "cash", Balance = 10m } };
            int total = Sum(accts);
            string label = 42;
            Console.WriteLine(label + total);
            #warning remove the legacy id
        }
    }
}
"""

ZIG_TESTS = """const std = @import("std");

const Entry = struct { account: []const u8, cents: i64 };

fn total(entries: []const Entry) i64 {
    var t: i64 = 0;
    for (entries) |e| t += e.cents;
    return t;
}

fn roundCents(x: f64) i64 {
    return @intFromFloat(@floor(x * 100.0));
}

fn parseCents(s: []const u8) !i64 {
    return std.fmt.parseInt(i64, s, 10);
}

test "total of entries" {
    const es = [_]Entry{ .{ .account = "cash", .cents = 1050 }, .{ .account = "bank", .cents = -250 } };
    try std.testing.expectEqual(@as(i64, 800), total(&es));
}

test "round cents" {
    try std.testing.expectEqual(@as(i64, 13), roundCents(0.125));
}

test "parse cents" {
    try std.testing.expectEqual(@as(i64, 42), try parseCents("42"));
    try std.testing.expectEqual(@as(i64, 7), try parseCents("7x"));
}

test "account names" {
    try std.testing.expectEqualStrings("savings", "saving");
}

test "many entries" {
    var list: std.ArrayList(Entry) = .empty;
    defer list.deinit(std.testing.allocator);
    var i: i64 = 0;
    while (i < 100) : (i += 1) try list.append(std.testing.allocator, .{ .account = "a", .cents = i });
    try std.testing.expectEqual(@as(i64, 4950), total(list.items));
}

test "leaks" {
    const buf = try std.testing.allocator.alloc(u8, 64);
    _ = buf;
}
"""

ZIG_PANIC = """const std = @import("std");

fn share(parts: []const u32, i: usize) u32 {
    return parts[i] * 100 / parts[0];
}

pub fn main() void {
    const parts = [_]u32{ 40, 25, 20, 15 };
    var i: usize = 0;
    while (i < 220) : (i += 1) {
        std.debug.print("row {d}: share {d}\\n", .{ i, share(&parts, i % 4) });
    }
    var idx: usize = 4;
    _ = &idx;
    std.debug.print("last {d}\\n", .{share(&parts, idx)});
}
"""

ZIG_BROKEN = """const std = @import("std");

pub fn main() !void {
    const x: u8 = 300;
    var unused: i32 = 5;
    const name = "ledger"
    std.debug.print("{s} {d}\\n", .{ name, x });
}
"""

PY_DEV = """import json, os, sqlite3, subprocess, tempfile, warnings

def load(path):
    f = open(path)
    return json.load(f)

d = tempfile.mkdtemp()
for i in range(3):
    with open(os.path.join(d, f"l{i}.json"), "w") as f:
        json.dump({"entries": list(range(i * 5))}, f)
for i in range(3):
    print(i, len(load(os.path.join(d, f"l{i}.json"))["entries"]))
db = sqlite3.connect(":memory:")
db.execute("create table t(x)")
print(subprocess.Popen(["true"]).pid > 0)
import tracemalloc
print("tracing", tracemalloc.is_tracing())
print("done")
"""

MD_DOC = """# ledger helpers

Balances are summed in cents:

```python
>>> from decimal import Decimal
>>> sum([Decimal("10.50"), Decimal("-2.25")])
Decimal('8.25')
>>> round(2.675, 2)
2.68
```

Dates are parsed with dateutil:

```python
>>> from dateutil.parser import parse
>>> parse("2024-02-30")
datetime.datetime(2024, 2, 29, 0, 0)
>>> parse("3 March 2024").weekday()
6
```
"""

GROOVY_REPORT = """package ledger

class Totals {
    Map<String, BigDecimal> byAccount = [:]

    void add(String account, BigDecimal amount) {
        byAccount[account] = (byAccount[account] ?: 0) + amount
    }

    BigDecimal grand() {
        byAccount.values().sum()
    }

    static void main(String[] args) {
        def t = new Totals()
        t.add('cash', 10)
        t.add('bank', 'ten')
        println t.grandTotal()
        int n = t
    }
}
"""

R_C_CODE = """#include <R.h>
#include <Rinternals.h>

SEXP cents(SEXP x) {
    int n = length(x), unused;
    SEXP out = PROTECT(allocVector(REALSXP, n));
    for (int i = 0; i <= n; i++)
        REAL(out)[i] = (double)(long)(REAL(x)[i] * 100) / 100;
    UNPROTECT(1);
    return out
}
"""

ZIG_BUILD = """const std = @import("std");

pub fn build(b: *std.Build) void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});
    const mod = b.createModule(.{
        .root_source_file = b.path("ledger_test.zig"),
        .target = target,
        .optimize = optimize,
    });
    const tests = b.addTest(.{ .root_module = mod });
    const run = b.addRunArtifact(tests);
    const step = b.step("test", "Run the ledger tests");
    step.dependOn(&run.step);
    const exe = b.addExecutable(.{ .name = "panic", .root_module = b.createModule(.{
        .root_source_file = b.path("panic.zig"),
        .target = target,
        .optimize = optimize,
    }) });
    b.installArtifact(exe);
}
"""

PERL_MAKEFILE_PL = """use ExtUtils::MakeMaker;
WriteMakefile(NAME => 'Ledger::Cents', VERSION_FROM => 'lib/Ledger/Cents.pm', ABSTRACT => 'ledger cents',
              AUTHOR => 'Dev <dev@ledger.example>', LICENSE => 'mit', PREREQ_PM => {'Test::More' => 0});
"""

PERL_MODULE = """package Ledger::Cents;
use strict;
use warnings;
our $VERSION = '0.04';

sub to_cents { my ($x) = @_; return int($x * 100) }
sub from_cents { my ($c) = @_; return sprintf('%.2f', $c / 100) }
sub total { my $t = 0; $t += $_ for @_; return $t }
sub share { my ($part, $whole) = @_; return $part / $whole }
1;
"""

PERL_T_BASIC = """use strict;
use warnings;
use Test::More tests => 8;
use Ledger::Cents;
is(Ledger::Cents::to_cents(10.5), 1050, 'ten fifty');
is(Ledger::Cents::to_cents(0.29), 29, 'twenty-nine cents');
is(Ledger::Cents::from_cents(1050), '10.50', 'back');
is(Ledger::Cents::total(1, 2, 3), 6, 'total');
is(Ledger::Cents::total(), 0, 'empty total');
is(Ledger::Cents::to_cents(1.15), 115, 'one fifteen');
ok(Ledger::Cents::share(1, 4) == 0.25, 'share');
is_deeply([map { Ledger::Cents::to_cents($_) } 0.1, 0.2, 0.3], [10, 20, 30], 'list');
"""

PERL_T_SHARE = """use strict;
use warnings;
use Test::More;
use Ledger::Cents;
is(Ledger::Cents::share(2, 8), 0.25, 'quarter');
my $s = Ledger::Cents::share(1, 0);
is($s, undef, 'no whole');
done_testing();
"""
