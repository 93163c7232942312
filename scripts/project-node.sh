# Source this (`. scripts/project-node.sh`) to run npm itself on the project's Node.js when the machine's is older.
#
# The project brings its Node 24 as the optional dependency `node-linux-<arch>` (package.json), so every npm script
# already runs on node_modules/.bin/node. What that cannot cover is npm's own install, which runs on whatever Node
# started it: on an older Node `npm ci` checks the dependencies' `engines` against that Node and warns. This puts
# the very package the lock file pins (same version, same integrity, from the npm registry) first on PATH before
# the install. A machine whose Node is already 24 or newer is left as it is.

project_node_major=24

if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt "$project_node_major" ]; then
  project_node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # name@version and integrity of this platform's package, as package-lock.json pins them.
  read -r project_node_spec project_node_integrity < <(
    node -e '
      const lock = require(process.argv[1]);
      const name = `node-${process.platform}-${process.arch}`;
      const entry = lock.packages[`node_modules/${name}`];
      if (!entry) { console.error(`package-lock.json pins no ${name}: install Node ${process.argv[2]}+ yourself`); process.exit(1); }
      console.log(`${name}@${entry.version} ${entry.integrity}`);
    ' "$project_node_root/package-lock.json" "$project_node_major"
  )
  project_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/prsp/${project_node_spec}"
  if [ ! -x "$project_node_dir/bin/node" ]; then
    project_node_tmp="$(mktemp -d)"
    (cd "$project_node_tmp" && npm pack --silent "$project_node_spec" >/dev/null)
    project_node_tgz="$(ls "$project_node_tmp"/*.tgz)"
    # npm checked the registry's checksum; this checks it against the lock file's.
    if ! node -e '
      const hash = require("node:crypto").createHash("sha512").update(require("node:fs").readFileSync(process.argv[1]));
      process.exit(`sha512-${hash.digest("base64")}` === process.argv[2] ? 0 : 1);
    ' "$project_node_tgz" "$project_node_integrity"; then
      echo "project-node: ${project_node_spec} does not match package-lock.json's integrity" >&2
      return 1 2>/dev/null || exit 1
    fi
    mkdir -p "$project_node_dir"
    tar -xzf "$project_node_tgz" -C "$project_node_dir" --strip-components=1
    rm -rf "$project_node_tmp"
  fi
  export PATH="$project_node_dir/bin:$PATH"
  echo "project-node: npm runs on Node $(node -v) (${project_node_spec}); the machine's is older"
fi
