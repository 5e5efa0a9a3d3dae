/**
 * A purchase that failed (001 §2.1, §2.7): the server's message and, after an insufficient balance,
 * an 'Add Fund' link to /billing/pay for resellers who have billing.
 */
import { useState } from 'react';
import { Alert, Link } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { hasCode } from '@partner-panel/data-provider';
import { errors, fallbackMessage, type CatalogueEntry } from '@partner-panel/sdk';
import { usePaths } from '../routing/usePaths';

export interface SpendFailure {
  message: string;
  addFunds: boolean;
}

function spendFailure(error: unknown, fallback: CatalogueEntry, mayAddFunds: boolean): SpendFailure {
  return {
    message: error instanceof Error && error.message ? error.message : fallbackMessage(fallback),
    addFunds: mayAddFunds && hasCode(error, errors.insufficientBalance),
  };
}

/**
 * The failure of the last purchase: shown as an error toast (001 §8) and kept under the form, where
 * the Add Fund link can be.
 */
export function useSpendFailure() {
  const notify = useNotify();
  const [failure, setFailure] = useState<SpendFailure | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    report(error: unknown, fallback: CatalogueEntry, mayAddFunds: boolean) {
      const found = spendFailure(error, fallback, mayAddFunds);
      setFailure(found);
      notify(found.message, { type: 'error' });
    },
  };
}

export function SpendFailureAlert({ failure }: { failure: SpendFailure | null }) {
  const translate = useTranslate();
  const links = usePaths();
  if (!failure) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="spend-failure">
      {failure.message}{' '}
      {failure.addFunds ? (
        <Link component={RouterLink} to={links.pay} sx={{ fontWeight: 700 }}>
          {translate('pp.generate.add_fund')}
        </Link>
      ) : null}
    </Alert>
  );
}
