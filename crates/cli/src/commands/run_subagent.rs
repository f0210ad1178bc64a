//! The sub-agents of `loop run`: the `--subagent-*` flags, the children's models (the
//! `subagents` of a `--script` object, or the parent's provider settings), their policy, and
//! the parent's registry with `spawn_agent`; on `--resume`, the children a crash interrupted
//! are resumed first.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, anyhow};
use clap::Args;
use loopwright_agent::gate::{ApproveAsks, Approver, DenyAsks, Gate};
use loopwright_agent::policy_gate::PolicyGate;
use loopwright_agent::scripted::ChildScript;
use loopwright_agent::subagent::{ChildFactory, Parent, Settings, SpawnError, Subagents, Timeouts};
use loopwright_agent::tools::{BuiltinTools, ToolRegistry, ToolSource};
use loopwright_agent::{Agent, Cancel, Provider, RunConfig, ScriptedProvider};
use loopwright_store::SessionWriter;

/// The `--subagent-*` flags.
#[derive(Debug, Clone, Args)]
pub struct SubagentArgs {
    /// At most N sub-agents at once (spawn_agent calls over the cap are refused)
    #[arg(long = "subagent-max", value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub subagent_max: u64,
    /// Stop a sub-agent after SECS without a model or tool event
    #[arg(long = "subagent-idle-timeout", value_name = "SECS", default_value_t = 450, value_parser = clap::value_parser!(u64).range(1..))]
    pub subagent_idle_timeout: u64,
    /// The idle limit while one of its tool calls runs
    #[arg(long = "subagent-tool-idle-timeout", value_name = "SECS", default_value_t = 1200, value_parser = clap::value_parser!(u64).range(1..))]
    pub subagent_tool_idle_timeout: u64,
    /// Wall-clock limit of a sub-agent (+300 s once when an event came in its last 30 s)
    #[arg(long = "subagent-timeout", value_name = "SECS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    pub subagent_timeout: u64,
    /// Time limit of the salvage turn of a stopped sub-agent
    #[arg(long = "subagent-salvage-timeout", value_name = "SECS", default_value_t = 90, value_parser = clap::value_parser!(u64).range(1..))]
    pub subagent_salvage_timeout: u64,
}

impl SubagentArgs {
    /// The settings these flags give.
    pub fn settings(&self) -> Settings {
        Settings {
            max: usize::try_from(self.subagent_max).unwrap_or(4),
            timeouts: Timeouts {
                idle: Duration::from_secs(self.subagent_idle_timeout),
                tool_idle: Duration::from_secs(self.subagent_tool_idle_timeout),
                total: Duration::from_secs(self.subagent_timeout),
                salvage: Duration::from_secs(self.subagent_salvage_timeout),
                ..Timeouts::default()
            },
            ..Settings::default()
        }
    }
}

/// What `loop run` needs to give its model `spawn_agent`.
pub(crate) struct Children {
    factory: Arc<dyn ChildFactory>,
    settings: Settings,
}

/// The children of `loop run`'s flags: scripted children come from the `subagents` of the
/// `--script` object; other providers are made again from the same flags for each child.
pub(crate) fn children(a: &super::run::RunArgs, workspace: &Path) -> Result<Children> {
    let scripted =
        a.provider.as_deref() == Some("scripted") || (a.provider.is_none() && a.script.is_some());
    let models = if scripted {
        let file = a.script.clone().unwrap_or_default();
        let text = loopwright_store::input::read_to_string(std::path::Path::new(&file))
            .map_err(|e| anyhow!("--script {file}: {e}"))?;
        let p = ScriptedProvider::from_json(&text).map_err(|e| anyhow!("--script {file}: {e}"))?;
        Models::Scripted(p.subagents().to_vec())
    } else {
        Models::Flags(loopwright_providers::Flags {
            provider: a.provider.clone(),
            model: a.model.clone(),
            base_url: a.base_url.clone(),
            api_key_env: a.api_key_env.clone(),
            profile: a.profile.clone(),
            max_output_tokens: a.max_output_tokens,
            stream: a.no_stream.then_some(false),
        })
    };
    let rules = a.rules.clone();
    // Checked now, so a bad rule file fails the run before any child starts.
    PolicyGate::load(workspace, &rules).map_err(|e| anyhow!("permission rules: {e}"))?;
    Ok(Children {
        factory: Arc::new(CliChildren {
            models,
            rules,
            yolo: a.yolo,
        }),
        settings: a.subagent.settings(),
    })
}

enum Models {
    Scripted(Vec<ChildScript>),
    Flags(loopwright_providers::Flags),
}

struct CliChildren {
    models: Models,
    rules: Vec<PathBuf>,
    yolo: bool,
}

impl ChildFactory for CliChildren {
    fn provider(&self, ordinal: u32) -> Result<Box<dyn Provider>, SpawnError> {
        match &self.models {
            Models::Scripted(scripts) => scripts
                .get(usize::try_from(ordinal).unwrap_or(usize::MAX))
                .map(|s| Box::new(s.provider()) as Box<dyn Provider>)
                .ok_or_else(|| SpawnError::Provider {
                    ordinal,
                    message: format!(
                        "the --script has {} `subagents` (this is sub-agent {})",
                        scripts.len(),
                        ordinal + 1
                    ),
                }),
            Models::Flags(flags) => loopwright_providers::from_env(flags)
                .map(|(_, p)| p)
                .map_err(|e| SpawnError::Provider {
                    ordinal,
                    message: e.to_string(),
                }),
        }
    }

    fn gate(&self, workspace: &Path) -> Result<Box<dyn Gate>, SpawnError> {
        let gate = PolicyGate::load(workspace, &self.rules)
            .map_err(|e| SpawnError::Rules(e.to_string()))?
            .yolo(self.yolo);
        Ok(Box::new(gate))
    }

    fn approver(&self) -> Box<dyn Approver> {
        // Children run side by side without a terminal of their own: what the policy would ask
        // about is denied (or allowed with --yolo), and the model reads why.
        if self.yolo {
            Box::new(ApproveAsks)
        } else {
            Box::new(DenyAsks)
        }
    }
}

/// The parent's agent: the built-in tools plus `spawn_agent` when `children` is given; a
/// resumed parent first resumes the children a crash interrupted.
pub(crate) fn agent(
    mut log: Box<dyn SessionWriter>,
    cfg: RunConfig,
    provider: Box<dyn Provider>,
    cancel: Cancel,
    children: Option<Children>,
    mcp: Option<&dyn ToolSource>,
) -> Result<Agent> {
    let Some(children) = children else {
        let mut sources: Vec<&dyn ToolSource> = vec![&BuiltinTools];
        sources.extend(mcp);
        let registry = ToolRegistry::from_sources(&sources)?;
        return Ok(Agent::with_tools(log, registry, cfg, provider, cancel)?);
    };
    let parent = Parent {
        session: log.id().to_string(),
        depth: 0,
        cfg: cfg.clone(),
        tools: BuiltinTools.tools(),
    };
    let subagents = Subagents::new(parent, children.settings, children.factory);
    let recovered = subagents.recover(log.as_mut())?;
    if recovered > 0 {
        eprintln!("resumed {recovered} interrupted sub-agent(s) from their logs");
    }
    let mut sources: Vec<&dyn ToolSource> = vec![&BuiltinTools, &subagents];
    sources.extend(mcp);
    let registry = ToolRegistry::from_sources(&sources)?;
    Ok(Agent::with_tools(log, registry, cfg, provider, cancel)?)
}
