/**
 * The user menu's language list (issue 36): each language in its own words, the shown one checked.
 * A choice shows at once and is saved on the person, so the e-mails and invoices sent to them
 * follow it; should saving fail, the language still shows here and the menu says so.
 */
import { useState, useSyncExternalStore } from 'react';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import LanguageIcon from '@mui/icons-material/Language';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { LOCALES, LOCALE_NAMES, type Locale } from '@partner-panel/sdk';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { chooseLocale } from '../i18n';
import { currentLocale, subscribeLocale } from '../i18n/locale';

export function LanguageMenu({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const shown = useSyncExternalStore(subscribeLocale, currentLocale);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = async (locale: Locale) => {
    setAnchor(null);
    onClose();
    if (locale === shown) return;
    try {
      await chooseLocale(locale);
      await dataProvider.updatePreferences({ locale });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <>
      <MenuItem onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" aria-expanded={anchor !== null} data-testid="language-menu">
        <ListItemIcon>
          <LanguageIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={translate('pp.preferences.menu', { language: LOCALE_NAMES[shown] })} />
      </MenuItem>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((locale) => (
          <MenuItem key={locale} lang={locale} selected={locale === shown} onClick={() => void choose(locale)} data-testid={`language-${locale}`}>
            <ListItemIcon>{locale === shown ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={LOCALE_NAMES[locale]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
