/**
 * The profile's signed-in sessions and security events (docs/api.md "Sessions and security
 * events"): each session's device, address, start and last seen, this one marked, "Sign out" per
 * other session and "Sign out everywhere else"; then the account's own security events.
 */
import { Box, Button, Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { useFormat } from '../../components/format';
import { phoneCards } from '../../components/phoneCards';
import { onFirstClick, useSubmission, type Submission } from '../../components/useSubmission';

export function SessionsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { data: sessions } = useQuery({ queryKey: ['sessions'], queryFn: () => dataProvider.sessions() });
  const { data: events } = useQuery({ queryKey: ['security-events'], queryFn: () => dataProvider.securityEvents() });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['sessions'] });
    void queryClient.invalidateQueries({ queryKey: ['security-events'] });
  };
  // Once per intent (components/useSubmission): a double click ends a session once, with one security event.
  const submission = useSubmission();
  const end = (what: unknown, call: (once: Submission) => Promise<{ message: string }>) =>
    void submission.run(what, async (once) => {
      try {
        notify((await call(once)).message, { type: 'success' });
      } catch (error) {
        notify((error as Error).message, { type: 'error' });
      } finally {
        refresh();
      }
    });
  const others = (sessions ?? []).filter((s) => !s.current).length;
  const sessionCards = phoneCards(['pp.sessions.device', 'pp.sessions.ip', 'pp.sessions.started', 'pp.sessions.last_seen', ''].map((k) => (k ? translate(k) : '')));
  const eventCards = phoneCards(['pp.sessions.event', 'pp.sessions.ip', 'pp.sessions.when'].map((k) => translate(k)));

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {translate('pp.sessions.title')}
          </Typography>
          <Button variant="outlined" color="warning" disabled={others === 0 || submission.busy} onClick={onFirstClick(() => end('others', (once) => dataProvider.endOtherSessions(once)))}>
            {translate('pp.sessions.sign_out_others')}
          </Button>
        </Box>
        {/* A card a row on a phone (phoneCards), so that "Sign out" is in reach; wider screens keep the table. */}
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('pp.sessions.title')}>
          <Table size="small" data-testid="sessions" aria-label={translate('pp.sessions.title')} sx={sessionCards}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('pp.sessions.device')}</TableCell>
                <TableCell>{translate('pp.sessions.ip')}</TableCell>
                <TableCell>{translate('pp.sessions.started')}</TableCell>
                <TableCell>{translate('pp.sessions.last_seen')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(sessions ?? []).map((s) => (
                <TableRow key={s.id} data-testid={`session-${s.id}`}>
                  <TableCell>{s.device}</TableCell>
                  <TableCell>{s.ip ?? '—'}</TableCell>
                  <TableCell>{format.dateTime(s.started_at)}</TableCell>
                  <TableCell>{format.dateTime(s.last_seen_at)}</TableCell>
                  <TableCell align="right">
                    {s.current ? (
                      <Chip size="small" color="primary" label={translate('pp.sessions.this_one')} />
                    ) : (
                      <Button size="small" aria-label={translate('pp.sessions.sign_out_label', { device: s.device })} disabled={submission.busy} onClick={onFirstClick(() => end(s.id, (once) => dataProvider.endSession(s.id, once)))}>
                        {translate('pp.sessions.sign_out')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {sessions && others === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('pp.sessions.none_other')}
          </Typography>
        ) : null}
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          {translate('pp.sessions.events_title')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('pp.sessions.events_title')}>
          <Table size="small" data-testid="security-events" aria-label={translate('pp.sessions.events_title')} sx={eventCards}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('pp.sessions.event')}</TableCell>
                <TableCell>{translate('pp.sessions.ip')}</TableCell>
                <TableCell>{translate('pp.sessions.when')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(events ?? []).map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{e.description}</TableCell>
                  <TableCell>{e.ip ?? '—'}</TableCell>
                  <TableCell>{format.dateTime(e.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {events && events.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('pp.sessions.no_events')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
