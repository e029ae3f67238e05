#!/bin/bash
# Build (if needed) and run the Ludii 1.0.8 reference driver.
#   ./run.sh info  "Hex.lud"
#   ./run.sh board "Hex.lud" --opt "Board Size/5x5" [--all-types]
#   ./run.sh speed "Hex.lud" [--warmup 5 --secs 5 --runs 3 --mode playout|loop --cap N]
#   ./run.sh trace "Tic-Tac-Toe.lud" --seed 1 [--nseeds K] [--maxply N] [--board] [--full] [--state] [--dice]
#   ./run.sh perft "Breakthrough.lud" --depth 3
#   options for any command: --opt "Board Size/9x9" (repeatable)
# <game> = path to a .lud file, or a bundled name (e.g. "Hex.lud",
#          "board/space/connection/Hex.lud").
# Env:
#   LUDII_MIRROR  where the Ludii sources come from: the git directory that
#                 `fetch github:automenta/ludii` prints (or any clone / work tree of
#                 that repository). Only read when LUDII_BUILD has no sources yet.
#   LUDII_BUILD   build folder (sources, classes, jars); default
#                 ${XDG_CACHE_HOME:-$HOME/.cache}/ludii-build
#   TROVE_JAR     trove4j 3.0.3 jar (default: Debian libtrove3-java's jar)
#   JAVA_OPTS     JVM options (default -Xmx2g)
set -euo pipefail
B="${LUDII_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/ludii-build}"
TROVE="${TROVE_JAR:-/usr/share/java/trove4j.jar}"
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# driver sources: next to this script (tools copy) or in $B/driver
if [ -f "$SCRIPT_DIR/LudiiDriver.java" ]; then DRIVER_DIR="$SCRIPT_DIR"; else DRIVER_DIR="$B/driver"; fi
DRIVER_SRC="$DRIVER_DIR/LudiiDriver.java"

die() { echo "run.sh: $*" >&2; exit 1; }

if [ ! -f "$TROVE" ]; then
  [ -z "${TROVE_JAR:-}" ] || die "TROVE_JAR=$TROVE does not exist"
  echo "installing libtrove3-java (apt)..." >&2
  apt-get install -y -qq libtrove3-java >&2 || die "need trove4j 3.0.3: apt-get install libtrove3-java, or set TROVE_JAR"
fi

if [ ! -f "$B/src/main/java/game/Game.java" ]; then
  M="${LUDII_MIRROR:-}"
  if [ -z "$M" ]; then why="LUDII_MIRROR is not set"; else why="LUDII_MIRROR=$M does not exist"; fi
  [ -n "$M" ] && [ -d "$M" ] || die "no Ludii sources in $B and $why: fetch github:automenta/ludii and set LUDII_MIRROR to the git directory it prints"
  echo "extracting sources from $M into $B ..." >&2
  rm -rf "$B/src"; mkdir -p "$B"
  if git -C "$M" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    git -C "$M" archive HEAD src/main | tar -x -C "$B"          # git dir or clone: its HEAD
  elif [ -d "$M/src/main/java" ]; then
    mkdir -p "$B/src" && cp -a "$M/src/main" "$B/src/"           # plain copy of the sources
  fi
  [ -f "$B/src/main/java/game/Game.java" ] || die "LUDII_MIRROR=$M holds no Ludii sources (src/main/java/game/Game.java): fetch github:automenta/ludii and set LUDII_MIRROR to the git directory it prints"
  rm -rf "$B/classes" "$B/ludii-res.jar" "$B/driver-classes"
fi

# --- local patches (idempotent) ---
# 1) IsTarget is missing from the mirror (its dir 'target/' was git-ignored).
if [ ! -f "$B/src/main/java/game/functions/booleans/is/target/IsTarget.java" ]; then
  mkdir -p "$B/src/main/java/game/functions/booleans/is/target"
  # a class in Ludii's own package: it is not kept here but taken from the shared
  # reference (LUDII_SHARED_REFERENCE, default ../../shared/ludii-reference from here)
  SHARED="${LUDII_SHARED_REFERENCE:-$SCRIPT_DIR/../../../shared/ludii-reference}"
  [ -f "$SHARED/IsTarget.java" ] || die "no IsTarget.java in $SHARED: set LUDII_SHARED_REFERENCE to the shared ludii-reference folder"
  cp "$SHARED/IsTarget.java" "$B/src/main/java/game/functions/booleans/is/target/IsTarget.java"
