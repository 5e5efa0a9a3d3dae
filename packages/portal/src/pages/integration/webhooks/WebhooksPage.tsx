/**
 * Integration → Webhooks: the reseller's endpoints of either mode — add one (URL and event types;
 * its signing secret shown once), disable or enable, rotate the secret (the previous one signs for
 * 24 hours more), send a test event, delete — and each endpoint's delivery log with every attempt
 * (time, status, latency, the first kilobyte of the answer) and Resend.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { isPartner, type PortalDataProvider } from '@partner-panel/data-provider';
import { WEBHOOK_EVENT_TYPES, type KeyMode, type WebhookEndpoint, type WebhookEventType } from '@partner-panel/sdk';
import { CopyButton } from '../../../components/CopyButton';
import { serverFieldErrors } from '../../../components/serverErrors';
import { PageHeader } from '../../../components/PageHeader';
import { SubmitButton } from '../../../components/SubmitButton';
import { onFirstClick, useSubmission, type Submission } from '../../../components/useSubmission';
import { useSessionUser } from '../../../routing/useSessionUser';

const ENDPOINTS = 'webhook-endpoints';

/**
 * A webhook action: toasts the server's sentence, refreshes the endpoints, and answers the body or
 * null on a refusal. Once per intent (../../../components/useSubmission): `busy` holds while it is
 * on its way and a repeat meanwhile is dropped; `what` names the action (the same action sent again
 * within a second is the same intent), and its call carries the submission's Idempotency-Key, so a
 * double-clicked "Add endpoint" makes one endpoint and shows its secret.
 * A refusal `inline` takes (shows beside its field) is not toasted.
 */
function useAct(inline?: (error: unknown) => boolean) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const act = async <T,>(call: (once: Submission) => Promise<{ body: T; message: string }>, what: unknown = null): Promise<T | null> => {
    const body = await submission.run(what, async (once) => {
      try {
        const answer = await call(once);
        notify(answer.message, { type: 'success' });
        return answer.body;
      } catch (error) {
        if (!inline?.(error)) notify((error as Error).message, { type: 'error' });
        return null;
      } finally {
        void queryClient.invalidateQueries({ queryKey: [ENDPOINTS] });
      }
    });
    return body ?? null;
  };
  return { act, busy: submission.busy };
}

function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{translate('pp.webhooks.secret_title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('pp.webhooks.secret_help')}</Typography>
        <Box component="code" data-testid="webhook-secret" sx={{ display: 'block', wordBreak: 'break-all', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, mb: 2 }}>
          {secret}
        </Box>
        {secret ? <CopyButton text={secret} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pp.webhooks.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function AddEndpoint({ mode, onSecret }: { mode: KeyMode; onSecret: (secret: string) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // The server's sentence about the URL (empty, too long, refused on this server) shows under its field.
  const [urlError, setUrlError] = useState<string | null>(null);
  const { act, busy } = useAct((error) => {
    const said = serverFieldErrors(error).url;
    if (said) setUrlError(said);
    return Boolean(said);
  });
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const toggle = (type: WebhookEventType) => setTypes((held) => (held.includes(type) ? held.filter((t) => t !== type) : [...held, type]));
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setUrlError(null);
          void act((once) => dataProvider.createWebhookEndpoint({ mode, url, event_types: types }, once), { mode, url, types }).then((made) => {
            if (!made) return;
            setUrl('');
            setTypes([]);
            onSecret(made.secret);
          });
        }}
      >
        <TextField
          label={translate('pp.webhooks.url')}
          error={urlError !== null}
          helperText={urlError ?? translate('pp.webhooks.url_help')}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setUrlError(null);
          }}
          fullWidth
          sx={{ mb: 2 }}
        />
        <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
          {translate('pp.webhooks.types')}
        </Typography>
        <FormGroup row sx={{ mb: 2 }}>
          <FormControlLabel control={<Checkbox checked={types.length === 0} onChange={() => setTypes([])} />} label={translate('pp.webhooks.all_types')} />
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel key={type} control={<Checkbox checked={types.includes(type)} onChange={() => toggle(type)} />} label={type} />
          ))}
        </FormGroup>
        <SubmitButton label="pp.webhooks.add" busy={busy} />
      </CardContent>
    </Card>
  );
}

