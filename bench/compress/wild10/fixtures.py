"""Small fixture projects of the `wild10` scenarios (relative path -> text), written under WORKDIR
by gen.py; the real packages they are run beside come from the registries or the system."""

SAN_C = r'''#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

struct row { int id; int score; char name[12]; };

static int scale(int v, int by) { return v * by; }          /* overflows for big rows */
static int shift(int v, int by) { return v << by; }         /* by may reach 32 */

static long checksum(const struct row *rows, int n) {
    long s = 0;
    for (int i = 0; i <= n; i++)                              /* one past the end */
        s += rows[i].score;
    return s;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 160;
    struct row *rows = malloc(sizeof(struct row) * n);
    for (int i = 0; i < n; i++) {
        rows[i].id = i;
        rows[i].score = scale(i + 1, 1 << 22);
        snprintf(rows[i].name, sizeof rows[i].name, "row-%d", i);
        printf("loaded %-10s id=%4d score=%11d bits=%d\n", rows[i].name, rows[i].id, rows[i].score,
               shift(1, i % 40));
    }
    int *flags = malloc(sizeof(int) * 4);
    flags[0] = INT_MAX;
    flags[1] = flags[0] + 1;                                  /* signed overflow */
    printf("flags %d %d\n", flags[0], flags[1]);
    printf("checksum %ld\n", checksum(rows, n));
    free(flags);
    free(rows);
    return 0;
}
'''

TSAN_C = r'''#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define THREADS 3
#define STEPS 60

static long hits;
static double total;
static int last_owner;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void note(int id, int step) {
    pthread_mutex_lock(&log_lock);
    printf("worker %d step %3d hits~%ld\n", id, step, hits);
    pthread_mutex_unlock(&log_lock);
}

static void account(int id, double amount) {
    total += amount;          /* races with the other workers */
    last_owner = id;          /* races too */
}

static void *worker(void *arg) {
    int id = (int)(long)arg;
    for (int s = 0; s < STEPS; s++) {
        hits++;               /* unprotected counter */
        account(id, s * 0.5);
        if (s % 2 == 0) note(id, s);
        usleep(100);
    }
    return NULL;
}

int main(void) {
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    printf("hits=%ld total=%.1f last=%d\n", hits, total, last_owner);
    return 0;
}
'''

ANALYZE_C = r'''#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct node { int key; struct node *next; };

struct node *find(struct node *head, int key) {
    struct node *n = head;
    while (n && n->key != key) n = n->next;
    return n;
}

int value_of(struct node *head, int key) {
    struct node *n = find(head, key);
    if (!n) fprintf(stderr, "missing %d\n", key);
    return n->key;                       /* null dereference on the missing path */
}

char *copy_name(const char *src) {
    char *buf = malloc(16);
    if (strlen(src) > 15) return NULL;   /* leaks buf */
    strcpy(buf, src);
    return buf;
}

int average(const int *xs, int n) {
    int sum = 0, unused = 0;
    for (int i = 0; i < n; i++) sum += xs[i];
    unused = sum;                        /* dead store */
    return sum / n;                      /* n may be zero */
}

int twice_free(int flag) {
    char *p = malloc(8);
    if (!p) return -1;
    free(p);
    if (flag) free(p);                   /* double free */
    return 0;
}
'''

