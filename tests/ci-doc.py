#!/usr/bin/env python3
"""ci-doc.py DOC DIR: take the CI jobs out of doc/ci.md and write their shell
commands as scripts into DIR, so tests/suites/45-ci-baseline.sh can run them.

A ```yaml block with "jobs:" is a GitHub Actions workflow: each step with a
"run:" becomes DIR/github-JOB-NN.sh (NN its place among the steps), except
the steps named "Install ..." and those that "uses:" an action.  Any other
```yaml block is GitLab CI: the "script:" of each job becomes
DIR/gitlab-JOB.sh, one command a line ("before_script:", the installation,
is left out).  DIR/MANIFEST lists the scripts, one a line, in order; for a
GitHub step the line also has its name.  Exits 1 when the page has no job of
either kind.
"""
import os
import re
import sys

import yaml


def blocks(text):
    return re.findall(r"^```yaml\n(.*?)^```$", text, flags=re.S | re.M)


def main():
    doc, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    manifest = []
    kinds = set()
    for b in blocks(open(doc, encoding="utf-8").read()):
        y = yaml.safe_load(b)
        if "jobs" in y:
            kinds.add("github")
            for job, spec in y["jobs"].items():
                for n, step in enumerate(spec["steps"], 1):
                    name = step.get("name", "")
                    if "run" not in step or name.startswith("Install"):
                        continue
                    path = os.path.join(out, "github-%s-%02d.sh" % (job, n))
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(step["run"])
                    manifest.append("%s\t%s" % (os.path.basename(path), name))
        else:
            for job, spec in y.items():
                if not isinstance(spec, dict) or "script" not in spec:
                    continue
                kinds.add("gitlab")
                path = os.path.join(out, "gitlab-%s.sh" % job)
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(spec["script"]) + "\n")
                manifest.append(os.path.basename(path))
    with open(os.path.join(out, "MANIFEST"), "w", encoding="utf-8") as f:
        f.write("\n".join(manifest) + "\n")
    if kinds != {"github", "gitlab"}:
        print("ci-doc.py: %s: want a GitHub and a GitLab job, found %s" % (doc, sorted(kinds)))
        sys.exit(1)


main()
