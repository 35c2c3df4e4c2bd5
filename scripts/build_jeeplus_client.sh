#!/usr/bin/env bash
# Builds the real JeePlus-Vue admin client (jp-ui) from its public source, pointed at Loom's gateway
# on its own origin (VUE_APP_SERVER_URL=/api), for e2e/jeeplus-client (make test-jeeplus-client).
#
#   LOOM_JEEPLUS_SRC         the source: a clone of github.com/Daixg591/JeePlus-Vue (bare or not)
#                            holding the pinned commit, or a jp-ui folder; without it the script
#                            clones the repository
#   LOOM_JEEPLUS_CLIENT_DIR  where the built client goes (default ~/.cache/loom/jeeplus-client/dist,
#                            where the e2e looks; `make test` then runs the slow client test too)
#
# Only tooling is changed, never the client's code: the server URL, and the pins below. The
# client's own package-lock.json (npm lockfile v1: vue and vue-template-compiler 2.6.14,
# element-ui 2.15.6, xe-utils 3.4.0, @vue/cli-service 4.5.15, webpack 4.46.0, …) is installed as it
# is with `npm ci`, so the build is the one its authors made. Resolving the ^ ranges of its
# package.json afresh instead (npm install) picks today's vxe-table, xe-utils and friends, and the
# built client throws at start-up inside a Vue.use plugin install ("Cannot read properties of
# undefined (reading '0')"). Four locked versions are no longer published, each replaced by the
# nearest one the registry has:
#   vxe-table 3.4.3 → 3.4.4 (peer xe-utils ^3.2.0, satisfied by the locked 3.4.0)
#   jeeplus-gencode 2.0.2 → 2.1.3, jeeplus-flowable 2.0.1 → 2.1.5, jeeplus-form 2.0.2 → 2.1.4
#     (the only 2.x the registry has, what the client's ^2 ranges resolve to; their dependencies
#     are the same ranges as the locked 2.0.x, all satisfied by the lock)
# The lock's install scripts (core-js and ejs banners, yorkie's git hooks) are not needed and not
# run. webpack 4 needs Node's legacy OpenSSL provider on Node ≥ 17. Takes ~12 min on 2 cores.
set -euo pipefail

REPO_URL=https://github.com/Daixg591/JeePlus-Vue.git
COMMIT=eec09fa64ac8608d45c86d656705061f0d92e612
OUT=${LOOM_JEEPLUS_CLIENT_DIR:-$HOME/.cache/loom/jeeplus-client/dist}

work=$(mktemp -d "${TMPDIR:-/tmp}/jeeplus-client.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/jp-ui"

src=${LOOM_JEEPLUS_SRC:-}
if [ -z "$src" ]; then
  echo "cloning $REPO_URL"
  git clone --quiet --bare --filter=blob:none "$REPO_URL" "$work/src.git"
  src=$work/src.git
fi
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$src" cat-file -e "$COMMIT^{commit}" 2>/dev/null ||
    { echo "$src does not hold commit $COMMIT of $REPO_URL" >&2; exit 1; }
  git -C "$src" archive "$COMMIT:jp-ui" | tar -x -C "$work/jp-ui"
elif [ -f "$src/package-lock.json" ] || [ -f "$src/jp-ui/package-lock.json" ]; then
  [ -d "$src/jp-ui" ] && src=$src/jp-ui
  cp -r "$src/." "$work/jp-ui/"
  rm -rf "$work/jp-ui/node_modules" "$work/jp-ui/dist"
else
  echo "LOOM_JEEPLUS_SRC=$src is neither a clone of $REPO_URL nor its jp-ui folder" >&2
  exit 1
fi

cd "$work/jp-ui"
sed -i "s#^VUE_APP_SERVER_URL *=.*#VUE_APP_SERVER_URL = '/api'#" .env.production
grep -q "^VUE_APP_SERVER_URL = '/api'" .env.production

python3 - <<'PY'
import json

PINS = {  # name: (locked version, published replacement, its integrity)
    "vxe-table": ("3.4.3", "3.4.4", "sha512-ehdxkr2S2NVs/1sc9a88u3th0aPFXaxXc65uEX77QbpbA+BzX8BjFy4rokba7eF6uj7fW2tU4F5gvnWb/ie2Pg=="),
    "jeeplus-gencode": ("2.0.2", "2.1.3", "sha512-OU3Wj7cLq2aDTOSbairFzQqKn8HT0ZMi46zHkqQHO/BpJrt5KQ4WNC1JHPbQl6tJ420ONe0i78nflBogeJ9X+g=="),
    "jeeplus-flowable": ("2.0.1", "2.1.5", "sha512-4+iAP2HkOrzPMvcl+saqqt/f/Se/e7owEAbjNC/H3aIvGxHo1t2Vyo1H/UlXOhxO6TYF7AYdbotjp859dbL2ew=="),
    "jeeplus-form": ("2.0.2", "2.1.4", "sha512-T+13UmbW2MSmv0tD2+JxWKYMUkMDBueUjMQh06ONdo0amDgwhGcd12xMCUcqXdtJrr4CtkTaPsqJ+LmvJg9o1A=="),
}
lock = json.load(open("package-lock.json"))
for name, (locked, version, integrity) in PINS.items():
    entry = lock["dependencies"][name]
    assert entry["version"] == locked, f"{name} is locked at {entry['version']}, not {locked}"
    entry.update(
        version=version,
        resolved=f"https://registry.npmjs.org/{name}/-/{name}-{version}.tgz",
        integrity=integrity,
    )
json.dump(lock, open("package-lock.json", "w"), indent=2)
PY

npm ci --legacy-peer-deps --ignore-scripts --no-audit --no-fund --loglevel=error
NODE_OPTIONS=--openssl-legacy-provider npx vue-cli-service build >"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log" >&2; exit 1; }
[ -f dist/index.html ] || { echo "the build left no dist/index.html" >&2; exit 1; }

rm -rf "$OUT"
mkdir -p "$(dirname "$OUT")"
cp -r dist "$OUT"
echo "JeePlus-Vue client $COMMIT built at $OUT"
