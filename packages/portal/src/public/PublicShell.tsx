/**
 * The frame of the signed-out pages other than /login (which has a light one, ./frame): theme,
 * translations, toasts, and a centred card.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, CssBaseline, Snackbar, ThemeProvider, Typography } from '@mui/material';
import { I18nContext, useTranslate } from 'ra-core';
import { publicI18nProvider } from '../i18n/public';
import { lightTheme } from '../theme';

type Toast = { message: string; severity: 'success' | 'error' | 'info' };
const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

/** Shows a toast on a public page (the register, verify and forgot flows toast, 000 §8). */
export const useToast = () => useContext(ToastContext);

export function Providers({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback((t: Toast) => setToast(t), []);
  return (
    <ThemeProvider theme={lightTheme}>
      <CssBaseline />
      <I18nContext.Provider value={publicI18nProvider}>
        <ToastContext.Provider value={show}>
          {children}
          <Snackbar
            open={toast !== null}
            autoHideDuration={6000}
            onClose={() => setToast(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          >
            {toast ? (
              <Alert variant="filled" severity={toast.severity} onClose={() => setToast(null)} data-testid="toast">
                {toast.message}
              </Alert>
            ) : undefined}
          </Snackbar>
        </ToastContext.Provider>
      </I18nContext.Provider>
    </ThemeProvider>
  );
}

function Brand() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3, justifyContent: 'center' }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 40, height: 40 }}/>
      <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
        {translate('pp.app.name')}
      </Typography>
    </Box>
  );
}

export default function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center', bgcolor: 'background.default', px: 2, py: { xs: 4, sm: 6 } }}>
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Brand />
          <Card>
            <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
          </Card>
        </Box>
      </Box>
    </Providers>
  );
}

/** Title and subtitle of a public card. */
export function CardTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}
