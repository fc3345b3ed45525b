# Sourced by the bench scripts that capture what the block layer saw of one device.
# block_events INSTANCE DEVICE BUFFER_KB [EVENT...]: makes the tracefs instance INSTANCE (a directory
# under /sys/kernel/tracing/instances) with a ring buffer of BUFFER_KB per CPU, and enables the block
# EVENTs for DEVICE alone, by default block_bio_queue (each bio as it enters the block layer, with the
# task that submitted it) and block_rq_issue (each request as the device gets it). Tracing stays off
# until the caller turns it on; the caller removes the instance (rmdir) when done.
block_events() {
  local instance=$1 device=$2 buffer_kb=$3 major minor e
  shift 3
  [ $# -gt 0 ] || set -- block_bio_queue block_rq_issue
  major=$(( $(stat -c '%t' "$device" | sed 's/^/0x/') )); minor=$(( $(stat -c '%T' "$device" | sed 's/^/0x/') ))
  mkdir "$instance"
  echo "$buffer_kb" > "$instance/buffer_size_kb"
  for e in "$@"; do
    echo "dev == $(( (major << 20) | minor ))" > "$instance/events/block/$e/filter"
    echo 1 > "$instance/events/block/$e/enable"
  done
}
