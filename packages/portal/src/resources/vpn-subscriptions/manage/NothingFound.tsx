/** What the Update, Enable/Disable and Delete tabs share: the accounts a search found (null before any search) and the line shown when there are none. */
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { VpnAccount } from '@partner-panel/sdk';

export type Found = VpnAccount[] | null;

export function NothingFound({ found }: { found: Found }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" data-testid="vpn-nothing-found">
      {translate(found === null ? 'pp.vpn.search_first' : 'pp.vpn.none_found')}
    </Typography>
  );
}
