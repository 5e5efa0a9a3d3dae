/**
 * The floor `pnpm bench` measures the portal's first screens against, in the same run: React and
 * ReactDOM rendering one input, served by the same server. Enter signs in with fetch alone and
 * shows one figure of the dashboard (the calls the portal makes, without any of its code).
 */
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';

const json = (res: Response) => res.json() as Promise<{ body: Record<string, unknown> }>;

function Bare() {
  const [figure, setFigure] = useState<number | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    const csrf = (await json(await fetch('/api/csrf'))).body.csrf_token as string;
    const login = await json(
      await fetch('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CSRF-Token': csrf },
        body: JSON.stringify({ email: decodeURIComponent(location.hash.slice(1)), password, token: '' }),
      }),
    );
    const dashboard = await json(await fetch('/api/v1/dashboard', { headers: { Authorization: `Bearer ${String(login.body.access_token)}` } }));
    setFigure(dashboard.body.coupons_in_last_24_hours as number);
  }
  return figure === null ? (
    <form onSubmit={(event) => void submit(event)}>
      <input name="password" type="password" aria-label="Password" />
    </form>
  ) : (
    <p data-testid="tile-coupons-24h-value">{figure}</p>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Bare />);
