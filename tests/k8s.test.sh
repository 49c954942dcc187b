#!/bin/sh
# The Kubernetes manifests (packaging/kubernetes/) against the Kubernetes
# API's schemas, offline: kubernetes-models (npm, pinned in
# tests/k8s/package.json) ships the API's OpenAPI schemas as validators and
# TypeScript types, so nothing is fetched while validating (Debian has no
# schema-aware Kubernetes validator; kubeconform is not packaged, and
# fetching schemas at test time would not be offline-safe). Then our rules
# (readiness, drain, instance id, Services, budget, autoscaler). The
# validator must also refuse each manifest in tests/k8s/bad/, or it could
# not fail. Ends with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
case $BUILD in
/*) build=$BUILD ;;
*) build=$top/$BUILD ;;
esac
work=$build/k8s
give_up() {
	echo "k8s: $1"
	echo "0 passed, 1 failed"
	exit 1
}
command -v node >/dev/null 2>&1 || give_up "node not found"
command -v npm >/dev/null 2>&1 || give_up "npm not found"
mkdir -p "$work"
if ! cmp -s "$top/tests/k8s/package.json" "$work/package.json" ||
	[ ! -d "$work/node_modules/kubernetes-models" ]; then
	cp "$top/tests/k8s/package.json" "$work/package.json"
	(cd "$work" && npm install --no-audit --no-fund --silent >"$work/npm.log" 2>&1) || {
		cat "$work/npm.log"
		rm -f "$work/package.json"
		give_up "npm install failed"
	}
fi
cp "$top/tests/k8s/validate.mjs" "$work/validate.mjs"
pass=0
fail=0
node "$work/validate.mjs" "$work" "$top"/packaging/kubernetes/*.yaml >"$work/out" 2>&1
rc=$?
cat "$work/out"
p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$work/out")
f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$work/out")
pass=$((pass + ${p:-0}))
fail=$((fail + ${f:-1}))
[ "$rc" = 0 ] || [ "${f:-1}" != 0 ] || fail=$((fail + 1))
for bad in "$top"/tests/k8s/bad/*.yaml; do
	# Refused by a schema check, not for being unreadable.
	if K8S_RULES=0 node "$work/validate.mjs" "$work" "$bad" >"$work/bad.out" 2>&1 ||
		! grep -Eq '^FAIL - .*(valid against the .* schema|no field outside the schemas)' "$work/bad.out"; then
		fail=$((fail + 1))
		echo "FAIL - the validator refuses $(basename "$bad")"
		sed 's/^/    /' "$work/bad.out"
	else
		pass=$((pass + 1))
		echo "ok - the validator refuses $(basename "$bad"): $(grep -A1 '^FAIL' "$work/bad.out" | sed -n 2p | sed 's/^ *//')"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
