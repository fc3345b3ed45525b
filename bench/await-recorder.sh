# Sourced by the bench scripts that record: await_recorder ERR waits until the sbench record whose
# stderr goes to the file ERR says it is recording ("... stops ..."), at most 20 s; a fixed sleep
# was too short while the machine was busy (a recording that missed the first second of fio's IOs).
await_recorder() {
  for _ in $(seq 100); do grep -q 'stops' "$1" 2>/dev/null && return 0; sleep 0.2; done
  cat "$1" >&2
  echo "sbench record did not start recording in 20 s" >&2
  exit 1
}
