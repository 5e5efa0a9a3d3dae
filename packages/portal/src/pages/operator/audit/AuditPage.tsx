/**
 * The operator's audit log (issue 35) at audit: every action of the operator's people, newest
 * first — when, who (name and e-mail), the action, its target, the values before and after, and the
 * address — filtered by action (or its family), person and days, and exported as CSV under the same
 * filter. The filter's lists come with the page (the actions and people the log holds).
 */
import { Box, Typography } from '@mui/material';
import { DataTable, DateInput, SelectInput, useListContext, useTranslate } from 'react-admin';
import type { OperatorAuditRow } from '@partner-panel/sdk';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { LiveFilters } from '../../../components/FilterPanel';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { PortalList } from '../../../components/PortalList';

const Col = DataTable.Col<OperatorAuditRow>;
interface Facets {
  actions?: string[];
  people?: { id: number; name: string; email: string }[];
}

/** The values of a line, one `name: value` each; '—' for none. */
function values(record: Record<string, unknown> | null): string {
  const entries = Object.entries(record ?? {});
  if (entries.length === 0) return '—';
  return entries.map(([k, v]) => `${k}: ${v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join('; ');
}

/** An action's name in the catalogue (`catalogue.price` → `pp.audit.actions.catalogue_price`), else the action itself. */
function useActionLabel() {
  const translate = useTranslate();
  return (action: string) => translate(`pp.audit.actions.${action.replace(/\./g, '_')}`, { _: action });
}

function AuditFilters() {
  const { meta } = useListContext();
  const facets = (meta ?? {}) as Facets;
  const label = useActionLabel();
  // The families first (every catalogue change), then each action the log holds.
  const families = [...new Set((facets.actions ?? []).map((a) => a.split('.')[0] ?? a))].filter((f) => (facets.actions ?? []).some((a) => a.startsWith(`${f}.`)));
  return (
    <LiveFilters>
      <Box data-testid="audit-filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2, '& .MuiFormControl-root': { m: 0, width: { xs: '100%', sm: 220 } } }}>
        <SelectInput
          source="action"
          label="pp.audit.action"
          helperText={false}
          emptyText="pp.audit.all_actions"
          translateChoice={false}
          choices={[...families, ...(facets.actions ?? [])].map((a) => ({ id: a, name: label(a) }))}
        />
        <SelectInput
          source="person_id"
          label="pp.audit.person"
          helperText={false}
          emptyText="pp.audit.everybody"
          translateChoice={false}
          choices={(facets.people ?? []).map((p) => ({ id: String(p.id), name: `${p.name} (${p.email})` }))}
        />
        <DateInput source="dateStart" label="resources.operator-audit.fields.dateStart" helperText={false} />
        <DateInput source="dateEnd" label="resources.operator-audit.fields.dateEnd" helperText={false} />
      </Box>
    </LiveFilters>
  );
}

export default function AuditPage() {
  const translate = useTranslate();
  const format = useFormat();
  const label = useActionLabel();
  return (
    <>
      <PageHeader title={translate('pp.audit.title')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.audit.intro')}
      </Typography>
      <PortalList resource="operator-audit" storeKey="operator.audit" sizes={[20, 50, 100]}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 2 }}>
          <ExportCsvButton />
        </Box>
        <AuditFilters />
        <ListTable rowTestId="audit-row" label={translate('pp.audit.title')}>
          <Col source="created_at" disableSort render={(l) => format.dateTime(l.created_at)} />
          <Col source="person" disableSort render={(l) =>
            l.person ? (
              <>
                <div>{l.person.name}</div>
                <Typography variant="body2" color="text.secondary">{l.person.email}</Typography>
              </>
            ) : (
              translate('pp.audit.nobody')
            )
          } />
          <Col source="action" disableSort render={(l) => label(l.action)} />
          <Col source="target" disableSort render={(l) => (l.target_type ? `${l.target_type} #${l.target_id ?? ''}` : '—')} />
          <Col source="before" disableSort cellSx={() => ({ maxWidth: 260, overflowWrap: 'anywhere' })} render={(l) => values(l.before)} />
          <Col source="after" disableSort cellSx={() => ({ maxWidth: 260, overflowWrap: 'anywhere' })} render={(l) => values(l.after)} />
          <Col source="ip" disableSort render={(l) => l.ip ?? '—'} />
        </ListTable>
      </PortalList>
    </>
  );
}
