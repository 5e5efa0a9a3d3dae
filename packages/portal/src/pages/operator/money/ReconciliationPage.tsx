/**
 * The operator's Reconciliation (issue 35) at /{prefix}/money/reconciliation: for a range of days
 * (UTC; by default the last 30), the payments the gateways reported succeeded against the ledger's
 * credits of them, their totals, and every mismatch — none is the normal state, and says so.
 */
import { useState } from 'react';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { DataTable, DateInput, ListContextProvider, ResourceContextProvider, useDataProvider, useList, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, type MismatchRow } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { ReadError } from '../../../components/ReadError';
import { SchemaForm } from '../../../components/SchemaForm';
import { SubmitButton } from '../../../components/SubmitButton';

const Col = DataTable.Col<MismatchRow>;
type Range = { dateStart: string; dateEnd: string };

function Mismatches({ rows }: { rows: MismatchRow[] }) {
  const translate = useTranslate();
  const format = useFormat();
  const list = useList({ data: rows, resource: 'money-mismatches', perPage: 1000 });
  return (
    <ResourceContextProvider value="money-mismatches">
      <ListContextProvider value={list}>
        <ListTable rowTestId="mismatch-row" label={translate('pp.reconciliation.mismatches')}>
          <Col source="at" disableSort render={(m) => format.dateTime(m.at)} />
          <Col source="kind" disableSort render={(m) => translate(`pp.reconciliation.kinds.${m.kind}`)} />
          <Col source="reseller" disableSort render={(m) => `${m.reseller.name} (#${m.reseller.id})`} />
          <Col source="payment_id" disableSort render={(m) => (m.payment_id === null ? translate('pp.reconciliation.no_payment') : `#${m.payment_id}`)} />
          <Col source="ledger_ids" disableSort render={(m) => m.ledger_ids.map((id) => `#${id}`).join(', ') || translate('pp.reconciliation.no_payment')} />
          <Col source="paid" disableSort align="right" render={(m) => (m.paid === null ? translate('pp.reconciliation.no_payment') : format.money(m.paid))} />
          <Col source="credited" disableSort align="right" render={(m) => format.money(m.credited)} />
        </ListTable>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

export default function ReconciliationPage() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [range, setRange] = useState<Range>({ dateStart: '', dateEnd: '' });
  const found = useQuery({ queryKey: ['reconciliation', range], queryFn: () => dataProvider.read('operatorReconciliation', range) });
  const data = found.data;
  const tile = (label: string, value: string, detail: string, testId: string) => (
    <Card variant="outlined" sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" variant="h6" data-testid={testId}>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );

  return (
    <>
      <PageHeader title={translate('pp.reconciliation.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.reconciliation.intro')}
      </Typography>
      <SchemaForm
        schema={contract.operatorReconciliation.body}
        defaultValues={{ dateStart: '', dateEnd: '' }}
        onSubmit={(values) => setRange({ dateStart: values.dateStart, dateEnd: values.dateEnd })}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <DateInput source="dateStart" label="resources.operator-money.fields.dateStart" helperText={false} />
          <DateInput source="dateEnd" label="resources.operator-money.fields.dateEnd" helperText={false} />
          <SubmitButton label="pp.reconciliation.check" />
        </Stack>
      </SchemaForm>
      {found.error ? <ReadError error={found.error} /> : null}
      {data ? (
        <Stack spacing={2}>
          <Typography variant="body2">{translate('pp.reconciliation.range', { start: format.date(`${data.dateStart}T00:00:00Z`), end: format.date(`${data.dateEnd}T00:00:00Z`) })}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {tile(translate('pp.reconciliation.payments'), format.money(data.payments.amount), translate('pp.reconciliation.count', { smart_count: data.payments.count }), 'reconciliation-payments')}
            {tile(translate('pp.reconciliation.credits'), format.money(data.credits.amount), translate('pp.reconciliation.credit_count', { smart_count: data.credits.count }), 'reconciliation-credits')}
            {tile(translate('pp.reconciliation.difference'), format.money(data.difference), ' ', 'reconciliation-difference')}
          </Stack>
          {data.mismatches.length === 0 ? (
            <Alert severity="success" data-testid="reconciliation-none">
              {translate('pp.reconciliation.none')}
            </Alert>
          ) : (
            <Card>
              <CardContent>
                <Typography component="h2" variant="h6" gutterBottom>
                  {translate('pp.reconciliation.mismatches')}
                </Typography>
                <Mismatches rows={data.mismatches} />
              </CardContent>
            </Card>
          )}
        </Stack>
      ) : null}
    </>
  );
}
