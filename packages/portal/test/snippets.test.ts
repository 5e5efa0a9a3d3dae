/** The redeem embed's snippets (002 §2, ours): the language they name, or none for the visitor's own. */
import { describe, expect, it } from 'vitest';
import { iframeSnippet, pageUrl, scriptSnippet } from '../src/pages/dashboard/redeem/snippets';

const embed = { page_url: 'https://panel.example.com/redeem?reseller=shop', script_url: 'https://panel.example.com/redeem.js', partner: false };

describe("the snippets' language", () => {
  it("names none for the visitor's browser language (auto), the page then speaking the visitor's", () => {
    expect(scriptSnippet(embed, { language: 'auto' })).toBe('<script src="https://panel.example.com/redeem.js" data-reseller="shop" async></script>');
    expect(pageUrl(embed, { language: 'auto' })).toBe('https://panel.example.com/redeem?reseller=shop');
  });

  it('forces English as it forces any other language', () => {
    expect(scriptSnippet(embed, { language: 'en' })).toBe('<script src="https://panel.example.com/redeem.js" data-reseller="shop" data-lang="en" async></script>');
    expect(iframeSnippet(embed, { language: 'en' })).toContain('src="https://panel.example.com/redeem?reseller=shop&amp;lang=en"');
    expect(pageUrl(embed, { language: 'pt-BR', theme: 'dark' })).toBe('https://panel.example.com/redeem?reseller=shop&theme=dark&lang=pt-BR');
  });
});
