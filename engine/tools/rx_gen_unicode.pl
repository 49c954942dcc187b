#!/usr/bin/perl
# Generates build/gen/rx_unicode_data.h, the Unicode tables of engine/regexp/,
# from Debian's unicode-data package (/usr/share/unicode, the UCD text files
# and its emoji/ folder). Run by the build (engine/module.mk); core Perl only.
# Usage: perl engine/tools/rx_gen_unicode.pl UCD_DIR > rx_unicode_data.h
#
# Emitted (see engine/regexp/rx_int.h for the structures):
#  - rx_u_props: every property name and alias ECMA-262 lets \p{...} name
#    (General_Category values, Script and Script_Extensions values, the binary
#    properties of its table, the properties of strings), with ranges
#    (inclusive pairs) in rx_u_ranges and, for properties of strings, the
#    sequences in rx_u_seqs (length, code points, ...);
#  - rx_u_fold_scf: simple case folding (CaseFolding.txt status C and S),
#    the Canonicalize of the u and v flags;
#  - rx_u_fold_upper: the Canonicalize of i without u/v (toUppercase, full
#    mapping, kept only when it is one code unit and does not map non-ASCII
#    to ASCII), BMP only.
use strict;
use warnings;

my $dir = shift // '/usr/share/unicode';
my $MAXCP = 0x10FFFF;

