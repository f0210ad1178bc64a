"""Small fixtures of the `wild20` blind set (see gen.py): projects, manifests, documents,
migrations and configs with their faults put in the middle, so the tools fail or warn mid-run.
Texts are written for this set; nothing is copied from a tool's output. Keys and tokens planted
for the secret scanners are made up here (random-looking, valid for nothing)."""
import json


def yarn_project():
    """A package.json of real small npm packages, one pinned to a version that does not exist and
    one local dependency whose folder is missing."""
    deps = {"ms": "^2.1.3", "is-number": "^7.0.0", "left-pad": "^1.3.0", "escape-html": "^1.0.3",
            "debug": "^4.3.4", "once": "^1.4.0", "inherits": "^2.0.4", "wrappy": "^1.0.2",
            "kind-of": "^6.0.3", "camelcase": "^6.3.0", "picomatch": "^2.3.1", "semver": "^7.5.4",
            "vendor-geo": "file:../vendor/geo-utils", "mime": "^1.6.0", "bytes": "^3.1.2"}
    pj = {"name": "tiles-service", "version": "0.4.1", "private": True, "dependencies": deps}
    bad = dict(pj, dependencies=dict(deps, **{"camelcase": "^99.1.0"}))
    bad["dependencies"].pop("vendor-geo")
    return {"package.json": json.dumps(pj, indent=2) + "\n", "bad/package.json": json.dumps(bad, indent=2) + "\n"}


def pnpm_workspace():
    """A pnpm workspace of 5 packages: `report` has a build script that fails, `cli` depends on a
    workspace package that is not there."""
    files = {"pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n",
             "package.json": json.dumps({"name": "mono", "private": True}, indent=2) + "\n"}
    pkgs = {"core": ({"ms": "^2.1.3"}, "node -e \"console.log('core built')\""),
            "format": ({"@mono/core": "workspace:*", "bytes": "^3.1.2"}, "node -e \"console.log('format built')\""),
            "report": ({"@mono/format": "workspace:*"}, "node build.js"),
            "api": ({"@mono/core": "workspace:*", "escape-html": "^1.0.3"}, "node -e \"console.log('api built')\""),
            "cli": ({"@mono/api": "workspace:*"}, "node -e \"console.log('cli built')\"")}
    for name, (deps, build) in pkgs.items():
        files[f"packages/{name}/package.json"] = json.dumps(
            {"name": f"@mono/{name}", "version": "1.0.0", "dependencies": deps, "scripts": {"build": build}},
            indent=2) + "\n"
    files["packages/report/build.js"] = ("for (let i = 0; i < 6; i++) console.log(`report: page ${i} rendered`);\n"
                                         "const t = require('./templates/summary.json');\nconsole.log(t);\n")
    cli2 = json.loads(files["packages/cli/package.json"])
    cli2["dependencies"]["@mono/plotting"] = "workspace:^"
    files["broken/cli-package.json"] = json.dumps(cli2, indent=2) + "\n"
    return files


def py_project(tool, conflict):
    """A pyproject for a resolver (`tool`: poetry, pdm or uv style), with a set of real PyPI
    dependencies of which `conflict` cannot be satisfied together with the rest."""
    deps = ["requests>=2.28", "click>=8.0", "attrs>=22.1", "python-dateutil>=2.8", "tabulate>=0.9",
            "packaging>=23.0", "idna>=3.4"] + conflict
    if tool == "poetry":
        lines = ["[tool.poetry]", 'name = "ledger-sync"', 'version = "0.3.0"', 'description = "sync"',
                 'authors = ["Ops <ops@example.test>"]', "", "[tool.poetry.dependencies]", 'python = "^3.9"']
        for d in deps:
            n, _, v = d.partition(">=") if ">=" in d else d.partition("==")
            op = ">=" if ">=" in d else "=="
            if "<" in n:
                n, v, op = n.split("<")[0], n.split("<")[1], "<"
            lines.append(f'{n} = "{op}{v}"')
        lines += ["", "[build-system]", 'requires = ["poetry-core"]', 'build-backend = "poetry.core.masonry.api"']
        return "\n".join(lines) + "\n"
    lines = ["[project]", 'name = "ledger-sync"', 'version = "0.3.0"', 'requires-python = ">=3.9"',
             "dependencies = ["] + [f'    "{d}",' for d in deps] + ["]"]
    return "\n".join(lines) + "\n"


