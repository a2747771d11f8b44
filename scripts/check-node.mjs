// Fails early, and plainly, when the tests would run on a Node that is too old.
// `npm test` puts the `node` devDependency (Node 24) first on PATH, so this
// only fires when that package is missing (for example after `npm install --omit=dev`).
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Torpedo needs Node 22 or newer to build and test; this is ${process.version}.\n` +
      'Run `npm install` (it brings Node 24 as a dev dependency) and use the npm scripts.',
  );
  process.exit(1);
}
console.log(`node ${process.version}`);
