/**
 * Sandbox (002 §2 "API Playground"): nine endpoints, one panel at a time, chosen by the path
 * (integration/sandbox/{endpoint}; integration/sandbox alone opens the first). Where the spec's
 * playground answered locally after 500 ms, Try it out calls the real sandbox with the reseller's
 * sandbox key. Reseller 903 creates no VPN accounts, so it has neither Create nor Balance.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Card, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { isPartner } from '@partner-panel/data-provider';
import { PageHeader } from '../../../components/PageHeader';
import { TAB_STRIP } from '../../../layout/tabStrip';
import { usePaths } from '../../../routing/usePaths';
import { useSessionUser } from '../../../routing/useSessionUser';
import { ShellPage } from '../../../layout/emptyPages';
import { useGenerateKey, useSecretKeys } from '../secretKeys';
import { ENDPOINTS, ENDPOINT_SLUGS, PARTNER_HIDDEN, type EndpointSlug } from './endpoints';
import { EndpointPanel } from './EndpointPanel';
import type { Trail } from './requests';
import { sandboxClient } from './sandboxClient';
import type { Answer } from './TryItOut';

export default function SandboxPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const links = usePaths();
  const user = useSessionUser();
  const { '*': rest = '' } = useParams();
  const { data: keys, error } = useSecretKeys();
  const [trail, setTrail] = useState<Trail>({ refreshToken: null, user: null });
  const slugs = ENDPOINT_SLUGS.filter((s) => !(isPartner(user) && PARTNER_HIDDEN.includes(s)));
  // A sandbox key sealed under another APP_SECRET comes back masked: it cannot be used here.
  const key = keys && !keys.sandbox.masked ? keys.sandbox.SecretKey : null;
  const client = useMemo(() => sandboxClient(key), [key]);

  if (!user) return null;
  if (isPartner(user) && (PARTNER_HIDDEN as string[]).includes(rest)) return <Navigate to={`${links.sandbox}/${slugs[0]}`} replace />;
  if (rest !== '' && !(slugs as string[]).includes(rest)) return <ShellPage />;
  const slug = (rest === '' ? slugs[0] : rest) as EndpointSlug;

  function learn(from: EndpointSlug, answer: Answer) {
    if ('failure' in answer || answer.status >= 300) return;
    const body = (answer.body as { body?: unknown }).body as Record<string, unknown> | Record<string, unknown>[];
    const found = Array.isArray(body) ? body[0] : from === 'create' || from === 'update-email' ? body : undefined;
    setTrail((t) => ({
      refreshToken: typeof (body as { RefreshToken?: unknown }).RefreshToken === 'string' ? ((body as { RefreshToken: string }).RefreshToken) : t.refreshToken,
      user: found && typeof found.userId === 'number' ? { userId: found.userId, email: String(found.email) } : t.user,
    }));
  }

  return (
    <>
      <PageHeader title={translate('pp.sandbox.title')} />
      <Typography sx={{ mb: 2, maxWidth: 760 }}>{translate('pp.sandbox.intro')}</Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('pp.keys.fetch_failed', { reason: error.message })}
        </Alert>
      ) : keys && !key ? (
        <NoSandboxKey masked={keys.sandbox.masked} />
      ) : null}
      <Card>
        <Tabs
          value={slug}
          onChange={(_, s: EndpointSlug) => navigate(`${links.sandbox}/${s}`)}
          aria-label={translate('pp.sandbox.endpoints')}
          {...TAB_STRIP}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {slugs.map((s) => (
            <Tab key={s} value={s} label={translate(`pp.sandbox.endpoint.${s.replace('-', '_')}`)} />
          ))}
        </Tabs>
        <EndpointPanel key={slug} endpoint={ENDPOINTS[slug]} secretKey={key} trail={trail} client={client} onAnswer={(a) => learn(slug, a)} />
      </Card>
    </>
  );
}

/** No sandbox key yet: the examples hold a placeholder, and the calls wait for a key made here or on the key page. */
function NoSandboxKey({ masked }: { masked: boolean }) {
  const translate = useTranslate();
  const links = usePaths();
  const { busy, generate } = useGenerateKey();
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="sandbox-no-key">
      <Box sx={{ mb: 1 }}>{translate(masked ? 'pp.sandbox.key_unreadable' : 'pp.sandbox.no_key')}</Box>
      {masked ? (
        <Button component={Link} to={links.keys} size="small" variant="outlined">
          {translate('pp.nav.keys')}
        </Button>
      ) : (
        <Button size="small" variant="contained" disabled={busy} onClick={() => void generate('sandbox')}>
          {translate(busy ? 'pp.keys.generating' : 'pp.sandbox.generate_key')}
        </Button>
      )}
    </Alert>
  );
}
