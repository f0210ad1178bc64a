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

/// A deny that `--yolo` must not run: the verdict is deny, or an ask a deny rule may match.
fn held(cmd: &str) -> bool {
    let (v, may_deny) = common::newuser_check(cmd);
    v == Verdict::Deny || (v == Verdict::Ask && may_deny)
}

#[test]
fn launchers_of_each_family_run_their_command() {
    let held_back = [
        // sessions, retries, locks, chain loaders
        "dtach -n /tmp/s git push",
        "abduco -n s git push",
        "daemonize -c /tmp /usr/bin/git push",
        "retry -t 3 -d 5 -- git push",
        "lockrun --lockfile=/tmp/l -- git push",
        "setlock -n /tmp/l git push",
        "envdir ./env rm -rf build",
        "softlimit -m 100000 git push",
        "setuidgid dev git push",
        "tsocks git push",
        "nocache git push",
        "faketime -f '+1d' git push",
        "timelimit -t 5 -T 10 git push",
        "gtimeout 5 git push",
        "cronic git push",
        // privileges, namespaces, containers
        "run0 -u dev git push",
        "runcon -t unconfined_t git push",
        "bwrap --ro-bind / / --dev /dev git push",
        "systemd-nspawn -D /srv/c git push",
        "machinectl shell dev@ /usr/bin/git push",
        "schroot -c sid -- git push",
        "apptainer exec -B /data img.sif git push",
        "singularity exec img.sif rm -rf build",
        "devcontainer exec --workspace-folder . git push",
        // clusters and many processes
        "mpirun --mca btl self -np 2 git push",
        "mpiexec -n 4 git push",
        "srun -p gpu -n1 git push",
        "sbatch --wrap 'git push'",
        "rush -j 2 'git push'",
        // version managers and environments
        "rbenv exec git push",
        "pyenv exec git push",
        "nvm exec 20 git push",
        "guix shell git -- git push",
        "guix environment --ad-hoc git -- git push",
        // terminals, multiplexers, debuggers and tracers
        "zellij run -- git push",
        "byobu new-session 'git push'",
        "kitty git push",
        "wezterm start -- git push",
        "foot git push",
        "tilix -e 'git push'",
        "lldb -- git push",
        "rr record git push",
        "heaptrack git push",
        "uftrace record git push",
    ];
    let loose: Vec<&str> = held_back.into_iter().filter(|c| !held(c)).collect();
    assert!(loose.is_empty(), "not held back: {loose:?}");
    use Verdict::*;
    expect(&[
        // a plain wrapper of a harmless command is the command
        ("faketime '2020-01-01' git status", Allow),
        ("tsocks git status", Allow),
        // one that runs it elsewhere, again or with other privileges is at most ask
        ("retry -t 3 -- git status", Ask),
        ("run0 ls", Ask),
        ("setlock /tmp/l git status", Ask),
        ("bwrap --ro-bind / / ls", Ask),
    ]);
}

#[test]
fn writes_through_options_and_positionals_are_judged() {
    use Verdict::*;
    expect(&[
        // compressors, converters, in-place editors and formatters
        ("lzip -o ../x.lz data", Deny),
        ("pigz -k ../data", Deny),
        ("convert a.png /tmp/b.jpg", Deny),
        ("magick mogrify -resize 50% ../a.png", Deny),
        ("ffmpeg -i a.mp4 -c copy ../b.mkv", Deny),
        ("yq e -i '.a=1' ../x.yaml", Deny),
        ("sponge ../x", Deny),
        ("prettier --write ../x.js", Deny),
        ("black ../x.py", Deny),
        ("ruff format ../x.py", Deny),
        ("gofmt -w ../x.go", Deny),
        ("clang-format -i ../x.c", Deny),
        ("eslint --fix ../x.js", Deny),
        // bundlers, compilers, document tools, reports
        ("tsc --outDir /tmp/out", Deny),
        ("esbuild a.ts --outfile=/tmp/x.js", Deny),
        ("terser a.js -o /tmp/x.js", Deny),
        ("vite build --outDir /tmp/dist", Deny),
        ("sass a.scss:../a.css", Deny),
        ("protoc --python_out=../gen a.proto", Deny),
        ("gs -sOutputFile=/tmp/b.pdf a.pdf", Deny),
        ("dot -Tpng a.dot -o /tmp/a.png", Deny),
        ("sphinx-build -b html docs /tmp/out", Deny),
        ("mkdocs build -d /tmp/site", Deny),
        ("pytest --cov-report=html:/tmp/cov", Deny),
        ("coverage html -d /tmp/cov", Deny),
        // downloads, copies, environments, packages
        ("aria2c -d ../dl -o x.iso https://example.com/x.iso", Deny),
        ("curl --output-dir /tmp -O https://example.com/y", Deny),
        ("gh release download v1 -D /tmp", Deny),
        ("gh repo clone o/r ../r", Deny),
        ("kubectl cp ns/pod:/x ../y", Deny),
        ("aws s3 cp s3://b/k ../k", Deny),
        ("python3 -m venv ../venv", Deny),
        ("python3 -m build -o ../dist", Deny),
        ("go mod vendor -o ../v", Deny),
        ("helm package -d /tmp chart", Deny),
        ("docker build -o type=local,dest=/tmp/out .", Deny),
        ("mktemp -p /tmp", Deny),
        ("tcpdump -w /tmp/x.pcap", Deny),
        ("cmake --install build --prefix /tmp", Deny),
        // reading, checking, or writing inside is not a write outside
        ("ffmpeg -i ../a.mp4", Ask),
        ("magick identify ../a.png", Ask),
        ("black --check ../x.py", Ask),
        ("prettier --check ../x.js", Ask),
        ("yq '.a' ../x.yaml", Ask),
        ("lzma -c ../x", Ask),
        ("kubectl cp ./y ns/pod:/x", Ask),
        ("aws s3 cp x s3://b/k", Ask),
        ("mktemp -d", Ask),
        ("pytest --cov-report=term-missing", Ask),
    ]);
}
