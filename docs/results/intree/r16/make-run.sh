#!/bin/sh
# Writes FOLDER/run.sh for one match of this round: A = strong with knowledge_after=K (and
# proven_playouts when PROVEN is "proven"), B = strong, both at 10 000 playouts a move, 9x9,
# --opening 2, --jobs 1, nice 19.  Usage: make-run.sh K PROVEN SEED
k=$1 proven=$2 seed=$3
if [ "$proven" = proven ]; then extra=",proven_playouts=true"; name=k$k-proven; else extra=""; name=k$k; fi
folder=docs/results/intree/r16/$name-vs-strong-10k-9x9-seed$seed
mkdir -p "/work/wt-intree16/$folder"
cat > "/work/wt-intree16/$folder/run.sh" <<EOS
#!/bin/sh
# Round 16, task h2 (branch intree16): strong with knowledge_after=$k$extra against strong,
# 10 000 playouts a move (fixed budget), 9x9, balanced 2-stone openings, seed $seed.
export NUMBA_CACHE_DIR=/work/wt-intree16/.numba-cache
cd /work/wt-intree16
exec nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --jobs 1 --seed $seed --json \\
  --out $folder \\
  "strong:playouts=10000,time_s=none,knowledge_after=$k$extra" \\
  "strong:playouts=10000,time_s=none"
EOS
chmod +x "/work/wt-intree16/$folder/run.sh"
echo "$folder"
