/**
 * The audit lines of what this admin did to the user (ours): when, what, the values before and
 * after, who and from where — a react-admin list over `get/user/audit`, newest first.
 */
import { Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { AuditEntry } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { PortalList } from '../../../components/PortalList';

const Col = DataTable.Col<AuditEntry>;

/** "name: A → B" for each value that changed; "name: A" for one that was set or stayed. */
function describeChange(line: AuditEntry): string {
  const keys = [...new Set([...Object.keys(line.before ?? {}), ...Object.keys(line.after ?? {})])];
  const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return keys
    .map((k) => {
      const before = line.before?.[k];
      const after = line.after?.[k];
      return before === undefined || show(before) === show(after) ? `${k}: ${show(after)}` : `${k}: ${show(before)} → ${show(after)}`;
    })
    .join('; ');
}

export function UserAuditList({ userId }: { userId: number }) {
  const translate = useTranslate();
  const format = useFormat();
  const actionLabel = (action: string) => translate(`pp.users.actions.${action.replace('.', '_')}`, { _: action });
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('pp.users.audit_title')}
      </Typography>
      <PortalList resource="user-audit" storeKey={`user-audit.${userId}`} sizes={[10, 20, 30]} meta={{ userId }}>
        <ListTable rowTestId="audit-row" label={translate('pp.users.audit_title')}>
          <Col source="created_at" disableSort render={(l) => format.dateTime(l.created_at)} />
          <Col source="action" disableSort render={(l) => actionLabel(l.action)} />
          <Col source="change" disableSort render={(l) => describeChange(l)} />
          <Col source="actor" disableSort render={(l) => l.actor.name} />
          <Col source="ip" disableSort render={(l) => l.ip ?? '—'} />
        </ListTable>
      </PortalList>
    </>
  );
}
