#!/bin/sh
# Paired runs, alternating before/after, for two settings.
out=/tmp/guilag/runs
for i in 1 2 3; do
  for which in before after; do
    /tmp/guilag/run_probe.sh $which --spec uct:time_s=1 --size 13 --candidates 8 8 8 8 8 8 > $out/empty-$which-$i.txt
    /tmp/guilag/run_probe.sh $which --spec uct:time_s=1 --size 13 --moves 60 --after 1 --candidates 8 8 8 8 8 8 > $out/moves60-$which-$i.txt
  done
done
echo finished > $out/DONE
