//! Permission verdicts for agent tool calls: ordered rules, layered so that every deny wins,
//! and a shell analyser that judges each part of a compound command.
//!
//! ```
//! use loopwright_policy::{Layer, Policy, Request, Verdict};
//! let builtin = Layer::builtin().unwrap();
//! let project = Layer::parse(
//!     loopwright_policy::LayerKind::Project,
//!     ".loop/gate.toml",
//!     "[[rule]]\nverdict = \"allow\"\ncommand = \"git status\"\n",
//! )
//! .unwrap();
//! let policy = Policy::load([builtin, project]);
//! let ok = policy.check(&Request::shell("git status", "/work/app"));
//! assert_eq!(ok.verdict, Verdict::Allow);
//! let sneaky = policy.check(&Request::shell("git status && cat .env", "/work/app"));
//! assert_eq!(sneaky.verdict, Verdict::Deny);
//! ```

mod acts;
mod acts20;
mod aliases;
mod appends;
mod argglob;
mod args19;
mod args21;
mod arrayglobs;
mod braces;
mod budget;
mod calls;
pub mod changeset;
mod chdirs;
mod code;
mod code21;
mod code22;
mod command_match;
mod edits20;
mod effects;
mod env20;
mod env21;
mod env22;
mod envcmds;
mod exec;
mod explain;
mod extglob;
mod fetchers;
mod fields;
mod find;
mod findprint;
mod flow;
mod flow16;
mod flow17;
mod flow20;
mod flow21;
mod flow22;
mod homes19;
mod hooks22;
mod launch17;
mod launch19;
mod launch21;
mod launchers;
mod launchmore;
mod launchrare;
mod launchrows;
mod launchwide;
mod listed;
mod listers;
mod lookups;
mod models;
mod optcmds;
mod options;
mod out17;
mod out19;
mod out21;
mod out22;
mod outdb;
mod outputs;
mod outrare;
mod outwide;
mod part;
pub mod path;
mod patmemo;
mod patterns;
mod policy;
mod printed;
mod programs;
mod reads20;
mod recipes;
mod remember;
mod remote;
mod rg;
mod rule;
mod runcmds;
mod runners;
mod runrare;
mod runs22;
mod secret22;
mod secretvars;
mod sed;
mod select;
pub mod shell;
mod shells20;
mod shells21;
mod shparse;
mod source19;
mod stdincmds;
mod store19;
mod tables;
mod typeglob19;
mod uploads;
mod values;
mod verdict;
mod whileread;
mod winsh20;
pub mod words;
mod xsplit;

pub use lookups::Lookups;
pub use path::Listing;
pub use policy::{Decision, Layer, LayerKind, LoadError, PartVerdict, Policy, Request, RuleRef};
pub use remember::{RememberError, Scope, remember_rule, render_rule};
pub use rule::{Location, Match, OneOrMany, Rule, RuleError, RuleSpec, path_glob};
pub use verdict::Verdict;

/// What a tool does (read / write / shell / other): rules and the shell analysis key on it.
pub use loopwright_protocol::tool::ToolRole;
