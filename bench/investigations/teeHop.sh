#!/bin/bash
# Investigation (not a target): the stdio tap's bytes passed by two `tee -p` processes instead of the tap's own
# threads, the copies drained from FIFOs by `cat` (a stand-in for the recorder's blocking reads; nothing parsed).
# Host to server: tee writes the copy first, then the server's stdin. Server to host: the host first, then the copy.
# Given to tapFloor.mjs as its hop:  node --expose-gc bench/investigations/tapFloor.mjs --c-hop bench/investigations/teeHop.sh
#   TEE_HOP_COPIES=no: the copies go to /dev/null (the floor of the two tee processes alone).
copies=${TEE_HOP_COPIES:-yes}
d=$(mktemp -d)
mkfifo -m 600 "$d/in" "$d/out" "$d/copy-in" "$d/copy-out"
if [ $copies = yes ]; then
  cat < "$d/copy-in" > /dev/null &
  cat < "$d/copy-out" > /dev/null &
  to_copy_in="$d/copy-in"; to_copy_out="$d/copy-out"
else
  to_copy_in=/dev/null; to_copy_out=/dev/null
fi
"$@" < "$d/in" > "$d/out" &
server=$!
tee -p "$to_copy_out" < "$d/out" &
# (An explicit <&0: a background job of a script otherwise reads /dev/null.)
tee -p "$d/in" <&0 > "$to_copy_in" &
from_host=$!
wait $server
code=$?
kill $from_host 2> /dev/null
wait
rm -rf "$d"
exit $code
