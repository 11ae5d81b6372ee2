/**
 * The awk program that finds the guarded trees. Its input is a process table, "pid ppid pgid sid
 * state" per line, or with `-v proc=1` its arguments are /proc's `stat` files (read here: one
 * process fewer than `cat`, and a file gone meanwhile is skipped). It keeps the `seeds` still alive,
 * then repeatedly every process whose parent, process group or session is one of the tree or of
 * `seen` (what earlier rounds held: a session outlives its leader), and prints their pids on one line.
 */
const TREE_AWK = `function row(p, pp, pg, sd, state) {
  if (p == self || state ~ /^[ZX]/) return
  rows++; pid[rows] = p; parent[rows] = pp; group[rows] = pg; session[rows] = sd
  if (p in seed) { tree[p] = 1; known[p] = 1 }
}
BEGIN {
  n = split(seeds, list, " "); for (i = 1; i <= n; i++) seed[list[i]] = 1
  n = split(seen, list, " "); for (i = 1; i <= n; i++) known[list[i]] = 1
  if (proc) {
    for (a = 1; a < ARGC; a++) {
      if ((getline line < ARGV[a]) <= 0) continue
      close(ARGV[a])
      p = line; sub(/ .*/, "", p)
      sub(/^.*\\) /, "", line); split(line, f, " ")
      row(p, f[2], f[3], f[4], f[1])
    }
    ARGC = 1
    exit
  }
}
{ row($1, $2, $3, $4, $5) }
END {
  do {
    grown = 0
    for (i = 1; i <= rows; i++) {
      p = pid[i]
      if (p in tree) continue
      if ((parent[i] in known) || (group[i] in known) || (session[i] in known)) { tree[p] = 1; known[p] = 1; grown = 1 }
    }
  } while (grown)
  line = ""; for (p in tree) line = line " " p; print line
}`;

/**
 * The guardian (POSIX `sh`): `sh -c GUARDIAN_SCRIPT hexagent-guardian <graceMs> <marker prefix> [proc|ps]`,
 * its input a pipe from the process that started it (its owner). While it waits it sits in `read`
 * on that pipe and forks nothing (without /proc, `ps` looks up an entry given without its start).
 *
 * Its input, one line each:
 * - `+<pid> <start>`: guard process `pid`, whose start time (field 22 of `/proc/<pid>/stat`) is
 *   `start`; the owner has checked that it is its child.
 * - `+<pid>`: guard process `pid` if it is a child of the owner now (its start is read here).
 * - `-<pid>`: `pid` is gone or was stopped by its owner; forget it.
 *
 * When its input ends (the owner exited or was killed, however: a SIGKILL included) it stops what
 * is left. With `graceMs` 0 every listed process still running with its start unchanged (a reused
 * pid is left alone) is stopped at once (SIGSTOP: it neither calls out nor forks again), then its
 * tree is SIGKILLed: its descendants, every process in a process group or session that a process
 * of the tree leads (the CLI's Bash tool runs each command in a session of its own), and every
 * process whose environment holds a variable starting with `<marker prefix>` (what a CLI started
 * carries it, even once its parent is gone); again until nothing is left. With `graceMs` above 0
 * the tree gets SIGTERM first and up to that long to exit. Then the guardian exits. The marker and
 * sessions need /proc (Linux); with `ps` (macOS, or `ps` given) it follows parents and process
 * groups only.
 *
 * Two more arguments, for a server that runs CLIs for others (the relay, a daemon):
 * `[<cgroup> [<directory>]]`. Last, whether or not anything was listed: every process of the
 * cgroup v2 `<cgroup>` is killed at once (`cgroup.kill`), and it and its children are removed once
 * empty; then `<directory>` (the server's runtime files: copies of credentials, transcripts) is removed.
 */
