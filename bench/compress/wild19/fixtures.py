"""Small fixtures of the `wild19` blind set (see gen.py): documents, geodata, configs and
scripts with their faults put in the middle, so the tools fail or warn mid-run. Texts are written
for this set; nothing is copied from a tool's output."""


def latex_report(n_sections=24):
    """A LaTeX report of `n_sections` sections citing a BibTeX file, with an undefined reference
    in section 9, a missing citation in section 14, an overfull line in section 17 and an
    undefined control sequence in section 20."""
    out = [r"\documentclass[11pt]{article}", r"\usepackage[T1]{fontenc}", r"\usepackage{graphicx}",
           r"\usepackage{amsmath}", r"\title{Storage Tiering Field Report}", r"\author{Ops Team}",
           r"\begin{document}", r"\maketitle", r"\tableofcontents"]
    for i in range(1, n_sections + 1):
        out.append(rf"\section{{Cluster {i}}}\label{{sec:c{i}}}")
        out.append(f"Cluster {i} moved {i * 37} volumes between tiers during the quarter "
                   rf"\cite{{tier{i % 6}}}. The latency budget of cluster {i} is in "
                   rf"Table~\ref{{tab:c{i}}} and the migration plan follows Section~\ref{{sec:c{max(1, i - 1)}}}.")
        if i == 9:
            out.append(r"The rollback procedure is described in Appendix~\ref{app:rollback}.")
        if i == 14:
            out.append(r"Prior measurements \cite{hollis2019tiers} disagree.")
        if i == 17:
            out.append(r"The controller identifier is \texttt{ctl-0x7f3a9e22b1c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7}"
                       r" and it must not be shortened.")
        if i == 20:
            out.append(r"The ratio is \ratiobound{4}{7} of the hot set.")
        out.append(r"\begin{table}[h]\centering")
        out.append(r"\begin{tabular}{lrr}\hline tier & p50 (ms) & p99 (ms)\\\hline")
        for t, (a, b) in enumerate([(0.4, 2.1), (1.9, 8.8), (7.5, 40.2)]):
            out.append(rf"t{t} & {a + i / 10:.1f} & {b + i / 5:.1f}\\")
        out.append(r"\hline\end{tabular}")
        out.append(rf"\caption{{Latency of cluster {i}}}\label{{tab:c{i}}}")
        out.append(r"\end{table}")
        out.append("")
    out += [r"\bibliographystyle{plain}", r"\bibliography{refs}", r"\end{document}", ""]
    return "\n".join(out)


def bibtex_refs():
    """Six entries; one lacks its year and one has a misspelt field, so bibtex warns."""
    out = []
    for i in range(6):
        year = "" if i == 3 else f"  year = {{{2015 + i}}},\n"
        journal = "  jurnal = {Storage Letters},\n" if i == 4 else "  journal = {Storage Letters},\n"
        out.append(f"@article{{tier{i},\n  author = {{Ann Author{i} and Bo Writer}},\n"
                   f"  title = {{Tiering study {i}}},\n{journal}{year}  volume = {{{i + 3}}},\n}}\n")
    return "\n".join(out)


def geojson(n=60, broken=False):
    """A FeatureCollection of `n` depot points; with `broken`, feature 31 has a string coordinate
    and the text is cut short."""
    feats = []
    for i in range(n):
        x = 10 + i * 0.013
        coord = f"[{x:.4f}, 47.{i:03d}]" if not (broken and i == 31) else '["east", 47.031]'
        feats.append('{"type": "Feature", "properties": {"id": %d, "name": "depot-%02d", "cap": %d}, '
                     '"geometry": {"type": "Point", "coordinates": %s}}' % (i, i, 100 + i * 7, coord))
    text = '{"type": "FeatureCollection", "features": [\n' + ",\n".join(feats) + "\n]}\n"
    return text[: len(text) * 2 // 3] if broken else text


def depots_csv(n=80):
    """Depots as CSV with WKT; rows 40 and 41 have an invalid geometry and a bad number."""
    rows = ["id,name,cap,WKT"]
    for i in range(n):
        wkt = f'"POINT ({11 + i * 0.01:.3f} 48.{i:03d})"'
        if i == 40:
            wkt = '"POINT (11.400"'
        cap = "lots" if i == 41 else str(200 + i)
        rows.append(f"{i},yard-{i:02d},{cap},{wkt}")
    return "\n".join(rows) + "\n"


def grid_asc(w=64, h=48):
    """An ESRI ASCII grid (a small elevation model) with a nodata hole."""
    out = [f"ncols {w}", f"nrows {h}", "xllcorner 600000", "yllcorner 5200000", "cellsize 25",
           "NODATA_value -9999"]
    for r in range(h):
        out.append(" ".join("-9999" if 20 <= r < 24 and 30 <= c < 36 else str(400 + r * 3 + (c * 7) % 50)
                            for c in range(w)))
    return "\n".join(out) + "\n"


def rsnapshot_conf(work):
    """An rsnapshot config (fields separated by tabs) backing up four trees, one missing."""
    lines = ["config_version\t1.2", f"snapshot_root\t{work}/snaps/", "cmd_cp\t/bin/cp", "cmd_rm\t/bin/rm",
             "cmd_rsync\t/usr/bin/rsync", "verbose\t4", "loglevel\t3", f"logfile\t{work}/rsnapshot.log",
             f"lockfile\t{work}/rsnapshot.pid", "retain\talpha\t3", "retain\tbeta\t2",
             "rsync_long_args\t--delete --numeric-ids --relative --delete-excluded",
             "backup\t/usr/share/doc/sysstat/\tlocalhost/",
             "backup\t/usr/share/doc/unison/\tlocalhost/",
             f"backup\t{work}/vanished/\tlocalhost/",
             "backup\t/usr/share/doc/darcs/\tlocalhost/", ""]
    return "\n".join(lines)


def apparmor_profile(name, bad=False):
    """An AppArmor profile for a small daemon; with `bad`, a rule lacks its comma and a
    permission letter is unknown."""
    rules = [f"  /etc/{name}/** r,", f"  /var/lib/{name}/** rwk,", f"  /run/{name}.pid rw,",
             "  network inet stream,", "  capability net_bind_service,", f"  /usr/bin/{name} mr,"]
    if bad:
        rules[2] = f"  /run/{name}.pid rw"
        rules[4] = f"  /var/log/{name}/*.log rwz,"
    return ("#include <tunables/global>\n\n" + f"profile {name} /usr/bin/{name} {{\n"
            + "  #include <abstractions/base>\n" + "\n".join(rules) + "\n}\n")


def iptables_rules(n=40, fault_at=23):
    """An iptables-restore file of `n` rules; rule `fault_at` names an unknown target."""
    out = ["*filter", ":INPUT DROP [0:0]", ":FORWARD DROP [0:0]", ":OUTPUT ACCEPT [0:0]", ":svc - [0:0]"]
    for i in range(n):
        tgt = "ACCEPTT" if i == fault_at else "ACCEPT"
        out.append(f"-A svc -p tcp -s 10.{i}.0.0/16 --dport {8000 + i} -j {tgt}")
    out += ["-A INPUT -i lo -j ACCEPT", "-A INPUT -j svc", "COMMIT", ""]
    return "\n".join(out)