CONFIGURE_AC = r'''AC_INIT([tinyd], [0.3.1], [bugs@example.org])
AC_CONFIG_SRCDIR([tinyd.c])
AC_CONFIG_HEADERS([config.h])
AC_PROG_CC
AC_PROG_INSTALL
AC_PROG_MKDIR_P
AC_PROG_RANLIB
AC_C_BIGENDIAN
AC_C_INLINE
AC_C_CONST
AC_TYPE_SIZE_T
AC_TYPE_SSIZE_T
AC_TYPE_PID_T
AC_TYPE_OFF_T
AC_TYPE_UINT8_T
AC_TYPE_UINT16_T
AC_TYPE_UINT32_T
AC_TYPE_UINT64_T
AC_TYPE_INT64_T
AC_SYS_LARGEFILE
AC_CHECK_HEADERS([arpa/inet.h fcntl.h limits.h netdb.h netinet/in.h stddef.h stdint.h stdlib.h string.h strings.h sys/socket.h sys/time.h sys/ioctl.h sys/param.h syslog.h unistd.h poll.h sys/epoll.h sys/event.h termios.h pwd.h grp.h])
AC_CHECK_FUNCS([accept4 clock_gettime dup2 epoll_create1 fork gethostname getpagesize gettimeofday inet_ntoa kqueue memmove memset mkdir pipe2 poll realpath select setenv socket strcasecmp strchr strdup strerror strncasecmp strrchr strstr strtol strtoul uname])
AC_CHECK_SIZEOF([int])
AC_CHECK_SIZEOF([long])
AC_CHECK_SIZEOF([void *])
AC_CHECK_SIZEOF([off_t])
AC_CHECK_LIB([m], [cos])
AC_CHECK_LIB([pthread], [pthread_create])
AC_SEARCH_LIBS([dlopen], [dl])
AC_CHECK_HEADERS([zlib.h], [], [AC_MSG_WARN([zlib headers not found: compression disabled])])
AC_CHECK_LIB([event_core], [event_base_new], [], [AC_MSG_ERROR([libevent 2.1 or later is required: install libevent-dev or pass --with-libevent=DIR])])
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
'''

JAVA_LEGACY = r'''package shop;

import java.io.*;
import java.util.*;

public class Legacy implements Serializable {
    private List items = new ArrayList();
    private Map index = new HashMap();

    public Legacy(Collection seed) { items.addAll(seed); }
%s
}
'''


def java_legacy():
    body = []
    for i in range(24):
        body.append(f'''
    public List<String> names{i}(Object o) {{
        List<String> out = (List<String>) o;
        out.add(new Integer({i}).toString());
        index.put("k{i}", items.get({i} % 3));
        switch (out.size()) {{
            case 0: out.add("none{i}");
            case 1: out.add("one{i}"); break;
            default: break;
        }}
        return out;
    }}''')
    return JAVA_LEGACY % "".join(body)


JAVA_OTHER = r'''package shop;

import java.util.*;

public class Cart extends Thread implements Cloneable {
    private final Vector lines = new Vector();
    private Date created = new Date(2024, 1, 1);

    public void add(String sku, int qty) {
        lines.addElement(sku + ":" + qty);
        created.setHours(12);
    }

    public int total() {
        int t = 0;
        for (Object o : lines) t += Integer.valueOf(((String) o).split(":")[1]);
        return (int) (long) t;
    }

    public String label() {
        String s = lines.size() > 0 ? (String) lines.get(0) : null;
        int n = s.length();
        return Integer.toString(n) + created.getYear();
    }

    public long weight() {
        String heavy = lines.firstElement();
        return heavy.length();
    }
}
'''

JAVA_APP = r'''import java.util.*;
import java.util.logging.*;

public class Importer {
    static final Logger LOG = Logger.getLogger("importer");

    static class ImportException extends Exception {
        ImportException(String m, Throwable c) { super(m, c); }
    }

    static int parseQty(String field, int depth) {
        if (depth > 0) return parseQty(field, depth - 1);
        return Integer.parseInt(field.trim());
    }

    static Map<String, Integer> readRow(int n, String line) throws ImportException {
        String[] f = line.split(",");
        try {
            Map<String, Integer> row = new HashMap<>();
            row.put(f[0], parseQty(f[1], 6));
            return row;
        } catch (NumberFormatException e) {
            throw new IllegalStateException("row " + n + ": bad quantity '" + f[1] + "'", e);
        }
    }

    static void importFile(String name, List<String> rows) throws ImportException {
        int n = 0;
        for (String r : rows) {
            n++;
            try {
                readRow(n, r);
                LOG.info("imported " + name + " row " + n + " sku " + r.split(",")[0]);
            } catch (IllegalStateException e) {
                throw new ImportException("import of " + name + " failed at row " + n, e);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 90; i++) rows.add("SKU-" + (1000 + i) + "," + (i % 7 + 1));
        rows.add("SKU-2000, 3x");
        rows.add("SKU-2001,4");
        LOG.warning("stock file has " + rows.size() + " rows, expected 90");
        importFile("stock-2024-06.csv", rows);
    }
}
'''

