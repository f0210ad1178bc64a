"""Small fixture projects of the `wild13` corpus (relative path -> text), written under WORKDIR by
`gen.py`: an Erlang supervisor whose workers crash on some records of /etc/services, EUnit tests of
OTP's `string`, `lists` and `queue` (two expectations wrong), an Elixir GenServer that crashes,
an Elixir module with warnings and an error, Java programs (a cache that runs out of heap, two
threads that deadlock, a documented library with doclint faults), a Go module (three packages, one
with a type error, one with a fuzzed parser bug, one importing a missing package), a Rakefile
whose third step fails, and a Python script that fails inside toolz."""

ERL_SUP = r'''-module(svc_sup).
-behaviour(supervisor).
-export([start/0, init/1]).

start() ->
    logger:set_primary_config(level, info),
    {ok, Pid} = supervisor:start_link({local, svc_sup}, ?MODULE, []),
    unlink(Pid),
    {ok, Lines} = read_lines("/etc/services"),
    [case catch svc_worker:parse(L) of {'EXIT', _} -> timer:sleep(50); _ -> ok end || L <- Lines],
    timer:sleep(500),
    io:format("processed ~p lines~n", [length(Lines)]).

read_lines(F) ->
    {ok, Bin} = file:read_file(F),
    {ok, [binary_to_list(L) || L <- binary:split(Bin, <<"\n">>, [global]), L =/= <<>>]}.

init([]) ->
    {ok, {#{strategy => one_for_one, intensity => 8, period => 10},
          [#{id => svc_worker, start => {svc_worker, start_link, []}}]}}.
'''

ERL_WORKER = r'''-module(svc_worker).
-behaviour(gen_server).
-export([start_link/0, parse/1, init/1, handle_call/3, handle_cast/2]).

start_link() -> gen_server:start_link({local, ?MODULE}, ?MODULE, #{}, []).
parse(Line) -> gen_server:call(?MODULE, {parse, Line}).

init(S) -> {ok, S}.

handle_call({parse, [$# | _]}, _From, S) -> {reply, comment, S};
handle_call({parse, Line}, _From, S) ->
    [Name, PortProto | _] = string:lexemes(Line, " \t"),
    [Port, Proto] = string:split(PortProto, "/"),
    N = list_to_integer(Port),
    Weight = 1000 div (N rem 23),
    {reply, {Name, N, Proto, Weight}, S#{Name => N}}.

handle_cast(_, S) -> {noreply, S}.
'''

EUNIT_TESTS = r'''-module(otp_tests).
-include_lib("eunit/include/eunit.hrl").

lexemes_test_() ->
    [?_assertEqual(length(string:lexemes(L, " \t")), length(string:tokens(L, " \t")))
     || L <- lines(), L =/= ""].

reverse_test_() ->
    [?_assertEqual(lists:reverse(lists:reverse(L)), L) || L <- lines()].

queue_test_() ->
    Q = lists:foldl(fun queue:in/2, queue:new(), lines()),
    [?_assertEqual(queue:len(Q), length(lines())),
     ?_assertEqual(queue:to_list(Q), lines()),
     ?_assertEqual(queue:peek(Q), {value, "tcpmux"})].

titlecase_test_() ->
    [?_assertEqual(string:titlecase("erlang"), "Erlang"),
     ?_assertEqual(string:titlecase("ßtraße"), "Sstraße"),
     ?_assertEqual(string:pad("port", 8, both, $.), "..port..")].

lines() ->
    {ok, Bin} = file:read_file("/etc/protocols"),
    [hd(string:lexemes(binary_to_list(L), " \t")) || L <- binary:split(Bin, <<"\n">>, [global]),
     L =/= <<>>, binary:first(L) =/= $#].
'''

EX_CRASH = r'''defmodule Ledger do
  use GenServer
  require Logger

  def start_link(_), do: GenServer.start_link(__MODULE__, %{}, name: __MODULE__)
  def init(s), do: {:ok, s}

  def handle_cast({:post, line}, s) do
    [name, port_proto | _] = String.split(line)
    [port, _proto] = String.split(port_proto, "/")
    rate = div(10_000, rem(String.to_integer(port), 53))
    Logger.info("posted #{name} at #{rate}")
    {:noreply, Map.put(s, name, rate)}
  end
end

Logger.configure(level: :info)
{:ok, _} = Supervisor.start_link([Ledger], strategy: :one_for_one, max_restarts: 6, max_seconds: 5)

"/etc/services"
|> File.read!()
|> String.split("\n", trim: true)
|> Enum.reject(&String.starts_with?(&1, "#"))
|> Enum.take(140)
|> Enum.each(fn l -> GenServer.cast(Ledger, {:post, l}); Process.sleep(2) end)

Process.sleep(300)
IO.puts("done")
'''

