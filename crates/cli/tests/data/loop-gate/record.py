import json, subprocess, sys
import os
LG = os.environ.get("LOOP_GATE_CLI", "/tmp/lg/node_modules/@cobusgreyling/loop-gate/dist/cli.js")
R = "readme.yaml"
cases = [
 # (name, args, deliberate fix: (our exit code, why) or None)
 ("readme commit plain", ["--action","commit","--paths","src/main.ts,README.md","--gate-file",R], None),
 ("readme merge plain json", ["--action","merge","--paths","src/main.ts","--gate-file",R,"--json"], None),
 ("readme root .env", ["--action","commit","--paths",".env","--gate-file",R], None),
 ("readme root .env json", ["--action","merge","--paths","src/a.ts,.env","--gate-file",R,"--json"], None),
 ("readme nested secrets", ["--action","commit","--paths","app/secrets/prod.json,secrets/x","--gate-file",R], None),
 ("readme .secrets is not secrets", ["--action","commit","--paths",".secrets/x","--gate-file",R], None),
 ("readme auth child", ["--action","merge","--paths","auth/login.ts","--gate-file",R], None),
 ("readme auth itself", ["--action","commit","--paths","auth","--gate-file",R], None),
 ("readme trims and drops empties", ["--action","commit","--paths"," src/a.ts , ,README.md ","--gate-file",R], None),
 ("readme auto-merge docs and md", ["--action","auto-merge","--paths","docs/guide.md,docs/img/a.png,README.md,src/NOTES.md","--gate-file",R,"--json"], None),
 ("readme auto-merge not allowlisted", ["--action","auto-merge","--paths","docs/a.md,src/a.ts,package.json","--gate-file",R], None),
 ("readme auto-merge not allowlisted json", ["--action","auto-merge","--paths","src/a.ts","--gate-file",R,"--json"], None),
 ("readme eleven files", ["--action","commit","--paths",",".join(f"f{i}.ts" for i in range(11)),"--gate-file",R], None),
 ("readme ten files", ["--action","merge","--paths",",".join(f"f{i}.ts" for i in range(10)),"--gate-file",R], None),
 ("readme eleven files json", ["--action","auto-merge","--paths",",".join(f"docs/{i}.md" for i in range(11)),"--gate-file",R,"--json"], None),
 ("readme denylist before file count", ["--action","commit","--paths",",".join(f"f{i}.ts" for i in range(11))+",auth/x.ts","--gate-file",R], None),
 ("readme duplicates count", ["--action","merge","--paths",",".join(["a.ts"]*11),"--gate-file",R], None),
 ("readme file count before allowlist", ["--action","auto-merge","--paths",",".join(f"src/{i}.ts" for i in range(11)),"--gate-file",R], None),
 ("fix: ./.env", ["--action","commit","--paths","./.env","--gate-file",R], (2, "normalised path")),
 ("fix: nested .env", ["--action","commit","--paths","config/.env","--gate-file",R], (2, "a denylist glob without / matches at any depth")),
 ("fix: .. into auth", ["--action","merge","--paths","docs/../auth/login.ts","--gate-file",R], (2, "normalised path")),
 ("fix: ./auth", ["--action","auto-merge","--paths","./auth/login.ts,docs/a.md","--gate-file",R], (2, "normalised path (trigger denylist, not not-allowlisted)")),
 ("fix: git-quoted non-ASCII", ["--action","commit","--paths","\"auth/caf\\303\\251.ts\"","--gate-file",R], (2, "git's C-quoted spelling is unquoted")),
 ("fix: outside the repository", ["--action","commit","--paths","../other/x.ts","--gate-file",R], (2, "a path outside the repository escalates")),
 ("fix: misspelt --gatefile", ["--action","commit","--paths",".env","--gatefile","readme.yaml"], (1, "unknown flags are errors")),
 ("small denylist glob", ["--action","commit","--paths","a.key","--gate-file","small.yaml"], None),
 ("small braces", ["--action","commit","--paths","infra/stage/main.tf","--gate-file","small.yaml"], None),
 ("small negation allows src", ["--action","commit","--paths","src/a.rs,src/b.rs","--gate-file","small.yaml"], None),
 ("small negation denies the rest", ["--action","commit","--paths","src/a.rs,lib/b.rs","--gate-file","small.yaml","--json"], None),
 ("small maxFiles 2", ["--action","merge","--paths","src/a,src/b,src/c","--gate-file","small.yaml"], None),
 ("small auto-merge without allowlist", ["--action","auto-merge","--paths","src/a","--gate-file","small.yaml"], None),
 ("fix: small nested key", ["--action","commit","--paths","src/certs/a.key","--gate-file","small.yaml"], (2, "a denylist glob without / matches at any depth")),
 ("float maxFiles", ["--action","merge","--paths","a.md,b.md","--gate-file","float.yaml"], None),
 ("float one file ok", ["--action","auto-merge","--paths","a.md","--gate-file","float.yaml","--json"], None),
 ("float question mark", ["--action","auto-merge","--paths","lock1.json","--gate-file","float.yaml"], None),
 ("float deep star", ["--action","auto-merge","--paths","deps/a/b/c.txt","--gate-file","float.yaml"], None),
 ("float *.md is root only", ["--action","auto-merge","--paths","sub/x.md","--gate-file","float.yaml"], None),
 ("old autoMerge.allowlist is ignored", ["--action","auto-merge","--paths","docs/a.md","--gate-file","oldschema.yaml"], None),
 ("error: no version", ["--action","commit","--paths","a","--gate-file","noversion.yaml"], None),
 ("error: string version", ["--action","commit","--paths","a","--gate-file","strversion.yaml"], None),
 ("error: no denylist", ["--action","commit","--paths","a","--gate-file","nodeny.yaml"], None),
 ("error: denylist of numbers", ["--action","commit","--paths","a","--gate-file","badlist.yaml"], None),
 ("error: maxFiles text", ["--action","commit","--paths","a","--gate-file","badmax.yaml"], None),
 ("error: allowlist not a list", ["--action","commit","--paths","a","--gate-file","badallow.yaml"], None),
 ("error: bad yaml", ["--action","commit","--paths","a","--gate-file","badyaml.yaml"], None),
 ("error: empty file", ["--action","commit","--paths","a","--gate-file","empty.yaml"], None),
 ("error: missing file", ["--action","commit","--paths","a","--gate-file","missing.yaml"], None),
 ("default gate.yaml in the current directory", ["--action","commit","--paths",".env,auth/x"], None),
 ("error: bad action", ["--action","push","--paths","a","--gate-file",R], None),
 ("error: action is case-sensitive", ["--action","Commit","--paths","a","--gate-file",R], None),
 ("error: no paths", ["--action","commit","--gate-file",R], None),
 ("error: no action", ["--paths","a","--gate-file",R], None),
 ("error: only commas", ["--action","commit","--paths",", ,","--gate-file",R], None),
]
out = []
for name, args, fix in cases:
    p = subprocess.run(["node", LG, "check", *args], capture_output=True, text=True)
    c = {"name": name, "args": args, "code": p.returncode, "stdout": p.stdout, "stderr": p.stderr}
    if fix:
        c["ours"] = {"code": fix[0], "why": fix[1]}
    out.append(c)
json.dump(out, open("cases.json", "w"), indent=1, ensure_ascii=False)
print(len(out))
