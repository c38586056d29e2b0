#!/usr/bin/env python3
"""readme-run.py: run every command of the README, so it cannot rot.

usage: tests/readme-run.py [README]   (from the top folder, after make)

A command is an indented line of the README starting with "$ " (a line
ending in a backslash goes on with the next).  Indented lines of the same
block that do not start with "$ " are output the command must print (each
as a line of its standard output, trailing spaces aside; a line "..." is
not checked, and "..." inside a line stands for any text).  When that
output holds a broken limit ("annogrind: limit ... exceeded"), every
broken limit the command prints must be one of those lines: a limit that
should break once cannot break on several lines unnoticed.  Every command runs in one bash, so "export" carries on, with
HOME a new empty folder and PATH without the checkout, so "annogrind"
is found only where the README installs it:

  - "make ..." runs in the checkout (make demo, make install with HOME's
    PREFIX); "make check" is not run: it is what runs this test.
  - "apt-get install P..." (with or without sudo) is not run either: each
    package P must be one apt knows (apt-cache show), when apt-cache is
    there; "apt-get update" is not run.
  - "go tool pprof -http=..." runs with -no_browser until it says it
    serves its web UI and answers a request for it; skipped without go.
  - Every other command runs in a work folder holding prog.c, a copy of
    testdata/demo/qsort_hanoi.c (the README's "your program"), and
    shapes.cpp, a copy of testdata/demo/shapes.cpp (its C++ program).  After
    "valgrind --tool=callgrind ./prog" without --callgrind-out-file, the
    profile callgrind.out.PID is renamed callgrind.out.1234, the name the
    README then uses.

Each command must exit 0 (pipelines with pipefail); one of annogrind must
print something or write it to a file ("> FILE", --output=FILE) that is
there and not empty.  Prints
"readme: N passed, N failed".
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

top = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
readme = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top, 'README')


def commands(path):
    """(line number, command, expected output lines) for each command."""
    out = []
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('    $ '):
            no = i + 1
            cmd = line[6:]
            while cmd.endswith('\\') and i + 1 < len(lines):
                i += 1
                cmd = cmd[:-1] + ' ' + lines[i].strip()
            expect = []
            while (i + 1 < len(lines) and lines[i + 1].startswith('    ')
                   and not lines[i + 1].startswith('    $ ')):
                i += 1
                if lines[i].strip() != '...':
                    expect.append(lines[i][4:].rstrip())
            out.append((no, cmd, expect))
        i += 1
    return out


def matches(want, line):
    """Is line the README's output line want, "..." in it standing for any text?"""
    if '...' not in want:
        return want == line
    return re.fullmatch('.*'.join(re.escape(p) for p in want.split('...')), line) is not None


def is_breach(line):
    return line.startswith('annogrind: limit ') and ' exceeded: ' in line


