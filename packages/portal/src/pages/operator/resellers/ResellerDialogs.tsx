/**
 * What the operator does to a reseller from the Resellers page, each a form on the contract's own
 * schema (the server's words beside the fields): open an account, suspend or reactivate with a
 * reason, move under an admin, set the terms, record a settlement. Verify is a confirmation.
 */
import { useQuery } from '@tanstack/react-query';
import { BooleanInput, RadioButtonGroupInput, SelectInput, TextInput, useDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, type OperatorResellerRow } from '@partner-panel/sdk';
import { FormDialog } from '../../../components/FormDialog';
import { useFormat } from '../../../components/format';
import { useFormAction } from '../../../components/useFormAction';

export type ResellerDialog = 'open' | 'status' | 'move' | 'terms' | 'settle';

/** The admin select's value: '' (on its own) is null for the call, an id a number. */
const parentParse = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const parentFormat = (value: unknown) => (value === null || value === undefined ? '' : value);

/** Cents, as the form's schema answers them, to the dollars the call takes. */
const dollars = (cents: unknown) => Number(cents) / 100;

/** The admin resellers to place a reseller under (a programme has tens, not thousands). */
function useAdmins(except?: number) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const admins = useQuery({
    queryKey: ['operator-resellers', 'admins'],
    queryFn: () => dataProvider.read('operatorResellers', { kind: 'admin', sort: 'name', order: 'asc', page_limit: 100 }),
  });
  return (admins.data?.data ?? []).filter((a) => a.id !== except).map((a) => ({ id: a.id, name: `${a.name} (#${a.id})` }));
}

function PostpaidFields() {
  const terms = useWatch({ name: 'terms' });
  if (terms !== 'postpaid') return null;
  return (
    <>
      <TextInput source="credit_limit" label="pp.resellers.credit_limit" inputMode="decimal" fullWidth />
      <TextInput source="settlement_day" label="pp.resellers.settlement_day" inputMode="numeric" fullWidth />
    </>
  );
}

function ParentField({ except }: { except?: number }) {
  const admins = useAdmins(except);
  const isAdmin = useWatch({ name: 'is_admin' });
  if (isAdmin === true) return null;
  return <SelectInput source="parent_id" label="pp.resellers.parent_optional" choices={admins} emptyText="pp.resellers.on_its_own" parse={parentParse} format={parentFormat} fullWidth />;
}