def java_sources(n=40):
    """`n` Java classes of a small package, with broken javadoc tags in some of them (an unknown
    tag, a @param for a missing parameter, a bad {@link}, malformed HTML) and one class whose
    source does not compile (a missing type)."""
    files = {}
    for i in range(1, n + 1):
        name = f"Stage{i:02d}"
        doc_param = "@param input the records to read"
        extra = ""
        if i == 7:
            doc_param = "@param records the records (there is no such parameter)"
        if i == 11:
            extra = "     * See {@link Stage99#run} for the next step.\n"
        if i == 15:
            extra = "     * <b>unclosed bold <i>and italics\n"
        if i == 19:
            extra = "     * @frobnicate everything\n"
        body = "        return input.size() * " + str(i) + ";"
        if i == 22:
            body = "        LedgerCursor c = new LedgerCursor(input);\n        return c.count();"
        files[f"src/org/example/ledger/{name}.java"] = (
            f"package org.example.ledger;\n\nimport java.util.List;\n\n/**\n * Stage {i} of the ledger pipeline.\n */\n"
            f"public class {name} {{\n    /**\n     * Runs stage {i}.\n{extra}     * {doc_param}\n"
            f"     * @return the weight of the records\n     */\n    public int run(List<String> input) {{\n{body}\n    }}\n\n"
            f"    public String label() {{\n        return \"stage-{i}\";\n    }}\n}}\n")
    return files


def ts_sources(n=40):
    """A TypeScript library of `n` modules for typedoc, with a broken {@link}, a module importing
    a name its neighbour does not export, and an undocumented export."""
    files = {"tsconfig.json": json.dumps({"compilerOptions": {"target": "ES2020", "module": "commonjs", "strict": True,
                                                              "declaration": True, "outDir": "dist"},
                                          "include": ["src"]}, indent=2) + "\n"}
    idx = []
    for i in range(1, n + 1):
        link = "{@link Meter" + str(i - 1) + "}" if i > 1 else "the base"
        if i == 6:
            link = "{@link MeterNinetyNine}"
        imp = ""
        if i == 12:
            imp = "import { meterScale } from './meter11';\n"
        files[f"src/meter{i}.ts"] = (
            f"{imp}/**\n * Meter {i}: extends {link}.\n */\nexport class Meter{i} {{\n"
            f"  /** Reads the value. @param raw raw counts */\n  read(raw: number[]): number {{\n"
            f"    return raw.reduce((a, b) => a + b, 0) / {i};\n  }}\n"
            + ("  scale(): number { return meterScale(2); }\n" if i == 12 else "")
            + "}\n" + (f"export const undocumented{i} = {i};\n" if i % 5 == 0 else ""))
        idx.append(f"export * from './meter{i}';")
    files["src/index.ts"] = "\n".join(idx) + "\n"
    return files


def asciidoc_book(n=14):
    """An AsciiDoc book of `n` chapters with a missing include (chapter 5), a broken cross
    reference (chapter 8), a duplicate id (chapter 10) and an unterminated block (chapter 12)."""
    files = {}
    main = ["= Field Manual", ":doctype: book", ":toc:", ""]
    for i in range(1, n + 1):
        main.append(f"include::chapters/ch{i:02d}.adoc[]\n")
        body = [f"[#ch{i}]", f"== Chapter {i}", "", f"Chapter {i} covers tier {i % 4}. See <<ch{max(1, i - 1)}>>.", ""]
        for s in range(1, 4):
            body += [f"=== Section {i}.{s}", "", f"Steps for section {i}.{s}:", "", ". check", ". apply", ""]
        if i == 5:
            body += ["include::snippets/rollback.adoc[]", ""]
        if i == 8:
            body += ["The appendix is at <<appendix-rollback>>.", ""]
        if i == 10:
            body += ["[#ch3]", "=== Another heading with a taken id", ""]
        if i == 12:
            body += ["----", "an unterminated listing"]
        files[f"chapters/ch{i:02d}.adoc"] = "\n".join(body) + "\n"
    files["book.adoc"] = "\n".join(main) + "\n"
    return files


