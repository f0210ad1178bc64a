"""Small fixture projects of the `wild11` corpus (relative path -> text), written under WORKDIR by
`gen.py`: a C++ inventory whose types miss `operator<`, `==` and `std::hash`, and a Makefile for
brotli's decoder."""

INVENTORY_CPP = r'''#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

struct Item {
    std::string sku;
    int count;
    double price;
};

struct SkuLess {
    bool operator()(const Item &a, const Item &b) const { return a.sku < b.sku; }
};

class Inventory {
  public:
    void add(Item item) { items_.push_back(std::move(item)); }
    double value() const {
        double v = 0;
        for (const auto &i : items_) v += i.count * i.price;
        return v;
    }
    std::vector<Item> sorted() const {
        std::vector<Item> out = items_;
        std::sort(out.begin(), out.end(), SkuLess());
        return out;
    }
    std::map<Item, int> by_item() const {
        std::map<Item, int> m;
        for (const auto &i : items_) m[i] += i.count;
        return m;
    }
    std::unordered_map<Item, double> prices() const {
        std::unordered_map<Item, double> m;
        for (const auto &i : items_) m.emplace(i, i.price);
        return m;
    }
    void remove(const std::string &sku) {
        items_.erase(std::remove(items_.begin(), items_.end(), sku), items_.end());
    }
    std::unique_ptr<Item> first() const { return std::unique_ptr<Item>(items_.front()); }

  private:
    std::vector<Item> items_;
};

int main() {
    Inventory inv;
    inv.add({"a-1", 3, 2.5});
    inv.add({"b-2", 1, 10.0});
    auto m = inv.by_item();
    auto p = inv.prices();
    inv.remove("a-1");
    std::vector<Item> s = inv.sorted();
    std::sort(s.begin(), s.end());
    return static_cast<int>(inv.value()) + static_cast<int>(m.size() + p.size());
}
'''

MAKEFILE = '''CFLAGS = -O1 -Wall -Wextra -Ic/include
SRCS = $(wildcard c/common/*.c) $(wildcard c/dec/*.c)
OBJS = $(SRCS:.c=.o)

all: libbrotlidec.a

%.o: %.c
\t$(CC) $(CFLAGS) -c $< -o $@

libbrotlidec.a: $(OBJS)
\t$(AR) rcs $@ $^

clean:
\trm -f $(OBJS) libbrotlidec.a
'''

PROJECTS = {
    "cpp": {"inventory.cpp": INVENTORY_CPP},
    "brotli": {"Makefile.dec": MAKEFILE},
}
