/**
 * The profile's language and time zone (issue 36): the portal shows itself in them, and the
 * e-mails and PDF invoices sent to this person are written in the language. An empty time zone is
 * this browser's.
 */
import { Card, CardContent, Typography } from '@mui/material';
import { AutocompleteInput, SelectInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { contract, LOCALES, LOCALE_NAMES } from '@partner-panel/sdk';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { SchemaForm } from '../../components/SchemaForm';
import { SubmitButton } from '../../components/SubmitButton';
import { serverFieldErrors } from '../../components/serverErrors';
import { chooseLocale } from '../../i18n';
import { currentLocale } from '../../i18n/locale';
import { flash } from '../../routing/flash';
import { useSessionUser } from '../../routing/useSessionUser';

const zones = Intl.supportedValuesOf('timeZone').map((id) => ({ id, name: id.replaceAll('_', ' ') }));
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function PreferencesCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('pp.preferences.title')}
        </Typography>
        <SchemaForm
          schema={contract.updatePreferences.body}
          defaultValues={{ locale: user.member.locale ?? currentLocale(), time_zone: user.member.time_zone ?? null }}
          onSubmit={async (values, once) => {
            try {
              await dataProvider.updatePreferences(values, once);
              if (values.locale && values.locale !== currentLocale()) {
                // react-admin shows the app anew in another language, toasts and all: the toast is
                // left for it (as a key, worded in the new language), as an account switch leaves one.
                flash.set('pp.preferences.saved');
                await chooseLocale(values.locale);
              } else notify('pp.preferences.saved', { type: 'success' });
              return undefined;
            } catch (error) {
              notify((error as Error).message, { type: 'error' });
              return serverFieldErrors(error);
            }
          }}
        >
          <SelectInput source="locale" label="pp.preferences.language" choices={LOCALES.map((id) => ({ id, name: LOCALE_NAMES[id] }))} fullWidth helperText={false} />
          <AutocompleteInput
            source="time_zone"
            label="pp.preferences.time_zone"
            choices={zones}
            fullWidth
            parse={(value: string | null) => value || null}
            helperText={translate('pp.preferences.time_zone_help', { zone: browserZone })}
          />
          <SubmitButton label="pp.preferences.save" />
        </SchemaForm>
      </CardContent>
    </Card>
  );
}
