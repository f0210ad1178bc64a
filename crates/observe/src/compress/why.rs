//! Why each shown line was kept: a trace for measuring where the shown bytes go (the
//! `corpus_eval --explain` account), off unless asked for with [`Compressor::explaining`].

use super::{Compressed, Compressor};

impl Compressor<'_> {
    /// Records, for each kept line, why it was kept (see [`Compressor::finish_explained`]).
    #[doc(hidden)]
    pub fn explaining(mut self) -> Self {
        self.reasons = Some(Vec::new());
        self
    }

    /// [`Compressor::finish`], with the reason of every kept line by line number (a later
    /// entry for the same line wins; lines with no entry were a single short folded line shown
    /// as is). Reasons: `hit:KIND`, `context`, `head`, `tail`, `pulled`, `wrapped`, `keep`,
    /// `recall`, `section`.
    #[doc(hidden)]
    pub fn finish_explained(self) -> (Compressed, Vec<(u64, &'static str)>) {
        self.finish_with()
    }

    /// Notes why line `no` is kept, and that the `pulled` lines above it are kept with it.
    pub(super) fn note(&mut self, no: u64, pulled: usize) {
        if let Some(r) = self.reasons.as_mut() {
            for k in 1..=pulled as u64 {
                r.push((no.saturating_sub(k), "pulled"));
            }
            r.push((no, self.why));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{CompressOptions, Compressor};

    fn input() -> String {
        let mut s = String::new();
        for i in 0..60 {
            s.push_str(&format!("step {i} of the build went fine today\n"));
            if i % 20 == 10 {
                s.push_str("error: disk quota exceeded on /data\n");
                s.push_str(&format!("    while writing chunk {i} of the archive\n"));
            }
        }
        s
    }

    #[test]
    fn an_error_said_a_third_time_folds_and_keeps_what_it_prints_under_it() {
        let opts = CompressOptions::default();
        let mut c = Compressor::new(&opts).explaining();
        c.push(input().as_bytes());
        let (out, why) = c.finish_explained();
        let text = out.text;
        assert_eq!(text.matches("error: disk quota").count(), 2, "{text}");
        for i in [10, 30, 50] {
            assert!(text.contains(&format!("chunk {i} of")), "{text}");
        }
        // The first error (line 12) is kept as an error, its detail as context.
        assert!(why.contains(&(12, "error")) && why.contains(&(13, "context")));
        assert!(why.contains(&(1, "head")) && why.iter().any(|w| w.1 == "tail"));
    }

    fn findings(noise: usize) -> String {
        let mut s = String::new();
        for i in 0..noise {
            s.push_str(&format!("checking module number {i} of the package\n"));
        }
        for i in 0..60 {
            s.push_str(&format!(
                "pkg/mod{i}.py:{}: error: Function is missing a type annotation  [no-untyped-def]\n",
                i + 3
            ));
        }
        s.push_str("Found 60 errors in 60 files (checked 60 source files)\n");
        s
    }

    #[test]
    fn a_long_output_keeps_fewer_errors_of_one_code() {
        let opts = CompressOptions::default();
        let kept = |text: &str| text.matches("[no-untyped-def]").count();
        // Short: 32 of the code are kept.
        let short = crate::compress(findings(10).as_bytes(), &opts).text;
        assert_eq!(kept(&short), 32, "{short}");
        // Long: from line 200 on, a code is kept 8 times.
        let long = crate::compress(findings(200).as_bytes(), &opts).text;
        assert_eq!(kept(&long), 8, "{long}");
    }

    fn troff(lines: u32) -> String {
        let mut s = String::new();
        for i in 0..lines {
            s.push_str(&format!(
                "troff: a.1:{}: warning: invalid input character code {}\n",
                i * 7 + 3,
                128 + i % 3
            ));
        }
        s.push_str("troff: b.1:5: warning: invalid input character code 128\n");
        s
    }

    #[test]
    fn a_long_output_folds_findings_without_a_code_by_template() {
        let opts = CompressOptions::default();
        let kept = |text: &str| text.matches("troff: a.1:").count();
        // Short: every finding is kept.
        let short = crate::compress(troff(150).as_bytes(), &opts).text;
        assert_eq!(kept(&short), 150, "{short}");
        // Long: from line 200 on they fold; the other file's first finding stays.
        let long = crate::compress(troff(400).as_bytes(), &opts).text;
        assert!(kept(&long) < 210, "{long}");
        assert!(long.contains("troff: b.1:5:"), "{long}");
    }
}
