/** The codes of a lot just generated: copy them, download them, or go to the list. */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { TIMINGS_MS } from '@partner-panel/sdk';
import { download, today } from '../../../components/download';
import { isPartner } from '@partner-panel/data-provider';
import { useFormat } from '../../../components/format';
import { useSessionUser } from '../../../routing/useSessionUser';

const SHOWN = 12;

export interface Generated {
  codes: string[];
  amount: number;
}

/** The lot just bought: its codes to copy or download, and what it cost (the server's message was the toast). */
export function GeneratedCodes({ codes, amount, listTo }: Generated & { listTo: string | undefined }) {
  const translate = useTranslate();
  const format = useFormat();
  // Reseller 903 has no wallet: its coupons are charged to its credit line.
  const partner = isPartner(useSessionUser());
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), TIMINGS_MS.copyLabelRevert);
  };
  return (
    <Card data-testid="generated">
      <CardContent>
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate(partner ? 'pp.generate.ready_partner' : 'pp.generate.ready', { count: format.number(codes.length), amount: format.money(amount) })}
        </Alert>
        <Box component="ul" sx={{ m: 0, pl: 2, fontFamily: 'monospace', columns: { sm: 2 } }} data-testid="generated-codes">
          {codes.slice(0, SHOWN).map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        {codes.length > SHOWN ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('pp.generate.more', { count: format.number(codes.length - SHOWN) })}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={copy}>
            {translate(copied ? 'pp.generate.copied' : 'pp.generate.copy')}
          </Button>
          <Button variant="outlined" onClick={() => download(`${today()}-new-coupons.txt`, `${codes.join('\n')}\n`, 'text/plain;charset=utf-8')}>
            {translate('pp.generate.download')}
          </Button>
          {listTo ? (
            <Button component={RouterLink} to={listTo}>
              {translate('pp.dashboard.view_coupons')}
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