def texinfo_manual(n=12):
    """A Texinfo manual of `n` chapters with an @xref to a missing node (chapter 4), an unknown
    command (chapter 7) and a node missing from the menu (chapter 9)."""
    out = ["\\input texinfo", "@setfilename ledger.info", "@settitle Ledger Manual", "",
           "@node Top", "@top Ledger", "", "@menu"]
    for i in range(1, n + 1):
        if i != 9:
            out.append(f"* Chapter {i}::")
    out.append("@end menu\n")
    for i in range(1, n + 1):
        out += [f"@node Chapter {i}", f"@chapter Chapter {i}", "", f"Chapter {i} explains step {i}.", ""]
        if i == 4:
            out.append("@xref{Rollback Procedure}, for the way back.\n")
        if i == 7:
            out.append("Use @frobcmd{ledger} with care.\n")
        out += ["@itemize", "@item first", "@item second", "@end itemize", ""]
    out.append("@bye")
    return "\n".join(out) + "\n"


def yoyo_migrations(n=48):
    """`n` SQL migrations for yoyo against sqlite; number 23 references a column that does not
    exist."""
    files = {}
    for i in range(1, n + 1):
        sql = f"CREATE TABLE t{i} (id INTEGER PRIMARY KEY, name TEXT, v{i} INTEGER);"
        if i == 23:
            sql = "INSERT INTO t3 (id, name, missing_col) VALUES (1, 'x', 2);"
        dep = f"-- depends: {i - 1:04d}_step" if i > 1 else ""
        files[f"migrations/{i:04d}_step.sql"] = f"-- step {i}\n{dep}\n{sql}\n"
    return files


def typeorm_project(n=36):
    """A TypeORM data source on sql.js (a file database) with `n` JS migrations; number 19 fails
    (a table it alters is not there)."""
    files = {"datasource.js": (
        "const { DataSource } = require('typeorm');\nconst path = require('path');\n"
        "module.exports = new DataSource({ type: 'sqljs', location: path.join(__dirname, 'app.db'), autoSave: true,\n"
        "  logging: 'all', migrations: [path.join(__dirname, 'migrations/*.js')] });\n")}
    for i in range(1, n + 1):
        up = f"CREATE TABLE \"item{i}\" (\"id\" integer PRIMARY KEY, \"label\" varchar NOT NULL, \"n{i}\" integer)"
        if i == 19:
            up = "ALTER TABLE \"invoice\" ADD COLUMN \"due\" datetime"
        ts = 1700000000000 + i * 1000
        files[f"migrations/{ts}-Step{i}.js"] = (
            f"module.exports = class Step{i}{ts} {{\n  name = 'Step{i}{ts}';\n"
            f"  async up(q) {{ await q.query(`{up}`); }}\n"
            f"  async down(q) {{ await q.query(`DROP TABLE \"item{i}\"`); }}\n}};\n")
    return files


def secrets_repo(n=30):
    """A source tree of `n` config and code files, a few with planted fake credentials (an AWS-style
    key pair, a private key header, a Slack-style token, a high-entropy password)."""
    files = {}
    for i in range(1, n + 1):
        text = f"# service {i}\nname = svc{i}\nport = {8000 + i}\nretries = {i % 4}\n"
        if i == 6:
            text += "aws_access_key_id = AKIAQ7XK2LPM4RT9VW3N\naws_secret_access_key = u8Kd2Lq9Zx7Vb3Nm5Tr1Yp6Wc4Hs0Jf2Ge8Ra1Qo\n"
        if i == 13:
            text += "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx3f9Qk2LmP0vT7Rw8Yz1Bn4Cq6Ds5Ef7Gh9Ij0Kl2Mn3Op\n-----END RSA PRIVATE KEY-----\n"
        if i == 19:
            text += "slack_token = xoxb-482910375612-9038475610293-Zq8Xv2Lk5Pm9Tn3Rw7Ys1Bc\n"
        if i == 24:
            text += "db_password = \"f9b3e1a7c5d2846b0e7f3a9c1d5b8e2f\"\n"
        files[f"conf/svc{i:02d}.ini"] = text
        files[f"src/mod{i:02d}.py"] = f"def handler_{i}(event):\n    return event.get('id', {i})\n"
    return files