EX_WARN = r'''defmodule Billing.Invoice do
  @moduledoc "Invoices of a small shop."
  defstruct [:id, :lines, :customer]

  def total(%__MODULE__{lines: lines}, tax) do
    discount = 0
    Enum.reduce(lines, 0, fn {qty, price}, acc -> acc + qty * price end)
  end

  def render(inv) do
    header = "Invoice #{inv.id}"
    rows = for {qty, price} <- inv.lines, do: "#{qty} x #{price}"
    Enum.join([header | rows], "\n")
  end

  def due(inv, days) do
    Date.add(inv.date, days)
  end

  def customer_name(%__MODULE__{customer: c}), do: Billing.Customer.name(c)
end

defmodule Billing.Report do
  alias Billing.Invoice
  import Enum, only: [map: 2, sum: 1, filter: 2]

  def monthly(invoices) do
    invoices |> map(&Invoice.total(&1, 0.2)) |> sum()
  end

  def overdue(invoices, today) do
    Enum.filter(invoices, fn inv -> Date.compare(inv.due, today) == :lt end)
  end

  def summary(invoices) do
    count = length(invoices)
    "#{length(invoices)} invoices, #{monthly(invoices)} total, #{undefined_total}"
  end
end
'''

JAVA_HOG = r'''import java.util.*;

public class Hog {
    record Entry(String key, byte[] payload, List<String> tags) {}

    public static void main(String[] args) throws Exception {
        Map<String, Entry> cache = new LinkedHashMap<>();
        List<String> lines = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/etc/services"));
        for (int round = 0; ; round++) {
            for (String l : lines) {
                String k = round + ":" + l;
                cache.put(k, new Entry(k, new byte[2048 + (l.length() * 37) % 4096], List.of(l.split("\\s+"))));
            }
            if (round % 4 == 0) {
                System.out.println("round " + round + ": " + cache.size() + " entries");
            }
        }
    }
}
'''

JAVA_DEADLOCK = r'''import java.util.concurrent.*;

public class Transfer {
    static final Object ledger = new Object();
    static final Object audit = new Object();

    static void post(String who, Object first, Object second) {
        synchronized (first) {
            try { Thread.sleep(200); } catch (InterruptedException e) { return; }
            synchronized (second) {
                System.out.println(who + " posted");
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int i = 0; i < 2; i++) {
            pool.submit(() -> { while (true) { Thread.sleep(50); } });
        }
        Thread a = new Thread(() -> post("payments", ledger, audit), "payments");
        Thread b = new Thread(() -> post("auditor", audit, ledger), "auditor");
        a.start();
        b.start();
        System.out.println("pid " + ProcessHandle.current().pid());
        a.join();
    }
}
'''

GO_MOD = "module example.com/shipping\n\ngo 1.19\n"

GO_RATES = r'''package rates

import (
	"fmt"
	"strings"
)

// Zone is a shipping zone.
type Zone struct {
	Name  string
	Price float64
}

// Table maps zone names to zones.
type Table map[string]Zone

// Lookup returns the price of a zone.
func (t Table) Lookup(name string) (float64, error) {
	z, ok := t[strings.ToLower(name)]
	if !ok {
		return 0, fmt.Errorf("unknown zone %q", name)
	}
	return z.Price, nil
}

// Cheapest returns the zone of least price.
func (t Table) Cheapest() Zone {
	var best Zone
	for _, z := range t {
		if best.Name == "" || z.Price < best.Price {
			best = z
		}
	}
	return best.Name
}
'''

GO_PARSE = r'''package parse

import (
	"errors"
	"strconv"
	"strings"
)

// Weight parses "12.5kg" or "300g" into grams.
func Weight(s string) (int, error) {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "kg") {
		f, err := strconv.ParseFloat(s[:len(s)-2], 64)
		if err != nil {
			return 0, err
		}
		return int(f * 1000), nil
	}
	if strings.HasSuffix(s, "g") {
		return strconv.Atoi(s[:len(s)-1])
	}
	if len(s) > 1 && s[0] == '#' {
		n, err := strconv.Atoi(s[1:])
		return 1000 / (n % 7), err
	}
	return 0, errors.New("no unit")
}
'''