sub slurp {
	my ($f) = @_;
	open(my $fh, '<', "$dir/$f") or die "$dir/$f: $!";
	my @l;
	while (<$fh>) {
		s/#.*//;
		s/\s+$//;
		next if $_ eq '';
		push @l, [ map { s/^\s+|\s+$//gr } split /;/, $_, -1 ];
	}
	close $fh;
	return @l;
}

sub cprange {
	my ($s) = @_;
	return $s =~ /^([0-9A-F]+)\.\.([0-9A-F]+)$/ ? (hex $1, hex $2) : (hex $s, hex $s);
}

# A set is a sorted list of [lo, hi] inclusive pairs, made from a code point
# bitmap (a string, one byte per code point) for simplicity.
sub set_from_bits {
	my ($bits) = @_;
	my @r;
	while ($bits =~ /(\x01+)/g) {
		push @r, [ $-[1], $+[1] - 1 ];
	}
	return \@r;
}

sub bits_new { return "\0" x ($MAXCP + 1); }
sub bits_add {
	my ($b, $lo, $hi) = @_;
	substr($$b, $lo, $hi - $lo + 1) = "\x01" x ($hi - $lo + 1);
}

# --- General_Category and case mappings from UnicodeData.txt
my %gcbits;
my (%upper, @bidim);
my $bidim = bits_new();
my $assigned = bits_new();
{
	my $first;
	for my $f (slurp('UnicodeData.txt')) {
		my $cp = hex $f->[0];
		my ($lo, $hi) = ($cp, $cp);
		if ($f->[1] =~ /, First>$/) { $first = $cp; next; }
		if ($f->[1] =~ /, Last>$/) { $lo = $first; }
		my $gc = $f->[2];
		$gcbits{$gc} //= bits_new();
		bits_add(\$gcbits{$gc}, $lo, $hi);
		bits_add(\$assigned, $lo, $hi);
		bits_add(\$bidim, $lo, $hi) if $f->[9] eq 'Y';
		$upper{$cp} = [ hex $f->[12] ] if $f->[12] ne '';
	}
}
{
	my $cn = $assigned;
	$cn =~ tr/\0\x01/\x01\0/;
	$gcbits{Cn} = $cn;
}
my %gcgroup = (
	L => [qw(Lu Ll Lt Lm Lo)], LC => [qw(Lu Ll Lt)], M => [qw(Mn Mc Me)],
	N => [qw(Nd Nl No)], P => [qw(Pc Pd Ps Pe Pi Pf Po)],
	S => [qw(Sm Sc Sk So)], Z => [qw(Zs Zl Zp)], C => [qw(Cc Cf Cs Co Cn)],
);
for my $g (keys %gcgroup) {
	my $b = bits_new();
	for my $m (@{ $gcgroup{$g} }) {
		$gcbits{$m} //= bits_new();
		$b |= $gcbits{$m};
	}
	$gcbits{$g} = $b;
}

# --- aliases
my (%valias, %palias);
for my $f (slurp('PropertyValueAliases.txt')) {
	my ($p, @names) = @$f;
	next unless $p eq 'gc' || $p eq 'sc';
	push @{ $valias{$p} }, [@names];
}
for my $f (slurp('PropertyAliases.txt')) {
	$palias{ $f->[1] } = [ @$f ];
}

# --- Script and Script_Extensions
my %scbits;
my @sc_of;    # code point -> short script name, filled lazily via ranges
my %long2short;
for my $a (@{ $valias{sc} }) { $long2short{ $a->[1] } = $a->[0]; }
my $scassigned = bits_new();
for my $f (slurp('Scripts.txt')) {
	my ($lo, $hi) = cprange($f->[0]);
	my $s = $long2short{ $f->[1] } // die "script $f->[1]";
	$scbits{$s} //= bits_new();
	bits_add(\$scbits{$s}, $lo, $hi);
	bits_add(\$scassigned, $lo, $hi);
}
{
	my $u = $scassigned;
	$u =~ tr/\0\x01/\x01\0/;
	$scbits{Zzzz} = $u;
}
my %scxbits;
my $scxlisted = bits_new();
my %scxadd;
for my $f (slurp('ScriptExtensions.txt')) {
	my ($lo, $hi) = cprange($f->[0]);
	bits_add(\$scxlisted, $lo, $hi);
	for my $s (split /\s+/, $f->[1]) {
		$scxadd{$s} //= bits_new();
		bits_add(\$scxadd{$s}, $lo, $hi);
	}
}
{
	my $notlisted = $scxlisted;
	$notlisted =~ tr/\0\x01/\x01\0/;
	for my $s (keys %scbits) {
		my $b = $scbits{$s} & $notlisted;
		$b |= $scxadd{$s} if $scxadd{$s};
		$scxbits{$s} = $b;
	}
}

# --- binary properties (ECMA-262's table of binary Unicode properties)
my @binary = qw(ASCII ASCII_Hex_Digit Alphabetic Any Assigned Bidi_Control
    Bidi_Mirrored Case_Ignorable Cased Changes_When_Casefolded
    Changes_When_Casemapped Changes_When_Lowercased
    Changes_When_NFKC_Casefolded Changes_When_Titlecased
    Changes_When_Uppercased Dash Default_Ignorable_Code_Point Deprecated
    Diacritic Emoji Emoji_Component Emoji_Modifier Emoji_Modifier_Base
    Emoji_Presentation Extended_Pictographic Extender Grapheme_Base
    Grapheme_Extend Hex_Digit IDS_Binary_Operator IDS_Trinary_Operator
    ID_Continue ID_Start Ideographic Join_Control Logical_Order_Exception
    Lowercase Math Noncharacter_Code_Point Pattern_Syntax
    Pattern_White_Space Quotation_Mark Radical Regional_Indicator
    Sentence_Terminal Soft_Dotted Terminal_Punctuation Unified_Ideograph
    Uppercase Variation_Selector White_Space XID_Continue XID_Start);
my %want = map { $_ => 1 } @binary;
my %binbits;
for my $file ('PropList.txt', 'DerivedCoreProperties.txt',
    'emoji/emoji-data.txt', 'DerivedNormalizationProps.txt') {
	for my $f (slurp($file)) {
		next unless @$f == 2 && $want{ $f->[1] };
		my ($lo, $hi) = cprange($f->[0]);
		$binbits{ $f->[1] } //= bits_new();
		bits_add(\$binbits{ $f->[1] }, $lo, $hi);
	}
}
$binbits{ASCII} = bits_new();
bits_add(\$binbits{ASCII}, 0, 0x7f);
$binbits{Any} = bits_new();
bits_add(\$binbits{Any}, 0, $MAXCP);
$binbits{Assigned} = $assigned;
$binbits{Bidi_Mirrored} = $bidim;
for my $p (@binary) {
	die "no data for binary property $p" unless defined $binbits{$p};
}

# --- case folding
my @scf;
for my $f (slurp('CaseFolding.txt')) {
	next unless $f->[1] eq 'C' || $f->[1] eq 'S';
	push @scf, [ hex $f->[0], hex $f->[2] ];
}
@scf = sort { $a->[0] <=> $b->[0] } @scf;
my %special;
for my $f (slurp('SpecialCasing.txt')) {
	next if defined $f->[4] && $f->[4] ne '';    # conditional mappings
	$special{ hex $f->[0] } = [ map { hex } split /\s+/, $f->[3] ];
}
my @upper;
for my $c (0 .. 0xFFFF) {
	my $u = $special{$c} // $upper{$c} // [$c];
	next if @$u != 1;
	my $cu = $u->[0];
	next if $cu > 0xFFFF;
	next if $c >= 128 && $cu < 128;
	push @upper, [ $c, $cu ] if $cu != $c;
}

# --- properties of strings
my %strprop;    # name -> { singles => bits, seqs => [ [cps] ] }
my @strnames = qw(Basic_Emoji Emoji_Keycap_Sequence RGI_Emoji_Modifier_Sequence
    RGI_Emoji_Flag_Sequence RGI_Emoji_Tag_Sequence RGI_Emoji_ZWJ_Sequence);
for my $file ('emoji/emoji-sequences.txt', 'emoji/emoji-zwj-sequences.txt') {
	for my $f (slurp($file)) {
		my $p = $f->[1];
		$strprop{$p} //= { singles => bits_new(), seqs => [] };
		if ($f->[0] =~ / /) {
			push @{ $strprop{$p}{seqs} }, [ map { hex } split /\s+/, $f->[0] ];
		} else {
			my ($lo, $hi) = cprange($f->[0]);
			bits_add(\$strprop{$p}{singles}, $lo, $hi);
		}
	}
}
for my $p (@strnames) { die "no data for $p" unless $strprop{$p}; }
{
	my $b = bits_new();
	my @s;
	for my $p (@strnames) {
		$b |= $strprop{$p}{singles};
		push @s, @{ $strprop{$p}{seqs} };
	}
	$strprop{RGI_Emoji} = { singles => $b, seqs => \@s };
	push @strnames, 'RGI_Emoji';
}

# --- output
my @ranges;
my @seqs;
my @props;    # [ name, kind, off, n, soff, sn ]
my %setcache;
sub emit_set {
	my ($bits) = @_;
	my $r = set_from_bits($bits);
	my $key = join(',', map { "$_->[0]-$_->[1]" } @$r);
	return @{ $setcache{$key} } if $setcache{$key};
	my $off = @ranges / 2;
	push @ranges, map { ($_->[0], $_->[1]) } @$r;
	$setcache{$key} = [ $off, scalar @$r ];
	return ($off, scalar @$r);
}

for my $a (@{ $valias{gc} }) {
	my ($off, $n) = emit_set($gcbits{ $a->[0] } // die "gc $a->[0]");
	push @props, [ $_, 0, $off, $n, 0, 0 ] for @$a;
}
for my $a (@{ $valias{sc} }) {
	my $s = $a->[0];
	next unless $scbits{$s};    # a value the data never uses
	my ($off, $n) = emit_set($scbits{$s});
	push @props, [ $_, 1, $off, $n, 0, 0 ] for @$a;
	($off, $n) = emit_set($scxbits{$s});
	push @props, [ $_, 2, $off, $n, 0, 0 ] for @$a;
}
for my $p (@binary) {
	my ($off, $n) = emit_set($binbits{$p});
	my %names = ($p => 1);
	if ($palias{$p}) { $names{$_} = 1 for @{ $palias{$p} }; }
	push @props, [ $_, 3, $off, $n, 0, 0 ] for sort keys %names;
}
for my $p (@strnames) {
	my ($off, $n) = emit_set($strprop{$p}{singles});
	my $soff = scalar @seqs;
	my $sn = 0;
	my %seen;
	for my $s (@{ $strprop{$p}{seqs} }) {
		my $k = join(' ', @$s);
		next if $seen{$k}++;
		push @seqs, scalar(@$s), @$s;
		$sn++;
	}
	push @props, [ $p, 4, $off, $n, $soff, $sn ];
}
@props = sort { $a->[1] <=> $b->[1] || $a->[0] cmp $b->[0] } @props;

sub numbers {
	my @l = @_;
	my $out = '';
	for (my $i = 0; $i < @l; $i += 8) {
		my $e = $i + 7 < $#l ? $i + 7 : $#l;
		$out .= "\t" . join(', ', map { sprintf('0x%x', $_) } @l[ $i .. $e ]) . ",\n";
	}
	return $out eq '' ? "\t0\n" : $out;
}

print "/* Generated by engine/tools/rx_gen_unicode.pl from $dir. Do not edit. */\n";
my ($ver) = `head -1 $dir/PropList.txt` =~ /PropList-([0-9.]+)\.txt/;
print "#define RX_UNICODE_VERSION \"", ($ver // '?'), "\"\n";
print "static const uint32_t rx_u_ranges[] = {\n", numbers(@ranges), "};\n";
print "static const uint32_t rx_u_seqs[] = {\n", numbers(@seqs), "};\n";
print "static const uint32_t rx_u_fold_scf[] = {\n", numbers(map { @$_ } @scf), "};\n";
print "#define RX_U_NSCF ", scalar(@scf), "\n";
print "static const uint32_t rx_u_fold_upper[] = {\n", numbers(map { @$_ } @upper), "};\n";
print "#define RX_U_NUPPER ", scalar(@upper), "\n";
print "static const struct rx_uprop rx_u_props[] = {\n";
for my $p (@props) {
	print "\t{ \"$p->[0]\", $p->[1], $p->[2], $p->[3], $p->[4], $p->[5] },\n";
}
print "};\n";
print "#define RX_U_NPROPS ", scalar(@props), "\n";
