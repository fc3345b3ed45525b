# Sourced by the bench scripts that record a loop device (after they cd to the tree's top).
# record_loop NAME SIZE builds the jar if stale, sets $out (bench/out/NAME, made), $tick (clock ticks a
# second) and $dev (a loop device over /dev/shm/sbench-NAME.img of SIZE, truncate's units); on exit it
# stops the recorder whose pid is in $rec (if any), detaches the device and removes its file.
# record_start JAR NAME [OPTION...] starts JAR's sbench record of $dev (trace NAME.sbt, output NAME.txt and NAME.err),
# its pid in $rec, and waits until it records; record_stop stops it (SIGTERM). SBENCH_RECORD_PREFIX, split into words,
# goes before java: a command that execs it, so that $rec is the JVM (`unshare --user --map-root-user --net`).
# record_rounds ROUNDS MEASURE JAR...: each round, each JAR in turn, starts its recorder (files
# $out/ROUND-JAR.*, that name in $name) and runs MEASURE ROUND JAR, which calls record_stop.
. bench/await-recorder.sh
record_loop() {
  ./sbench --version >/dev/null
  out=bench/out/$1
  mkdir -p "$out"
  tick=$(getconf CLK_TCK)
  img=/dev/shm/sbench-$1.img
  rm -f "$img"
  truncate -s "$2" "$img"
  dev=$(losetup --find --show "$img")
  rec=
  trap record_loop_cleanup EXIT
}
record_loop_cleanup() {
  if [ -n "$rec" ] && kill -TERM "$rec" 2> /dev/null; then
    wait "$rec" || true
  fi
  losetup -d "$dev"
  rm -f "$img"
}
record_start() {
  ${SBENCH_RECORD_PREFIX:-} java ${SBENCH_JAVA_OPTS:-} -jar "$1" record --device "$dev" --out "$2.sbt" --progress none "${@:3}" > "$2.txt" 2> "$2.err" &
  rec=$!
  await_recorder "$2.err"
}
record_stop() {
  kill -TERM "$rec"
  wait "$rec" || true
  rec=
}
record_rounds() {
  local rounds=$1 measure=$2 round jar
  shift 2
  for round in $(seq "$rounds"); do
    for jar in "$@"; do
      name=$out/$round-$(basename "$jar" .jar)
      record_start "$jar" "$name"
      "$measure" "$round" "$jar"
    done
  done
}