export const GUARDIAN_SCRIPT = `grace=$1
prefix=$2
mode=$3
if [ -z "$mode" ]; then
  if [ -r /proc/self/stat ]; then mode=proc; else mode=ps; fi
fi
owner=$PPID
tree_awk='${TREE_AWK}'

# Sets state, ppid and start of process $1; false when there is none (or only its zombie).
identify() {
  if [ "$mode" = proc ]; then
    { read -r line < "/proc/$1/stat"; } 2>/dev/null || return 1
    set -f; set -- \${line##*) }; set +f
    state=$1; ppid=$2; start=\${20}
  else
    line=$(ps -o stat= -o ppid= -o lstart= -p "$1" 2>/dev/null) || return 1
    set -f; set -- $line; set +f
    [ $# -ge 3 ] || return 1
    state=$1; ppid=$2; shift 2; IFS=; start="$*"; unset IFS
  fi
  case $state in Z*|X*) return 1 ;; esac
}

# Sets tree: the live processes of the guarded trees; seen keeps every pid a tree held.
find_tree() {
  seeds=
  for pid in $roots; do
    eval "want=\\$start_$pid"
    identify "$pid" && [ "$start" = "$want" ] && seeds="$seeds $pid"
  done
  if [ -n "$pattern" ]; then
    for file in $(grep -l -a -z -- "$pattern" /proc/[0-9]*/environ 2>/dev/null); do
      pid=\${file#/proc/}
      seeds="$seeds \${pid%/environ}"
    done
  fi
  if [ "$mode" = proc ]; then
    tree=$(awk -v proc=1 -v self=$$ -v seeds="$seeds" -v seen="$seen" "$tree_awk" /proc/[0-9]*/stat 2>/dev/null)
  else
    tree=$(ps -A -o pid= -o ppid= -o pgid= -o pgid= -o stat= 2>/dev/null | awk -v self=$$ -v seeds="$seeds" -v seen="$seen" "$tree_awk")
  fi
  seen="$seen $tree"
}

signal_tree() {
  for pid in $tree; do kill -s "$1" "$pid" 2>/dev/null; done
}

pause() {
  sleep "$1" 2>/dev/null || sleep 1
}

cgroup=$4
leftover=$5
# The owner's cgroup (all in it killed, then removed) and its directory, once the trees are gone.
finish() {
  if [ -n "$cgroup" ] && [ -e "$cgroup/cgroup.kill" ]; then
    echo 1 > "$cgroup/cgroup.kill" 2>/dev/null
    i=0
    while grep -q 'populated 1' "$cgroup/cgroup.events" 2>/dev/null && [ $i -lt 100 ]; do pause 0.05; i=$((i + 1)); done
    for c in "$cgroup"/*/; do [ -d "$c" ] && rmdir "$c" 2>/dev/null; done
    rmdir "$cgroup" 2>/dev/null
  fi
  [ -n "$leftover" ] && rm -rf -- "$leftover"
  exit 0
}

listed=
while IFS= read -r line; do
  case $line in
    +*)
      set -f; set -- \${line#+}; set +f
      case $1 in ''|*[!0-9]*|0|1) continue ;; esac
      if [ $# -ge 2 ]; then
        start=$2
      else
        identify "$1" && [ "$ppid" = "$owner" ] || continue
      fi
      listed="$listed $1"
      eval "start_$1=\\$start"
      ;;
    -*)
      pid=\${line#-}
      case $pid in ''|*[!0-9]*) continue ;; esac
      kept=
      for entry in $listed; do [ "$entry" = "$pid" ] || kept="$kept $entry"; done
      listed=$kept
      unset "start_$pid"
      ;;
  esac
done

roots=
for pid in $listed; do
  eval "want=\\$start_$pid"
  identify "$pid" && [ "$start" = "$want" ] && roots="$roots $pid"
done
[ -z "$roots" ] && { [ -z "$prefix" ] || [ "$mode" != proc ]; } && finish
if [ "$grace" = 0 ]; then
  for pid in $roots; do kill -s STOP "$pid" 2>/dev/null; done
fi
# The marker as a pattern for grep (its special characters escaped); it needs /proc.
pattern=
[ -n "$prefix" ] && [ "$mode" = proc ] && pattern="^$(printf '%s' "$prefix" | sed 's/[].[\\*^$]/\\\\&/g')"
seen=
if [ "$grace" != 0 ]; then
  find_tree
  signal_tree TERM
  waited=0
  while [ -n "$tree" ] && [ $waited -lt "$grace" ]; do
    pause 0.05
    waited=$((waited + 50))
    find_tree
  done
fi
round=0
while [ $round -lt 50 ]; do
  find_tree
  [ -z "$tree" ] && break
  signal_tree KILL
  round=$((round + 1))
  pause 0.02
done
finish`;