def web_ui(words, work, env):
    """Run pprof's web UI until it serves a page: None, or what went wrong."""
    srv = subprocess.Popen(words + ['-no_browser'], cwd=work, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for line in srv.stdout:
            m = re.search(r'Serving web UI on (http://\S+)', line)
            if m:
                # pprof may say so a moment before it accepts (1 run in 4 here)
                for tries in range(100):
                    try:
                        with urllib.request.urlopen(m.group(1), timeout=60) as page:
                            return None if page.status == 200 else 'HTTP status %d' % page.status
                    except urllib.error.URLError as e:
                        if tries == 99 or not isinstance(e.reason, ConnectionRefusedError):
                            raise
                        time.sleep(0.1)
        return 'it ended without serving its web UI'
    except OSError as e:
        return 'its web UI did not answer: %s' % e
    finally:
        srv.kill()
        srv.wait()


def main():
    cmds = commands(readme)
    if not cmds:
        print('no command found in %s' % readme)
        print('readme: 0 passed, 1 failed')
        return 1
    tmp = tempfile.mkdtemp(prefix='annogrind-readme.')
    home = os.path.join(tmp, 'home')
    work = os.path.join(tmp, 'work')
    os.makedirs(home)
    os.makedirs(work)
    shutil.copy(os.path.join(top, 'testdata/demo/qsort_hanoi.c'),
                os.path.join(work, 'prog.c'))
    shutil.copy(os.path.join(top, 'testdata/demo/shapes.cpp'),
                os.path.join(work, 'shapes.cpp'))
    path = ':'.join(p for p in os.environ.get('PATH', '/usr/bin:/bin').split(':')
                    if p and os.path.abspath(p) != top)
    env = dict(os.environ, HOME=home, PATH=path, LC_ALL='C')
    env.pop('MAKEFLAGS', None)
    env.pop('MFLAGS', None)
    shell = subprocess.Popen(['bash', '--norc', '--noprofile'], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             env=env, cwd=work, text=True)
    npass = nfail = 0
    mark = '@@readme-run-done@@'

    def run(script):
        """Run script in the shell; its output and exit status."""
        shell.stdin.write(script + '\n{ printf "\\n%s %d\\n" "' + mark + '" $rc; } 2>/dev/null\n')
        shell.stdin.flush()
        text = []
        for line in shell.stdout:
            if line.startswith(mark):
                return ''.join(text), int(line.split()[1])
            text.append(line)
        return ''.join(text), -1

    run('set -o pipefail; rc=0')
    for no, cmd, expect in cmds:
        where = 'README:%d: %s' % (no, cmd)
        words = shlex.split(cmd)
        if words and words[0] == 'sudo':
            words = words[1:]
        problem = None
        if words[:2] == ['make', 'check']:
            print('skip %s (make check runs this test)' % where)
            continue
        if words[:2] == ['apt-get', 'update']:
            print('skip %s (the package lists of the machine are left as they are)' % where)
            continue
        if words[:2] == ['apt-get', 'install']:
            pkgs = [w for w in words[2:] if not w.startswith('-')]
            if not shutil.which('apt-cache'):
                print('skip %s (no apt-cache here)' % where)
                continue
            bad = [p for p in pkgs if subprocess.run(
                ['apt-cache', 'show', '--no-all-versions', p],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0]
            if bad:
                problem = 'apt knows no package %s' % ' '.join(bad)
        elif words[:3] == ['go', 'tool', 'pprof'] and any(w.startswith('-http=') for w in words):
            if not shutil.which('go'):
                print('skip %s (go is not installed)' % where)
                continue
            problem = web_ui(words, work, env)
        else:
            if words[0] == 'make':
                script = '(cd %s && %s); rc=$?' % (shlex.quote(top), cmd)
            else:
                script = '%s; rc=$?' % cmd
            text, rc = run(script)
            if rc != 0:
                problem = 'exit status %d' % rc
            got = [l.rstrip() for l in text.split('\n')]
            for e in expect:
                if problem is None and not any(matches(e, g) for g in got):
                    problem = 'no output line %r' % e
            if problem is None and any(is_breach(e) for e in expect):
                for g in got:
                    if is_breach(g) and not any(matches(e, g) for e in expect):
                        problem = 'a broken limit the README does not show: %r' % g
                        break
            m = (re.search(r'>\s*(\S+)\s*$', cmd)
                 or re.search(r'--output=(\S+)', cmd))
            if problem is None and not m and not text.strip() and words[0] == 'annogrind':
                problem = 'no output'

            if problem is None and m and not m.group(1).startswith('/dev/'):
                f = os.path.join(work, m.group(1))
                if not os.path.isfile(f) or os.path.getsize(f) == 0:
                    problem = '%s was not written' % m.group(1)
            if problem is None and words[:2] == ['valgrind', '--tool=callgrind'] \
                    and not any(w.startswith('--callgrind-out-file') for w in words):
                outs = [f for f in os.listdir(work) if re.fullmatch(r'callgrind\.out\.\d+', f)]
                if len(outs) != 1:
                    problem = 'wrote %s, not one callgrind.out.PID' % outs
                else:
                    os.rename(os.path.join(work, outs[0]),
                              os.path.join(work, 'callgrind.out.1234'))
            if problem is None and words[0] == 'export':
                found, _ = run('command -v annogrind; rc=0')
                if found.strip() != os.path.join(home, '.local/bin/annogrind'):
                    problem = 'annogrind is %r, not the one installed in HOME' % found.strip()
            if problem:
                sys.stdout.write(''.join('    ' + l + '\n' for l in text.split('\n')[-30:]))
        if problem:
            print('FAIL %s: %s' % (where, problem))
            nfail += 1
        else:
            print('ok   %s' % where)
            npass += 1
    shell.stdin.close()
    shell.wait()
    shutil.rmtree(tmp, ignore_errors=True)
    print('readme: %d passed, %d failed' % (npass, nfail))
    return 1 if nfail else 0


sys.exit(main())
