# Sourced first by the bench scripts (before they cd): -h or --help prints the script's header
# comment (what it measures, its usage) and exits, where it started work before (replay-vs-fio.sh
# --help ran 218 rounds); whole NAME VALUE refuses a value that is not a whole number above 0.
if [ "${1:-}" = -h ] || [ "${1:-}" = --help ]; then
  sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
whole() {
  [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "$(basename "$0"): $1 takes a whole number above 0, found '$2' (--help says more)" >&2; exit 2; }
}
# needs TOOL... refuses to start without a tool the script calls (a missing bc made rates of 0.00).
needs() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$(basename "$0") needs $tool (apt-get install $tool)" >&2; exit 1; }
  done
}
# installed TOOL... installs (apt-get, quietly) each tool the script calls that the machine lacks.
installed() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null; }
  done
}
# machine [PART...] prints the line a result starts with: cores, CPU model and kernel, then each PART (a tool's version).
machine() {
  local line part
  line="machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), kernel $(uname -r)"
  for part in "$@"; do
    line+=", $part"
  done
  echo "$line"
}
# two_jars RECORDS ROUNDS ARG... reads a two-jar comparison's arguments, BEFORE_JAR AFTER_JAR [RECORDS] [ROUNDS] [CPU]
# (RECORDS and ROUNDS: the defaults given; CPU 1), checked, into before, after, n, rounds and cpu.
two_jars() {
  local records="$1" default_rounds="$2"; shift 2
  before="${1:-}"
  after="${2:-}"
  n="${3:-$records}"
  rounds="${4:-$default_rounds}"
  cpu="${5:-1}"
  jar BEFORE_JAR "$before"; jar AFTER_JAR "$after"; whole RECORDS "$n"; whole ROUNDS "$rounds"; cpu CPU "$cpu"
}
# made FILE COMMAND... writes COMMAND's output to FILE unless FILE is there: under another name, renamed when
# complete, so that an interrupted run leaves nothing a later one would take for whole.
made() {
  local file="$1"; shift
  [ -f "$file" ] || { "$@" > "$file.part" && mv "$file.part" "$file"; }
}
# needs_root WHY refuses to start unless run as root; WHY says what the script does that needs it.
needs_root() {
  [ "$(id -u)" = 0 ] || { echo "needs root ($1)" >&2; exit 1; }
}
# cpu NAME VALUE refuses a CPU this machine does not have (taskset would fail only after the traces were made).
cpu() {
  [[ "$2" =~ ^(0|[1-9][0-9]*)$ ]] && (( $2 < $(nproc) )) \
    || { echo "$(basename "$0"): $1 takes a CPU number from 0 to $(( $(nproc) - 1 )), found '$2' (--help says more)" >&2; exit 2; }
}
# jar NAME VALUE refuses a jar that is not there.
jar() {
  [ -f "$2" ] || { echo "$(basename "$0"): $1 '$2' is no file (--help says more)" >&2; exit 2; }
}
# decimal NAME VALUE refuses a value that is not a number of seconds (0 or more, a fraction allowed).
decimal() {
  [[ "$2" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "$(basename "$0"): $1 takes a number of seconds (0 or more), found '$2' (--help says more)" >&2; exit 2; }
}
# oneof NAME VALUE CHOICE... refuses a value that is none of the choices.
oneof() {
  local name="$1" value="$2"; shift 2
  for c in "$@"; do [ "$value" = "$c" ] && return 0; done
  echo "$(basename "$0"): $name takes one of: $*; found '$value' (--help says more)" >&2; exit 2
}
