//! `corpus_eval --explain`: where the shown bytes of long outputs go. Every byte of a compressed
//! text is put in one class: anchor lines, kept non-anchor lines by the reason the compressor
//! kept them (`Compressor::explaining`), fold markers, `×N` suffixes, whole outputs shown as is.

use std::collections::{BTreeMap, HashSet};

use loopwright_observe::{CompressOptions, Compressor, clean_text};

/// Bytes and lines per class, summed over files.
#[derive(Default)]
pub struct Account {
    /// Per class: bytes, lines, and the sum over files of the class's bytes / the file's input.
    pub classes: BTreeMap<String, (usize, usize, f64)>,
    /// The current file's input size.
    cur_in: usize,
    /// Per file: its name, input size, and bytes by class.
    pub per_file: Vec<(String, usize, BTreeMap<String, usize>)>,
    pub shown: usize,
    pub input: usize,
    pub files: usize,
}

impl Account {
    fn add(&mut self, class: &str, bytes: usize, lines: usize) {
        let e = self.classes.entry(class.to_owned()).or_default();
        e.0 += bytes;
        e.1 += lines;
        e.2 += bytes as f64 / self.cur_in.max(1) as f64;
        self.shown += bytes;
        if let Some(f) = self.per_file.last_mut() {
            *f.2.entry(class.to_owned()).or_default() += bytes;
        }
    }

    /// Accounts one output (`anchors`: its labelled line numbers).
    pub fn file(&mut self, name: &str, log: &[u8], anchors: &[u64], opts: &CompressOptions) {
        self.files += 1;
        self.input += log.len();
        self.cur_in = log.len();
        self.per_file
            .push((name.to_owned(), log.len(), BTreeMap::new()));
        let mut c = Compressor::new(opts).explaining();
        c.push(log);
        let (out, reasons) = c.finish_explained();
        if out.unchanged.is_some() {
            let text = clean_text(log);
            let lines = text.lines().count();
            self.add("shown whole (saving < 15%)", text.len(), lines);
            if std::env::var_os("EXPLAIN_FILES").is_some() {
                let saved = 1.0 - out.text.len() as f64 / log.len().max(1) as f64;
                println!(
                    "shown whole: its compressed text would save {:.1}%",
                    saved * 100.0
                );
            }
            return;
        }
        let why: BTreeMap<u64, &str> = reasons.into_iter().collect();
        let anchors: HashSet<u64> = anchors.iter().copied().collect();
        let mut next = 1u64;
        for line in out.text.lines() {
            let n = line.len() + 1;
            if let Some((a, b)) = fold_range(line) {
                self.add("marker: fold [… A:B folded]", n, 1);
                next = b + 1;
                let _ = a;
                continue;
            }
            let (body, suffix, count) = match suffix(line) {
                Some((body, class, count)) => {
                    self.add(class, line.len() - body.len(), 0);
                    (body, class, count)
                }
                None => (line, "", 1),
            };
            let class = if suffix.contains("similar") {
                "noise: first of a ×N similar run".to_owned()
            } else if anchors.contains(&next) {
                "anchor line".to_owned()
            } else {
                match why.get(&next) {
                    Some(w)
                        if ["context", "head", "tail", "pulled", "wrapped", "keep"].contains(w) =>
                    {
                        format!("kept: {w}")
                    }
                    Some(w) => format!("kept: classified {w}, not an anchor"),
                    None => "kept: single short folded line shown".to_owned(),
                }
            };
            let class = if body.len() > 4096 {
                format!("{class} (cut)")
            } else {
                class
            };
            if std::env::var("EXPLAIN_CLASS").is_ok_and(|c| class.contains(&c)) {
                println!("{class}\t{next}\t{body}");
            }
            self.add(&class, body.len() + 1, 1);
            next += count;
        }
    }

    /// Prints the table.
    pub fn print(&self) {
        println!();
        println!(
            "| class of shown bytes ({} files, {} bytes in, {} shown) | lines | bytes | share of shown | points of the mean shown share |",
            self.files, self.input, self.shown
        );
        println!("|---|---:|---:|---:|---:|");
        let mut rows: Vec<_> = self.classes.iter().collect();
        rows.sort_by(|a, b| b.1.2.total_cmp(&a.1.2));
        let mut total = 0.0;
        for (class, (bytes, lines, share)) in rows {
            let points = share * 100.0 / self.files.max(1) as f64;
            total += points;
            println!(
                "| {class} | {lines} | {bytes} | {:.1}% | {points:.2} |",
                *bytes as f64 * 100.0 / self.shown.max(1) as f64
            );
        }
        println!(
            "| **all** (100 - mean reduction) | | {} | 100% | {total:.2} |",
            self.shown
        );
        if std::env::var_os("EXPLAIN_FILES").is_some() {
            println!();
            for (name, input, classes) in &self.per_file {
                let shown: usize = classes.values().sum();
                let mut top: Vec<_> = classes.iter().collect();
                top.sort_by(|a, b| b.1.cmp(a.1));
                let top: Vec<String> = top
                    .iter()
                    .take(4)
                    .map(|(c, b)| format!("{c} {:.1}", **b as f64 * 100.0 / *input as f64))
                    .collect();
                println!(
                    "{name}: shown {:.1}% of {input}: {}",
                    shown as f64 * 100.0 / *input as f64,
                    top.join("; ")
                );
            }
        }
    }
}

/// `[… A:B folded]` → `(A, B)`.
fn fold_range(line: &str) -> Option<(u64, u64)> {
    let range = line.strip_prefix("[… ")?.strip_suffix(" folded]")?;
    let (a, b) = range.split_once(':')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// A `  [×N similar, A:B]` or `  [×N]` suffix: the line before it, its class, lines it stands for.
fn suffix(line: &str) -> Option<(&str, &'static str, u64)> {
    let at = line.rfind("  [×")?;
    let (body, tail) = line.split_at(at);
    let inner = tail.strip_prefix("  [×")?.strip_suffix(']')?;
    if let Some((n, range)) = inner.split_once(" similar, ") {
        let (a, b) = range.split_once(':')?;
        let (a, b): (u64, u64) = (a.parse().ok()?, b.parse().ok()?);
        let _: u64 = n.parse().ok()?;
        return Some((body, "marker: ×N similar suffix", b + 1 - a));
    }
    let n: u64 = inner.parse().ok()?;
    Some((body, "marker: ×N repeat suffix", n))
}
