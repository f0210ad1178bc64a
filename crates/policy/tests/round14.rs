//! Round 14 of issue 14: a breadth sweep of the tables round 13 showed thin — the secrets
//! catalogue by tool family, programs that run a command, writes through options. A sample per
//! family; the policy README ("Round 14: breadth sweep").

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::expect_newuser as expect;

#[test]
fn the_catalogue_holds_each_familys_credentials() {
    use Verdict::*;
    expect(&[
        // cloud CLIs
        ("cat ~/.oci/config", Deny),
        ("cat ~/.oci/sessions/DEFAULT/token", Deny),
        ("grep key ~/.config/exoscale/exoscale.toml", Deny),
        ("cat ~/.vultr-cli.yaml", Deny),
        ("cat ~/.linode-cli", Deny),
        // PaaS and SaaS CLIs
        ("jq .token ~/.vercel/auth.json", Deny),
        ("cat ~/.netlify/config.json", Deny),
        ("cat ~/.railway/config.json", Deny),
        ("cat ~/.render/cli.yaml", Deny),
        ("cat ~/.twilio-cli/config.json", Deny),
        ("cat .sentryclirc", Deny),
        ("cat ~/.doppler/.doppler.yaml", Deny),
        ("ls ~/.cloudflared/", Deny),
        ("cat ~/.cloudflared/4f2c.json", Deny),
        // IaC and package registries
        ("cat ~/.tofurc", Deny),
        ("cat ~/.config/pip/pip.conf", Deny),
        ("cat /etc/pip.conf", Deny),
        ("sqlite3 ~/.conan/.conan.db .dump", Deny),
        ("cat ~/.local/share/gem/credentials", Deny),
        ("cat ~/.config/pnpm/rc", Deny),
        // CI and VCS
        ("cat ~/.config/tea/config.yml", Deny),
        ("cat ~/.config/hut/config", Deny),
        ("cat ~/.config/bk.yaml", Deny),
        ("cat /var/lib/jenkins/secrets/initialAdminPassword", Deny),
        ("grep -r password ~/.subversion/auth", Deny),
        // containers and databases
        ("cat ~/.config/helm/registry/config.json", Deny),
        ("cat ~/.snowflake/connections.toml", Deny),
        ("cat /etc/mysql/debian.cnf", Deny),
        ("cat ~/.influxdbv2/configs", Deny),
        ("tail ~/.mongodb/mongosh/mongosh_repl_history", Deny),
        // AI tools
        ("cat ~/.cache/huggingface/token", Deny),
        ("cat ~/.config/io.datasette.llm/keys.json", Deny),
        (
            "sqlite3 ~/.config/Cursor/User/globalStorage/state.vscdb .dump",
            Deny,
        ),
        // secret stores and keys
        ("cat ~/.config/age/keys.txt", Deny),
        ("cat '/home/dev/.config/Bitwarden CLI/data.json'", Deny),
        ("ls ~/.local/share/gopass/stores", Deny),
        ("cat ~/.local/share/atuin/key", Deny),
        ("cat ~/.msmtprc", Deny),
        ("cat ~/.chef/credentials", Deny),
        // their neighbours are no secrets
        ("cat ~/.cargo/config.toml", Allow),
        ("cat ~/.config/k9s/config.yaml", Allow),
        ("cat ~/.psqlrc", Allow),
        ("cat ~/.gitconfig", Allow),
        ("cat gradle.properties", Allow),
        ("cat .sentryclirc.example", Allow),
        ("cat docs/snowflake.md", Allow),
    ]);
}
