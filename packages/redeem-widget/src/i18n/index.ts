/**
 * The page's language: English is built in; another one is fetched as a small JSON file of its own
 * only when it is the one shown (a fetch, not an import: no loader code in the bundle).
 */
import type { RedeemLanguage } from '@partner-panel/sdk/redeem';
import { en, type Strings } from './en';
import es from './es.json?url';
import fr from './fr.json?url';
import de from './de.json?url';
import ptBR from './pt-BR.json?url';
import ru from './ru.json?url';
import ar from './ar.json?url';

const files: Record<Exclude<RedeemLanguage, 'en'>, string> = { es, fr, de, 'pt-BR': ptBR, ru, ar };

export async function stringsFor(language: RedeemLanguage): Promise<Strings> {
  if (language === 'en') return en;
  try {
    return { ...en, ...((await (await fetch(files[language])).json()) as Partial<Strings>) };
  } catch {
    return en;
  }
}

/** Fills `{name}` placeholders. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

export { en, type Strings };
