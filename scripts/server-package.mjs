/**
 * For the Docker image of Torpedo Server (Dockerfile): a package.json with
 * only what the server runs on, each at the version package-lock.json holds,
 * so the image does not carry Electron, Vue and the desktop's tooling.
 * Usage: node scripts/server-package.mjs > server/package.json
 */
import { readFileSync } from 'node:fs';

const SERVER_PACKAGES = ['fastify', '@fastify/rate-limit', 'pg', 'zod', 'tsx'];

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const dependencies = Object.fromEntries(
  SERVER_PACKAGES.map((name) => {
    const version = lock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`${name} is not in package-lock.json`);
    return [name, version];
  }),
);
process.stdout.write(
  JSON.stringify({ name: 'torpedo-server', private: true, type: 'module', dependencies }, null, 2) + '\n',
);