export function ResellerDialogs({ open, reseller, onClose }: { open: ResellerDialog | null; reseller: OperatorResellerRow | null; onClose: () => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const format = useFormat();
  const run = useFormAction();
  const admins = useAdmins(reseller?.id);
  const done = (errors: Record<string, string> | undefined) => {
    if (!errors) onClose();
    return errors;
  };
  const name = reseller?.name ?? '';

  if (open === 'open') {
    return (
      <FormDialog
        id="open-reseller-title"
        title="pp.resellers.open_title"
        help="pp.resellers.open_help"
        submit="pp.resellers.open"
        schema={contract.createOperatorReseller.body}
        defaultValues={{ name: '', email: '', is_admin: false, parent_id: null }}
        onClose={onClose}
        onSubmit={async (values, once) =>
          done(
            await run(() =>
              dataProvider.call(
                'createOperatorReseller',
                { name: String(values.name), email: String(values.email), is_admin: values.is_admin === true, parent_id: values.is_admin === true ? null : ((values.parent_id as number | null) ?? null) },
                undefined,
                once,
              ),
            ),
          )
        }
      >
        <TextInput source="name" label="pp.resellers.name" fullWidth autoFocus />
        <TextInput source="email" label="pp.resellers.email" type="email" fullWidth />
        <BooleanInput source="is_admin" label="pp.resellers.is_admin" />
        <ParentField />
      </FormDialog>
    );
  }
  if (!reseller) return null;
  if (open === 'status') {
    const suspend = reseller.status !== 'suspended';
    return (
      <FormDialog
        id="reseller-status-title"
        title={suspend ? 'pp.resellers.suspend_title' : 'pp.resellers.reactivate_title'}
        titleOptions={{ name }}
        help={suspend ? 'pp.resellers.suspend_help' : 'pp.resellers.reactivate_help'}
        submit={suspend ? 'pp.resellers.suspend' : 'pp.resellers.reactivate'}
        schema={contract.setOperatorResellerStatus.body}
        defaultValues={{ id: reseller.id, action: suspend ? 'suspend' : 'reactivate', reason: '' }}
        onClose={onClose}
        onSubmit={async (values, once) =>
          done(await run(() => dataProvider.call('setOperatorResellerStatus', { id: reseller.id, action: suspend ? 'suspend' : 'reactivate', reason: String(values.reason) }, undefined, once)))
        }
      >
        <TextInput source="reason" label="pp.resellers.reason" fullWidth autoFocus />
      </FormDialog>
    );
  }
  if (open === 'move') {
    return (
      <FormDialog
        id="reseller-move-title"
        title="pp.resellers.move_title"
        titleOptions={{ name }}
        help="pp.resellers.move_help"
        submit="pp.resellers.move"
        schema={contract.moveOperatorReseller.body}
        defaultValues={{ id: reseller.id, parent_id: reseller.parent?.id ?? null }}
        onClose={onClose}
        onSubmit={async (values, once) =>
          done(await run(() => dataProvider.call('moveOperatorReseller', { id: reseller.id, parent_id: (values.parent_id as number | null) ?? null }, undefined, once)))
        }
      >
        <SelectInput source="parent_id" label="pp.resellers.parent" choices={admins} emptyText="pp.resellers.on_its_own" parse={parentParse} format={parentFormat} fullWidth />
      </FormDialog>
    );
  }
  if (open === 'terms') {
    return (
      <FormDialog
        id="reseller-terms-title"
        title="pp.resellers.terms_title"
        titleOptions={{ name }}
        help="pp.resellers.terms_help"
        submit="pp.catalogue.save"
        schema={contract.setOperatorResellerTerms.body}
        defaultValues={{
          id: reseller.id,
          terms: reseller.terms,
          ...(reseller.terms === 'postpaid' ? { credit_limit: String(reseller.credit_limit), settlement_day: String(reseller.settlement_day ?? '') } : {}),
        }}
        onClose={onClose}
        onSubmit={async (values, once) =>
          done(
            await run(() =>
              dataProvider.call(
                'setOperatorResellerTerms',
                values.terms === 'postpaid'
                  ? { id: reseller.id, terms: 'postpaid', credit_limit: dollars(values.credit_limit), settlement_day: Number(values.settlement_day) }
                  : { id: reseller.id, terms: 'prepaid' },
                undefined,
                once,
              ),
            ),
          )
        }
      >
        <RadioButtonGroupInput
          source="terms"
          label="pp.resellers.terms"
          choices={[
            { id: 'prepaid', name: 'pp.resellers.prepaid' },
            { id: 'postpaid', name: 'pp.resellers.postpaid' },
          ]}
        />
        <PostpaidFields />
      </FormDialog>
    );
  }
  if (open === 'settle') {
    return (
      <FormDialog
        id="reseller-settle-title"
        title="pp.resellers.settle_title"
        titleOptions={{ name }}
        help="pp.resellers.settle_help"
        helpOptions={{ owed: format.money(Math.max(0, -reseller.balance)) }}
        submit="pp.resellers.settle"
        schema={contract.settleOperatorReseller.body}
        defaultValues={{ id: reseller.id, amount: '', note: '' }}
        onClose={onClose}
        onSubmit={async (values, once) =>
          done(await run(() => dataProvider.call('settleOperatorReseller', { id: reseller.id, amount: dollars(values.amount), note: String(values.note) }, undefined, once)))
        }
      >
        <TextInput source="amount" label="pp.resellers.amount" inputMode="decimal" fullWidth autoFocus />
        <TextInput source="note" label="pp.resellers.note" fullWidth />
      </FormDialog>
    );
  }
  return null;
}
