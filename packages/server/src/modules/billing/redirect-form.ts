/**
 * The HTML form a redirect payment answers (002 §4: 400002 with a form the browser auto-submits):
 * a GET form to the provider's approval page, its query carried as hidden fields. Every value is
 * escaped, and only an http(s) address is accepted, so a provider's answer cannot inject markup.
 */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function redirectForm(approveUrl: string): string {
  const url = new URL(approveUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`refusing to redirect to ${url.protocol}`);
  const fields = [...url.searchParams].map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`);
  return `<form id="payment-redirect" method="get" action="${escape(url.origin + url.pathname)}">${fields.join('')}</form>`;
}
