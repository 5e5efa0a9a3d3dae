import type { ClientUser, Cycle, EventObject, VpnAccount } from '@partner-panel/sdk';
import { ADDONS } from '../../catalogue.js';

export interface VpnRecord {
  id: number;
  username: string;
  email: string;
  coupon_code: string | null;
  cycle: string;
  billing_type: number;
  addons: string[];
  hosting_status: string;
  start_at: Date | string;
  end_at: Date | string;
  created_at: Date | string;
}

const date = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** The account's state as a person reads it: Active, Expired, Suspended or Deleted. */
export function statusOf(r: Pick<VpnRecord, 'hosting_status' | 'end_at'>, now: Date): string {
  if (r.hosting_status === 'deleted') return 'Deleted';
  if (r.hosting_status === 'suspended') return 'Suspended';
  return date(r.end_at) <= now ? 'Expired' : 'Active';
}

const addonName = (key: string) => ADDONS.find((a) => a.key === key)?.name ?? key;

/** A VPN account as 001 §3 describes it (account_details and list rows). */
export function presentVpn(r: VpnRecord, now: Date): VpnAccount & { id: number; created_at: string } {
  return {
    id: Number(r.id),
    coupon: r.coupon_code,
    email: r.email,
    vpn_username: r.username,
    billing_cycle: r.cycle as Cycle,
    billing_type: Number(r.billing_type) as 1 | 2,
    addons: (r.addons ?? []).map(addonName),
    status: statusOf(r, now),
    start_date: date(r.start_at).toISOString(),
    end_date: date(r.end_at).toISOString(),
    hosting_id: Number(r.id),
    // A deleted account stays suspended for good (001 §4); its status says Deleted.
    hosting_status: r.hosting_status === 'active' ? 'active' : 'suspended',
    created_at: date(r.created_at).toISOString(),
  };
}

/** A VPN account as the v2 API and webhooks show it: a user of the reseller's client. */
export function toClientUser(account: Pick<VpnAccount, 'hosting_id' | 'vpn_username' | 'email' | 'status' | 'billing_type' | 'billing_cycle' | 'end_date'>): ClientUser {
  return {
    userId: account.hosting_id,
    username: account.vpn_username,
    email: account.email,
    status: account.status.toLowerCase() as ClientUser['status'],
    billing_type: account.billing_type,
    billing_cycle: account.billing_cycle,
    end_date: account.end_date,
  };
}

/** `data.object` of a vpn_user.* event: the user as the v2 API's get shows it, with created_at. */
export function vpnUserObject(r: VpnRecord, now: Date): EventObject<'vpn_user.created'> {
  const account = presentVpn(r, now);
  return { object: 'vpn_user', ...toClientUser(account), created_at: account.created_at };
}