GO_PARSE_TEST = r'''package parse

import "testing"

func FuzzWeight(f *testing.F) {
	for _, s := range []string{"12.5kg", "300g", "#3", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Weight(s)
		if err == nil && g < 0 && s[0] != '-' {
			t.Errorf("Weight(%q) = %d", s, g)
		}
	})
}
'''

GO_LABEL = r'''package label

import (
	"fmt"
	"net/http"

	"example.com/shipping/rates"
	"github.com/acme/barcode"
)

// Handler serves labels.
func Handler(t rates.Table) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, Print(t, r.URL.Query().Get("zone")))
	}
}

// Print renders a label.
func Print(t rates.Table, zone string) string {
	p, _ := t.Lookup(zone)
	return fmt.Sprintf("%s %.2f %s", zone, p, barcode.Encode(zone))
}
'''

RAKEFILE = r'''require "rake/clean"
CLEAN.include("build")

directory "build"

file "build/services.txt" => ["build"] do |t|
  sh "grep -v '^#' /etc/services > #{t.name}"
end

file "build/ports.txt" => ["build/services.txt"] do |t|
  sh "awk '{print $2}' build/services.txt | sort -u > #{t.name}"
end

task :check => ["build/ports.txt"] do
  sh "grep -c tcp build/ports.txt"
  sh "ruby -e 'exit(File.readlines(\"build/ports.txt\").size < 100 ? 0 : 3)'"
end

task :report => [:check] do
  puts "report written"
end

task :default => [:report]
'''

PY_TRACE = r'''import toolz
from toolz import curried

rows = [l.split() for l in open("/etc/protocols") if l.strip() and not l.startswith("#")]
by_num = toolz.groupby(lambda r: int(r[1]) % 5, rows)
names = toolz.pipe(rows, curried.map(lambda r: r[0]), curried.take(12), list)
print(names)
counts = toolz.valmap(len, by_num)
print(counts)
merged = toolz.merge_with(sum, counts, {k: v for k, v in enumerate(names)})
print(merged)
'''

PROJECTS = {
    "erl": {"svc_sup.erl": ERL_SUP, "svc_worker.erl": ERL_WORKER, "otp_tests.erl": EUNIT_TESTS},
    "ex": {"ledger.exs": EX_CRASH, "lib/billing.ex": EX_WARN},
    "java": {"Hog.java": JAVA_HOG, "Transfer.java": JAVA_DEADLOCK},
    "gomod": {"go.mod": GO_MOD, "rates/rates.go": GO_RATES, "parse/parse.go": GO_PARSE,
              "parse/parse_test.go": GO_PARSE_TEST, "label/label.go": GO_LABEL},
    "rake": {"Rakefile": RAKEFILE},
    "py": {"report.py": PY_TRACE},
}

# A Ruby file with a syntax error (an `end` missing) among the gems `ruby -wc` checks.
RUBY_CART = r'''class Cart
  def initialize
    @items = []
  end

  def add(sku, qty)
    unless qty.positive?
      raise ArgumentError, "bad qty"
    @items << [sku, qty]
  end

  def total(prices)
    @items.sum { |sku, qty| prices.fetch(sku) * qty }
  end
end
'''

# An OCaml module with a type error, checked between the standard library's modules.
OCAML_SHIPPING = r'''type zone = { name : string; price : float }

let cheapest zones =
  List.fold_left (fun best z -> if z.price < best.price then z else best) (List.hd zones) zones

let label z = Printf.sprintf "%s %.2f" z.name z.price

let total zones = List.fold_left (fun acc z -> acc + z.price) 0 zones
'''

# pkg-config files of a project: one requiring a package that is not installed, one with a bad line.
PC_FILES = {
    "libshipping.pc": "prefix=/opt/shipping\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\n\n"
                      "Name: libshipping\nDescription: Shipping rates\nVersion: 0.3.1\n"
                      "Requires: zlib >= 1.2, libbarcode >= 2.0\nLibs: -L${libdir} -lshipping\nCflags: -I${includedir}\n",
    "libtracking.pc": "prefix=/opt/shipping\nlibdir=${prefix}/lib\n\nName: libtracking\n"
                      "Description: Parcel tracking\nVersion: 1.0\nRequires: expat\nLibs: -L${libdir} -ltracking\n"
                      "Cflags: -I${prefix}/include -DTRACK=\"${missing_var}\n",
}

PROJECTS.update({"rb": {"cart.rb": RUBY_CART}, "ml": {"shipping.ml": OCAML_SHIPPING}, "pc": PC_FILES})
