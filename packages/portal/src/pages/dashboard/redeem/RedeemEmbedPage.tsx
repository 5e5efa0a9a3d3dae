/**
 * /{custom_url}/dashboard/redeem (002 §2 Redeem embed code): the iframe snippet and the script
 * snippet of the reseller's redeem page, with copy buttons. Reseller 903's screen is its partner
 * page's: the snippets point to /redeem/brainrocket.
 */
import { Alert, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useBasename, useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { dataProvider } from '../../../providers';
import { paths } from '../../../routing/paths';
import { PageHeader } from '../../../components/PageHeader';
import { iframeSnippet, scriptSnippet } from './snippets';
import { SnippetBox } from './SnippetBox';

export const useRedeemEmbed = () => useQuery({ queryKey: ['redeemEmbed'], queryFn: () => dataProvider.redeemEmbed() });

export default function RedeemEmbedPage() {
  const translate = useTranslate();
  const base = useBasename();
  const { data: embed, error } = useRedeemEmbed();
  return (
    <>
      <PageHeader title={translate('pp.nav.redeem_embed')} />
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {!embed ? (
        error ? null : <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Card>
          <CardContent>
            <Typography sx={{ mb: 3 }}>{translate(embed.partner ? 'pp.embed.intro_partner' : 'pp.embed.intro')}</Typography>
            <SnippetBox id="iframe" label={translate('pp.embed.iframe')} help={translate('pp.embed.iframe_help')} code={iframeSnippet(embed, embed)} />
            <SnippetBox id="script" label={translate('pp.embed.script')} help={translate('pp.embed.script_help')} code={scriptSnippet(embed, embed)} />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate(embed.allowed_origins.length ? 'pp.embed.allowed' : 'pp.embed.anyone', { origins: embed.allowed_origins.join(', ') })}
            </Typography>
            <Button component={Link} to={paths(base).integrationForm} variant="contained">
              {translate('pp.embed.customise')}
            </Button>
          </CardContent>
        </Card>
      )}
    </>
  );
}
