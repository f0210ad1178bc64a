//! A warning printed once per row of a loop (Python's `warnings.warn` with the row in its
//! message, each shown because each message differs) folds beyond the group limit; warnings of
//! other places, and the run's last words, stay.

use loopwright_observe::{CompressOptions, Compressor};

/// The shape of `python3 loop.py` where `parse` warns about some rows (recorded from Python
/// 3.11: each warning is its location line and the source line under it).
fn loop_output() -> String {
    let mut s = String::new();
    for i in 0..400 {
        if i % 3 == 0 {
            s.push_str(&format!(
                "/srv/job/loop.py:5: UserWarning: odd value {} in column {}\n",
                i * 7,
                i % 5
            ));
            s.push_str("  warnings.warn(f\"odd value {i*7} in column {i%5}\", UserWarning)\n");
        }
        if i % 7 == 0 {
            s.push_str(&format!(
                "/srv/job/loop.py:7: DeprecationWarning: legacy flag set for id {i}\n"
            ));
            s.push_str("  warnings.warn(f\"legacy flag set for id {i}\", DeprecationWarning)\n");
        }
    }
    s.push_str("/srv/job/report.py:40: RuntimeWarning: invalid value encountered in divide\n");
    s.push_str("  share = part / whole\n");
    s.push_str("processed 400 rows, 0 errors\n");
    s
}

#[test]
fn a_warning_said_once_per_row_folds_beyond_the_group_limit() {
    let input = loop_output();
    let opts = CompressOptions::default();
    let mut c = Compressor::new(&opts);
    c.push(input.as_bytes());
    let text = c.finish().text;
    let user = text.matches("loop.py:5: UserWarning").count();
    let legacy = text.matches("loop.py:7: DeprecationWarning").count();
    assert!((1..=opts.group_limit + 1).contains(&user), "{user}\n{text}");
    assert!(
        (1..=opts.group_limit + 1).contains(&legacy),
        "{legacy}\n{text}"
    );
    assert!(text.contains("report.py:40: RuntimeWarning"), "{text}");
    assert!(text.contains("processed 400 rows, 0 errors"), "{text}");
    assert!(
        text.len() * 5 < input.len(),
        "{} of {}",
        text.len(),
        input.len()
    );
}
