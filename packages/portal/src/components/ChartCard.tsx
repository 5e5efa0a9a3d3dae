/**
 * A chart in its card, with its figures as a table behind "Show as table", so a screen reader (or a
 * person who wants the numbers) reads exactly what the chart draws: the reseller's dashboard over
 * time and the operator's programme dashboard.
 */
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** A column of the table: its header and each point's figure. */
export interface ChartColumn<P> {
  label: string;
  value: (point: P) => string;
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function ChartCard<P extends { date: string }>({
  title,
  help,
  testId,
  points,
  dateHeader,
  label,
  columns,
  chart,
}: {
  title: string;
  help?: string;
  testId: string;
  points: P[];
  /** The first column's header: the day, or the month. */
  dateHeader: string;
  label: (date: string) => string;
  columns: ChartColumn<P>[];
  chart: ReactNode;
}) {
  const translate = useTranslate();
  const [table, setTable] = useState(false);
  const tableId = useId();
  const titleId = useId();
  return (
    <Card sx={{ height: '100%' }} data-testid={testId} component="section" aria-labelledby={titleId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3" id={titleId}>
            {title}
          </Typography>
          <Button size="small" aria-expanded={table} aria-controls={tableId} onClick={() => setTable((shown) => !shown)}>
            {translate(table ? 'pp.dashboard.hide_table' : 'pp.dashboard.show_table')}
          </Button>
        </Box>
        {help ? (
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        ) : null}
        {/*
          MUI's chart reads its points aloud from the keyboard; it is named here, as a group,
          because its own title lands on an element that may not carry a name (axe: aria-prohibited-attr).
        */}
        <Box role="group" aria-label={title} sx={{ height: 240, mx: -1 }}>
          {chart}
        </Box>
        <Box id={tableId} hidden={!table}>
          {table ? (
            <Table size="small" data-testid={`${testId}-table`}>
              <Box component="caption" sx={visuallyHidden}>
                {title}
              </Box>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{dateHeader}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.label} align="right" sx={{ fontWeight: 600 }}>
                      {column.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {points.map((point) => (
                  <TableRow key={point.date}>
                    <TableCell component="th" scope="row">
                      {label(point.date)}
                    </TableCell>
                    {columns.map((column) => (
                      <TableCell key={column.label} align="right">
                        {column.value(point)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
