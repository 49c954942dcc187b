# The chart of make bench-peers: per case, each peer's median time as a
# multiple of ours (C client), on a log scale; above the line at 1 ours is
# faster. run.sh passes dat (report.dat from run.mjs) and out (the PNG).
set terminal pngcairo size 900,420 font "sans,10"
set output out
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [0.05:1000]
set ylabel "peer time ÷ ours (C client), log scale"
set grid ytics
set key top left horizontal font "sans,9"
set xtics nomirror
set title "make bench-peers: above 1, ours is faster"
ncols = system(sprintf("head -1 %s | wc -w", dat)) - 1
plot for [i=2:ncols+1] dat using i:xtic(1) title columnheader(i), 1 with lines lw 2 lc rgb "black" notitle
