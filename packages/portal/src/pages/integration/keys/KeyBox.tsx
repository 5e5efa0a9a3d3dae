/**
 * One secret key (002 §2): show/hide, copy, Generate when there is none, Regenerate behind a
 * confirmation. `made` is the key this page has just made, whole (a live key is whole only then).
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, InputAdornment, TextField, Tooltip, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslate } from 'ra-core';
import { CLIENT_API, type KeyMode } from '@partner-panel/sdk';
import { CopyButton } from '../../../components/CopyButton';
import { isPartner } from '@partner-panel/data-provider';
import { useFormat } from '../../../components/format';
import { useSessionUser } from '../../../routing/useSessionUser';
import { onFirstClick } from '../../../components/useSubmission';
import { useGenerateKey, type KeyState } from '../secretKeys';
import { RegenerateDialog } from './RegenerateDialog';

export function KeyBox({ mode, state, made, onMade }: { mode: KeyMode; state: KeyState; made: string | undefined; onMade: (key: string) => void }) {
  const translate = useTranslate();
  const format = useFormat();
  // Reseller 903 has no wallet: a live key's accounts are charged to its credit line.
  const partner = isPartner(useSessionUser());
  const { busy, generate } = useGenerateKey();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const key = made ?? state.SecretKey;
  const masked = !made && state.masked;
  const labelId = `${mode}-key-label`;

  return (
    <Card sx={{ height: '100%' }} data-testid={`${mode}-key`} component="section" aria-labelledby={labelId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id={labelId}>
            {translate(`pp.keys.${mode}_title`)}
          </Typography>
          <Chip size="small" label={`${CLIENT_API.keyPrefix[mode]}…`} sx={{ fontFamily: 'monospace' }} translate="no" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(partner && mode === 'live' ? 'pp.keys.live_help_partner' : `pp.keys.${mode}_help`)}
        </Typography>

        {key ? (
          <>
            {made && mode === 'live' ? (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="copy-now">
                {translate('pp.keys.copy_now')}
              </Alert>
            ) : null}
            <TextField
              fullWidth
              label={translate(`pp.keys.${mode}_label`)}
              value={shown ? key : '•'.repeat(key.length)}
              helperText={masked ? translate('pp.keys.masked_help') : ' '}
              slotProps={{
                htmlInput: { readOnly: true, 'data-testid': `${mode}-key-value`, spellCheck: false, style: { fontFamily: 'monospace' } },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={translate(shown ? 'pp.keys.hide' : 'pp.keys.show')}>
                        <IconButton aria-label={translate(shown ? 'pp.keys.hide' : 'pp.keys.show')} aria-pressed={shown} onClick={() => setShown((s) => !s)} edge="end">
                          {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {[
                state.created_at ? translate('pp.keys.created', { date: format.dateTime(made ? new Date() : state.created_at) }) : null,
                made ? translate('pp.keys.never_used') : state.last_used_at ? translate('pp.keys.last_used', { date: format.dateTime(state.last_used_at) }) : translate('pp.keys.never_used'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
              {masked ? null : <CopyButton text={key} aria-describedby={labelId} />}
              <Button size="small" color="error" variant="outlined" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
                {translate('pp.keys.regenerate')}
              </Button>
            </Box>
            <RegenerateDialog
              open={confirming}
              mode={mode}
              shown={key}
              onClose={() => setConfirming(false)}
              onMade={(whole) => {
                setConfirming(false);
                onMade(whole);
                setShown(true);
              }}
            />
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }} data-testid={`${mode}-key-none`}>
              {translate('pp.keys.none')}
            </Typography>
            <Button variant="contained" disabled={busy} onClick={onFirstClick(() =>
                void generate(mode).then((whole) => {
                  if (!whole) return;
                  onMade(whole);
                  setShown(true);
                }),
              )}>
              {translate(busy ? 'pp.keys.generating' : 'pp.keys.generate')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