def cfn_templates(n=12):
    """`n` CloudFormation templates; several with faults (a bad resource type, a missing
    required property, a bad !Ref, a wrong property type, an unused parameter)."""
    files = {}
    for i in range(1, n + 1):
        bucket = f"  Bucket{i}:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: logs-{i}\n"
        extra = ""
        if i == 3:
            extra = "  Queue:\n    Type: AWS::SQS::Queu\n"
        if i == 5:
            extra = "  Fn:\n    Type: AWS::Lambda::Function\n    Properties:\n      Runtime: python3.12\n      Handler: app.h\n"
        if i == 7:
            extra = "  Topic:\n    Type: AWS::SNS::Topic\n    Properties:\n      TopicName: !Ref MissingParam\n"
        if i == 9:
            extra = ("  Vol:\n    Type: AWS::EC2::Volume\n    Properties:\n      Size: big\n"
                     "      AvailabilityZone: us-east-1a\n")
        params = "Parameters:\n  Unused:\n    Type: String\n" if i == 11 else ""
        files[f"stacks/stack{i:02d}.yaml"] = (f"AWSTemplateFormatVersion: '2010-09-09'\nDescription: stack {i}\n{params}"
                                              f"Resources:\n{bucket}{extra}")
    return files


def k8s_manifests(n=60):
    """`n` Kubernetes manifests; faults in some (a misspelt field, a string where an integer
    goes, a missing required field, an unknown kind)."""
    files = {}
    for i in range(1, n + 1):
        replicas = "2"
        port = f"{8080 + i}"
        extra = ""
        if i == 24:
            replicas = '"two"'
        if i == 31:
            extra = "        imagePullPolicie: Always\n"
        if i == 38:
            port = "http"
        doc = (f"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app{i}\nspec:\n  replicas: {replicas}\n"
               f"  selector:\n    matchLabels:\n      app: app{i}\n  template:\n    metadata:\n      labels:\n        app: app{i}\n"
               f"    spec:\n      containers:\n      - name: app{i}\n        image: registry.example.test/app{i}:1.{i}\n{extra}"
               f"        ports:\n        - containerPort: {port}\n")
        if i == 45:
            doc = f"apiVersion: v1\nkind: Service\nmetadata:\n  name: app{i}\nspec:\n  ports:\n  - protocol: TCP\n"
        files[f"k8s/app{i:02d}.yaml"] = doc
    return files


def yamale_configs(n=16):
    """A yamale schema and `n` YAML configs; some violate it (a missing key, a wrong type, a
    value out of its enum, a number out of range)."""
    files = {"schema.yaml": ("name: str()\nport: int(min=1024, max=65535)\ntier: enum('hot', 'warm', 'cold')\n"
                             "replicas: int(min=1)\ntags: list(str(), required=False)\n")}
    for i in range(1, n + 1):
        d = {"name": f"store{i}", "port": 9000 + i, "tier": ["hot", "warm", "cold"][i % 3], "replicas": 1 + i % 3}
        if i == 4:
            del d["tier"]
        if i == 7:
            d["port"] = "ninety"
        if i == 10:
            d["tier"] = "frozen"
        if i == 13:
            d["replicas"] = 0
            d["port"] = 80
        files[f"conf/store{i:02d}.yaml"] = "".join(f"{k}: {v}\n" for k, v in d.items())
    return files


def dotenv_files(n=10):
    """`n` .env files; faults: lowercase keys, a duplicate key, a space around =, unordered keys,
    a missing trailing newline, quotes."""
    files = {}
    for i in range(1, n + 1):
        lines = [f"APP_NAME=svc{i}", f"APP_PORT={7000 + i}", "DB_HOST=127.0.0.1", f"DB_NAME=svc{i}"]
        if i == 3:
            lines.append("db_user=ops")
        if i == 5:
            lines.append(f"APP_PORT={7100 + i}")
        if i == 7:
            lines.append("CACHE_URL = redis://127.0.0.1")
        if i == 9:
            lines.insert(0, "ZETA=1")
            lines.append('QUOTED="value"')
        files[f"envs/svc{i:02d}.env"] = "\n".join(lines) + ("" if i == 8 else "\n")
    return files


def toml_files(n=14):
    """`n` TOML files for taplo; one with a duplicate key, one with a syntax error, one with an
    unterminated string."""
    files = {}
    for i in range(1, n + 1):
        text = f'[service]\nname = "svc{i}"\nport = {6000 + i}\n\n[limits]\ncpu = {i % 4 + 1}\nmemory = "{i * 64}Mi"\n'
        if i == 4:
            text += 'cpu = 8\n'
        if i == 8:
            text += 'timeout = = 30\n'
        if i == 12:
            text += 'owner = "ops\n'
        files[f"toml/svc{i:02d}.toml"] = text
    return files
