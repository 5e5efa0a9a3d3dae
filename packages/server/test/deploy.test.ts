/**
 * deploy/: no Docker engine runs here, so what can be checked without one is: every setting the
 * compose file gives the app processes is a documented setting, and together (with the example
 * .env) they make a configuration the server accepts in production; the realtime processes run the
 * same image with the app's key and secret, listening on the bus in the app's database, and Caddy
 * spreads the sockets over all of them; the image's own settings are accepted too, and it
 * ships the migrations and the database code.
 */
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadRealtimeConfig } from '../src/config.js';
import { databaseCodeFolder } from '../src/db/code.js';
import { migrationsFolder } from '../src/db/index.js';
import { composeCommand, composeEnvironment, composeServicesOf, dotenvOf, imageSettings, repoFile as read } from './support/deploy.js';

const compose = read('deploy/compose.yaml');
const dotenv = dotenvOf(read('deploy/.env.example'));

function environmentAfter(marker: string): Record<string, string> {
  const env = composeEnvironment(marker, dotenv);
  expect(env, marker).not.toBeNull();
  return env as Record<string, string>;
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
    // No socket server in an app process: its events go on the PostgreSQL bus, for the realtime processes.
    expect(config.realtime).toMatchObject({ driver: 'bus', channelData: true, publicPort: 443, publicTls: true });
    expect(app.REALTIME_API_URL).toBeUndefined();
    expect(config.publicUrl).toBe(`https://${dotenv.DOMAIN}`);
    // No test gateway in production; a payment provider is on once its keys are in .env.
    expect(config.payments).toMatchObject({ testGateway: { enabled: false }, stripe: null, paypal: null });
  });

  it('runs two app processes of one definition, and two realtime processes of the same image with the app’s key and secret on the bus', () => {
    expect(composeServicesOf('app')).toEqual(['app1', 'app2']);
    expect(composeServicesOf('realtime')).toEqual(['realtime', 'realtime2']);
    const realtime = environmentAfter('x-realtime: &realtime');
    expect(composeCommand('x-realtime: &realtime')).toEqual(['node', 'dist/cli/realtime.js']);
    // The image sets NODE_ENV=production; the socket server reads only its own settings.
    const settings = loadRealtimeConfig({ ...imageSettings().env, ...realtime });
    expect(settings.realtime).toMatchObject({ appId: app.REALTIME_APP_ID, key: app.REALTIME_KEY, secret: app.REALTIME_SECRET, port: 6001, host: '0.0.0.0', bus: 'postgres' });
    // It listens on the bus in the database the app processes send their events in.
    expect(settings.databaseUrl).toBe(app.DATABASE_URL);
    expect(settings.trustProxy).toBe(1);
    expect(compose).toMatch(/image: postgres:15\n/);
  });

  it('spreads the sockets over every realtime process of compose, and the rest over every app process', () => {
    const caddyfile = read('deploy/Caddyfile');
    const defaults = (name: string) => /\{\$([A-Z_]+):([^}]+)\}/g.exec(caddyfile.slice(caddyfile.indexOf(`{$${name}:`)))?.[2]?.split(' ');
    expect(defaults('APP_UPSTREAMS')).toEqual(composeServicesOf('app').map((s) => `${s}:${app.PORT}`));
    const realtimePort = environmentAfter('x-realtime: &realtime').REALTIME_PORT as string;
    expect(defaults('REALTIME_UPSTREAMS')).toEqual(composeServicesOf('realtime').map((s) => `${s}:${realtimePort}`));
    // A socket process is checked and, once gone, passed over for another.
    const sockets = caddyfile.slice(caddyfile.indexOf('handle /app/*'), caddyfile.indexOf('\thandle {'));
    for (const line of ['lb_policy least_conn', 'health_uri /', 'health_interval 1s', 'lb_try_duration 5s']) expect(sockets).toContain(line);
  });

  it('builds an image whose own settings the server accepts', () => {
    const dockerfile = read('deploy/Dockerfile');
    const { env, command } = imageSettings();
    expect(command).toEqual(['node', 'dist/main.js']);
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORTAL_DIR: '/app/portal', SDK_PACKAGE_DIR: '/app/sdk', REDEEM_WORDS_DIR: '/app/redeem-words' });
    // The packed SDK the server serves at /api/sdk/ is copied where the image's setting points.
    expect(dockerfile).toMatch(/cp -r packages\/sdk\/pack \/app\/sdk/);
    // So are the redeem page's translations, which the redeem API answers in.
    expect(dockerfile).toMatch(/cp packages\/redeem-widget\/src\/i18n\/\*\.json \/app\/redeem-words/);
    expect(() => loadConfig({ ...env, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:25' })).not.toThrow();
    expect(dockerfile).toMatch(/USER node/);
  });

  it('ships the migrations and the database code where the server reads them, and stops the build without them', () => {
    const dockerfile = read('deploy/Dockerfile');
    const packageDir = dirname(fileURLToPath(new URL('../package.json', import.meta.url)));
    expect(dockerfile).toMatch(/deploy --legacy --prod \/app\b/);
    expect(dockerfile).toContain(`test -f /app/${relative(packageDir, migrationsFolder)}/meta/_journal.json`);
    expect(dockerfile).toContain(`ls /app/${relative(packageDir, databaseCodeFolder)}/*.sql`);
  });
});