fi
# 2) Grammar.removeRedundantFunctionNames removes the same clause twice
#    (GraphFunction listed twice) -> IndexOutOfBounds at grammar init. Add 'break'.
G="$B/src/main/java/language/grammar/Grammar.java"
if ! grep -q "LOCAL FIX" "$G"; then
  python3 - "$G" <<'PY'
import sys
p=sys.argv[1]; s=open(p).read()
old="""                    if (clause.symbol().grammarLabel().equalsIgnoreCase(function[0])) {
                        rule.remove(c);
                    }"""
new="""                    if (clause.symbol().grammarLabel().equalsIgnoreCase(function[0])) {
                        rule.remove(c);
                        break; // LOCAL FIX: GraphFunction is listed twice in Functions (graph/tiling) -> double remove
                    }"""
assert s.count(old)==1, "Grammar patch site not found"
open(p,'w').write(s.replace(old,new))
PY
  rm -rf "$B/classes"
fi

# 3) The snapshot is decompiled, and the decompiler turned Ludii's "step to the next
#    active player, wrapping round to player 1" loops into
#        for (next = X; C; next = 1) { if (++next > N) {} }
#    which resets to player 1 on every step: Ludii then hangs when player 1 loses while
#    it is next (End.applyResult: every "no moves -> loss" game whose loser is P1), and
#    picks player 1 instead of the next active player in games of 3+ players
#    (Game.applyInternal, Context.setMoverAndImpliedPrevAndNext). Put the wrap back
#    inside the if, as the loops mean.
if ! grep -q "LOCAL FIX 3" "$B/src/main/java/game/rules/end/End.java"; then
  python3 - "$B/src/main/java" <<'PY'
import re, sys
root = sys.argv[1]
loop = re.compile(r"for \((?P<v>\w+) = (?P<init>[^;]+); (?P<cond>[^;]+); (?P=v) = 1\) \{\s*"
                  r"if \(\+\+(?P=v) > (?P<lim>.+?)\) \{\s*\}\s*\}", re.S)
def fix(m):
    v = m["v"]
    return (f"for ({v} = {m['init']}; {m['cond']}; ) {{ // LOCAL FIX 3: wrap to 1 inside the if\n"
            f"            if (++{v} > {m['lim']}) {{ {v} = 1; }}\n        }}")
for rel in ("game/rules/end/End.java", "game/Game.java", "util/Context.java"):
    p = f"{root}/{rel}"
    s = open(p).read()
    s, n = loop.subn(fix, s)
    assert n == 1, f"decompiled next-player loop not found in {rel}"
    open(p, "w").write(s)
PY
  rm -rf "$B/classes"
fi

# --- compile engine core (game/, metadata/, language/, grammar/ + what they reference) ---
if [ ! -f "$B/classes/.built" ]; then
  echo "compiling Ludii core (takes ~1 min)..." >&2
  rm -rf "$B/classes"; mkdir -p "$B/classes"
  ( cd "$B" && find src/main/java/game src/main/java/metadata src/main/java/language src/main/java/grammar -name '*.java' > roots.txt \
    && echo src/main/java/util/GameLoader.java >> roots.txt )
  # -parameters is REQUIRED: the .lud compiler matches named args (if:, by:, ...) via reflection
  ( cd "$B" && javac -J-Xmx2g -parameters -nowarn -proc:none -encoding UTF-8 -cp "$TROVE" \
      -sourcepath src/main/java -d classes @roots.txt 2>&1 | grep -v '^Note:' >&2 || true )
  [ -f "$B/classes/game/Game.class" ] || die "core compile failed"
  touch "$B/classes/.built"
fi

# --- resources jar (lud + def). A jar is used because FileHandling's directory
#     listing code assumes Windows 'file:/C:/' URLs.
if [ ! -f "$B/ludii-res.jar" ]; then
  ( cd "$B/src/main/resources" && jar cf "$B/ludii-res.jar" lud def )
fi

# --- driver ---
# compiled into a folder named after its source's hash: copies of the driver that differ
# (this one prints --dice lines) share the build folder without overwriting each other
DC="$B/driver-classes-$(sha256sum "$DRIVER_SRC" | cut -c1-16)"
if [ ! -f "$DC/LudiiDriver.class" ]; then
  mkdir -p "$DC.tmp.$$"
  javac -nowarn -encoding UTF-8 -cp "$B/classes:$TROVE" -d "$DC.tmp.$$" "$DRIVER_SRC"
  mv -T "$DC.tmp.$$" "$DC" 2>/dev/null || rm -rf "$DC.tmp.$$"
fi

exec java ${JAVA_OPTS:--Xmx2g} -cp "$B/classes:$DC:$B/ludii-res.jar:$TROVE" LudiiDriver "$@"
