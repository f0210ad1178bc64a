//! The word scan's pattern: the severity, warning, count, outcome and expectation words as one
//! regex. Shared by the crate and by `build.rs`, which compiles it into the dense DFAs the crate
//! embeds (a module of both, so nothing here may name the crate).

/// The severity and warning words as one trie on their letters: `fa(?:tal|il(?:ed|ures?|ing|))`
/// for `fatal|failed|failures?|failing|fail`. Words that begin differently cannot both match at
/// one position, so only the order among words sharing a beginning decides which match is found
/// (the first listed); the trie keeps that order, and finds what the lists written out find
/// (`words_match_the_unfactored_lists`) with a smaller automaton to build.
pub(crate) const SEVERE_WARN: &str = concat!(
    r"a(?:lert|bort(?:ed|)|re down)",
    r"|bad crc|c(?:rit(?:ical|)|o(?:re dumped|uld(?: not|n't)|rrupt|nflicts?)|a(?:n(?:not|'t)|ution))",
    r"|d(?:e(?:nied|adlock|finitely lost|precat(?:ed|ion))|u(?:bious|ration: \d+(?:\.\d+)? ms)|oes(?: not|n't) exist)",
    r"|e(?:rr(?:ors?|!)|xceptions?|merg|ncountered an? problem)",
    r"|fa(?:tal|il(?:ed|ures?|ing|))",
    r"|i(?:n(?:valid|terrupted)|s down|llegal|mpossible to)|killed|leak(?:ed|s?)|mismatch(?:ed|)",
    r"|n(?:o(?:t(?: found|ice| allowed because| recogni[sz]ed| authori[sz]ed)| such (?:file|process)| module named)|xdomain)|(?-i:NOT )",
    r"|oom|p(?:anic(?:ked|)|remature end)|re(?:fused|jected)",
    r"|s(?:e(?:rvfail|vere|gmentation fault)|tatus=[1-9]\d*/[a-z]+)",
    r"|t(?:imed out|raceback|erminat(?:ed|ing))",
    r#"|http/\d(?:\.\d)?(?:" [45]\d\d| [45]\d\d\))"#,
    r"|un(?:able to|deliverable|defined (?:reference|symbol|variable|name)|resolved|caught|handled|reachable|expected (?:end of|eof)|recogni[sz]ed|known (?:parameter|option|directive|setting)s?)",
    r"|warn(?:ings|ing|)",
);
/// Counts and outcomes: in each group of words, only words sharing a beginning keep their
/// listed order (as in [`SEVERE_WARN`]).
pub(crate) const COUNT: &str = r"\d+[ \t]+(?:tests?|passed|passing|failed|failing|fail|pass|errors?|warnings?|problems?|issues?|skipped|pending|todo|failures?|infos?|suites?|examples?|assertions?|checks?|files?[ \t]+(?:would[ \t]+be[ \t]+)?(?:reformatted|changed|left|updated)|vulnerabilit\w+|packages?|upgraded|newly installed|insertions?|deletions?|total)\b|\b(?:tests|ok|pass(?:|ed)|fail(?:|ures|ed)|errors|skipped|hits)[ \t]*[:=][ \t]*\d+|\berr(?:no)?=[1-9]\d*|\b(?:t(?:ests|odo)|s(?:uites|kipped)|pass(?:|ed)|fail(?:|ures|ed)|errors|cancelled)[ \t]+\d+[ \t]*$";
/// `expected 3, got 4`: an assertion's comparison inside a line (checked for its `got` part).
pub(crate) const EXPECT: &str = r"expected";
pub(crate) const OUTCOME: &str = r"\b(?:finished|s(?:ucce(?:eded|ss|ssfully)|aved)|do(?:wnloaded|ne)|installed|complete(?:d|)\b|r(?:ated at|eturned non-zero)|e(?:xit(?:ed)? (?:status|code)|xit code|LIFECYCLE)|BUILD (?:SUCCESS|FAILURE)|(?:sent|received) [\d,.]+ bytes|total size is|exited with (?:code |status )?\d+|=[\d.]+ ?[kmgt]?i?b/s|checked \d+ files?|returned [1-9]\d*|per second:|(?:was|were) found\b|detected\b|verified(?:\.| ok)?[ \t]*$|contains [\d,]+ entr(?:y|ies)\b)|^summary:|\*\*\* \[|^[^\w\n]*(?:ok|pass|passed|fail|failed)[ \t]*$|^(?:ok|FAIL)\t";

/// The whole word scan: leftmost-first, multi-line, ASCII case-insensitive (built with Unicode
/// and UTF-8 off: see [`SYNTAX_UNICODE`]).
pub(crate) fn words_pattern() -> String {
    format!(r"(?im)(?:{SEVERE_WARN})|(?:{COUNT})|(?:{OUTCOME})|(?:{EXPECT})")
}

/// Whether the pattern is parsed with Unicode classes and case folding (it is not: `\d`, `\w`
/// and `(?i)` are ASCII, and the scan runs on bytes).
pub(crate) const SYNTAX_UNICODE: bool = false;

/// The NFA size limit the pattern is compiled under (as `regex::bytes::RegexBuilder` sets it).
pub(crate) const NFA_SIZE_LIMIT: usize = 10 << 20;
