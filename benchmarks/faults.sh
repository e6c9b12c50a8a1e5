#!/bin/bash
# Issue 22's fault cases, run by hand and read (nothing asserted): damaged derived files, a
# read-only mount, a full disk. Each failing command should end in one line on stderr, and after
# the cause is removed `doctor` repairs. Cases 4 and 5 mount (a bind mount, a 40 MB tmpfs): root
# only; they are skipped otherwise. From the project root:
#
#     sudo benchmarks/faults.sh
cd "$(dirname "$0")/.." || exit 1
SR=$PWD/.venv/bin/skillrouter
LIB=${SKILLROUTER_DATA:-$PWD/../shared/data}/skill-libraries
export HF_HUB_OFFLINE=1
W=$(mktemp -d /tmp/faults-XXXX); S=$W/store
say() { echo; echo "### $*"; }
run() { echo "\$ skillrouter $*"; "$SR" "$@" > $W/out 2> $W/err; rc=$?; tail -n 3 $W/out; echo "stderr ($(wc -l < $W/err) lines):"; cat $W/err | head -5; echo "rc=$rc"; }
$SR import --store $S $LIB/anthropics-skills > /dev/null 2>&1 || { echo import failed; exit 1; }
echo "store: $($SR list --store $S --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))') skills"
TASK="design a poster for our conference"

say "1. damaged cache/embeddings.db (truncated to 1000 bytes)"
truncate -s 1000 $S/cache/embeddings.db
run list --store $S
run route "$TASK" --store $S
run doctor --store $S
run doctor --store $S --no-repair

say "2. garbage cache/lexical.db"
head -c 20000 /dev/urandom > $S/cache/lexical.db; rm -f $S/cache/lexical.db-wal $S/cache/lexical.db-shm
run route "$TASK" --store $S --backend torch
run doctor --store $S
run doctor --store $S --no-repair

say "3. garbage chroma/"
for f in $(find $S/chroma -type f); do head -c 4096 /dev/urandom > $f; done
run doctor --store $S --no-repair
run doctor --store $S
run route "$TASK" --store $S --backend torch
run doctor --store $S --no-repair

if [ "$(id -u)" != 0 ]; then echo; echo "(cases 4 and 5 mount: run as root)"; rm -rf $W; exit 0; fi

say "4. a read-only mount of the store"
mkdir -p $W/ro && mount --bind $S $W/ro && mount -o remount,ro,bind $W/ro
run route "$TASK" --store $W/ro
run list --store $W/ro
run show canvas-design --store $W/ro
run record canvas-design 8 --store $W/ro
run doctor --store $W/ro --no-repair
umount $W/ro

say "5. a full disk (tmpfs of 40 MB, filled)"
mkdir -p $W/full && mount -t tmpfs -o size=40m tmpfs $W/full
cp -a $S $W/full/store
dd if=/dev/zero of=$W/full/filler bs=1M 2>/dev/null
run import --store $W/full/store $LIB/hermes-agent-0.19.0
run route "$TASK" --store $W/full/store
run list --store $W/full/store
run show canvas-design --store $W/full/store --level 0
run record canvas-design 8 --store $W/full/store
run doctor --store $W/full/store
echo "\$ skillrouter mcp --store STORE: record_outcome on the full disk, then again 11 s after space is freed"
"$PWD/.venv/bin/python" - "$SR" "$W/full/store" "$W/full/filler" <<'PY'
import asyncio, os, sys
from mcp import Client, StdioServerParameters, stdio_client

sr, store, filler = sys.argv[1:]
params = StdioServerParameters(command=sr, args=["mcp", "--store", store], env={"HF_HUB_OFFLINE": "1"})

async def main() -> None:
    async with Client(stdio_client(params), read_timeout_seconds=180) as client:
        def said(result):
            text = result.structured_content or result.content[0].text
            return f"{'error' if result.is_error else 'ok'}: {str(text)[:110]}"
        found = await client.call_tool("search_skills", {"query": "design a poster for our conference"})
        print("  search_skills  ->", said(found))
        print("  record_outcome ->", said(await client.call_tool("record_outcome", {"name": "canvas-design", "score": 8})))
        os.remove(filler)
        print("  (space freed; 11 s)")
        await asyncio.sleep(11)
        print("  record_outcome ->", said(await client.call_tool("record_outcome", {"name": "canvas-design", "score": 8})))

asyncio.run(main())
PY
rm -f $W/full/filler
echo "(space freed)"
run doctor --store $W/full/store
run doctor --store $W/full/store --no-repair
echo "skills now: $($SR list --store $W/full/store --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')"
umount $W/full
rm -rf $W
