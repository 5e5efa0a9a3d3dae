/**
 * The portal's lists and forms alone, inside react-admin's AdminContext against the real server:
 * the coupon list (filters, pages, empty, delete), the generate form (limits, insufficient balance
 * with the Add Fund link), Update VPN Account (e-mail and password modes), and the payment success
 * page left before it is done.
 */
import './support/dom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CouponListPage from '../src/resources/coupons/CouponList';
import GeneratePage from '../src/resources/coupons/generate/GeneratePage';
import { UpdateVpnForm } from '../src/resources/vpn-subscriptions/manage/UpdateVpnForm';
import PaymentSuccessPage, { PAYMENT_SUCCESS_TIMINGS } from '../src/pages/payments/success/PaymentSuccessPage';
import { renderAt, signedIn } from './support/admin';

afterEach(() => cleanup());

const biennial = { quantity: 12, billing_cycle: 'biennially' as const, product_id: 105, addon_type: '' as const, billing_type: 1 as const, prefix: 'PAGE' };
const rows = () => screen.queryAllByTestId('coupon-row');

describe('the coupon list', () => {
  it('pages, filters, shows No Records Found! and deletes with a refund', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    await p.dataProvider.generateCoupons(biennial);
    await p.dataProvider.generateCoupons({ ...biennial, quantity: 3, prefix: 'ODD' });
    renderAt(p, 'coupons/list', <CouponListPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId('list-range').textContent).toBe('1–10 of 15');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(5));

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const filters = await screen.findByTestId('coupon-filters');
    fireEvent.change(within(filters).getByLabelText('Coupon Code'), { target: { value: 'odd' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(within(filters).getByLabelText('Coupon Code'), { target: { value: 'NOSUCH' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Apply' }));
    await screen.findByText('No Records Found!');
    fireEvent.click(within(filters).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(rows()).toHaveLength(10));

    const { balance } = await p.dataProvider.refreshProfile();
    // The first cell is the selection's checkbox; the code follows.
    const code = rows()[0]?.querySelector('td:nth-of-type(2)')?.textContent as string;
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Delete coupon' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(`Coupon ${code} will be deleted and its price returned to your wallet.`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'delete it!' }));
    await waitFor(() => expect(screen.getByTestId('list-range').textContent).toBe('1–10 of 14'));
    await waitFor(() => expect(p.session.user()?.balance).toBe(balance + 45));
  });
});

describe('the generate form', () => {
  it('refuses quantities out of 1–60 with the contract’s message, and shows the Add Fund link after an insufficient balance', async () => {
    const p = await signedIn('sub1@demo.partner-panel.test');
    renderAt(p, 'coupons/generate', <GeneratePage />);
    const quantity = await screen.findByLabelText(/Quantity/);
    await waitFor(() => expect(screen.getByTestId('generate-total').textContent).toBe('$45.00'));
    fireEvent.change(quantity, { target: { value: '61' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Quantity must be between 1 and 60');
    fireEvent.change(quantity, { target: { value: '0' } });
    await screen.findByText('Quantity must be between 1 and 60');
    fireEvent.change(quantity, { target: { value: '60' } });
    await waitFor(() => expect(screen.queryByText('Quantity must be between 1 and 60')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const failure = await screen.findByTestId('spend-failure');
    expect(failure.textContent).toMatch(/^Insufficient Balance! your current balance is: \$[\d,.]+ and transaction amount is: \$2,700\.00/);
    expect(within(failure).getByRole('link', { name: 'Add Fund' }).getAttribute('href')).toBe('/northwind/billing/pay');
  });
});

describe('Update VPN Account', () => {
  it('changes the e-mail, then the password under the password rule', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    const { body } = await p.dataProvider.createVpnAccount({ billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'first@example.com', addon_id: '' });
    const changed: string[] = [];
    renderAt(p, 'vpn/subscriptions/update', <UpdateVpnForm found={[body.account]} onChanged={(a) => changed.push(a.email)} />);
    const form = await screen.findByTestId('update-vpn');
    fireEvent.change(within(form).getByLabelText(/New email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }));
    await within(form).findByText('Please enter a valid email address');
    fireEvent.change(within(form).getByLabelText(/New email/), { target: { value: 'moved@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(changed).toEqual(['moved@example.com']));

    fireEvent.click(within(form).getByRole('button', { name: 'Password' }));
    const password = await within(form).findByLabelText(/New Password/);
    fireEvent.change(password, { target: { value: 'weak' } });
    fireEvent.change(within(form).getByLabelText(/Confirm Password/), { target: { value: 'weak' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }));
    await within(form).findByText(/^Password must contain minimum 12 characters/);
    fireEvent.change(password, { target: { value: 'Vpn!Password123' } });
    fireEvent.change(within(form).getByLabelText(/Confirm Password/), { target: { value: 'Vpn!Password123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(changed).toHaveLength(2));
    const [account] = (await p.dataProvider.searchVpnAccounts('username', body.account.vpn_username)).account_details;
    expect(account?.email).toBe('moved@example.com');
  });
});

describe('the payment success page', () => {
  it('does nothing more once it is left: no more asking, no trip to the root from the page the person went to', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    const refreshed = vi.spyOn(p.dataProvider, 'refreshProfile');
    vi.useFakeTimers();
    try {
      const { unmount } = renderAt(p, 'payments/success', <PaymentSuccessPage />);
      screen.getByText('Processing your payment…');
      // Left while it still shows 'processing' (a person followed the menu).
      unmount();
      const { processing, verifying, confirmation } = PAYMENT_SUCCESS_TIMINGS;
      await vi.advanceTimersByTimeAsync(processing + verifying + confirmation);
      expect(refreshed).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