NODE_STACK = r'''"use strict";
const EventEmitter = require("events");

function normalize(node, depth) {
  if (node.children) return node.children.map((c) => visit(c, depth + 1));
  return node.value;
}

function visit(node, depth) {
  return normalize(node, depth);
}

function buildTree(n) {
  const root = { children: [] };
  let cur = root;
  for (let i = 0; i < n; i++) {
    const next = { children: [] };
    cur.children.push(next);
    cur = next;
  }
  cur.children.push(root);  // a cycle: visit never ends
  return root;
}

const bus = new EventEmitter();
for (let i = 0; i < 12; i++) bus.on("tick", () => {});
for (let i = 0; i < 40; i++) console.log(`job ${i}: visited ${i * 3 + 1} nodes in ${(i * 0.37).toFixed(2)} ms`);
Buffer(10);
try {
  visit(buildTree(50), 0);
} catch (e) {
  throw new Error("render failed for tree 'catalog'", { cause: e });
}
'''

FAULT_PY = r'''import ctypes, faulthandler, threading, time

faulthandler.enable(all_threads=True)


def poll(name, stop):
    while not stop.is_set():
        time.sleep(0.01)


def parse_block(data, offset):
    if offset > 120:
        return ctypes.string_at(0)  # reads address 0: the interpreter dies
    return len(data) + offset


def load(path):
    total = 0
    for off in range(0, 200, 3):
        total += parse_block(b"x" * 32, off)
        print(f"{path}: block at {off:4d} ok, {total} bytes so far", flush=True)
    return total


stop = threading.Event()
workers = [threading.Thread(target=poll, args=(f"poll-{i}", stop), name=f"poll-{i}") for i in range(3)]
for w in workers:
    w.start()
load("archive/2024-06.bin")
'''

LOGGING_PY = r'''import json, logging, random, sys

logging.basicConfig(level=logging.DEBUG, stream=sys.stdout,
                    format="%(asctime)s %(levelname)-8s %(name)s: %(message)s")
log = logging.getLogger("sync.orders")
db = logging.getLogger("sync.db")
random.seed(7)


class RemoteError(Exception):
    pass


def fetch(page):
    if page == 41:
        raise ConnectionResetError(104, "Connection reset by peer")
    return [{"id": page * 10 + i, "total": round(random.random() * 100, 2)} for i in range(3)]


def decode(raw):
    return json.loads(raw)


def sync_page(page):
    try:
        rows = fetch(page)
    except OSError as e:
        raise RemoteError(f"page {page}: upstream failed") from e
    for r in rows:
        db.debug("upsert order id=%d total=%.2f", r["id"], r["total"])
    return len(rows)


def main():
    done = 0
    for page in range(1, 60):
        try:
            done += sync_page(page)
            log.info("page %d synced (%d orders so far)", page, done)
        except RemoteError:
            log.exception("giving up on page %d", page)
            try:
                decode("{'retry': true}")
            except ValueError:
                log.exception("could not read the retry marker")
            break
        if page % 13 == 0:
            log.warning("slow page %d: %.1f s", page, 2.5 + page / 10)
    log.info("synced %d orders", done)
    return 1


sys.exit(main())
'''

POD_BAD = r'''package Shop::Cart;

=head1 NAME

Shop::Cart - a cart

=head1 METHODS

=over 4

=item add

Adds L<Shop::Item> to the cart.

=item remove

=head2 Notes

Removes an item. See L<|broken> and E<unknownescape>.

=item total

=head1 SEE ALSO

L<Shop>

=cut

1;
'''

LUA_BAD = r'''local M = {}

function M.total(items)
  local sum = 0
  for _, it in ipairs(items) do
    sum = sum + it.price * it.qty
  end
  return sum
end

function M.label(item)
  return string.format("%s x%d", item.name item.qty)
end

return M
'''

PROJECTS = {
    "c": {"san.c": SAN_C, "tsan.c": TSAN_C, "analyze.c": ANALYZE_C},
    "auto": {"configure.ac": CONFIGURE_AC, "tinyd.c": "int main(void) { return 0; }\n",
             "Makefile.in": "all:\n\t@echo tinyd\n"},
    "java/src/shop": {"Legacy.java": java_legacy(), "Cart.java": JAVA_OTHER},
    "javaapp": {"Importer.java": JAVA_APP},
    "node": {"stack.js": NODE_STACK},
    "py": {"fault.py": FAULT_PY, "sync.py": LOGGING_PY},
    "pod": {"Cart.pm": POD_BAD},
    "lua": {"bad.lua": LUA_BAD},
}
