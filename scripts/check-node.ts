// Runs before the tests: a skipped install script of the `node` package leaves an older Node
// on PATH, and Vitest then fails in obscure ways. Say so plainly instead.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node ${process.version} is running, but the project pins Node 24 (the "node" package). ` +
      'Run "npm install" without --ignore-scripts, then use the npm scripts.',
  );
  process.exit(1);
}
