/** The parameter and response-message tables of an endpoint: react-admin lists of local data. */
import type { ReactNode } from 'react';
import { Chip } from '@mui/material';
import { DataTable, ListContextProvider, ResourceContextProvider, useList, useTranslate } from 'react-admin';
import { ListTable } from '../../../components/ListTable';
import type { Param, ResponseMessage } from './endpoints';

const paramKey = (name: string) => name.toLowerCase().replace(/-/g, '_');
const mono = () => ({ fontFamily: 'monospace' });

/** What the API itself reads and writes — names, types, codes, its messages — is never translated. */
const Verbatim = ({ children, lang }: { children: ReactNode; lang?: string }) => (
  <span translate="no" {...(lang ? { lang } : {})}>
    {children}
  </span>
);

export function ParamTable({ params, label }: { params: Param[]; label: string }) {
  const translate = useTranslate();
  const list = useList({ data: params.map((p) => ({ ...p, id: p.name })), resource: 'sandbox-params', perPage: 50 });
  const Col = DataTable.Col<Param & { id: string }>;
  return (
    <ResourceContextProvider value="sandbox-params">
      <ListContextProvider value={list}>
        <ListTable rowTestId="sandbox-param" label={label} empty={<NoParams />}>
          <Col source="name" label="pp.sandbox.col_name" disableSort cellSx={mono} render={(p) => <Verbatim>{p.name}</Verbatim>} />
          <Col source="in" label="pp.sandbox.col_in" disableSort render={(p) => <Verbatim>{p.in}</Verbatim>} />
          <Col source="type" label="pp.sandbox.col_type" disableSort render={(p) => <Verbatim>{p.type}</Verbatim>} />
          <Col source="required" label="pp.sandbox.col_required" disableSort render={(p) => translate(p.required ? 'pp.sandbox.required' : 'pp.sandbox.optional')} />
          <Col source="description" label="pp.sandbox.col_description" disableSort render={(p) => translate(`pp.sandbox.param.${paramKey(p.name)}`)} />
        </ListTable>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

function NoParams() {
  const translate = useTranslate();
  return <p>{translate('pp.sandbox.no_params')}</p>;
}

export function MessagesTable({ messages, label }: { messages: ResponseMessage[]; label: string }) {
  const list = useList({ data: messages.map((m, i) => ({ ...m, id: i })), resource: 'sandbox-messages', perPage: 50 });
  const Col = DataTable.Col<ResponseMessage & { id: number }>;
  return (
    <ResourceContextProvider value="sandbox-messages">
      <ListContextProvider value={list}>
        <ListTable rowTestId="sandbox-message" label={label}>
          <Col source="status" label="pp.sandbox.col_status" disableSort render={(m) => <StatusChip status={m.status} />} />
          <Col source="code" label="pp.sandbox.col_code" disableSort cellSx={mono} render={(m) => <Verbatim>{m.code}</Verbatim>} />
          {/* The API's own words, which stay English for its clients (docs/api.md, languages). */}
          <Col source="message" label="pp.sandbox.col_message" disableSort render={(m) => <Verbatim lang="en">{m.message}</Verbatim>} />
        </ListTable>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** An HTTP status, green for a success and red for a refusal. */
export function StatusChip({ status, text }: { status: number; text?: string }) {
  return <Chip size="small" variant="outlined" color={status < 300 ? 'success' : 'error'} label={text ? `${status} ${text}` : status} sx={{ fontWeight: 700 }} />;
}
