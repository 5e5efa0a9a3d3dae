/**
 * A type test, run by `pnpm typecheck` (tsc over test/, never executed): what the portal sends is
 * typed by the contract, from the form to the data provider. Each plain line compiles only while
 * the contract has the fields it names, so renaming a field of a contract call fails the portal's
 * typecheck; each `@ts-expect-error` line shows a drifted input is refused (and fails the typecheck
 * in its turn if it ever compiles).
 */
import { contract, type CallInputOf, type Contract } from '@partner-panel/sdk';
import type { In, PortalDataProvider } from '@partner-panel/data-provider';
import { SchemaForm } from '../src/components/SchemaForm';

declare const dataProvider: PortalDataProvider;

// --- the data provider's inputs are the contract's
void dataProvider.generateCoupons({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, prefix: 'AB' });
// @ts-expect-error a field the contract's call does not have
void dataProvider.generateCoupons({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, code_prefix: 'AB' });
// @ts-expect-error a field the contract requires is missing
void dataProvider.generateCoupons({ quantity: 1, billing_cycle: 'monthly', product_id: 101 });
void dataProvider.call('sendCoupon', { coupon_id: 1, email: 'buyer@example.com' });
// @ts-expect-error the contract names it `email`
void dataProvider.call('sendCoupon', { coupon_id: 1, mail: 'buyer@example.com' });
void dataProvider.read('invoice', { id: 1001 });
// @ts-expect-error not a call of the contract
void dataProvider.read('invoices.all', {});
void dataProvider.changePassword({ email: 'a@b.co', client_id: 'c', old_password: 'o', password: 'p', password_confirmation: 'p' });
// @ts-expect-error the contract names it `old_password`
void dataProvider.changePassword({ email: 'a@b.co', client_id: 'c', oldPassword: 'o', password: 'p', password_confirmation: 'p' });

/** A named method's input is exactly its call's. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameInputs: [
  Same<Parameters<PortalDataProvider['generateCoupons']>[0], CallInputOf<Contract['generateCoupons']>>,
  Same<Parameters<PortalDataProvider['register']>[0], In<'register'>>,
  Same<Parameters<PortalDataProvider['saveRedeemEmbed']>[0], In<'updateRedeemEmbed'>>,
  Same<Parameters<PortalDataProvider['createWebhookEndpoint']>[0], In<'createWebhookEndpoint'>>,
] = [true, true, true, true];
void sameInputs;

// --- a form's values are its schema's, and its defaults name only the schema's fields
export const forms = [
  <SchemaForm
    key="typed"
    schema={contract.changePassword.body}
    defaultValues={{ old_password: '', password: '', password_confirmation: '' }}
    onSubmit={(values) => {
      const old: string = values.old_password;
      void old;
      // @ts-expect-error not a field of the schema
      void values.oldPassword;
    }}
  >
    {null}
  </SchemaForm>,
  // @ts-expect-error a default for a field the schema does not have
  <SchemaForm key="drifted" schema={contract.changePassword.body} defaultValues={{ oldPassword: '' }} onSubmit={() => undefined}>
    {null}
  </SchemaForm>,
  <SchemaForm key="sent" schema={contract.sendCoupon.body} defaultValues={{ email: '' }} onSubmit={(values) => dataProvider.call('sendCoupon', values).then(() => undefined)}>
    {null}
  </SchemaForm>,
];
