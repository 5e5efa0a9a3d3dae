/**
 * The operator's audit log (issue 35), in a browser against the real server: the demo operator
 * changes a catalogue price, and the Audit log tab shows it with the person (name and e-mail), the
 * action, the product and the prices before and after; the action filter keeps it, a reversed date
 * range is refused beside its end in our words, and Export CSV downloads the filtered lines.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const OPERATOR = 'operator@demo.partner-panel.test';

describe("the operator's audit log", () => {
  it('shows a catalogue price change with the person who made it, filters it, and exports it', async () => {
    const operator = await newTab(server.url);
    const op = operator.page;
    await signIn(op, OPERATOR, undefined, /\/operator\/catalogue$/);
    await op.getByRole('heading', { name: 'Catalogue' }).waitFor();
    const monthly = op.getByTestId('catalogue-product').filter({ hasText: 'Monthly Plan (1 Month), recurring' });
    await monthly.getByRole('button', { name: 'Change price of Monthly Plan (1 Month), recurring' }).click();
    const dialog = op.getByRole('dialog');
    await dialog.getByLabel('New price (USD)').fill('3.75');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await op.getByText('The catalogue was changed.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await op.getByRole('tab', { name: 'Audit log' }).click();
    await op.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const rows = op.getByTestId('audit-row');
    const price = rows.filter({ hasText: 'Catalogue: price' });
    await expect.poll(() => price.count()).toBe(1);
    const text = (await price.first().textContent()) ?? '';
    for (const part of ['Olivia Operator', OPERATOR, 'product #101', 'price_cents: 300', 'price_cents: 375']) expect(text).toContain(part);
    await capture(op, 'operator-audit');

    // The action filter keeps the price change alone.
    const filters = op.getByTestId('audit-filters');
    await filters.getByLabel('Action').click();
    await op.getByRole('option', { name: 'Catalogue: price' }).click();
    await expect.poll(() => rows.count()).toBe(1);

    // A reversed range is refused beside its end; the list stays as it was.
    await filters.getByLabel('From', { exact: true }).fill('2030-01-02');
    await filters.getByLabel('To', { exact: true }).fill('2030-01-01');
    await filters.getByText('The end date must not be before the start date').waitFor();
    expect(await rows.count()).toBe(1);
    await filters.getByLabel('From', { exact: true }).fill('');
    await filters.getByLabel('To', { exact: true }).fill('');

    // Export CSV: the same filter, as a file.
    const [file] = await Promise.all([op.waitForEvent('download'), op.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-audit-log\.csv$/);
    const lines = readFileSync(String(await file.path()), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('Time,Action,Person,Person Email,Target,Before,After,Details,IP');
    expect(lines.slice(1).every((l) => l.includes(',catalogue.price,'))).toBe(true);
    expect(lines.slice(1).some((l) => l.includes('Olivia Operator,operator@demo.partner-panel.test,product #101'))).toBe(true);
    expectNoProblems(operator);
  });
});
