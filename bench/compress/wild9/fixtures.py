"""Small fixture projects of the `wild9` scenarios (relative path -> text), written under WORKDIR
by gen.py; the real packages they are run beside come from the registries."""

RACE_C = r'''#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORKERS 4
#define ROUNDS 40

static long counter;
static int table[16];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void bump(int id, int round) {
    counter += id;                 /* unprotected: a race */
    table[(id + round) % 16] += 1; /* unprotected too */
}

static void *worker(void *arg) {
    int id = (int)(long)arg;
    for (int r = 0; r < ROUNDS; r++) {
        if (r % 2 == 0) {
            pthread_mutex_lock(&lock);
            counter++;
            pthread_mutex_unlock(&lock);
        }
        bump(id, r);
    }
    return NULL;
}

int main(void) {
    pthread_t t[WORKERS];
    for (long i = 0; i < WORKERS; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], NULL);
    printf("counter=%ld table0=%d\n", counter, table[0]);
    return 0;
}
'''

CRASH_C = r'''#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct job { int id; const char *name; char *out; };

static pthread_barrier_t ready;

static size_t render(struct job *j) {
    /* job 3 has no output buffer: the write below crashes */
    return (size_t)sprintf(j->out, "job %d: %s", j->id, j->name);
}

static void *waiter(void *arg) {
    (void)arg;
    pthread_barrier_wait(&ready);
    for (;;) pause();
    return NULL;
}

static void *runner(void *arg) {
    struct job *j = arg;
    pthread_barrier_wait(&ready);
    usleep(1000 * (unsigned)j->id);
    size_t n = render(j);
    printf("%zu\n", n);
    return NULL;
}

int main(void) {
    static char bufs[3][64];
    struct job jobs[4] = {{0, "alpha", bufs[0]}, {1, "beta", bufs[1]}, {2, "gamma", bufs[2]}, {3, "delta", NULL}};
    pthread_t t[7], extra[6];
    pthread_barrier_init(&ready, NULL, 14);
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, waiter, NULL);
    for (int i = 0; i < 6; i++) pthread_create(&extra[i], NULL, waiter, NULL);
    for (int i = 0; i < 4; i++) pthread_create(&t[3 + i], NULL, runner, &jobs[i]);
    pthread_barrier_wait(&ready);
    for (int i = 3; i < 7; i++) pthread_join(t[i], NULL);
    return 0;
}
'''

GO_RACE = {
    "go.mod": "module example.com/tally\n\ngo 1.19\n",
    "tally.go": '''package tally

import "sync"

// Tally counts words; Add is meant to be safe for concurrent use.
type Tally struct {
	mu     sync.Mutex
	counts map[string]int
	total  int
}

// New returns an empty Tally.
func New() *Tally { return &Tally{counts: map[string]int{}} }

// Add counts one word.
func (t *Tally) Add(w string) {
	t.mu.Lock()
	t.counts[w]++
	t.mu.Unlock()
	t.total++ // outside the lock: a race
}

// Total is the number of words added.
func (t *Tally) Total() int { return t.total }

// Count is how often w was added.
func (t *Tally) Count(w string) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.counts[w]
}
''',
    "tally_test.go": '''package tally

import (
	"fmt"
	"sync"
	"testing"
)

func TestSerial(t *testing.T) {
	for n := 1; n <= 75; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			ta := New()
			for i := 0; i < n; i++ {
				ta.Add("x")
			}
			if ta.Count("x") != n {
				t.Fatalf("Count = %d, want %d", ta.Count("x"), n)
			}
		})
	}
}

func TestConcurrent(t *testing.T) {
	ta := New()
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				ta.Add(fmt.Sprint(i % 5))
			}
		}(g)
	}
	wg.Wait()
	if ta.Total() != 200 {
		t.Errorf("Total = %d, want 200", ta.Total())
	}
}

func TestWords(t *testing.T) {
	words := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	for i, w := range words {
		t.Run(w, func(t *testing.T) {
			ta := New()
			ta.Add(w)
			if i == 7 && ta.Count(w) != 2 {
				t.Errorf("Count(%q) = %d, want 2", w, ta.Count(w))
			}
		})
	}
}
''',
}

PROFILE_PY = '''import warnings
from more_itertools import chunked, windowed, distinct_permutations, partitions, powerset, unique_everseen

total = 0
for _ in range(30):
    total += sum(1 for _ in chunked(range(2000), 7))
    total += sum(1 for _ in windowed(range(500), 5))
    total += sum(1 for _ in distinct_permutations([1, 1, 2, 2, 3, 3]))
    total += sum(1 for _ in partitions(range(8)))
    total += sum(1 for _ in powerset(range(10)))
    total += sum(1 for _ in unique_everseen([[i % 7] for i in range(300)], key=tuple))
warnings.warn("unique_everseen fell back to a list for unhashable items", RuntimeWarning)
print("total", total)
'''

LEGACY_PY = """\"\"\"Parsing of the old two-digit year forms (kept for callers of 2.x).\"\"\"


def century_of(year, pivot=50):
    if year >= 100:
        return year
    return (1900 if year >= pivot else 2000) + year


def parse_legacy(text):
    day, month, year = text.split("/")
    return (century_of(int(year)), int(month), int(day)
"""

BUFFERS_C = r'''#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf { char *data; size_t len; };

static struct buf *buf_new(size_t n) {
    struct buf *b = malloc(sizeof *b);
    b->data = malloc(n);          /* b may be NULL */
    b->len = n;
    return b;
}

static void buf_free(struct buf *b) {
    free(b->data);
    free(b);
}

static int load(const char *path, struct buf *b) {
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t got = fread(b->data, 1, b->len, f);
    if (got == 0)
        return -2;                /* f leaks */
    fclose(f);
    return 0;
}

static char *join(const char *a, const char *b) {
    char *out = malloc(strlen(a) + strlen(b) + 1);
    strcpy(out, a);               /* out may be NULL */
    strcat(out, b);
    return out;
}

int main(int argc, char **argv) {
    struct buf *b = buf_new(64);
    if (argc > 1 && load(argv[1], b) < 0) {
        buf_free(b);
    }
    printf("%zu\n", b->len);      /* use after free on the error path */
    char *p = join("a", "b");
    if (argc > 2) {
        free(p);
    }
    free(p);                      /* double free */
    buf_free(b);
    return 0;
}
'''

GO_ESCAPE = {
    "go.mod": "module example.com/containers\n\ngo 1.19\n",
    "tally/tally.go": GO_RACE["tally.go"],
    "heap/order.go": """package heap

// Order is a min-heap of ints.
type Order []int

func (o Order) Len() int           { return len(o) }
func (o Order) Less(i, j int) bool { return o[i] < o[j] }
func (o Order) Swap(i, j int)      { o[i], o[j] = o[j], o[i] }

// Push appends x.
func (o *Order) Push(x any) { *o = append(*o, x.(int)) }

// Pop removes the last element.
func (o *Order) Pop() any {
	old := *o
	n := len(old)
	x := old[n-1]
	*o = old[:n-1]
	return x
}

// Smallest returns the smallest element and its count.
func Smallest(o Order) (int, int) {
	Init(&o)
	var count int = "one"
	return o[0], count
}
""",
}

PROJECTS = {
    "c": {"race.c": RACE_C, "crash.c": CRASH_C, "buffers.c": BUFFERS_C},
    "prof": {"run.py": PROFILE_PY},
    "goesc": GO_ESCAPE,
    "sj": {"simplejson/_legacy.py": LEGACY_PY},
}
