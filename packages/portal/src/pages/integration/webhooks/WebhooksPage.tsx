/**
 * Integration → Webhooks: the reseller's endpoints of either mode — add one (URL and event types;
 * its signing secret shown once), disable or enable, rotate the secret (the previous one signs for
 * 24 hours more), send a test event, delete — and each endpoint's delivery log with every attempt
 * (time, status, latency, the first kilobyte of the answer) and Resend.
 */
import { useEffect, useState } from 'react';
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
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { TextInput } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { canAccess, isPartner, type PortalDataProvider } from '@partner-panel/data-provider';
import { contract, WEBHOOK_EVENT_TYPES, type KeyMode, type WebhookEndpoint, type WebhookEventType } from '@partner-panel/sdk';
import { CopyButton } from '../../../components/CopyButton';
import { useFormat } from '../../../components/format';
import { SchemaForm, type FormControl } from '../../../components/SchemaForm';
import { serverFieldErrors } from '../../../components/serverErrors';
import { PageHeader } from '../../../components/PageHeader';
import { SubmitButton } from '../../../components/SubmitButton';
import { useAnsweredAction } from '../../../components/useAnsweredAction';
import { onFirstClick, type Submission } from '../../../components/useSubmission';
import { useSessionUser } from '../../../routing/useSessionUser';

const ENDPOINTS = 'webhook-endpoints';

/**
 * A webhook action of an endpoint's buttons (test, enable or disable, rotate, delete, resend): a
 * click, not a form. It toasts the server's sentence, refreshes the endpoints, and answers the body
 * or null on a refusal. Once per intent (../../../components/useSubmission): `busy` holds while it
 * is on its way and a repeat meanwhile is dropped; `what` names the action (the same action sent
 * again within a second is the same intent), and a call that takes one carries the submission's
 * Idempotency-Key, so a double-clicked "Rotate secret" rotates once and shows that secret.
 */
function useAct() {
  const queryClient = useQueryClient();
  const { act, busy } = useAnsweredAction(() => void queryClient.invalidateQueries({ queryKey: [ENDPOINTS] }));
  return { act: <T,>(call: (once: Submission) => Promise<{ body: T; message: string }>, what: unknown = null) => act(what, call), busy };
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

/** The contract's body for a new endpoint; the mode is the page's, kept in the form (`ModeValue`). */
const endpointSchema = contract.createWebhookEndpoint.body.pick({ url: true, event_types: true, mode: true });

/**
 * Add endpoint: the URL and the event types, on the contract's schema, submitted once per intent
 * (a double-clicked "Add endpoint" makes one endpoint and shows its secret). The server's sentence
 * about the URL (empty, too long, refused on this server) shows under its field, not in a toast.
 */
function AddEndpoint({ mode, onSecret }: { mode: KeyMode; onSecret: (secret: string) => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function add(values: z.output<typeof endpointSchema>, once: Submission, form: FormControl) {
    try {
      const { body, message } = await dataProvider.createWebhookEndpoint(values, once);
      notify(message, { type: 'success' });
      form.setValue('url', '');
      form.setValue('event_types', []);
      onSecret(body.secret);
      return undefined;
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (!fields.url) notify((error as Error).message, { type: 'error' });
      return fields;
    } finally {
      void queryClient.invalidateQueries({ queryKey: [ENDPOINTS] });
    }
  }

  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <SchemaForm schema={endpointSchema} defaultValues={{ url: '', event_types: [], mode }} onSubmit={add}>
          <ModeValue mode={mode} />
          <TextInput source="url" label="pp.webhooks.url" helperText="pp.webhooks.url_help" fullWidth sx={{ mb: 2 }} />
          <EventTypesInput />
          <SubmitButton label="pp.webhooks.add" />
        </SchemaForm>
      </CardContent>
    </Card>
  );
}

/**
 * The page's mode is the form's too, so that a submission is the same intent (the same
 * Idempotency-Key) only for the same mode.
 */
function ModeValue({ mode }: { mode: KeyMode }) {
  const { setValue } = useFormContext();
  useEffect(() => setValue('mode', mode), [mode, setValue]);
  return null;
}

/** The event types an endpoint receives: "All event types" is the empty list (the contract's). */
function EventTypesInput() {
  const translate = useTranslate();
  const { field } = useController({ name: 'event_types' });
  const types = (field.value ?? []) as WebhookEventType[];
  const toggle = (type: WebhookEventType) => field.onChange(types.includes(type) ? types.filter((t) => t !== type) : [...types, type]);
  return (
    <>
      <Typography component="h2" variant="subtitle2" id="webhook-types-label" sx={{ mb: 1 }}>
        {translate('pp.webhooks.types')}
      </Typography>
      <FormGroup row role="group" aria-labelledby="webhook-types-label" sx={{ mb: 2 }}>
        <FormControlLabel control={<Checkbox checked={types.length === 0} onChange={() => field.onChange([])} />} label={translate('pp.webhooks.all_types')} />
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <FormControlLabel key={type} control={<Checkbox checked={types.includes(type)} onChange={() => toggle(type)} />} label={<span translate="no">{type}</span>} />
        ))}
      </FormGroup>
    </>
  );
}

/** An endpoint's delivery log; `manage` (developers.manage) adds each delivery's Resend. */
function Deliveries({ endpointId, manage }: { endpointId: number; manage: boolean }) {
  const translate = useTranslate();
  const format = useFormat();
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
            <Typography sx={{ fontFamily: 'monospace' }} translate="no">
              {d.event_type}
            </Typography>
            <Chip size="small" label={translate(`pp.webhooks.status_${d.status}`)} color={d.status === 'succeeded' ? 'success' : d.status === 'failed' ? 'error' : 'default'} />
            <Typography variant="body2" color="text.secondary">
              {d.event_id}
            </Typography>
            {manage ? (
              <Button size="small" disabled={busy} onClick={() => void act(() => dataProvider.resendWebhookDelivery(d.id), { resend: d.id }).then(() => setTimeout(() => void refetch(), 1500))}>
                {translate('pp.webhooks.resend')}
              </Button>
            ) : null}
          </Stack>
          {d.attempts.map((a, i) => (
            <Box key={i} data-testid="attempt" sx={{ pl: 2 }}>
              <Typography variant="body2">
                {translate('pp.webhooks.attempt', {
                  time: format.dateTime(a.attempted_at),
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

function EndpointCard({ endpoint, onSecret, manage }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void; manage: boolean }) {
  const translate = useTranslate();
  const format = useFormat();
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
            <Chip size="small" color="warning" label={translate('pp.webhooks.failing_since', { since: format.dateTime(endpoint.failing_since) })} />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {endpoint.event_types.length ? endpoint.event_types.join(', ') : translate('pp.webhooks.all_types')}
        </Typography>
        {endpoint.secret_rotating_until ? (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('pp.webhooks.rotating_until', { until: format.dateTime(endpoint.secret_rotating_until) })}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, display: manage ? undefined : 'none' }}>
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
        <Deliveries endpointId={endpoint.id} manage={manage} />
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
  const user = useSessionUser();
  const partner = isPartner(user);
  // A role that reads the endpoints without managing them (Viewer) gets the list and the log alone.
  const manage = canAccess(user, { resource: 'integration', action: 'createWebhookEndpoint' });
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
      {manage ? <AddEndpoint mode={mode} onSecret={setSecret} /> : null}
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {data && data.length === 0 ? <Typography color="text.secondary">{translate('pp.webhooks.none')}</Typography> : null}
      {data?.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} manage={manage} />)}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
