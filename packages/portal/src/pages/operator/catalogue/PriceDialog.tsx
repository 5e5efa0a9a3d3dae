/**
 * Change price (the catalogue page opens it): the contract's own form for `changeCataloguePrice`,
 * the new price and when it takes effect — now, or at a date and time chosen in the person's time
 * zone and sent as an instant (ISO 8601 with its offset).
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract } from '@partner-panel/sdk';
import { SchemaForm } from '../../../components/SchemaForm';
import { SubmitButton } from '../../../components/SubmitButton';
import type { Submission } from '../../../components/useSubmission';

export interface PricedItem {
  type: 'product' | 'addon';
  id: number;
  name: string;
  price: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value for an instant, in the browser's time zone. */
const localValue = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

/** The effective time: empty (now) or a local date and time held as the instant it names. */
function EffectiveAt() {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'effective_at' });
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [local, setLocal] = useState(() => localValue(new Date(Date.now() + 3_600_000)));
  const hold = (value: string) => {
    setLocal(value);
    const at = new Date(value);
    field.onChange(value && !Number.isNaN(at.getTime()) ? at.toISOString() : value);
  };
  return (
    <>
      <Typography component="p" variant="subtitle2" id="effective-when" sx={{ mt: 1 }}>
        {translate('pp.catalogue.when')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby="effective-when"
        value={when}
        onChange={(event) => {
          const next = event.target.value === 'later' ? 'later' : 'now';
          setWhen(next);
          if (next === 'now') field.onChange(null);
          else hold(local);
        }}
      >
        <FormControlLabel value="now" control={<Radio />} label={translate('pp.catalogue.now')} />
        <FormControlLabel value="later" control={<Radio />} label={translate('pp.catalogue.later')} />
      </RadioGroup>
      {when === 'later' ? (
        <TextField
          type="datetime-local"
          label={translate('pp.catalogue.effective_at')}
          value={local}
          onChange={(event) => hold(event.target.value)}
          onBlur={field.onBlur}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? ' '}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ) : null}
    </>
  );
}

export default function PriceDialog({ item, onClose, onDone }: { item: PricedItem; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function save(values: { price: number; effective_at: Date | null }, once: Submission) {
    try {
      const { message } = await dataProvider.call(
        'changeCataloguePrice',
        { item_type: item.type, item_id: item.id, price: values.price / 100, effective_at: values.effective_at ? values.effective_at.toISOString() : null },
        undefined,
        once,
      );
      notify(message, { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="price-title">
      <SchemaForm
        schema={contract.changeCataloguePrice.body}
        onSubmit={save}
        defaultValues={{ item_type: item.type, item_id: item.id, price: '', effective_at: null }}
      >
        <DialogTitle id="price-title">{translate('pp.catalogue.change_price_of', { name: item.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('pp.catalogue.current_price', { price: item.price })}
          </Typography>
          <TextInput source="price" label="pp.catalogue.new_price" fullWidth autoFocus inputMode="decimal" />
          <EffectiveAt />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.catalogue.cancel')}</Button>
          <SubmitButton label="pp.catalogue.save" />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