function Deliveries({ endpointId }: { endpointId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { act, busy } = useAct();
  const queryClient = useQueryClient();
  const { data, refetch } = useQuery({ queryKey: [ENDPOINTS, 'deliveries', endpointId], queryFn: () => dataProvider.webhookDeliveries(endpointId) });
  return (
    <Box sx={{ mt: 2 }} data-testid={`deliveries-${endpointId}`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="subtitle1">
          {translate('pp.webhooks.deliveries')}
        </Typography>
        {/* The endpoint's own state (failing since…) changes with its deliveries: both are read again. */}
        <Button size="small" onClick={() => void queryClient.invalidateQueries({ queryKey: [ENDPOINTS] })}>
          {translate('pp.webhooks.refresh')}
        </Button>
      </Stack>
      {data && data.data.length === 0 ? <Typography color="text.secondary">{translate('pp.webhooks.no_deliveries')}</Typography> : null}
      {data?.data.map((d) => (
        <Box key={d.id} data-testid="delivery" sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontFamily: 'monospace' }}>{d.event_type}</Typography>
            <Chip size="small" label={translate(`pp.webhooks.status_${d.status}`)} color={d.status === 'succeeded' ? 'success' : d.status === 'failed' ? 'error' : 'default'} />
            <Typography variant="body2" color="text.secondary">
              {d.event_id}
            </Typography>
            <Button size="small" disabled={busy} onClick={() => void act(() => dataProvider.resendWebhookDelivery(d.id), { resend: d.id }).then(() => setTimeout(() => void refetch(), 1500))}>
              {translate('pp.webhooks.resend')}
            </Button>
          </Stack>
          {d.attempts.map((a, i) => (
            <Box key={i} data-testid="attempt" sx={{ pl: 2 }}>
              <Typography variant="body2">
                {translate('pp.webhooks.attempt', {
                  time: new Date(a.attempted_at).toLocaleString(),
                  status: a.status_code ?? translate('pp.webhooks.no_answer'),
                  latency: a.latency_ms,
                })}
              </Typography>
              {a.response ? (
                <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', color: 'text.secondary' }}>
                  {a.response}
                </Box>
              ) : null}
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { act, busy } = useAct();
  const [confirming, setConfirming] = useState(false);
  const enabled = endpoint.status === 'enabled';
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="webhook-endpoint">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{endpoint.url}</Typography>
          <Chip
            size="small"
            color={enabled ? 'success' : 'default'}
            label={enabled ? translate('pp.webhooks.enabled') : endpoint.disabled_reason === 'failing' ? translate('pp.webhooks.disabled_failing') : translate('pp.webhooks.disabled')}
          />
          {enabled && endpoint.failing_since ? (
            <Chip size="small" color="warning" label={translate('pp.webhooks.failing_since', { since: new Date(endpoint.failing_since).toLocaleString() })} />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {endpoint.event_types.length ? endpoint.event_types.join(', ') : translate('pp.webhooks.all_types')}
        </Typography>
        {endpoint.secret_rotating_until ? (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('pp.webhooks.rotating_until', { until: new Date(endpoint.secret_rotating_until).toLocaleString() })}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="outlined" disabled={!enabled || busy} onClick={() => void act(() => dataProvider.testWebhookEndpoint(endpoint.id), 'test')}>
            {translate('pp.webhooks.test')}
          </Button>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => void act(() => dataProvider.updateWebhookEndpoint({ endpointId: endpoint.id, status: enabled ? 'disabled' : 'enabled' }), { status: enabled ? 'disabled' : 'enabled' })}>
            {enabled ? translate('pp.webhooks.disable') : translate('pp.webhooks.enable')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={onFirstClick(
              () =>
                void act((once) => dataProvider.rotateWebhookSecret(endpoint.id, once), 'rotate').then((rotated) => {
                  if (rotated) onSecret(rotated.secret);
                }),
            )}
          >
            {translate('pp.webhooks.rotate')}
          </Button>
          <Button size="small" color="error" variant="outlined" disabled={busy} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
            {translate('pp.webhooks.delete')}
          </Button>
        </Stack>
        <Deliveries endpointId={endpoint.id} />
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>{translate('pp.webhooks.delete_confirm')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('pp.webhooks.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirming(false);
              void act(() => dataProvider.deleteWebhookEndpoint(endpoint.id), 'delete');
            }}
          >
            {translate('pp.webhooks.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

export default function WebhooksPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [mode, setMode] = useState<KeyMode>('live');
  const [secret, setSecret] = useState<string | null>(null);
  // Reseller 903 has no wallet: its introduction names no wallet event.
  const partner = isPartner(useSessionUser());
  const { data, error } = useQuery({ queryKey: [ENDPOINTS, mode], queryFn: () => dataProvider.webhookEndpoints(mode) });
  return (
    <>
      <PageHeader title={translate('pp.nav.webhooks')} />
      <Typography sx={{ mb: 3, maxWidth: 760 }}>{translate(partner ? 'pp.webhooks.intro_partner' : 'pp.webhooks.intro')}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Typography id="webhook-mode-label">{translate('pp.webhooks.mode')}</Typography>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_e, next: KeyMode | null) => next && setMode(next)} aria-labelledby="webhook-mode-label">
          <ToggleButton value="live">{translate('pp.webhooks.live')}</ToggleButton>
          <ToggleButton value="sandbox">{translate('pp.webhooks.sandbox')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <AddEndpoint mode={mode} onSecret={setSecret} />
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {data && data.length === 0 ? <Typography color="text.secondary">{translate('pp.webhooks.none')}</Typography> : null}
      {data?.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />)}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
