/** Applies a partner's look: the accent colour (with readable text on it), light, dark or the system's. */
import type { Look } from './options';

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/\w/g, (c) => c + c) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? '#111' : '#fff';
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
