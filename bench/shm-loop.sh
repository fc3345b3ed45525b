# Sourced by the bench scripts that test on a loop device over an image in /dev/shm (RAM).
#   shm_loop IMG MIB [nomerges]   sets $dev (and $queue, its queue directory)
# The trap that detaches the device and removes the image is set before the image is made: a Ctrl-C
# during dd left up to 1 GiB of RAM behind. With "nomerges" the device gets queue/nomerges=2, as
# sbench sets it for its runs, so that fio gets the same; the value before is put back on exit, as a
# loop device keeps its queue settings after it is detached and the next user of its number gets them.
shm_loop_img=
dev=
queue=
shm_loop_nomerges_before=
shm_loop_cleanup() {
  if [ -n "$shm_loop_nomerges_before" ]; then echo "$shm_loop_nomerges_before" > "$queue/nomerges"; fi
  if [ -n "$dev" ]; then losetup -d "$dev"; fi
  if [ -n "$shm_loop_img" ]; then rm -f "$shm_loop_img"; fi
}
shm_loop() {
  shm_loop_img=$1
  trap shm_loop_cleanup EXIT
  rm -f "$shm_loop_img"
  dd if=/dev/zero of="$shm_loop_img" bs=1M count="$2" status=none
  dev=$(losetup --find --show --direct-io=off "$shm_loop_img")
  queue=/sys/block/$(basename "$dev")/queue
  if [ "${3:-}" = nomerges ]; then
    shm_loop_nomerges_before=$(cat "$queue/nomerges")
    echo 2 > "$queue/nomerges"
  fi
}
