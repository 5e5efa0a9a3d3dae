/**
 * deploy/ as data: the environment compose gives a service and the image's own settings, so the
 * deploy test and the production rehearsal read the very settings a deployment runs with.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../../../${path}`, import.meta.url)), 'utf8');

/** NAME=value lines of a .env file. */
export const dotenvOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** Compose's ${NAME}, ${NAME:-default} and ${NAME:?message}, from a .env. */
const interpolate = (value: string, dotenv: Record<string, string>) =>
  value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (name in dotenv) return dotenv[name] as string;
    if (kind === '-') return rest ?? '';
    throw new Error(`${name} is not in the .env`);
  });

/** The `environment:` block that follows a marker line of deploy/compose.yaml, as NAME → value; null without one. */
export function composeEnvironment(marker: string, dotenv: Record<string, string>): Record<string, string> | null {
  const lines = repoFile('deploy/compose.yaml').split('\n');
  let i = lines.findIndex((l) => l.trimEnd() === marker);
  if (i < 0) return null;
  while (i < lines.length && !lines[i]?.trim().startsWith('environment:')) i++;
  if (i >= lines.length) return null;
  const indent = (lines[i] as string).search(/\S/);
  const env: Record<string, string> = {};
  for (i++; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() && line.search(/\S/) <= indent) break;
    const m = /^\s+([A-Z_]+):\s*(.*)$/.exec(line);
    if (m) env[m[1] as string] = interpolate((m[2] as string).replace(/^"(.*)"$/, '$1'), dotenv);
  }
  return env;
}

/** The Dockerfile's ENV settings (NAME=value) and its CMD, as the image runs them. */
export function imageSettings(): { env: Record<string, string>; command: string[] } {
  const dockerfile = repoFile('deploy/Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env = Object.fromEntries([...runtime.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1] as string, m[2] as string]));
  const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
  return { env, command: cmd ? (JSON.parse(cmd) as string[]) : [] };
}

/** The `command:` (exec form) of the block that opens at a marker line of deploy/compose.yaml, or null. */
export function composeCommand(marker: string): string[] | null {
  const lines = repoFile('deploy/compose.yaml').split('\n');
  const start = lines.findIndex((l) => l.trimEnd() === marker);
  if (start < 0) return null;
  const indent = (lines[start] as string).search(/\S/);
  for (const line of lines.slice(start + 1)) {
    if (line.trim() && line.search(/\S/) <= indent) break;
    const m = /^\s+command: (\[.*\])$/.exec(line);
    if (m) return JSON.parse(m[1] as string) as string[];
  }
  return null;
}

/** The services defined as another block's copy (`name: *anchor`), in the order compose lists them. */
export function composeServicesOf(anchor: string): string[] {
  return [...repoFile('deploy/compose.yaml').matchAll(new RegExp(`^ {2}([a-z0-9_-]+): \\*${anchor}$`, 'gm'))].map((m) => m[1] as string);
}
