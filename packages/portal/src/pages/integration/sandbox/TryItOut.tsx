/**
 * Try it out (002 §2): a react-admin form over the call's own schema in the contract, sent to the
 * real sandbox; the answer shown is the HTTP status and envelope that came back. The label is
 * 'Executing...' while the call runs.
 */
import { useId, useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import PlayIcon from '@mui/icons-material/PlayArrow';
import { PasswordInput, TextInput, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { z } from 'zod';
import { contract } from '@partner-panel/sdk';
import { CodeBlock } from '../../../components/CodeBlock';
import { SchemaForm } from '../../../components/SchemaForm';
import type { Endpoint } from './endpoints';
import type { Exchange, SandboxClient } from './sandboxClient';
import { StatusChip } from './Tables';

export type Answer = Exchange | { failure: string };
const NO_INPUT = z.object({});

export function TryItOut({
  endpoint,
  defaults,
  client,
  ready,
  onAnswer,
}: {
  endpoint: Endpoint;
  defaults: Record<string, string | number>;
  client: SandboxClient;
  /** False while a call that needs the sandbox key has none. */
  ready: boolean;
  onAnswer: (answer: Answer) => void;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const call = contract[endpoint.call];
  const schema = (call.body ?? call.query ?? NO_INPUT) as z.ZodType;
  const fields = endpoint.params.filter((p) => p.required && p.in !== 'header');

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }} data-testid="sandbox-try">
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 700 }}>
        {translate('pp.sandbox.try_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(endpoint.auth === 'key' ? 'pp.sandbox.try_help_key' : 'pp.sandbox.try_help_token')}
      </Typography>
      {/* Keyed by its first values, so an answer elsewhere (a new user, new tokens) refills it. */}
      <SchemaForm
        key={JSON.stringify(defaults)}
        schema={schema}
        defaultValues={defaults}
        repeats="deliberate"
        onSubmit={async (values) => {
          const got = await client.run(endpoint.slug, values);
          setAnswer(got);
          onAnswer(got);
        }}
      >
        <Box sx={{ maxWidth: 560 }}>
          {fields.map((p) =>
            /password/i.test(p.name) ? (
              <PasswordInput key={p.name} source={p.name} label={`pp.sandbox.field.${p.name.toLowerCase()}`} fullWidth autoComplete="off" />
            ) : (
              <TextInput
                key={p.name}
                source={p.name}
                label={`pp.sandbox.field.${p.name.toLowerCase()}`}
                fullWidth
                {...(p.name === 'status' ? { helperText: 'pp.sandbox.status_help' } : {})}
                {...(p.type === 'integer' ? { slotProps: { htmlInput: { inputMode: 'numeric' } } } : {})}
              />
            ),
          )}
        </Box>
        <TryButton disabled={!ready} />
      </SchemaForm>
      {answer ? <AnswerView answer={answer} /> : null}
    </Box>
  );
}

function TryButton({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={disabled || isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PlayIcon />}
      sx={{ mt: 1 }}
    >
      {translate(isSubmitting ? 'pp.sandbox.executing' : 'pp.sandbox.try')}
    </Button>
  );
}

function AnswerView({ answer }: { answer: Answer }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }} data-testid="sandbox-answer" aria-live="polite">
      {'failure' in answer ? (
        <Typography color="error">{translate('pp.sandbox.no_answer', { reason: answer.failure })}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }} data-testid="sandbox-status">
            <StatusChip status={answer.status} text={answer.statusText} />
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {`${answer.method} ${answer.path}`}
            </Typography>
          </Box>
          <CodeBlock title={translate('pp.sandbox.answer_title')} code={JSON.stringify(answer.body, null, 2)} testId="sandbox-answer-body" headingLevel="h4" />
        </>
      )}
    </Box>
  );
}
