/**
 * /{custom_url}/integration/form: the reseller's embed builder (002 §2, ours). The origins allowed
 * to frame its redeem page (CSP frame-ancestors; none: any site), the theme its snippets carry,
 * a live preview of the page with that theme, and the snippets themselves — a SchemaForm over the
 * contract's schema.
 */
import { Alert, Box, Card, CardContent, CircularProgress, Grid, InputAdornment, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { SelectInput, TextArrayInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { LOCALE_NAMES, REDEEM_EMBED, redeemEmbedInput, type RedeemEmbed, type SnippetLanguage, type RedeemTheme } from '@partner-panel/sdk';
import { dataProvider } from '../../../providers';
import { PageHeader } from '../../../components/PageHeader';
import { SchemaForm, type FormValues } from '../../../components/SchemaForm';
import type { Submission } from '../../../components/useSubmission';
import { messageOf, serverFieldErrors } from '../../../components/serverErrors';
import { SubmitButton } from '../../../components/SubmitButton';
import { useRedeemEmbed } from '../../dashboard/redeem/RedeemEmbedPage';
import { iframeSnippet, pageUrl, scriptSnippet, type Look } from '../../dashboard/redeem/snippets';
import { SnippetBox } from '../../dashboard/redeem/SnippetBox';
import { PreviewFrame } from './PreviewFrame';

/** The preview loads the page from this very server, whatever address the snippets name. */
function previewUrl(embed: RedeemEmbed, look: Look) {
  const url = new URL(pageUrl(embed, look));
  return new URL(url.pathname + url.search, window.location.origin).href;
}

/** The first message under the origins list (the schema names the bad entry's index). */
function OriginsHelp() {
  const translate = useTranslate();
  const { errors } = useFormState({ name: 'allowed_origins' });
  const list = errors.allowed_origins as unknown as ({ message?: string } | undefined)[] | { message?: string } | undefined;
  const first = Array.isArray(list) ? list.find((e) => e?.message)?.message : list?.message;
  return <>{first ?? translate('pp.builder.origins_help')}</>;
}

function LiveParts({ embed }: { embed: RedeemEmbed }) {
  const translate = useTranslate();
  const [accent, theme, language] = useWatch({ name: ['accent', 'theme', 'language'] }) as [string | null, RedeemTheme, SnippetLanguage];
  const look: Look = { accent, theme, language };
  return (
    <>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <SnippetBox id="iframe" label={translate('pp.embed.iframe')} help={translate('pp.embed.iframe_help')} code={iframeSnippet(embed, look)} />
          <SnippetBox id="script" label={translate('pp.embed.script')} help={translate('pp.embed.script_help')} code={scriptSnippet(embed, look)} />
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('pp.builder.preview')}
      </Typography>
      <Box sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <PreviewFrame url={previewUrl(embed, look)} title={translate('pp.builder.preview')} />
      </Box>
    </>
  );
}

function AccentSwatch() {
  const accent = useWatch({ name: 'accent' }) as string | null;
  const shown = accent && REDEEM_EMBED.accentPattern.test(accent) ? accent : 'transparent';
  return <Box aria-hidden sx={{ width: 20, height: 20, borderRadius: '50%', border: 1, borderColor: 'divider', bgcolor: shown }} />;
}

export default function EmbedBuilderPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: embed, error } = useRedeemEmbed();

  async function save(values: FormValues<typeof redeemEmbedInput>, once: Submission) {
    try {
      const { body, message } = await dataProvider.saveRedeemEmbed(values, once);
      queryClient.setQueryData(['redeemEmbed'], body);
      notify(message, { type: 'success' });
    } catch (failure) {
      notify(messageOf(failure, translate('pp.errors.update')), { type: 'error' });
      return serverFieldErrors(failure);
    }
  }

  return (
    <>
      <PageHeader title={translate('pp.nav.redeem_form')} />
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {!embed ? (
        error ? null : <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <SchemaForm
          schema={redeemEmbedInput}
          defaultValues={{ allowed_origins: embed.allowed_origins, accent: embed.accent ?? '', theme: embed.theme, language: embed.language }}
          onSubmit={save}
        >
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 5 }}>
              <Card>
                <CardContent>
                  <Typography sx={{ mb: 2 }}>{translate(embed.partner ? 'pp.embed.intro_partner' : 'pp.builder.intro')}</Typography>
                  <TextArrayInput
                    source="allowed_origins"
                    label={translate('pp.builder.origins')}
                    helperText={<OriginsHelp />}
                  />
                  <TextInput
                    source="accent"
                    label={translate('pp.builder.accent')}
                    helperText={translate('pp.builder.accent_help')}
                    placeholder="#1565c0"
                    slotProps={{ input: { startAdornment: <InputAdornment position="start"><AccentSwatch /></InputAdornment> } }}
                  />
                  <SelectInput
                    source="theme"
                    label={translate('pp.builder.theme')}
                    choices={REDEEM_EMBED.themes.map((id) => ({ id, name: translate(`pp.builder.theme_${id}`) }))}
                    helperText={false}
                  />
                  <SelectInput source="language" label={translate('pp.builder.language')} choices={REDEEM_EMBED.snippetLanguages.map((id) => ({ id, name: id === 'auto' ? translate('pp.builder.language_auto') : LOCALE_NAMES[id] }))} helperText={false} />
                  <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
                    {translate('pp.builder.save_help')}
                  </Typography>
                  <SubmitButton label="pp.builder.save" />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <LiveParts embed={embed} />
            </Grid>
          </Grid>
        </SchemaForm>
      )}
    </>
  );
}
