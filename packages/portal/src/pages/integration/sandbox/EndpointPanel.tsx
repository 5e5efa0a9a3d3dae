/** One endpoint of the Sandbox page: what it is, the example curl, its parameters, an example answer, its messages, and Try it out. */
import { useId } from 'react';
import { Box, CardContent, Chip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { contract } from '@partner-panel/sdk';
import { CodeBlock } from '../../../components/CodeBlock';
import type { Endpoint } from './endpoints';
import { curlCommand, formDefaults, type Trail } from './requests';
import type { SandboxClient } from './sandboxClient';
import { MessagesTable, ParamTable } from './Tables';
import { TryItOut, type Answer } from './TryItOut';

export function EndpointPanel({
  endpoint,
  secretKey,
  trail,
  client,
  onAnswer,
}: {
  endpoint: Endpoint;
  secretKey: string | null;
  trail: Trail;
  client: SandboxClient;
  onAnswer: (answer: Answer) => void;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const call = contract[endpoint.call];
  const origin = window.location.origin;
  const example = { header: { code: endpoint.example.code, status: 'success', message: endpoint.example.message }, body: endpoint.example.body };
  const ready = endpoint.auth === 'key' || secretKey !== null;

  return (
    <CardContent component="section" aria-labelledby={headingId} data-testid={`sandbox-panel-${endpoint.slug}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Chip label={call.method} size="small" color="primary" sx={{ fontWeight: 700 }} translate="no" />
        <Typography variant="h6" component="h2" id={headingId} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} translate="no">
          {call.path}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(`pp.sandbox.summary.${endpoint.slug.replace('-', '_')}`)}
      </Typography>

      <CodeBlock title={translate('pp.sandbox.curl_title')} code={curlCommand(endpoint.slug, origin, secretKey, trail)} testId="sandbox-curl" />

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        {translate('pp.sandbox.params_title')}
      </Typography>
      <ParamTable params={endpoint.params} label={translate('pp.sandbox.params_title')} />

      <Box sx={{ mt: 3 }}>
        <CodeBlock title={translate('pp.sandbox.example_title')} code={JSON.stringify(example, null, 2)} testId="sandbox-example" />
      </Box>

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        {translate('pp.sandbox.messages_title')}
      </Typography>
      <MessagesTable messages={endpoint.messages} label={translate('pp.sandbox.messages_title')} />

      <TryItOut endpoint={endpoint} defaults={formDefaults(endpoint.slug, secretKey, trail)} client={client} ready={ready} onAnswer={onAnswer} />
    </CardContent>
  );
}
