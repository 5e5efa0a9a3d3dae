/**
 * Sign-in's setup step (`errors.twoFactorSetupRequired`) with the MUI theme and translations it is written for
 * (its QR code and recovery codes are the profile's): loaded only by the few accounts that reach
 * it, so /login itself carries no MUI.
 */
import { CssBaseline, ThemeProvider } from '@mui/material';
import { I18nContext } from 'ra-core';
import { totpCode } from '@partner-panel/sdk';
import { publicI18nProvider } from '../i18n/public';
import { lightTheme } from '../theme';
import { SecondFactorSetup } from './SecondFactorSetup';

export default function SecondFactorSetupStep(props: { challenge: string; onDone: () => void; onError: (message: string) => void }) {
  return (
    <ThemeProvider theme={lightTheme}>
      <CssBaseline />
      <I18nContext.Provider value={publicI18nProvider}>
        <SecondFactorSetup {...props} schema={totpCode} />
      </I18nContext.Provider>
    </ThemeProvider>
  );
}
