/** Applies a partner's look: the accent colour (with readable text on it), light, dark or the system's. */
import type { Look } from './options';

/** Black or white, whichever reads better on the colour (perceived brightness, as WCAG 1 put it). */
function textOn(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/\w/g, (c) => c + c) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  return r * 299 + g * 587 + b * 114 > 150_000 ? '#111' : '#fff';
}

const dark = window.matchMedia('(prefers-color-scheme: dark)');

export function applyLook(look: Look, partner: boolean) {
  const root = document.documentElement;
  root.classList.toggle('partner', partner);
  if (look.accent) {
    root.style.setProperty('--accent', look.accent);
    root.style.setProperty('--on-accent', textOn(look.accent));
  }
  if (look.theme) {
    dark.onchange = () => applyLook(look, partner);
    root.dataset.theme = look.theme === 'auto' ? (dark.matches ? 'dark' : 'light') : look.theme;
  }
}
