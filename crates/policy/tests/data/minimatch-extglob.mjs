// Records minimatch(path, glob, {dot: true}) (what loop-gate 1.0.0 calls) over extglob patterns.
import { minimatch } from '/tmp/lg/node_modules/minimatch/dist/esm/index.js';
const globs = [
  "+(auth|secrets)/**", "**/*.+(pem|key)", "@(prod|stage).env", "conf/?(local.)settings.json",
  "x/*(ab)c", "docs/!(*.tmp)", "+(README|CHANGELOG).md", "!(*.md)", "src/!(gen)/**",
  "@(a|b)", "?(a|b)", "*(a|b)", "+(a|b)", "a/!(b|c)/d", "*.@(js|ts)", "**/@(.env|.envrc)",
  "+(a|@(b|c))x", "@(a*|b?)z", "lib/+([0-9]).js", "!(foo)", "a!(b)c", "@(x)/**/*.@(y|z)",
  "**/!(*.lock)", "*(x|y|z).txt", "?(.)env", "@(auth)", "src/**/+(test|spec).ts",
];
const paths = [
  "auth/x.ts", "secrets/a", "authsecrets/x", "auth", "docs/x", "a/b.pem", "c.key", "key", "x.pem.bak",
  "prod.env", "stage.env", "dev.env", "config/prod.env", "conf/settings.json", "conf/local.settings.json",
  "conf/local.local.settings.json", "x/c", "x/abc", "x/ababc", "x/aabc", "x/abac", "docs/a.md", "docs/a.tmp",
  "docs/sub/a.md", "README.md", "CHANGELOG.md", "READMECHANGELOG.md", "NOTES.md", "a.md", "a.ts", "src/gen/a",
  "src/lib/a", "src/gen", "a", "b", "ab", "aab", "", "c", "a/b/d", "a/c/d", "a/e/d", "a/bb/d", "x.js", "x.ts",
  "x.jsx", ".env", "app/.envrc", "app/.env.local", "ax", "bx", "cx", "abx", "az", "bqz", "bz", "aqqz",
  "lib/12.js", "lib/x.js", "lib/.js", "foo", "foobar", "abc", "ac", "abbc", "x/q/r.y", "x/r.z", "y/r.z",
  "Cargo.lock", "src/a.rs", "x.txt", "xyz.txt", ".txt", "env", ".env", "src/a/test.ts", "src/spec.ts",
  "src/a/b/testspec.ts", "src/a.test.ts",
];
const out = [];
for (const g of globs) for (const p of paths) out.push([g, p, minimatch(p, g, { dot: true })]);
console.log(JSON.stringify(out));
