import { publicI18nProvider } from '../i18n/public';

/**
 * What shows while a page's code loads: the spinner index.html shows before any code runs (its
 * styles are in the page itself), so it needs no stylesheet and no MUI to appear. Outside any
 * translation context, so it asks the provider itself.
 */
export function FullPageSpinner() {
  return (
    <div aria-busy="true">
      <div className="pp-spinner" role="progressbar" aria-label={publicI18nProvider.translate('pp.app.loading')} />
    </div>
  );
}
