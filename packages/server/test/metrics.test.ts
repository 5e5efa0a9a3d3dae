/**
 * Metrics for Prometheus: served only to the METRICS_TOKEN; requests by route and status with
 * latency, pool use, queue depth and age, realtime, wallet movements, sign-in failures and lockouts.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';

const TOKEN = 'metrics-token-0123456789';

/** A sample's value in the exposition text (0 when absent). */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('metrics', async () => {
  const t = await testApp({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' } });
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers only to the token, and does not exist without the setting', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    const without = await testApp();
    expect((await without.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).not.toBe(200);
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const labels = 'le="+Inf",method="GET",route="/api/v1/dashboard",status="200"';
    const before = sample(await scrape(), 'partner_panel_http_request_duration_seconds_bucket', labels);
    await reseller.api.dashboard();
    await reseller.api.dashboard();
    const text = await scrape();
    expect(sample(text, 'partner_panel_http_request_duration_seconds_bucket', labels)).toBe(before + 2);
    expect(text).toContain('partner_panel_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/dashboard",status="200"}');
  });

  it('counts wallet debits and credits once committed, in movements and cents', async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const before = await scrape();
    await reseller.api.generateCoupons({ quantity: 2, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'MET' });
    const after = await scrape();
    expect(sample(after, 'partner_panel_wallet_movements_total', 'direction="debit"')).toBe(sample(before, 'partner_panel_wallet_movements_total', 'direction="debit"') + 1);
    expect(sample(after, 'partner_panel_wallet_cents_total', 'direction="debit"')).toBeGreaterThan(sample(before, 'partner_panel_wallet_cents_total', 'direction="debit"'));
  });

  it('counts sign-in failures and lockouts', async () => {
    const before = await scrape();
    for (let i = 0; i < 4; i++) await t.post('/api/login', { email: 'admin@demo.partner-panel.test', password: 'Wrong!Password1' });
    const after = await scrape();
    expect(sample(after, 'partner_panel_sign_in_failures_total')).toBe(sample(before, 'partner_panel_sign_in_failures_total') + 3);
    expect(sample(after, 'partner_panel_sign_in_lockouts_total')).toBe(sample(before, 'partner_panel_sign_in_lockouts_total') + 1);
  });

  it('reports the pool, the background workers and their backlog (mail: delivery lag)', async () => {
    await t.client().forgotPassword({ email: 'nobody-here@example.com' });
    const text = await scrape();
    expect(sample(text, 'partner_panel_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
    expect(text).toMatch(/^partner_panel_db_pool_connections\{state="waiting"\} \d+$/m);
    expect(sample(text, 'partner_panel_worker_running', 'worker="mail"')).toBe(1);
    expect(text).toMatch(/^partner_panel_queue_depth\{worker="mail"\} \d+$/m);
    expect(text).toMatch(/^partner_panel_queue_oldest_age_seconds\{worker="mail"\} [\d.]+$/m);
    // The durable job queue (webhook deliveries) reports through the same registry.
    expect(sample(text, 'partner_panel_worker_running', 'worker="queue"')).toBe(t.app.ctx.config.jobWorkers > 0 ? 1 : 0);
    expect(sample(text, 'partner_panel_draining')).toBe(0);
    expect(text).toContain('partner_panel_realtime_messages_total');
    expect(text).toContain('partner_panel_mail_delivery_failures_total');
    expect(text).toContain('partner_panel_process_resident_memory_bytes');
  });
});
