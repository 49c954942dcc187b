# The chart of make bench-peers: per case, each peer's median time as a
# multiple of ours (C client), on a log scale; above the line at 1 ours is
# faster. run.sh passes dat (report.dat from run.mjs) and out (the PNG).
set terminal pngcairo size 900,460 font "sans,10"
set output out
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [0.05:*]
set ylabel "peer time ÷ ours (C client), log scale"
set grid ytics
set key outside bottom center horizontal font "sans,9"
set xtics nomirror
set title "make bench-peers: above 1, ours is faster"
set arrow from graph 0, first 1 to graph 1, first 1 nohead lw 2 lc rgb "black" front
set datafile separator "\t"
ncols = int(system(sprintf("head -1 %s | awk -F '\t' '{ print NF }'", dat))) - 1
set key autotitle columnheader
plot for [i=2:ncols+1] dat using i:xtic(1)
