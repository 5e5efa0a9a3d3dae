/**
 * A list screen's frame: react-admin's <List> as every portal list uses it — no title of its own
 * (PageHeader names the page), no empty page (the table says 'No Records Found!'), a failed load
 * emptying the table but keeping the filters and Export CSV above it (react-admin toasts the
 * message, 001 §4, §8), the spec's pagination, and the variant's `meta` (an admin's user) on every call.
 *
 * The table shows only the answer to the filter and page in force: react-admin keeps the previous
 * answer on screen while the next one loads, which on a slow server lists the rows of the last
 * filter under the new one for seconds. Here the table shows its loading rows instead. Answers
 * arriving out of order cannot cross: each is kept under the filter it was asked for.
 */
import type { ReactNode } from 'react';
import { List } from 'react-admin';
import { ListPagination } from './ListPagination';

export function PortalList({
  resource,
  storeKey,
  sizes,
  pages,
  perPage = sizes[0] as number,
  meta,
  filter,
  children,
}: {
  resource: string;
  storeKey: string;
  sizes: readonly number[];
  pages?: number;
  perPage?: number;
  meta?: Record<string, unknown> | undefined;
  /** A filter always applied (react-admin's permanent filter), such as unpaid invoices only. */
  filter?: Record<string, unknown> | undefined;
  children: ReactNode;
}) {
  return (
    <List
      resource={resource}
      title={false}
      empty={false}
      error={false}
      actions={false}
      perPage={perPage}
      storeKey={storeKey}
      queryOptions={{ placeholderData: undefined, ...(meta ? { meta } : {}) }}
      {...(filter ? { filter } : {})}
      pagination={<ListPagination sizes={sizes} {...(pages ? { pages } : {})} />}
    >
      {children}
    </List>
  );
}
