/**
 * deploy/: no Docker engine runs here, so what can be checked without one is: every setting the
 * compose file gives the app processes is a documented setting, and together (with the example
 * .env) they make a configuration the server accepts in production; Soketi gets the same key and
 * secret as the app; the image's own settings are accepted too.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');
const compose = read('deploy/compose.yaml');
const dotenv = Object.fromEntries(
  read('deploy/.env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Compose's ${NAME}, ${NAME:-default} and ${NAME:?message}, from the example .env. */
const interpolate = (value: string) =>
  value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (name in dotenv) return dotenv[name] as string;
    if (kind === '-') return rest ?? '';
    throw new Error(`${name} is not in deploy/.env.example`);
  });

/** The `environment:` block that follows a marker line, as NAME → value. */
function environmentAfter(marker: string): Record<string, string> {
  const lines = compose.split('\n');
  let i = lines.findIndex((l) => l.trimEnd() === marker);
  expect(i, marker).toBeGreaterThanOrEqual(0);
  while (!lines[i]?.trim().startsWith('environment:')) i++;
  const indent = (lines[i] as string).search(/\S/);
  const env: Record<string, string> = {};
  for (i++; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() && line.search(/\S/) <= indent) break;
    const m = /^\s+([A-Z_]+):\s*(.*)$/.exec(line);
    if (m) env[m[1] as string] = interpolate((m[2] as string).replace(/^"(.*)"$/, '$1'));
  }
  return env;
}

describe('deploy/', () => {
  const app = environmentAfter('x-app: &app');

  it('gives the app processes only documented settings, which the server accepts in production', () => {
    const readme = read('README.md');
    for (const name of Object.keys(app)) expect(readme, name).toContain(`\`${name}\``);
    const config = loadConfig(app);
    expect(config.production).toBe(true);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/panel:.+@db:5432\/panel$/);
    expect(config.trustProxy).toBe(1);
    expect(config.mail.transport).toBe('smtp');
    expect(config.realtime).toMatchObject({ driver: 'pusher', apiUrl: 'http://soketi:6001', publicPort: 443, publicTls: true });
    expect(config.publicUrl).toBe(`https://${dotenv.DOMAIN}`);
    // No test gateway in production; a payment provider is on once its keys are in .env.
    expect(config.payments).toMatchObject({ testGateway: { enabled: false }, stripe: null, paypal: null });
  });

  it('runs two app processes of one definition, and gives Soketi the app’s key and secret', () => {
    expect(compose).toMatch(/^ {2}app1: \*app$/m);
    expect(compose).toMatch(/^ {2}app2: \*app$/m);
    const soketi = environmentAfter('  soketi:');
    expect(soketi.SOKETI_DEFAULT_APP_ID).toBe(app.REALTIME_APP_ID);
    expect(soketi.SOKETI_DEFAULT_APP_KEY).toBe(app.REALTIME_KEY);
    expect(soketi.SOKETI_DEFAULT_APP_SECRET).toBe(app.REALTIME_SECRET);
    expect(compose).toMatch(/image: postgres:15\n/);
  });

  it('builds an image whose own settings the server accepts', () => {
    const dockerfile = read('deploy/Dockerfile');
    const env = Object.fromEntries([...dockerfile.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORTAL_DIR: '/app/portal' });
    expect(() => loadConfig({ ...env, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:25' })).not.toThrow();
    expect(dockerfile).toMatch(/USER node/);
  });
});
