/**
 * API Secret Key (002 §2, §7): a live and a sandbox key box. The live key is stored hashed, so it is
 * whole only in the answer that makes it; this page keeps it until it is left. The sandbox key is
 * sealed, so it shows again whenever asked.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { KEY_MODES, type KeyMode } from '@partner-panel/sdk';
import { PageHeader } from '../../../components/PageHeader';
import { usePaths } from '../../../routing/usePaths';
import { keyOf, useSecretKeys } from '../secretKeys';
import { KeyBox } from './KeyBox';

export default function KeysPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const links = usePaths();
  const { data, error, isPending, refetch } = useSecretKeys();
  const [made, setMade] = useState<Partial<Record<KeyMode, string>>>({});
  const failure = error ? translate('pp.keys.fetch_failed', { reason: error.message }) : null;
  useEffect(() => {
    if (failure) notify(failure, { type: 'error' });
  }, [failure, notify]);

  return (
    <>
      <PageHeader title={translate('pp.nav.keys')} />
      <Typography sx={{ mb: 3, maxWidth: 760 }}>{translate('pp.keys.intro')}</Typography>
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="keys-fetch-failed" action={<Button color="inherit" onClick={() => void refetch()}>{translate('pp.keys.retry')}</Button>}>
          {failure}
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        {KEY_MODES.map((mode) => (
          <Grid key={mode} size={{ xs: 12, md: 6 }}>
            {data ? (
              <KeyBox mode={mode} state={keyOf(data, mode)} made={made[mode]} onMade={(key) => setMade((m) => ({ ...m, [mode]: key }))} />
            ) : isPending ? (
              <Skeleton variant="rounded" height={260} />
            ) : null}
          </Grid>
        ))}
      </Grid>
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button component={Link} to={links.sandbox} variant="outlined">
          {translate('pp.keys.next_sandbox')}
        </Button>
        <Button component={Link} to={links.exploreDocs} variant="outlined">
          {translate('pp.keys.next_docs')}
        </Button>
      </Box>
    </>
  );
}
