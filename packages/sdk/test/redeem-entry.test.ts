/**
 * The light entry the redeem widget imports stays free of zod and of the contract, and the embed
 * settings' rules say what is wrong in words a reseller can act on.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isEmbedOrigin, redeemEmbedInput } from '../src/index.js';

function importsOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/^(?:import|export)\s(?!type\b)[^'"]*from\s+'([^']+)'/gm)) {
    if (!spec) continue;
    if (!spec.startsWith('.')) seen.add(spec);
    else importsOf(resolve(dirname(file), spec.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('@partner-panel/sdk/redeem', () => {
  it('imports neither zod nor the contract', () => {
    const graph = [...importsOf(fileURLToPath(new URL('../src/redeem.ts', import.meta.url)))];
    expect(graph.filter((m) => !m.startsWith('/'))).toEqual([]);
    expect(graph.some((m) => m.includes('/calls/') || m.endsWith('/rules.ts') || m.endsWith('/messages.ts'))).toBe(false);
  });
});

describe('embed settings', () => {
  it('accepts origins as frame-ancestors takes them', () => {
    for (const ok of ['https://shop.example.com', 'http://localhost:8080', 'https://*.example.com', 'http://127.0.0.1:3000']) expect(isEmbedOrigin(ok), ok).toBe(true);
    for (const bad of ['shop.example.com', 'https://example.com/page', 'ftp://example.com', 'https://ex ample.com', "https://example.com 'unsafe-inline'", 'https://example.com:99999', 'https://*']) {
      expect(isEmbedOrigin(bad), bad).toBe(false);
    }
  });

  it('normalises and checks the form', () => {
    const parsed = redeemEmbedInput.parse({ allowed_origins: [' HTTPS://Shop.Example.com/ ', 'https://shop.example.com'], accent: '#1565C0', theme: 'dark', language: 'de' });
    expect(parsed).toEqual({ allowed_origins: ['https://shop.example.com'], accent: '#1565c0', theme: 'dark', language: 'de' });
    // Left out, the snippets name no language: the visitor's browser language.
    expect(redeemEmbedInput.parse({ allowed_origins: [], accent: '' })).toEqual({ allowed_origins: [], accent: null, theme: 'light', language: 'auto' });
    // Every language the product speaks, the one with a region too, and English forced.
    for (const language of ['en', 'es', 'pt-BR', 'ru', 'ar']) expect(redeemEmbedInput.parse({ allowed_origins: [], language }).language).toBe(language);
    expect(redeemEmbedInput.safeParse({ allowed_origins: [], language: 'pt' }).success).toBe(false);
    const bad = redeemEmbedInput.safeParse({ allowed_origins: ['https://example.com/page'], accent: 'blue' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Enter an origin such as https://www.example.com: scheme, host and port only.',
      'Enter a colour such as #1565c0.',
    ]);
    const many = redeemEmbedInput.safeParse({ allowed_origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`) });
    expect(many.error?.issues[0]?.message).toBe('At most 20 origins.');
  });
});
